/**
 * The storage seam: everything the server keeps, behind async methods, so an embedded
 * SQLite file and a networked database can stand behind it alike. No caller knows which.
 *
 * Atomicity is part of the contract, not of the event loop: every method that checks and
 * changes a counter (credits, the monthly count) or a status does it in ONE statement or
 * one transaction, so it holds with several connections and several server processes.
 */
import type { Citation, ConversationStatus, FeedbackValue, Message, Role } from '../../protocol/schemas.ts';
import type { Visitor } from '../../protocol/console.ts';

export type { Citation, ConversationStatus, Message, Role, Visitor };
export type Feedback = FeedbackValue;

export interface Conversation {
  id: string; bot_id: string; session_id: string; status: ConversationStatus;
  created_at: string; updated_at: string; waiting_since: string | null;
}

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
}

/** ISO 8601 UTC with milliseconds, the form every stored timestamp takes. */
export const nowIso = () => new Date().toISOString();
/** The calendar month (UTC) a workspace's monthly chat limit counts in, e.g. "2025-03". */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
