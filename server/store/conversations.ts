/**
 * Conversations and their messages: started by a visitor, answered by the bot or a person,
 * rated, claimed by an agent, and the events of their life (handoff, notes, claims).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ConversationEvent, VisitorContext } from '../../protocol/console.ts';
import type { Citation, Conversation, ConversationStatus, Feedback, Message, Role } from './records.ts';
import type { DialectName } from './migrations.ts';
import { prepared } from './prepared.ts';
import { CONVERSATION, nowIso, type MessageRow, type Tables } from './tables.ts';
import { dailyCounter } from './usage.ts';

/** A message's columns (not PostgreSQL's search vector, which only the search reads). */
export const MESSAGE_COLUMNS = ['seq', 'id', 'conversation_id', 'role', 'content', 'citations', 'feedback', 'image_preview', 'agent_name', 'created_at'] as const;

export interface NewMessage { role: Role; content: string; citations?: Citation[] | null; image_preview?: string | null; agent_name?: string | null }
export type ClaimResult = { ok: true; conversation: Conversation } | { ok: false; holder: string } | undefined;
export type ConversationEventInput = Pick<ConversationEvent, 'type'> & Partial<Pick<ConversationEvent, 'agent_name' | 'note' | 'message_id'>>;

export interface ConversationStore {
  createConversation(botId: string, sessionId: string): Promise<Conversation>;
  /**
   * A new conversation with the visitor's first message, counted as a turn of the day: one
   * statement on PostgreSQL, one transaction on SQLite (a chat turn's first write).
   */
  startConversation(botId: string, sessionId: string, first: Pick<NewMessage, 'content' | 'image_preview'>): Promise<{ conversation: Conversation; message: Message }>;
  getConversation(id: string): Promise<Conversation | undefined>;
  /**
   * The conversation only when `sessionId` owns it (the session that started it, or one linked
   * to the same verified user, issue 15); otherwise undefined (no existence oracle).
   */
  ownedConversation(id: string, sessionId: string): Promise<Conversation | undefined>;
  /** Conversations a session started, newest first. */
  conversationsOfSession(sessionId: string): Promise<Conversation[]>;
  /** The other conversations of the visitor of `c` (its session, or sessions linked to the same verified user), newest first. */
  conversationsOfVisitor(c: Pick<Conversation, 'id' | 'bot_id' | 'session_id'>, limit: number): Promise<Array<Conversation & { title: string | null }>>;
  /** One statement; `waiting_since` marks when a conversation started waiting for a human. */
  setStatus(id: string, status: ConversationStatus): Promise<Conversation | undefined>;
  /** Handoff: oldest waiting first; other statuses: latest activity first. */
  listConversations(status: ConversationStatus, limit?: number): Promise<Conversation[]>;

  /**
   * Stores a message and touches its conversation's `updated_at` (and counts a visitor's as a
   * turn, and a cited answer's sources): one statement on PostgreSQL, one transaction on SQLite.
   */
  addMessage(conversationId: string, m: NewMessage): Promise<Message>;
  /** Messages oldest first; with `afterId`, only those stored after that message. */
  messages(conversationId: string, afterId?: string): Promise<Message[] | 'unknown_after'>;
  lastMessage(conversationId: string): Promise<Message | undefined>;
  messageWithConversation(id: string): Promise<{ message: Message; conversation: Conversation } | undefined>;
  setFeedback(messageId: string, feedback: Feedback): Promise<void>;
  /** How many messages are stored in all (operability and tests). */
  messageCount(): Promise<number>;

  // Agents and a conversation (issue 14).
  /** Takes a conversation for an agent: one conditional statement, so of simultaneous claims one wins. */
  claim(id: string, agent: string): Promise<ClaimResult>;
  /** Gives a claimed conversation back to the team; `agent` null releases whoever has it. */
  release(id: string, agent: string | null): Promise<ClaimResult>;
  /** Marks the first handoff (for the numbers) besides the status change. */
  markHandedOff(id: string): Promise<void>;
  /** Gives a conversation to a named agent, whoever had it (issue 22). */
  assign(id: string, agent: string): Promise<Conversation | undefined>;
  addEvent(conversationId: string, e: ConversationEventInput): Promise<void>;

