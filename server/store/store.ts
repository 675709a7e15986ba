/**
 * The storage seam: everything the server keeps, behind async methods, so an embedded
 * SQLite file and a networked database can stand behind it alike. No caller knows which.
 *
 * Atomicity is part of the contract, not of the event loop: every method that checks and
 * changes a counter (credits, the monthly count) or a status does it in ONE statement or
 * one transaction, so it holds with several connections and several server processes.
 */
import type { ConversationListStatus, MessageRole as Role, WebhookEventType, WebhookFormat } from '../../protocol/codes.ts';
import type { Citation, ConversationStatus, FeedbackValue, Message } from '../../protocol/schemas.ts';
import type { ConversationEvent, ConversationFilters, DayStats, Visitor, WebhookDelivery } from '../../protocol/console.ts';

export type { Citation, ConversationStatus, Message, Role, Visitor };
export type Feedback = FeedbackValue;

export interface Conversation {
  id: string; bot_id: string; session_id: string; status: ConversationStatus;
  created_at: string; updated_at: string; waiting_since: string | null;
  /** The agent who claimed it (issue 14); null when no one has. */
  assignee: string | null;
}

/** The console's conversation filters (protocol/console.ts), with the page asked for. */
export interface ConversationQuery extends ConversationFilters {
  status: ConversationListStatus;
  limit: number;
  /** Keyset: the (updated_at, id) of the last row of the previous page. */
  after?: { updated_at: string; id: string } | null;
}

export type QuestionReason = 'no_answer' | 'negative_feedback';
export interface StoredQuestion { id: string; bot_id: string; conversation_id: string; text: string; reason: QuestionReason; created_at: string; handled_at: string | null }
export interface StoredContactRow extends StoredContact { bot_id: string; conversation_id: string | null; session_id: string }
export interface SourceUse { bot_id: string; source_id: string; title: string; url: string; citations: number; positive: number; negative: number }
export interface DeleteCounts { deleted_conversations: number; deleted_messages: number; deleted_contacts: number }
export type ClaimResult = { ok: true; conversation: Conversation } | { ok: false; holder: string } | undefined;
/** A delivery as the sender needs it: the log's row plus the exact body to send (the same on every attempt). */
export interface QueuedDelivery extends WebhookDelivery { format: WebhookFormat; body: string }
export type NewDelivery = Pick<QueuedDelivery, 'id' | 'workspace_id' | 'event' | 'url' | 'format' | 'body'>;
export type DeliveryOutcome = { delivered: true; status: number } | { delivered: false; status: number | null; error: string; retryAt: string | null };
export type { WebhookEventType };

export type ConversationEventInput = Pick<ConversationEvent, 'type'> & Partial<Pick<ConversationEvent, 'agent_name' | 'note' | 'message_id'>>;

export interface NewMessage { role: Role; content: string; citations?: Citation[] | null; image_preview?: string | null; agent_name?: string | null }

export interface ContactInput { bot_id: string; conversation_id: string | null; session_id: string; fields: Record<string, string> }
export interface StoredContact { id: string; fields: Record<string, string>; created_at: string }

export interface Store {
  /** Resolves when the storage answers a trivial query (readiness); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;

  createConversation(botId: string, sessionId: string): Promise<Conversation>;
  getConversation(id: string): Promise<Conversation | undefined>;
  /**
   * The conversation only when `sessionId` owns it (the session that started it, or one linked
   * to the same verified user, issue 15); otherwise undefined (no existence oracle).
   */
  ownedConversation(id: string, sessionId: string): Promise<Conversation | undefined>;
  /** Conversations a session started, newest first. */
  conversationsOfSession(sessionId: string): Promise<Conversation[]>;
  /** One statement; `waiting_since` marks when a conversation started waiting for a human. */
  setStatus(id: string, status: ConversationStatus): Promise<Conversation | undefined>;
  /** Handoff: oldest waiting first; other statuses: latest activity first. */
  listConversations(status: ConversationStatus, limit?: number): Promise<Conversation[]>;

  /** Stores a message and touches its conversation's `updated_at`, in one transaction. */
  addMessage(conversationId: string, m: NewMessage): Promise<Message>;
  /** Messages oldest first; with `afterId`, only those stored after that message. */
  messages(conversationId: string, afterId?: string): Promise<Message[] | 'unknown_after'>;
  lastMessage(conversationId: string): Promise<Message | undefined>;
  messageWithConversation(id: string): Promise<{ message: Message; conversation: Conversation } | undefined>;
  setFeedback(messageId: string, feedback: Feedback): Promise<void>;
  /** How many messages are stored in all (operability and tests). */
  messageCount(): Promise<number>;

