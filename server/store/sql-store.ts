/**
 * The one Store over SQL, written once with Kysely and run on either dialect: SQLite
 * (better-sqlite3, the embedded default) or PostgreSQL (pg, for several instances).
 * Counters are single conditional statements (an upsert whose update has a WHERE), which
 * both engines run atomically whatever connection or process runs them (store.test.ts
 * races several processes on each backend).
 */
import { randomUUID } from 'node:crypto';
import { Kysely, Migrator, sql, type Dialect, type ExpressionBuilder } from 'kysely';
import { migrations, type DialectName } from './migrations.ts';
import type { ConversationEvent, DayStats, WebhookDelivery } from '../../protocol/console.ts';
import {
  monthOf, nowIso, type Citation, type ClaimResult, type ContactInput, type Conversation, type ConversationEventInput, type ConversationQuery,
  type ConversationStatus, type DeleteCounts, type DeliveryOutcome, type NewDelivery, type QueuedDelivery, type Feedback, type Message, type NewMessage, type QuestionReason, type Role, type SourceUse,
  type Store, type StoredContact, type StoredContactRow, type StoredQuestion, type Visitor,
} from './store.ts';

interface MessageRow { seq: number | string; id: string; conversation_id: string; role: Role; content: string; citations: string | null; feedback: Feedback; image_preview: string | null; agent_name: string | null; created_at: string }
interface Tables {
  conversations: Conversation & { handed_off_at: string | null; answered_at: string | null };
  messages: MessageRow;
  workspace_usage: { workspace_id: string; period: string; chats: number };
  workspace_credits: { workspace_id: string; spent: number };
  contact_submissions: { id: string; bot_id: string; conversation_id: string | null; session_id: string; fields: string; created_at: string };
  visitors: { bot_id: string; session_id: string; user_id: string; name: string | null; email: string | null; linked_at: string };
  conversation_events: { seq?: number; conversation_id: string; type: ConversationEvent['type']; agent_name: string | null; note: string | null; message_id: string | null; created_at: string };
  questions: { id: string; bot_id: string; conversation_id: string; message_id: string; text: string; reason: QuestionReason; created_at: string; handled_at: string | null };
  citations: { message_id: string; conversation_id: string; bot_id: string; source_id: string; title: string; url: string; created_at: string; feedback: Feedback };
  daily_counters: { bot_id: string; day: string; name: string; n: number };
  webhook_deliveries: Omit<QueuedDelivery, 'attempts'> & { attempts: number; locked_until: string | null };
}

const DELIVERY = ['id', 'workspace_id', 'event', 'url', 'status', 'attempts', 'last_status', 'last_error', 'created_at', 'next_attempt_at', 'delivered_at'] as const;

