/**
 * The schema as Kysely types it (the tables migrations.ts creates), and the few helpers the
 * SQL of several parts of the store shares. Every part runs on the one Kysely<Tables>.
 */
import type { ConversationEvent } from '../../protocol/console.ts';
import type { Conversation, Feedback, QueuedDelivery, QuestionReason, Role } from './records.ts';

export interface MessageRow { seq: number | string; id: string; conversation_id: string; role: Role; content: string; citations: string | null; feedback: Feedback; image_preview: string | null; agent_name: string | null; created_at: string }
export interface Tables {
  conversations: Conversation & { handed_off_at: string | null; answered_at: string | null; visitor_context: string | null };
  messages: MessageRow;
  workspace_usage: { workspace_id: string; period: string; chats: number };
  workspace_credits: { workspace_id: string; spent: number };
  contact_submissions: { id: string; bot_id: string; conversation_id: string | null; session_id: string; fields: string; created_at: string };
  visitors: { bot_id: string; session_id: string; user_id: string; name: string | null; email: string | null; linked_at: string };
  conversation_events: { seq?: number; conversation_id: string; type: ConversationEvent['type']; agent_name: string | null; note: string | null; message_id: string | null; created_at: string };
  questions: { id: string; bot_id: string; conversation_id: string; message_id: string; text: string; reason: QuestionReason; created_at: string; handled_at: string | null };
  citations: { message_id: string; conversation_id: string; bot_id: string; source_id: string; title: string; url: string; created_at: string; feedback: Feedback };
  conversation_tags: { conversation_id: string; tag: string; bot_id: string; agent_name: string | null; created_at: string };
  daily_counters: { bot_id: string; day: string; name: string; n: number };
  webhook_deliveries: Omit<QueuedDelivery, 'attempts'> & { attempts: number; locked_until: string | null };
}

/** The columns of a Conversation. */
export const CONVERSATION = ['id', 'bot_id', 'session_id', 'status', 'created_at', 'updated_at', 'waiting_since', 'assignee', 'claimed_at'] as const;
/** A count as a number (drivers return some as strings or bigints). */
export const n = (v: unknown) => Number(v ?? 0);
/** ISO 8601 UTC with milliseconds, the form every stored timestamp takes. */
export const nowIso = () => new Date().toISOString();
