/**
 * The one Store over SQL, written once with Kysely and run on either dialect: SQLite
 * (better-sqlite3, the embedded default) or PostgreSQL (pg, for several instances).
 * Counters are single conditional statements (an upsert whose update has a WHERE), which
 * both engines run atomically whatever connection or process runs them (store.test.ts
 * races several processes on each backend).
 */
import { randomUUID } from 'node:crypto';
import { Kysely, Migrator, sql, type Dialect } from 'kysely';
import { migrations, type DialectName } from './migrations.ts';
import {
  monthOf, nowIso, type Citation, type ContactInput, type Conversation, type ConversationStatus, type Feedback, type Message,
  type NewMessage, type Role, type Store, type StoredContact, type Visitor,
} from './store.ts';

interface MessageRow { seq: number | string; id: string; conversation_id: string; role: Role; content: string; citations: string | null; feedback: Feedback; image_preview: string | null; agent_name: string | null; created_at: string }
interface Tables {
  conversations: Conversation;
  messages: MessageRow;
  workspace_usage: { workspace_id: string; period: string; chats: number };
  workspace_credits: { workspace_id: string; spent: number };
  contact_submissions: { id: string; bot_id: string; conversation_id: string | null; session_id: string; fields: string; created_at: string };
  visitors: { bot_id: string; session_id: string; user_id: string; name: string | null; email: string | null; linked_at: string };
}

const CONVERSATION = ['id', 'bot_id', 'session_id', 'status', 'created_at', 'updated_at', 'waiting_since'] as const;

export class SqlStore implements Store {
  readonly db: Kysely<Tables>;
  readonly dialect: DialectName;

  private constructor(dialect: Dialect, name: DialectName) {
    this.db = new Kysely<Tables>({ dialect });
    this.dialect = name;
  }

  /** Opens the store and applies the migrations it has not run yet. */
  static async open(dialect: Dialect, name: DialectName): Promise<SqlStore> {
    const store = new SqlStore(dialect, name);
    try {
      const { error } = await new Migrator({ db: store.db, provider: migrations(name) }).migrateToLatest();
      if (error) throw error;
    } catch (e) {
      await store.close();
      throw e;
    }
    return store;
  }

  async ping() {
    await sql`SELECT 1`.execute(this.db);
  }

  async close() {
    await this.db.destroy();
  }

  // --- conversations -------------------------------------------------------------------

  async createConversation(botId: string, sessionId: string): Promise<Conversation> {
    const at = nowIso();
    const c: Conversation = { id: randomUUID(), bot_id: botId, session_id: sessionId, status: 'open', created_at: at, updated_at: at, waiting_since: null };
    await this.db.insertInto('conversations').values(c).execute();
    return c;
  }

  async getConversation(id: string): Promise<Conversation | undefined> {
    return this.db.selectFrom('conversations').select(CONVERSATION).where('id', '=', id).executeTakeFirst();
  }

  async ownedConversation(id: string, sessionId: string): Promise<Conversation | undefined> {
    // The session that started it, or (identity verification) a session linked to the same verified user of the bot.
    return this.db.selectFrom('conversations').select(CONVERSATION).where('id', '=', id)
      .where((eb) => eb.or([
        eb('session_id', '=', sessionId),
        eb.exists(eb.selectFrom('visitors as a')
          .innerJoin('visitors as b', (j) => j.onRef('b.bot_id', '=', 'a.bot_id').onRef('b.user_id', '=', 'a.user_id'))
          .select('a.user_id')
          .whereRef('a.bot_id', '=', 'conversations.bot_id').whereRef('a.session_id', '=', 'conversations.session_id')
          .where('b.session_id', '=', sessionId)),
      ]))
      .executeTakeFirst();
  }

  async conversationsOfSession(sessionId: string): Promise<Conversation[]> {
    return this.db.selectFrom('conversations').select(CONVERSATION).where('session_id', '=', sessionId)
      .orderBy('created_at', 'desc').orderBy(sql`rowid`, 'desc').execute();
  }