/** The tables that hang off a conversation, deleted with it. */
const CONVERSATION_CHILDREN = ['citations', 'questions', 'conversation_events', 'contact_submissions'] as const;
const n = (v: unknown) => Number(v ?? 0);
/** `%word%` for LIKE, with the pattern's own wildcards escaped. */
const likeWord = (w: string) => `%${w.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();

const CONVERSATION = ['id', 'bot_id', 'session_id', 'status', 'created_at', 'updated_at', 'waiting_since', 'assignee'] as const;

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
    const c: Conversation = { id: randomUUID(), bot_id: botId, session_id: sessionId, status: 'open', created_at: at, updated_at: at, waiting_since: null, assignee: null };
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
    // A conversation that leaves the humans (handed back, closed) is no one's any more.
    const assignee = status === 'handoff' ? sql<string | null>`assignee` : null;
    return this.db.updateTable('conversations').set({ status, updated_at: at, waiting_since: waiting, assignee })
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
      const byBot = msg.role === 'assistant' && !msg.agent_name;
      const c = await tx.updateTable('conversations')
        .set(byBot ? { updated_at: msg.created_at, answered_at: sql`COALESCE(answered_at, ${msg.created_at})` } : { updated_at: msg.created_at })
        .where('id', '=', conversationId).returning('bot_id').executeTakeFirst();
      // One row per cited source, so knowledge health is a GROUP BY rather than a scan of JSON.
      const cited = [...new Map((msg.citations ?? []).map((x) => [x.source_id, x])).values()];
      if (c && cited.length) {
        await tx.insertInto('citations').values(cited.map((x) => ({
          message_id: msg.id, conversation_id: conversationId, bot_id: c.bot_id, source_id: x.source_id, title: x.page_title, url: x.source_url, created_at: msg.created_at, feedback: null,
        }))).execute();
      }
      if (c && msg.role === 'user') await bump(tx, c.bot_id, msg.created_at, 'turns', 1);
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
    await this.db.transaction().execute(async (tx) => {
      // Read and change in one transaction, so the day's counts move exactly once per change.
      const before = await tx.selectFrom('messages as m').innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select(['m.feedback', 'm.created_at', 'c.bot_id']).where('m.id', '=', messageId).executeTakeFirst();
      const changed = await tx.updateTable('messages').set({ feedback }).where('id', '=', messageId)
        .where((eb) => (feedback === null ? eb('feedback', 'is not', null) : eb.or([eb('feedback', 'is', null), eb('feedback', '!=', feedback)])))
        .executeTakeFirst();
      if (!before || !Number(changed.numUpdatedRows)) return;
      await tx.updateTable('citations').set({ feedback }).where('message_id', '=', messageId).execute();
      if (before.feedback) await bump(tx, before.bot_id, before.created_at, before.feedback, -1);
      if (feedback) await bump(tx, before.bot_id, before.created_at, feedback, 1);
    });
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

  // --- the operator console (issue 14) -------------------------------------------------

  async queryConversations(q: ConversationQuery): Promise<Conversation[]> {
    let s = this.db.selectFrom('conversations as c').select(CONVERSATION.map((k) => `c.${k}` as const));
    if (q.status !== 'all') s = s.where('c.status', '=', q.status);
    if (q.bot_id) s = s.where('c.bot_id', '=', q.bot_id);
    if (q.from) s = s.where('c.updated_at', '>=', dayStart(q.from));
    if (q.to) s = s.where('c.updated_at', '<', dayAfter(q.to));
    if (q.handed_off) s = s.where('c.handed_off_at', 'is not', null);
    // Rare properties: their few rows first (indexed), then the conversations they name.
    if (q.feedback) {
      const value = q.feedback;
      s = s.where('c.id', 'in', (eb) => eb.selectFrom('messages as m').select('m.conversation_id').where('m.feedback', '=', value));
    }
    if (q.unanswered) s = s.where('c.id', 'in', (eb) => eb.selectFrom('questions as u').select('u.conversation_id'));
    if (q.contact) s = s.where('c.id', 'in', (eb) => eb.selectFrom('contact_submissions as f').select('f.conversation_id').where('f.conversation_id', 'is not', null));
    // Every word in some message of the conversation, case-insensitively, on both dialects.
    for (const word of (q.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
      s = s.where((eb) => eb.exists(eb.selectFrom('messages as w').select('w.id').whereRef('w.conversation_id', '=', 'c.id')
        .where(sql<boolean>`lower(w.content) LIKE ${likeWord(word)} ESCAPE '\\'`)));
    }
    if (q.after) {
      const a = q.after;
      s = s.where((eb) => eb.or([eb('c.updated_at', '<', a.updated_at), eb.and([eb('c.updated_at', '=', a.updated_at), eb('c.id', '<', a.id)])]));
    }
    return s.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(q.limit).execute();
  }

  async claim(id: string, agent: string): Promise<ClaimResult> {
    const won = await this.db.updateTable('conversations').set({ assignee: agent })
      .where('id', '=', id).where((eb) => eb.or([eb('assignee', 'is', null), eb('assignee', '=', agent)]))
      .returning(CONVERSATION).executeTakeFirst();
    if (won) return { ok: true, conversation: won };
    const c = await this.getConversation(id);
    return c ? { ok: false, holder: c.assignee ?? '' } : undefined;
  }

  async release(id: string, agent: string | null): Promise<ClaimResult> {
    let u = this.db.updateTable('conversations').set({ assignee: null }).where('id', '=', id);
    if (agent !== null) u = u.where((eb) => eb.or([eb('assignee', 'is', null), eb('assignee', '=', agent)]));
    const done = await u.returning(CONVERSATION).executeTakeFirst();
    if (done) return { ok: true, conversation: done };
    const c = await this.getConversation(id);
    return c ? { ok: false, holder: c.assignee ?? '' } : undefined;
  }

  async markHandedOff(id: string) {
    await this.db.updateTable('conversations').set({ handed_off_at: sql`COALESCE(handed_off_at, ${nowIso()})` }).where('id', '=', id).execute();
  }

  async addEvent(conversationId: string, e: ConversationEventInput) {
    await this.db.insertInto('conversation_events').values({
      conversation_id: conversationId, type: e.type, agent_name: e.agent_name ?? null, note: e.note ?? null, message_id: e.message_id ?? null, created_at: nowIso(),
    }).execute();
  }

  async events(conversationId: string): Promise<ConversationEvent[]> {
    const rows = await this.db.selectFrom('conversation_events').select(['type', 'created_at', 'agent_name', 'note', 'message_id'])
      .where('conversation_id', '=', conversationId).orderBy('seq').execute();
    return rows.map((r) => ({ type: r.type, at: r.created_at, agent_name: r.agent_name, note: r.note, message_id: r.message_id }));
  }

  async addQuestion(q: Omit<StoredQuestion, 'id' | 'created_at' | 'handled_at'> & { message_id: string }) {
    await this.db.insertInto('questions').values({ ...q, id: randomUUID(), created_at: nowIso(), handled_at: null })
      .onConflict((oc) => oc.columns(['message_id', 'reason']).doNothing()).execute();
  }

  async questions(o: { bot_id?: string; handled: boolean; limit: number }): Promise<StoredQuestion[]> {
    let s = this.db.selectFrom('questions').select(['id', 'bot_id', 'conversation_id', 'text', 'reason', 'created_at', 'handled_at'])
      .where('handled_at', o.handled ? 'is not' : 'is', null);
    if (o.bot_id) s = s.where('bot_id', '=', o.bot_id);
    return s.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(o.limit).execute();
  }

  async markHandled(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const r = await this.db.updateTable('questions').set({ handled_at: nowIso() }).where('id', 'in', ids).where('handled_at', 'is', null).executeTakeFirst();
    return n(r.numUpdatedRows);
  }

  async sourceUse(botId?: string): Promise<SourceUse[]> {
    let s = this.db.selectFrom('citations as c')
      .select((eb) => [
        'c.bot_id', 'c.source_id', eb.fn.max('c.title').as('title'), eb.fn.max('c.url').as('url'), eb.fn.countAll().as('citations'),
        sql<number>`SUM(CASE WHEN c.feedback = 'positive' THEN 1 ELSE 0 END)`.as('positive'),
        sql<number>`SUM(CASE WHEN c.feedback = 'negative' THEN 1 ELSE 0 END)`.as('negative'),
      ])
      .groupBy(['c.bot_id', 'c.source_id']);
    if (botId) s = s.where('c.bot_id', '=', botId);
    const rows = await s.execute();
    return rows.map((r) => ({ bot_id: r.bot_id, source_id: r.source_id, title: String(r.title), url: String(r.url), citations: n(r.citations), positive: n(r.positive), negative: n(r.negative) }));
  }

  async contactList(o: { bot_id?: string; limit: number; after?: { created_at: string; id: string } | null }): Promise<StoredContactRow[]> {
    let s = this.db.selectFrom('contact_submissions').select(['id', 'bot_id', 'conversation_id', 'session_id', 'fields', 'created_at']);
    if (o.bot_id) s = s.where('bot_id', '=', o.bot_id);
    const a = o.after;
    if (a) s = s.where((eb) => eb.or([eb('created_at', '<', a.created_at), eb.and([eb('created_at', '=', a.created_at), eb('id', '<', a.id)])]));
    const rows = await s.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(o.limit).execute();
    return rows.map((r) => ({ ...r, fields: JSON.parse(r.fields) as Record<string, string> }));
  }

  async countDaily(botId: string, name: string, at = new Date()) {
    await bump(this.db, botId, at.toISOString(), name, 1);
  }

  async stats(o: { bot_id?: string; from: string; to: string }): Promise<DayStats[]> {
    const lo = dayStart(o.from);
    const hi = dayAfter(o.to);
    const rows = new Map<string, DayStats>();
    const add = (day: string, bot: string, key: keyof Omit<DayStats, 'day' | 'bot_id'>, value: unknown) => {
      const k = `${day}|${bot}`;
      let r = rows.get(k);
      if (!r) rows.set(k, (r = { day, bot_id: bot, conversations: 0, turns: 0, deflected: 0, handed_off: 0, unanswered: 0, positive: 0, negative: 0, rate_limited: 0 }));
      r[key] += n(value);
    };
    const day = (col: string) => sql<string>`substr(${sql.ref(col)}, 1, 10)`;
    const bot = o.bot_id;
    // Each figure is one GROUP BY over an indexed time range; the ranges are what keeps them fast.
    const started = await this.db.selectFrom('conversations as c')
      .select((eb) => [day('c.created_at').as('day'), 'c.bot_id', eb.fn.countAll().as('n'),
        sql<number>`SUM(CASE WHEN c.handed_off_at IS NULL AND c.answered_at IS NOT NULL THEN 1 ELSE 0 END)`.as('deflected')])
      .where('c.created_at', '>=', lo).where('c.created_at', '<', hi).$if(!!bot, (q) => q.where('c.bot_id', '=', bot!))
      .groupBy([day('c.created_at'), 'c.bot_id']).execute();
    for (const r of started) {
      add(r.day, r.bot_id, 'conversations', r.n);
      add(r.day, r.bot_id, 'deflected', r.deflected);
    }
    const handed = await this.db.selectFrom('conversations as c').select((eb) => [day('c.handed_off_at').as('day'), 'c.bot_id', eb.fn.countAll().as('n')])
      .where('c.handed_off_at', '>=', lo).where('c.handed_off_at', '<', hi).$if(!!bot, (q) => q.where('c.bot_id', '=', bot!))
      .groupBy([day('c.handed_off_at'), 'c.bot_id']).execute();
    for (const r of handed) add(r.day, r.bot_id, 'handed_off', r.n);
    const unanswered = await this.db.selectFrom('questions as q').select((eb) => [day('q.created_at').as('day'), 'q.bot_id', eb.fn.countAll().as('n')])
      .where('q.reason', '=', 'no_answer').where('q.created_at', '>=', lo).where('q.created_at', '<', hi).$if(!!bot, (q) => q.where('q.bot_id', '=', bot!))
      .groupBy([day('q.created_at'), 'q.bot_id']).execute();
    for (const r of unanswered) add(r.day, r.bot_id, 'unanswered', r.n);
    const counters = await this.db.selectFrom('daily_counters').select(['day', 'bot_id', 'name', 'n'])
      .where('day', '>=', o.from).where('day', '<=', o.to).$if(!!bot, (q) => q.where('bot_id', '=', bot!)).execute();
    // Turns, ratings and 429s are counted as they happen (bump), a few rows per day and bot.
    for (const r of counters) {
      if (r.name === 'turns' || r.name === 'positive' || r.name === 'negative' || r.name === 'rate_limited') add(r.day, r.bot_id, r.name, r.n);
    }
    return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.bot_id.localeCompare(b.bot_id));
  }

  async deleteConversation(id: string): Promise<DeleteCounts> {
    return this.deleteConversations([id], null);
  }

  async deleteSession(sessionId: string): Promise<DeleteCounts> {
    const ids = (await this.db.selectFrom('conversations').select('id').where('session_id', '=', sessionId).execute()).map((r) => r.id);
    return this.deleteConversations(ids, sessionId);
  }

  async purgeBefore(botId: string, before: string): Promise<DeleteCounts> {
    const total: DeleteCounts = { deleted_conversations: 0, deleted_messages: 0, deleted_contacts: 0 };
    // In batches, so a first purge of a large store does not hold one huge transaction.
    for (;;) {
      const ids = (await this.db.selectFrom('conversations').select('id').where('bot_id', '=', botId).where('updated_at', '<', before).limit(500).execute()).map((r) => r.id);
      if (!ids.length) return total;
      const d = await this.deleteConversations(ids, null);
      total.deleted_conversations += d.deleted_conversations;
      total.deleted_messages += d.deleted_messages;
      total.deleted_contacts += d.deleted_contacts;
    }
  }

  // --- webhooks ---------------------------------------------------------------------------

  async enqueueDeliveries(d: NewDelivery[]) {
    if (!d.length) return;
    const at = nowIso();
    await this.db.insertInto('webhook_deliveries').values(d.map((x) => ({
      ...x, status: 'pending' as const, attempts: 0, last_status: null, last_error: null, created_at: at, next_attempt_at: at, delivered_at: null, locked_until: null,
    }))).execute();
  }

  async claimDueDeliveries(limit: number, leaseMs: number, now = new Date()): Promise<QueuedDelivery[]> {
    const at = now.toISOString();
    // The WHERE is checked again on each row as it is updated (PostgreSQL re-reads a row another
    // transaction just leased), so two instances never both take one delivery.
    const free = (eb: ExpressionBuilder<Tables, 'webhook_deliveries'>) =>
      eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)])]);
    const due = this.db.selectFrom('webhook_deliveries').select('id').where(free).orderBy('next_attempt_at').limit(limit);
    const rows = await this.db.updateTable('webhook_deliveries')
      .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), attempts: sql`attempts + 1` })
      .where('id', 'in', due).where(free)
      .returning([...DELIVERY, 'format', 'body']).execute();
    return rows.map((r) => ({ ...r, attempts: n(r.attempts), last_status: r.last_status === null ? null : n(r.last_status) }));
  }

  async finishAttempt(id: string, o: DeliveryOutcome) {
    const at = nowIso();
    const set = o.delivered
      ? { status: 'delivered' as const, last_status: o.status, last_error: null, delivered_at: at, next_attempt_at: null, locked_until: null }
      : { status: o.retryAt ? ('pending' as const) : ('failed' as const), last_status: o.status, last_error: o.error.slice(0, 500), next_attempt_at: o.retryAt, locked_until: null };
    await this.db.updateTable('webhook_deliveries').set(set).where('id', '=', id).execute();
  }

  async deliveries(limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.db.selectFrom('webhook_deliveries').select(DELIVERY).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({ ...r, attempts: n(r.attempts), last_status: r.last_status === null ? null : n(r.last_status) }));
  }

  /** Conversations with everything that hangs off them, and with `sessionId` also the session's other traces; one transaction. */
  private async deleteConversations(ids: string[], sessionId: string | null): Promise<DeleteCounts> {
    return this.db.transaction().execute(async (tx) => {
      const out: DeleteCounts = { deleted_conversations: 0, deleted_messages: 0, deleted_contacts: 0 };
      if (ids.length) {
        for (const table of CONVERSATION_CHILDREN) {
          const r = await tx.deleteFrom(table).where('conversation_id', 'in', ids).executeTakeFirst();
          if (table === 'contact_submissions') out.deleted_contacts += n(r.numDeletedRows);
        }
        out.deleted_messages = n((await tx.deleteFrom('messages').where('conversation_id', 'in', ids).executeTakeFirst()).numDeletedRows);
        out.deleted_conversations = n((await tx.deleteFrom('conversations').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
      }
      if (sessionId !== null) {
        out.deleted_contacts += n((await tx.deleteFrom('contact_submissions').where('session_id', '=', sessionId).executeTakeFirst()).numDeletedRows);
        await tx.deleteFrom('visitors').where('session_id', '=', sessionId).execute();
      }
      return out;
    });
  }
}

/** Adds `by` to a per-day counter of a bot (the day of `at`); one upsert. */
async function bump(db: Kysely<Tables>, botId: string, at: string, name: string, by: number) {
  await db.insertInto('daily_counters').values({ bot_id: botId, day: at.slice(0, 10), name, n: by })
    .onConflict((oc) => oc.columns(['bot_id', 'day', 'name']).doUpdateSet({ n: sql`daily_counters.n + ${by}` })).execute();
}

function toMessage(r: MessageRow): Message {
  return {
    id: r.id, role: r.role, content: r.content,
    citations: r.citations ? (JSON.parse(r.citations) as Citation[]) : null,
    feedback: r.feedback, image_preview: r.image_preview, created_at: r.created_at, agent_name: r.agent_name,
  };
}
