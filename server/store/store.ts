/**
 * The storage seam: everything the server keeps, behind async methods, so an embedded
 * SQLite file and a networked database can stand behind it alike. No caller knows which.
 *
 * The Store is the sum of one small interface per domain, each declared with its SQL
 * implementation beside it; a caller that uses one part asks for that part (or a Pick of it):
 *   conversations.ts  conversations and messages, claims, a conversation's events
 *   usage.ts          monthly chat counts, credits, per-day counters
 *   identity.ts       contact submissions and verified visitors
 *   console.ts        the operator console's lists, search, numbers, knowledge health, unanswered questions
 *   deletion.ts       deletion and retention
 *   webhooks.ts       the webhook delivery queue
 *
 * Atomicity is part of the contract, not of the event loop: every method that checks and
 * changes a counter (credits, the monthly count) or a status does it in ONE statement or
 * one transaction, so it holds with several connections and several server processes.
 */
import type { ConsoleStore } from './console.ts';
import type { ConversationStore } from './conversations.ts';
import type { DeletionStore } from './deletion.ts';
import type { IdentityStore } from './identity.ts';
import type { UsageStore } from './usage.ts';
import type { WebhookStore } from './webhooks.ts';

export type { Citation, Conversation, ConversationStatus, Feedback, Message, QuestionReason, Role } from './records.ts';
export type { ClaimResult, ConversationEventInput, ConversationStore, NewMessage } from './conversations.ts';
export type { UsageStore } from './usage.ts';
export type { ContactInput, IdentityStore, StoredContact, Visitor } from './identity.ts';
export type { ConsoleStore, ConversationQuery, SourceUse, StoredContactRow, StoredQuestion, SummaryParts } from './console.ts';
export type { DeleteCounts, DeletionStore } from './deletion.ts';
export type { DeliveryOutcome, NewDelivery, QueuedDelivery, WebhookEventType, WebhookStore } from './webhooks.ts';

export interface Store extends ConversationStore, UsageStore, IdentityStore, ConsoleStore, DeletionStore, WebhookStore {
  /** Resolves when the storage answers a trivial query (readiness); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