  async setStatus(id: string, status: ConversationStatus): Promise<Conversation | undefined> {
    const at = nowIso();
    // waiting_since is kept while a conversation stays in handoff, set when it enters, cleared when it leaves.
    const waiting = status === 'handoff' ? sql<string>`COALESCE(CASE WHEN status = 'handoff' THEN waiting_since END, ${at})` : null;
    return this.db.updateTable('conversations').set({ status, updated_at: at, waiting_since: waiting })
      .where('id', '=', id).returning(CONVERSATION).executeTakeFirst();
  }

  async listConversations(status: ConversationStatus, limit = 200): Promise<Conversation[]> {
    let q = this.db.selectFrom('conversations').select(CONVERSATION).where('status', '=', status);
    q = status === 'handoff' ? q.orderBy('waiting_since', 'asc').orderBy('created_at', 'asc') : q.orderBy('updated_at', 'desc');
    return q.limit(limit).execute();
  }

  // --- messages ------------------------------------------------------------------------

  async addMessage(conversationId: string, m: NewMessage): Promise<Message> {
    const msg: Message = {
      id: randomUUID(), role: m.role, content: m.content, citations: m.citations ?? null, feedback: null,
      image_preview: m.image_preview ?? null, created_at: nowIso(), agent_name: m.agent_name ?? null,
    };
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('messages').values({
        id: msg.id, conversation_id: conversationId, role: msg.role, content: msg.content,
        citations: msg.citations ? JSON.stringify(msg.citations) : null, image_preview: msg.image_preview, agent_name: msg.agent_name, created_at: msg.created_at,
      } as MessageRow).execute();
      await tx.updateTable('conversations').set({ updated_at: msg.created_at }).where('id', '=', conversationId).execute();
    });
    return msg;
  }

  async messages(conversationId: string, afterId?: string): Promise<Message[] | 'unknown_after'> {
    let fromSeq: number | string = 0;
    if (afterId !== undefined) {
      const row = await this.db.selectFrom('messages').select('seq').where('id', '=', afterId).where('conversation_id', '=', conversationId).executeTakeFirst();
      if (!row) return 'unknown_after';
      fromSeq = row.seq;
    }
    const rows = await this.db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId).where('seq', '>', fromSeq).orderBy('seq').execute();
    return rows.map(toMessage);
  }

  async lastMessage(conversationId: string): Promise<Message | undefined> {
    const row = await this.db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
    return row && toMessage(row);
  }

  async messageWithConversation(id: string): Promise<{ message: Message; conversation: Conversation } | undefined> {
    const row = await this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const conversation = await this.getConversation(row.conversation_id);
    return conversation && { message: toMessage(row), conversation };
  }

  async setFeedback(messageId: string, feedback: Feedback) {
    await this.db.updateTable('messages').set({ feedback }).where('id', '=', messageId).execute();
  }

  async messageCount(): Promise<number> {
    const row = await this.db.selectFrom('messages').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // --- workspaces ----------------------------------------------------------------------

  async countMonthlyChat(workspaceId: string, limit: number | null, at = new Date()): Promise<boolean> {
    if (limit !== null && limit <= 0) return false;
    // One statement: insert the month's first chat, or add one while under the limit.
    const r = await this.db.insertInto('workspace_usage').values({ workspace_id: workspaceId, period: monthOf(at), chats: 1 })
      .onConflict((oc) => {
        const up = oc.columns(['workspace_id', 'period']).doUpdateSet({ chats: sql`workspace_usage.chats + 1` });
        return limit === null ? up : up.where('workspace_usage.chats', '<', limit);
      })
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async uncountMonthlyChat(workspaceId: string, at = new Date()) {
    await this.db.updateTable('workspace_usage').set({ chats: sql`CASE WHEN chats > 0 THEN chats - 1 ELSE 0 END` })
      .where('workspace_id', '=', workspaceId).where('period', '=', monthOf(at)).execute();
  }

  async monthlyChats(workspaceId: string, at = new Date()): Promise<number> {
    const row = await this.db.selectFrom('workspace_usage').select('chats').where('workspace_id', '=', workspaceId).where('period', '=', monthOf(at)).executeTakeFirst();
    return row?.chats ?? 0;
  }

  async creditsSpent(workspaceId: string): Promise<number> {
    const row = await this.db.selectFrom('workspace_credits').select('spent').where('workspace_id', '=', workspaceId).executeTakeFirst();
    return row?.spent ?? 0;
  }

  async reserveCredit(workspaceId: string, credits: number | null): Promise<boolean> {
    if (credits === null) return true;
    if (credits <= 0) return false;
    // One statement: spend the first credit, or one more while some are left.
    const r = await this.db.insertInto('workspace_credits').values({ workspace_id: workspaceId, spent: 1 })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ spent: sql`workspace_credits.spent + 1` }).where('workspace_credits.spent', '<', credits))
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async refundCredit(workspaceId: string, credits: number | null) {
    if (credits === null) return;
    await this.db.updateTable('workspace_credits').set({ spent: sql`CASE WHEN spent > 0 THEN spent - 1 ELSE 0 END` }).where('workspace_id', '=', workspaceId).execute();
  }

  // --- contact form --------------------------------------------------------------------

  async addContact(s: ContactInput): Promise<{ id: string; created_at: string }> {
    const id = randomUUID();
    const created_at = nowIso();
    await this.db.insertInto('contact_submissions')
      .values({ id, bot_id: s.bot_id, conversation_id: s.conversation_id, session_id: s.session_id, fields: JSON.stringify(s.fields), created_at }).execute();
    return { id, created_at };
  }

  async contactsOf(conversationId: string): Promise<StoredContact[]> {
    return this.contacts('conversation_id', conversationId);
  }

  async contactsOfSession(sessionId: string): Promise<StoredContact[]> {
    return this.contacts('session_id', sessionId);
  }

  private async contacts(column: 'conversation_id' | 'session_id', value: string): Promise<StoredContact[]> {
    const rows = await this.db.selectFrom('contact_submissions').select(['id', 'fields', 'created_at']).where(column, '=', value)
      .orderBy('created_at').orderBy(sql`rowid`).execute();
    return rows.map((r) => ({ id: r.id, fields: JSON.parse(r.fields) as Record<string, string>, created_at: r.created_at }));
  }

  // --- identity verification: a session linked to a verified user of a bot --------------

  async linkVisitor(botId: string, sessionId: string, v: Visitor): Promise<boolean> {
    // The insert does nothing when the session is linked already, so two concurrent links of
    // one session (any process, either dialect) leave exactly one owner, whom the read names.
    await this.db.insertInto('visitors')
      .values({ bot_id: botId, session_id: sessionId, user_id: v.user_id, name: v.name, email: v.email, linked_at: nowIso() })
      .onConflict((oc) => oc.columns(['bot_id', 'session_id']).doNothing()).execute();
    const owner = await this.db.selectFrom('visitors').select('user_id').where('bot_id', '=', botId).where('session_id', '=', sessionId).executeTakeFirst();
    if (owner?.user_id !== v.user_id) return false;
    if (v.name !== null || v.email !== null) {
      // Name and e-mail are the user's, so every one of their sessions shows the latest given.
      await this.db.updateTable('visitors')
        .set({ name: sql`COALESCE(${v.name}, name)`, email: sql`COALESCE(${v.email}, email)` })
        .where('bot_id', '=', botId).where('user_id', '=', v.user_id).execute();
    }
    return true;
  }

  async visitorOf(c: Pick<Conversation, 'bot_id' | 'session_id'>): Promise<Visitor | null> {
    const v = await this.db.selectFrom('visitors').select(['user_id', 'name', 'email']).where('bot_id', '=', c.bot_id).where('session_id', '=', c.session_id).executeTakeFirst();
    return v ?? null;
  }

  async latestConversationOfUser(botId: string, userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('conversations as c')
      .innerJoin('visitors as v', (j) => j.onRef('v.bot_id', '=', 'c.bot_id').onRef('v.session_id', '=', 'c.session_id'))
      .select('c.id').where('v.bot_id', '=', botId).where('v.user_id', '=', userId)
      .orderBy('c.updated_at', 'desc').orderBy('c.created_at', 'desc').limit(1).executeTakeFirst();
    return row?.id ?? null;
  }
}

function toMessage(r: MessageRow): Message {
  return {
    id: r.id, role: r.role, content: r.content,
    citations: r.citations ? (JSON.parse(r.citations) as Citation[]) : null,
    feedback: r.feedback, image_preview: r.image_preview, created_at: r.created_at, agent_name: r.agent_name,
  };
}
