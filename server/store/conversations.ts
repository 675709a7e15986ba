/**
 * Conversations and their messages: started by a visitor, answered by the bot or a person,
 * rated, claimed by an agent, and the events of their life (handoff, notes, claims).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ConversationEvent, VisitorContext } from '../../protocol/console.ts';
import type { Citation, Conversation, ConversationStatus, Feedback, Message, Role } from './records.ts';
import { CONVERSATION, nowIso, type MessageRow, type Tables } from './tables.ts';

/** A message's columns (not PostgreSQL's search vector, which only the search reads). */
export const MESSAGE_COLUMNS = ['seq', 'id', 'conversation_id', 'role', 'content', 'citations', 'feedback', 'image_preview', 'agent_name', 'created_at'] as const;
import { bump } from './usage.ts';

export interface NewMessage { role: Role; content: string; citations?: Citation[] | null; image_preview?: string | null; agent_name?: string | null }
export type ClaimResult = { ok: true; conversation: Conversation } | { ok: false; holder: string } | undefined;
export type ConversationEventInput = Pick<ConversationEvent, 'type'> & Partial<Pick<ConversationEvent, 'agent_name' | 'note' | 'message_id'>>;

export interface ConversationStore {
  createConversation(botId: string, sessionId: string): Promise<Conversation>;
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

  /** Stores a message and touches its conversation's `updated_at`, in one transaction. */
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

export function sqlConversationStore(db: Kysely<Tables>): ConversationStore {
  async function getConversation(id: string): Promise<Conversation | undefined> {
    return db.selectFrom('conversations').select(CONVERSATION).where('id', '=', id).executeTakeFirst();
  }

  return {
    async createConversation(botId: string, sessionId: string): Promise<Conversation> {
      const at = nowIso();
      const c: Conversation = { id: randomUUID(), bot_id: botId, session_id: sessionId, status: 'open', created_at: at, updated_at: at, waiting_since: null, assignee: null, claimed_at: null };
      await db.insertInto('conversations').values(c).execute();
      return c;
    },

    getConversation,

    async ownedConversation(id: string, sessionId: string): Promise<Conversation | undefined> {
      // The session that started it, or (identity verification) a session linked to the same verified user of the bot.
      return db.selectFrom('conversations').select(CONVERSATION).where('id', '=', id)
        .where((eb) => eb.or([
          eb('session_id', '=', sessionId),
          eb.exists(eb.selectFrom('visitors as a')
            .innerJoin('visitors as b', (j) => j.onRef('b.bot_id', '=', 'a.bot_id').onRef('b.user_id', '=', 'a.user_id'))
            .select('a.user_id')
            .whereRef('a.bot_id', '=', 'conversations.bot_id').whereRef('a.session_id', '=', 'conversations.session_id')
            .where('b.session_id', '=', sessionId)),
        ]))
        .executeTakeFirst();
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
      const msg: Message = {
        id: randomUUID(), role: m.role, content: m.content, citations: m.citations ?? null, feedback: null,
        image_preview: m.image_preview ?? null, created_at: nowIso(), agent_name: m.agent_name ?? null,
      };
      await db.transaction().execute(async (tx) => {
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
    },

    async messages(conversationId: string, afterId?: string): Promise<Message[] | 'unknown_after'> {
      let fromSeq: number | string = 0;
      if (afterId !== undefined) {
        const row = await db.selectFrom('messages').select('seq').where('id', '=', afterId).where('conversation_id', '=', conversationId).executeTakeFirst();
        if (!row) return 'unknown_after';
        fromSeq = row.seq;
      }
      const rows = await db.selectFrom('messages').select(MESSAGE_COLUMNS).where('conversation_id', '=', conversationId).where('seq', '>', fromSeq).orderBy('seq').execute();
      return rows.map(toMessage);
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

export function toMessage(r: MessageRow): Message {
  return {
    id: r.id, role: r.role, content: r.content,
    citations: r.citations ? (JSON.parse(r.citations) as Citation[]) : null,
    feedback: r.feedback, image_preview: r.image_preview, created_at: r.created_at, agent_name: r.agent_name,
  };
}
