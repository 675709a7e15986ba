/**
 * The records the store keeps that more than one part of it (and the tables' types) share: a
 * conversation, a message and its rating, why a question went unanswered, a queued webhook.
 * Each part's own inputs and results are declared beside its interface (conversations.ts, …).
 */
import type { MessageRole as Role, WebhookFormat } from '../../protocol/codes.ts';
import type { Citation, ConversationStatus, FeedbackValue, Message } from '../../protocol/schemas.ts';
import type { WebhookDelivery } from '../../protocol/console.ts';

export type { Citation, ConversationStatus, Message, Role };
export type Feedback = FeedbackValue;

export interface Conversation {
  id: string; bot_id: string; session_id: string; status: ConversationStatus;
  created_at: string; updated_at: string; waiting_since: string | null;
  /** The agent who claimed it (issue 14); null when no one has. */
  assignee: string | null;
  /** Since when the assignee has it (issue 22); null when no one has. */
  claimed_at: string | null;
}

export type QuestionReason = 'no_answer' | 'negative_feedback';

/** A delivery as the sender needs it: the log's row plus the exact body to send (the same on every attempt). */
export interface QueuedDelivery extends WebhookDelivery { format: WebhookFormat; body: string }
