/**
 * SQLite persistence (better-sqlite3, WAL): conversations, messages, workspace usage and
 * contact submissions. All calls are synchronous, which is what makes the workspace
 * counters atomic: no other request runs between the read and the write.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Role = 'user' | 'assistant';
export type ConversationStatus = 'open' | 'handoff' | 'closed';
export type Feedback = 'positive' | 'negative' | null;

export interface Citation { page_title: string; source_url: string; source_id: string; score: number; from_web_search: boolean }

export interface Message {
  id: string; role: Role; content: string; citations: Citation[] | null; feedback: Feedback;
  image_preview: string | null; created_at: string; agent_name: string | null;
}

export interface Conversation {
  id: string; bot_id: string; session_id: string; status: ConversationStatus;
  created_at: string; updated_at: string; waiting_since: string | null;
}

interface MessageRow { seq: number; id: string; conversation_id: string; role: Role; content: string; citations: string | null; feedback: Feedback; image_preview: string | null; agent_name: string | null; created_at: string }

const SCHEMA = `
CREATE TABLE IF NOT EXISTS conversations (
  id TEXT PRIMARY KEY, bot_id TEXT NOT NULL, session_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open', created_at TEXT NOT NULL, updated_at TEXT NOT NULL, waiting_since TEXT
);
CREATE INDEX IF NOT EXISTS conversations_status ON conversations(status, waiting_since);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL REFERENCES conversations(id),
  role TEXT NOT NULL, content TEXT NOT NULL, citations TEXT, feedback TEXT, image_preview TEXT,
  agent_name TEXT, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_conversation ON messages(conversation_id, seq);
CREATE TABLE IF NOT EXISTS workspace_usage (
  workspace_id TEXT NOT NULL, period TEXT NOT NULL, chats INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, period)
);
CREATE TABLE IF NOT EXISTS workspace_credits (workspace_id TEXT PRIMARY KEY, spent INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS contact_submissions (
  id TEXT PRIMARY KEY, bot_id TEXT NOT NULL, conversation_id TEXT, session_id TEXT NOT NULL,
  fields TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS contact_conversation ON contact_submissions(conversation_id);
`;

/** ISO 8601 UTC with milliseconds, the form every stored timestamp takes. */
export const nowIso = () => new Date().toISOString();
/** The calendar month (UTC) a workspace's monthly chat limit counts in, e.g. "2025-03". */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export class Store {
  readonly db: Database.Database;
  /**
   * Prepared statements by their SQL, and one reusable transaction wrapper: preparing a
   * statement and building a transaction function cost more than running them, and every
   * chat turn runs several (bench/server-load.mjs profiles the hot path).
   */
  private readonly statements = new Map<string, Database.Statement>();
  private readonly atomic: <T>(fn: () => T) => T;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, 'chat.sqlite3'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    const tx = this.db.transaction((fn: () => unknown) => fn());
    this.atomic = <T>(fn: () => T) => tx(fn) as T;
  }

  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) this.statements.set(text, (statement = this.db.prepare(text)));
    return statement;
  }

  close() {
    if (this.db.open) this.db.close();
  }

  // --- conversations -------------------------------------------------------------------

  createConversation(botId: string, sessionId: string): Conversation {
    const at = nowIso();
    const c: Conversation = { id: randomUUID(), bot_id: botId, session_id: sessionId, status: 'open', created_at: at, updated_at: at, waiting_since: null };
    this.sql('INSERT INTO conversations (id, bot_id, session_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(c.id, c.bot_id, c.session_id, c.status, c.created_at, c.updated_at);
    return c;
  }

  getConversation(id: string): Conversation | undefined {
    return this.sql('SELECT * FROM conversations WHERE id = ?').get(id) as Conversation | undefined;
  }

  /** The conversation only when `sessionId` owns it; otherwise undefined (no existence oracle). */
  ownedConversation(id: string, sessionId: string): Conversation | undefined {
    const c = this.getConversation(id);
    return c && c.session_id === sessionId ? c : undefined;
  }

  setStatus(id: string, status: ConversationStatus): Conversation | undefined {
    const at = nowIso();
    // waiting_since marks when a conversation started waiting for a human; kept while in handoff.
    this.sql(`UPDATE conversations SET status = ?, updated_at = ?,
      waiting_since = CASE WHEN ? = 'handoff' THEN COALESCE(CASE WHEN status = 'handoff' THEN waiting_since END, ?) ELSE NULL END
      WHERE id = ?`).run(status, at, status, at, id);
    return this.getConversation(id);
  }

  listConversations(status: ConversationStatus, limit = 200): Conversation[] {
    const order = status === 'handoff' ? 'waiting_since ASC, created_at ASC' : 'updated_at DESC';
    return this.sql(`SELECT * FROM conversations WHERE status = ? ORDER BY ${order} LIMIT ?`).all(status, limit) as Conversation[];
  }

  // --- messages ------------------------------------------------------------------------

  addMessage(conversationId: string, m: { role: Role; content: string; citations?: Citation[] | null; image_preview?: string | null; agent_name?: string | null }): Message {
    const msg: Message = {
      id: randomUUID(), role: m.role, content: m.content, citations: m.citations ?? null, feedback: null,
      image_preview: m.image_preview ?? null, created_at: nowIso(), agent_name: m.agent_name ?? null,
    };
    this.atomic(() => {
      this.sql('INSERT INTO messages (id, conversation_id, role, content, citations, image_preview, agent_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(msg.id, conversationId, msg.role, msg.content, msg.citations ? JSON.stringify(msg.citations) : null, msg.image_preview, msg.agent_name, msg.created_at);
      this.sql('UPDATE conversations SET updated_at = ? WHERE id = ?').run(msg.created_at, conversationId);
    });
    return msg;
  }

  /** Messages oldest first; with `afterId`, only those stored after that message. */
  messages(conversationId: string, afterId?: string): Message[] | 'unknown_after' {
    let fromSeq = 0;
    if (afterId !== undefined) {
      const row = this.sql('SELECT seq FROM messages WHERE id = ? AND conversation_id = ?').get(afterId, conversationId) as { seq: number } | undefined;
      if (!row) return 'unknown_after';
      fromSeq = row.seq;
    }
    const rows = this.sql('SELECT * FROM messages WHERE conversation_id = ? AND seq > ? ORDER BY seq').all(conversationId, fromSeq) as MessageRow[];
    return rows.map(toMessage);
  }

  lastMessage(conversationId: string): Message | undefined {
    const row = this.sql('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1').get(conversationId) as MessageRow | undefined;
    return row && toMessage(row);
  }

  /** A message together with the conversation it belongs to. */
  messageWithConversation(id: string): { message: Message; conversation: Conversation } | undefined {
    const row = this.sql('SELECT * FROM messages WHERE id = ?').get(id) as MessageRow | undefined;
    if (!row) return undefined;
    const conversation = this.getConversation(row.conversation_id);
    return conversation && { message: toMessage(row), conversation };
  }

  setFeedback(messageId: string, feedback: Feedback) {
    this.sql('UPDATE messages SET feedback = ? WHERE id = ?').run(feedback, messageId);
  }

  // --- workspaces ----------------------------------------------------------------------

  /**
   * Counts one chat for the workspace's current month unless that would pass `limit`;
   * check and increment happen in one synchronous transaction, so they are atomic.
   */
  countMonthlyChat(workspaceId: string, limit: number | null, at = new Date()): boolean {
    const period = monthOf(at);
    return this.atomic(() => {
      const row = this.sql('SELECT chats FROM workspace_usage WHERE workspace_id = ? AND period = ?').get(workspaceId, period) as { chats: number } | undefined;
      const used = row?.chats ?? 0;
      if (limit !== null && used >= limit) return false;
      this.sql(`INSERT INTO workspace_usage (workspace_id, period, chats) VALUES (?, ?, 1)
        ON CONFLICT (workspace_id, period) DO UPDATE SET chats = chats + 1`).run(workspaceId, period);
      return true;
    });
  }

  /** Gives back a monthly count taken for a request that was then refused. */
  uncountMonthlyChat(workspaceId: string, at = new Date()) {
    this.sql('UPDATE workspace_usage SET chats = MAX(chats - 1, 0) WHERE workspace_id = ? AND period = ?').run(workspaceId, monthOf(at));
  }

  creditsSpent(workspaceId: string): number {
    const row = this.sql('SELECT spent FROM workspace_credits WHERE workspace_id = ?').get(workspaceId) as { spent: number } | undefined;
    return row?.spent ?? 0;
  }

  /**
   * Takes one credit when the workspace has one left (`credits` null = unlimited). Check
   * and spend are one transaction, so simultaneous turns cannot overspend.
   */
  reserveCredit(workspaceId: string, credits: number | null): boolean {
    if (credits === null) return true;
    return this.atomic(() => {
      if (credits - this.creditsSpent(workspaceId) <= 0) return false;
      this.sql(`INSERT INTO workspace_credits (workspace_id, spent) VALUES (?, 1)
        ON CONFLICT (workspace_id) DO UPDATE SET spent = spent + 1`).run(workspaceId);
      return true;
    });
  }

  /** Gives back a reserved credit when the turn stored no answer. */
  refundCredit(workspaceId: string, credits: number | null) {
    if (credits === null) return;
    this.sql('UPDATE workspace_credits SET spent = MAX(spent - 1, 0) WHERE workspace_id = ?').run(workspaceId);
  }

  // --- contact form --------------------------------------------------------------------

  addContact(s: { bot_id: string; conversation_id: string | null; session_id: string; fields: Record<string, string> }): { id: string; created_at: string } {
    const id = randomUUID();
    const created_at = nowIso();
    this.sql('INSERT INTO contact_submissions (id, bot_id, conversation_id, session_id, fields, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, s.bot_id, s.conversation_id, s.session_id, JSON.stringify(s.fields), created_at);
    return { id, created_at };
  }

  contactsOf(conversationId: string): { id: string; fields: Record<string, string>; created_at: string }[] {
    const rows = this.sql('SELECT id, fields, created_at FROM contact_submissions WHERE conversation_id = ? ORDER BY created_at').all(conversationId) as { id: string; fields: string; created_at: string }[];
    return rows.map((r) => ({ id: r.id, fields: JSON.parse(r.fields) as Record<string, string>, created_at: r.created_at }));
  }
}

function toMessage(r: MessageRow): Message {
  return {
    id: r.id, role: r.role, content: r.content,
    citations: r.citations ? (JSON.parse(r.citations) as Citation[]) : null,
    feedback: r.feedback, image_preview: r.image_preview, created_at: r.created_at, agent_name: r.agent_name,
  };
}