  // Issue 22: what the console shows beside a conversation.
  /** The visitor's first message, what the lists are titled by; null before the visitor wrote. */
  firstVisitorMessage(conversationId: string): Promise<string | null>;
  /** The conversation's tags, sorted. */
  tags(conversationId: string): Promise<string[]>;
  /** Adds a tag; false when the conversation already had it. */
  addTag(conversationId: string, tag: string, agent: string): Promise<boolean>;
  /** Removes a tag; false when the conversation did not have it. */
  removeTag(conversationId: string, tag: string): Promise<boolean>;
  /** Where the visitor was when the chat started; kept from the first turn that tells it (later ones are ignored). */
  setVisitorContext(conversationId: string, context: VisitorContext): Promise<void>;
  visitorContext(conversationId: string): Promise<VisitorContext | null>;
  events(conversationId: string): Promise<ConversationEvent[]>;
}

export function sqlConversationStore(db: Kysely<Tables>, dialect: DialectName): ConversationStore {
  const bump = dailyCounter(db);
  // The chat path's statements, built once (prepared.ts).
  const selectConversation = prepared((id: string) => db.selectFrom('conversations').select(CONVERSATION).where('id', '=', id).compile());
  const writes = dialect === 'postgres' ? postgresWrites(db) : sqliteWrites(db, bump);
  async function getConversation(id: string): Promise<Conversation | undefined> {
    return (await selectConversation(db, id)).rows[0];
  }
  const owned = prepared((id: string, sessionId: string) => db.selectFrom('conversations').select(CONVERSATION).where('id', '=', id)
    .where((eb) => eb.or([
      eb('session_id', '=', sessionId),
      // The session that started it, or (identity verification) a session linked to the same verified user of the bot.
      eb.exists(eb.selectFrom('visitors as a')
        .innerJoin('visitors as b', (j) => j.onRef('b.bot_id', '=', 'a.bot_id').onRef('b.user_id', '=', 'a.user_id'))
        .select('a.user_id')
        .whereRef('a.bot_id', '=', 'conversations.bot_id').whereRef('a.session_id', '=', 'conversations.session_id')
        .where('b.session_id', '=', sessionId)),
    ])).compile());
  const messagesAfter = prepared((conversationId: string, fromSeq: number | string) => db.selectFrom('messages').select(MESSAGE_COLUMNS)
    .where('conversation_id', '=', conversationId).where('seq', '>', fromSeq).orderBy('seq').compile());
  const seqOf = prepared((id: string, conversationId: string) => db.selectFrom('messages').select('seq').where('id', '=', id).where('conversation_id', '=', conversationId).compile());

  return {
    async createConversation(botId: string, sessionId: string): Promise<Conversation> {
      const c = newConversation(botId, sessionId, nowIso());
      await db.insertInto('conversations').values(c).execute();
      return c;
    },

    async startConversation(botId: string, sessionId: string, first: Pick<NewMessage, 'content' | 'image_preview'>) {
      const at = nowIso();
      const conversation = newConversation(botId, sessionId, at);
      const message = newMessage({ role: 'user', content: first.content, image_preview: first.image_preview }, at);
      await writes.start(conversation, messageRow(conversation.id, message));
      return { conversation, message };
    },

    getConversation,

    async ownedConversation(id: string, sessionId: string): Promise<Conversation | undefined> {
      return (await owned(db, id, sessionId)).rows[0];
    },

    async conversationsOfSession(sessionId: string): Promise<Conversation[]> {
      return db.selectFrom('conversations').select(CONVERSATION).where('session_id', '=', sessionId)
        .orderBy('created_at', 'desc').orderBy(sql`rowid`, 'desc').execute();
    },

    async conversationsOfVisitor(c: Pick<Conversation, 'id' | 'bot_id' | 'session_id'>, limit: number) {
      const rows = await db.selectFrom('conversations as o').select([...CONVERSATION.map((k) => `o.${k}` as const)])
        .select((eb) => eb.selectFrom('messages as m').select('m.content').whereRef('m.conversation_id', '=', 'o.id').where('m.role', '=', 'user')
          .orderBy('m.seq').limit(1).as('title'))
        .where('o.id', '!=', c.id).where('o.bot_id', '=', c.bot_id)
        .where((eb) => eb.or([
          eb('o.session_id', '=', c.session_id),
          eb('o.session_id', 'in', eb.selectFrom('visitors as a')
            .innerJoin('visitors as b', (j) => j.onRef('b.bot_id', '=', 'a.bot_id').onRef('b.user_id', '=', 'a.user_id'))
            .select('b.session_id').where('a.bot_id', '=', c.bot_id).where('a.session_id', '=', c.session_id)),
        ]))
        .orderBy('o.created_at', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...r, title: r.title ?? null }));
    },

    async setStatus(id: string, status: ConversationStatus): Promise<Conversation | undefined> {
      const at = nowIso();
      // waiting_since is kept while a conversation stays in handoff, set when it enters, cleared when it leaves.
      const waiting = status === 'handoff' ? sql<string>`COALESCE(CASE WHEN status = 'handoff' THEN waiting_since END, ${at})` : null;
      // A conversation that leaves the humans (handed back, closed) is no one's any more.
      const assignee = status === 'handoff' ? sql<string | null>`assignee` : null;
      const claimed_at = status === 'handoff' ? sql<string | null>`claimed_at` : null;
      return db.updateTable('conversations').set({ status, updated_at: at, waiting_since: waiting, assignee, claimed_at })
        .where('id', '=', id).returning(CONVERSATION).executeTakeFirst();
    },

    async listConversations(status: ConversationStatus, limit = 200): Promise<Conversation[]> {
      let q = db.selectFrom('conversations').select(CONVERSATION).where('status', '=', status);
      q = status === 'handoff' ? q.orderBy('waiting_since', 'asc').orderBy('created_at', 'asc') : q.orderBy('updated_at', 'desc');
      return q.limit(limit).execute();
    },

    // --- messages ------------------------------------------------------------------------

    async addMessage(conversationId: string, m: NewMessage): Promise<Message> {
      const msg = newMessage(m, nowIso());
      // One row per cited source, so knowledge health is a GROUP BY rather than a scan of JSON.
      const cited = [...new Map((msg.citations ?? []).map((x) => [x.source_id, x])).values()];
      await writes.add(messageRow(conversationId, msg), msg.role === 'assistant' && !msg.agent_name, cited);
      return msg;
    },

    async messages(conversationId: string, afterId?: string): Promise<Message[] | 'unknown_after'> {
      let fromSeq: number | string = 0;
      if (afterId !== undefined) {
        const row = (await seqOf(db, afterId, conversationId)).rows[0];
        if (!row) return 'unknown_after';
        fromSeq = row.seq;
      }
      return (await messagesAfter(db, conversationId, fromSeq)).rows.map(toMessage);
    },

    async lastMessage(conversationId: string): Promise<Message | undefined> {
      const row = await db.selectFrom('messages').select(MESSAGE_COLUMNS).where('conversation_id', '=', conversationId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
      return row && toMessage(row);
    },

    async messageWithConversation(id: string): Promise<{ message: Message; conversation: Conversation } | undefined> {
      const row = await db.selectFrom('messages').select(MESSAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const conversation = await getConversation(row.conversation_id);
      return conversation && { message: toMessage(row), conversation };
    },

    async setFeedback(messageId: string, feedback: Feedback) {
      await db.transaction().execute(async (tx) => {
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
    },

    async messageCount(): Promise<number> {
      const row = await db.selectFrom('messages').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // --- agents and a conversation (issue 14) -----------------------------------------------

    async claim(id: string, agent: string): Promise<ClaimResult> {
      const claimed_at = sql<string>`CASE WHEN assignee = ${agent} AND claimed_at IS NOT NULL THEN claimed_at ELSE ${nowIso()} END`;
      const won = await db.updateTable('conversations').set({ assignee: agent, claimed_at })
        .where('id', '=', id).where((eb) => eb.or([eb('assignee', 'is', null), eb('assignee', '=', agent)]))
        .returning(CONVERSATION).executeTakeFirst();
      if (won) return { ok: true, conversation: won };
      const c = await getConversation(id);
      return c ? { ok: false, holder: c.assignee ?? '' } : undefined;
    },

    async release(id: string, agent: string | null): Promise<ClaimResult> {
      let u = db.updateTable('conversations').set({ assignee: null, claimed_at: null }).where('id', '=', id);
      if (agent !== null) u = u.where((eb) => eb.or([eb('assignee', 'is', null), eb('assignee', '=', agent)]));
      const done = await u.returning(CONVERSATION).executeTakeFirst();
      if (done) return { ok: true, conversation: done };
      const c = await getConversation(id);
      return c ? { ok: false, holder: c.assignee ?? '' } : undefined;
    },

    async markHandedOff(id: string) {
      await db.updateTable('conversations').set({ handed_off_at: sql`COALESCE(handed_off_at, ${nowIso()})` }).where('id', '=', id).execute();
    },

    async assign(id: string, agent: string): Promise<Conversation | undefined> {
      const claimed_at = sql<string>`CASE WHEN assignee = ${agent} AND claimed_at IS NOT NULL THEN claimed_at ELSE ${nowIso()} END`;
      return db.updateTable('conversations').set({ assignee: agent, claimed_at }).where('id', '=', id).returning(CONVERSATION).executeTakeFirst();
    },

    async firstVisitorMessage(conversationId: string): Promise<string | null> {
      const row = await db.selectFrom('messages').select('content').where('conversation_id', '=', conversationId).where('role', '=', 'user')
        .orderBy('seq').limit(1).executeTakeFirst();
      return row ? row.content : null;
    },

    async tags(conversationId: string): Promise<string[]> {
      const rows = await db.selectFrom('conversation_tags').select('tag').where('conversation_id', '=', conversationId).orderBy('tag').execute();
      return rows.map((r) => r.tag);
    },

    async addTag(conversationId: string, tag: string, agent: string): Promise<boolean> {
      const c = await getConversation(conversationId);
      if (!c) return false;
      const r = await db.insertInto('conversation_tags').values({ conversation_id: conversationId, tag, bot_id: c.bot_id, agent_name: agent, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['conversation_id', 'tag']).doNothing()).executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async removeTag(conversationId: string, tag: string): Promise<boolean> {
      const r = await db.deleteFrom('conversation_tags').where('conversation_id', '=', conversationId).where('tag', '=', tag).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async setVisitorContext(conversationId: string, context: VisitorContext) {
      await db.updateTable('conversations').set({ visitor_context: JSON.stringify(context) }).where('id', '=', conversationId).where('visitor_context', 'is', null).execute();
    },

    async visitorContext(conversationId: string): Promise<VisitorContext | null> {
      const row = await db.selectFrom('conversations').select('visitor_context').where('id', '=', conversationId).executeTakeFirst();
      return row?.visitor_context ? (JSON.parse(row.visitor_context) as VisitorContext) : null;
    },

    async addEvent(conversationId: string, e: ConversationEventInput) {
      await db.insertInto('conversation_events').values({
        conversation_id: conversationId, type: e.type, agent_name: e.agent_name ?? null, note: e.note ?? null, message_id: e.message_id ?? null, created_at: nowIso(),
      }).execute();
    },

    async events(conversationId: string): Promise<ConversationEvent[]> {
      const rows = await db.selectFrom('conversation_events').select(['type', 'created_at', 'agent_name', 'note', 'message_id'])
        .where('conversation_id', '=', conversationId).orderBy('seq').execute();
      return rows.map((r) => ({ type: r.type, at: r.created_at, agent_name: r.agent_name, note: r.note, message_id: r.message_id }));
    },
  };
}

function newConversation(botId: string, sessionId: string, at: string): Conversation {
  return { id: randomUUID(), bot_id: botId, session_id: sessionId, status: 'open', created_at: at, updated_at: at, waiting_since: null, assignee: null, claimed_at: null };
}

function newMessage(m: NewMessage, at: string): Message {
  return {
    id: randomUUID(), role: m.role, content: m.content, citations: m.citations ?? null, feedback: null,
    image_preview: m.image_preview ?? null, created_at: at, agent_name: m.agent_name ?? null,
  };
}

type NewRow = Omit<MessageRow, 'seq' | 'feedback'>;

function messageRow(conversationId: string, msg: Message): NewRow {
  return {
    id: msg.id, conversation_id: conversationId, role: msg.role, content: msg.content,
    citations: msg.citations ? JSON.stringify(msg.citations) : null, image_preview: msg.image_preview, agent_name: msg.agent_name, created_at: msg.created_at,
  };
}

/** The chat turn's writes: a conversation started with its first message, a message added. */
interface TurnWrites {
  start(c: Conversation, first: NewRow): Promise<void>;
  add(m: NewRow, byBot: boolean, cited: Citation[]): Promise<void>;
}

/**
 * SQLite: each write is a transaction of small statements, all in-process (a statement costs
 * microseconds, a transaction no round trip).
 */
function sqliteWrites(db: Kysely<Tables>, bump: ReturnType<typeof dailyCounter>): TurnWrites {
  const insertConversation = prepared((id: string, botId: string, sessionId: string, at: string) => db.insertInto('conversations')
    .values({ id, bot_id: botId, session_id: sessionId, status: 'open', created_at: at, updated_at: at, waiting_since: null, assignee: null }).compile());
  const insertMessage = prepared((id: string, conversationId: string, role: string, content: string, citations: string | null, imagePreview: string | null, agentName: string | null, at: string) =>
    sql`INSERT INTO messages (id, conversation_id, role, content, citations, image_preview, agent_name, created_at)
      VALUES (${id}, ${conversationId}, ${role}, ${content}, ${citations}, ${imagePreview}, ${agentName}, ${at})`.compile(db));
  // An answer by the bot (not by an agent) marks the conversation answered once.
  const touch = prepared((id: string, at: string, byBot: string) => sql<{ bot_id: string }>`UPDATE conversations
      SET updated_at = ${at}, answered_at = CASE WHEN ${byBot} = 'y' THEN COALESCE(answered_at, ${at}) ELSE answered_at END
      WHERE id = ${id} RETURNING bot_id`.compile(db));
  const insertCitations = prepared((messageId: string, conversationId: string, botId: string, at: string, cited: string) => sql`INSERT INTO citations
      (message_id, conversation_id, bot_id, source_id, title, url, created_at, feedback)
      SELECT ${messageId}, ${conversationId}, ${botId}, json_extract(value, '$.source_id'), json_extract(value, '$.page_title'), json_extract(value, '$.source_url'), ${at}, NULL
      FROM json_each(${cited})`.compile(db));
  const message = (on: Kysely<Tables>, m: NewRow) => insertMessage(on, m.id, m.conversation_id, m.role, m.content, m.citations, m.image_preview, m.agent_name, m.created_at);
  return {
    async start(c, first) {
      await db.transaction().execute(async (tx) => {
        await insertConversation(tx, c.id, c.bot_id, c.session_id, c.created_at);
        await message(tx, first);
        await bump(tx, c.bot_id, first.created_at, 'turns', 1);
      });
    },
    async add(m, byBot, cited) {
      await db.transaction().execute(async (tx) => {
        await message(tx, m);
        const c = (await touch(tx, m.conversation_id, m.created_at, byBot ? 'y' : 'n')).rows[0];
        if (c && cited.length) await insertCitations(tx, m.id, m.conversation_id, c.bot_id, m.created_at, JSON.stringify(cited));
        if (c && m.role === 'user') await bump(tx, c.bot_id, m.created_at, 'turns', 1);
      });
    },
  };
}

/**
 * PostgreSQL: each write is one statement (data-modifying CTEs, atomic like a transaction), so
 * a turn's writes cost one round trip each instead of one per statement plus BEGIN and COMMIT.
 */
function postgresWrites(db: Kysely<Tables>): TurnWrites {
  // The message and the day's turn count (a visitor's message only), after the conversation's CTE `c`.
  const rest = (m: { id: string; conversationId: string; role: string; content: string; citations: string | null; imagePreview: string | null; agentName: string | null; at: string }) => sql`
    m AS (INSERT INTO messages (id, conversation_id, role, content, citations, image_preview, agent_name, created_at)
      VALUES (${m.id}, ${m.conversationId}, ${m.role}, ${m.content}, ${m.citations}, ${m.imagePreview}, ${m.agentName}, ${m.at})),
    d AS (INSERT INTO daily_counters (bot_id, day, name, n) SELECT bot_id, substr(${m.at}::text, 1, 10), 'turns', 1 FROM c WHERE ${m.role}::text = 'user'
      ON CONFLICT (bot_id, day, name) DO UPDATE SET n = daily_counters.n + 1)`;
  const start = prepared((id: string, botId: string, sessionId: string, messageId: string, content: string, imagePreview: string | null, at: string) => sql`WITH
    c AS (INSERT INTO conversations (id, bot_id, session_id, status, created_at, updated_at, waiting_since, assignee)
      VALUES (${id}, ${botId}, ${sessionId}, 'open', ${at}, ${at}, NULL, NULL) RETURNING bot_id),
    ${rest({ id: messageId, conversationId: id, role: 'user', content, citations: null, imagePreview, agentName: null, at })}
    SELECT bot_id FROM c`.compile(db));
  const add = prepared((id: string, conversationId: string, role: string, content: string, citations: string | null, imagePreview: string | null, agentName: string | null, at: string, byBot: string, cited: string) => sql`WITH
    c AS (UPDATE conversations SET updated_at = ${at}, answered_at = CASE WHEN ${byBot}::text = 'y' THEN COALESCE(answered_at, ${at}) ELSE answered_at END
      WHERE id = ${conversationId} RETURNING bot_id),
    ${rest({ id, conversationId, role, content, citations, imagePreview, agentName, at })},
    k AS (INSERT INTO citations (message_id, conversation_id, bot_id, source_id, title, url, created_at, feedback)
      SELECT ${id}, ${conversationId}, c.bot_id, v.source_id, v.page_title, v.source_url, ${at}, NULL
      FROM c, jsonb_to_recordset(${cited}::jsonb) AS v(source_id text, page_title text, source_url text))
    SELECT bot_id FROM c`.compile(db));
  return {
    async start(c, first) {
      await start(db, c.id, c.bot_id, c.session_id, first.id, first.content, first.image_preview, c.created_at);
    },
    async add(m, byBot, cited) {
      await add(db, m.id, m.conversation_id, m.role, m.content, m.citations, m.image_preview, m.agent_name, m.created_at, byBot ? 'y' : 'n', JSON.stringify(cited));
    },
  };
}

export function toMessage(r: MessageRow): Message {
  return {
    id: r.id, role: r.role, content: r.content,
    citations: r.citations ? (JSON.parse(r.citations) as Citation[]) : null,
    feedback: r.feedback, image_preview: r.image_preview, created_at: r.created_at, agent_name: r.agent_name,
  };
}