  /** Counts one chat for the workspace's month unless that would pass `limit` (null = none); atomic. */
  countMonthlyChat(workspaceId: string, limit: number | null, at?: Date): Promise<boolean>;
  /** Gives back a monthly count taken for a request that was then refused. */
  uncountMonthlyChat(workspaceId: string, at?: Date): Promise<void>;
  monthlyChats(workspaceId: string, at?: Date): Promise<number>;

  creditsSpent(workspaceId: string): Promise<number>;
  /** Takes one credit when the workspace has one left (`credits` null = unlimited); atomic. */
  reserveCredit(workspaceId: string, credits: number | null): Promise<boolean>;
  /** Gives back a reserved credit when the turn stored no answer. */
  refundCredit(workspaceId: string, credits: number | null): Promise<void>;

  addContact(s: ContactInput): Promise<{ id: string; created_at: string }>;
  contactsOf(conversationId: string): Promise<StoredContact[]>;
  /** A session's submissions, oldest first (also those sent before any conversation existed). */
  contactsOfSession(sessionId: string): Promise<StoredContact[]>;

  // Identity verification (issue 15): a session linked to a verified user of a bot.
  /** Links a session to a verified user (name/e-mail updated for all of the user's sessions); false when the session is another user's; atomic. */
  linkVisitor(botId: string, sessionId: string, v: Visitor): Promise<boolean>;
  /** The verified user a conversation belongs to, or null for an anonymous visitor. */
  visitorOf(c: Pick<Conversation, 'bot_id' | 'session_id'>): Promise<Visitor | null>;
  /** The user's most recently updated conversation with this bot, from any of their sessions. */
  latestConversationOfUser(botId: string, userId: string): Promise<string | null>;

  // The operator console (issue 14).
  /** One page of conversations, latest activity first (keyset paging: stays fast however deep). */
  queryConversations(q: ConversationQuery): Promise<Conversation[]>;
  /** Takes a conversation for an agent: one conditional statement, so of simultaneous claims one wins. */
  claim(id: string, agent: string): Promise<ClaimResult>;
  /** Gives a claimed conversation back to the team; `agent` null releases whoever has it. */
  release(id: string, agent: string | null): Promise<ClaimResult>;
  /** Marks the first handoff (for the numbers) besides the status change. */
  markHandedOff(id: string): Promise<void>;
  addEvent(conversationId: string, e: ConversationEventInput): Promise<void>;
  events(conversationId: string): Promise<ConversationEvent[]>;
  /** Records a question the bot could not answer; a second record of one message for one reason is ignored. */
  addQuestion(q: Omit<StoredQuestion, 'id' | 'created_at' | 'handled_at'> & { message_id: string }): Promise<void>;
  /** Questions, newest first; open ones or handled ones. */
  questions(o: { bot_id?: string; handled: boolean; limit: number }): Promise<StoredQuestion[]>;
  markHandled(ids: string[]): Promise<number>;
  /** How often each source was cited and how its answers were rated. */
  sourceUse(botId?: string): Promise<SourceUse[]>;
  /** Contact submissions newest first, keyset-paged by (created_at, id). */
  contactList(o: { bot_id?: string; limit: number; after?: { created_at: string; id: string } | null }): Promise<StoredContactRow[]>;
  /** Adds one to a per-day counter of a bot (e.g. `rate_limited`); atomic. */
  countDaily(botId: string, name: string, at?: Date): Promise<void>;
  /** Per day and bot over [from, to] (days, inclusive); days without activity are absent. */
  stats(o: { bot_id?: string; from: string; to: string }): Promise<DayStats[]>;
  deleteConversation(id: string): Promise<DeleteCounts>;
  deleteSession(sessionId: string): Promise<DeleteCounts>;
  /** Deletes a bot's conversations without activity since `before` (ISO); retention. */
  purgeBefore(botId: string, before: string): Promise<DeleteCounts>;

  // Webhooks (issue 14): a durable queue that is also the delivery log.
  enqueueDeliveries(d: NewDelivery[]): Promise<void>;
  /** Leases up to `limit` due deliveries for `leaseMs` and counts the attempt; one statement, so each goes to one sender. */
  claimDueDeliveries(limit: number, leaseMs: number, now?: Date): Promise<QueuedDelivery[]>;
  finishAttempt(id: string, outcome: DeliveryOutcome): Promise<void>;
  /** Newest first. */
  deliveries(limit: number): Promise<WebhookDelivery[]>;
}

/** ISO 8601 UTC with milliseconds, the form every stored timestamp takes. */
export const nowIso = () => new Date().toISOString();
/** The calendar month (UTC) a workspace's monthly chat limit counts in, e.g. "2025-03". */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
