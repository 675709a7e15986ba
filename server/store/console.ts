/**
 * The operator console's queries (issue 14): conversation lists and search (keyset paged),
 * the unanswered questions (the question groups' inputs), knowledge health (how each source
 * was cited and rated), contact submissions, and the numbers per day and bot.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ConversationListStatus } from '../../protocol/codes.ts';
import type { ConversationFilters, DayStats } from '../../protocol/console.ts';
import { MESSAGE_COLUMNS, toMessage } from './conversations.ts';
import type { StoredContact, Visitor } from './identity.ts';
import type { Conversation, Message, QuestionReason } from './records.ts';
import type { DialectName } from './migrations.ts';
import { CONVERSATION, n, nowIso, type Tables } from './tables.ts';

/** The console's conversation filters (protocol/console.ts), with the page asked for. */
export interface ConversationQuery extends ConversationFilters {
  status: ConversationListStatus;
  limit: number;
  /** Only conversations this agent has (the `mine` filter, resolved by the route). */
  assignee?: string;
  /** Keyset: the (updated_at, id) of the last row of the previous page. */
  after?: { updated_at: string; id: string } | null;
}

export interface StoredQuestion { id: string; bot_id: string; conversation_id: string; text: string; reason: QuestionReason; created_at: string; handled_at: string | null }
export interface StoredContactRow extends StoredContact { bot_id: string; conversation_id: string | null; session_id: string }
export interface SourceUse { bot_id: string; source_id: string; title: string; url: string; citations: number; positive: number; negative: number }

/** What a list shows of a conversation besides its row (issue 22: read for a whole page at once). */
export interface SummaryParts { last: Message | null; first: string | null; tags: string[]; visitor: Visitor | null }

export interface ConsoleStore {
  /** For each conversation: its last message, the visitor's first message, its tags, the verified visitor; four queries for any number. */
  summaryParts(conversations: Array<Pick<Conversation, 'id' | 'bot_id' | 'session_id'>>): Promise<Map<string, SummaryParts>>;
  /** One page of conversations, latest activity first (keyset paging: stays fast however deep). */
  queryConversations(q: ConversationQuery): Promise<Conversation[]>;
  /** Records a question the bot could not answer; a second record of one message for one reason is ignored. */
  addQuestion(q: Omit<StoredQuestion, 'id' | 'created_at' | 'handled_at'> & { message_id: string }): Promise<void>;
  /** Questions, newest first; open ones or handled ones. */
  questions(o: { bot_id?: string; handled: boolean; limit: number }): Promise<StoredQuestion[]>;
  markHandled(ids: string[]): Promise<number>;
  /** How often each source was cited and how its answers were rated. */
  sourceUse(botId?: string): Promise<SourceUse[]>;
  /** Contact submissions newest first, keyset-paged by (created_at, id). */
  contactList(o: { bot_id?: string; limit: number; after?: { created_at: string; id: string } | null }): Promise<StoredContactRow[]>;
  /** Per day and bot over [from, to] (days, inclusive); days without activity are absent. */
  stats(o: { bot_id?: string; from: string; to: string }): Promise<DayStats[]>;
  /** Handoffs in [from, to] with when an agent first answered and when the conversation was closed (for the medians). */
  handoffTimes(o: { bot_id?: string; from: string; to: string }): Promise<Array<{ handed_off_at: string; first_reply_at: string | null; closed_at: string | null }>>;
  /** Tags added in [from, to], how many conversations each, most first. */
  tagCounts(o: { bot_id?: string; from: string; to: string }): Promise<Array<{ tag: string; conversations: number }>>;
}

/**
 * The words of a search as the database's full-text query (issue 22): every word, the last also
 * as a prefix. Only letters and digits reach the query syntax, so nothing in it is an operator.
 */
export function searchQuery(d: DialectName, text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (!words.length) return null;
  const last = words.length - 1;
  return d === 'sqlite'
    ? words.map((w, i) => `"${w}"${i === last ? '*' : ''}`).join(' ')
    : words.map((w, i) => `${w}${i === last ? ':*' : ''}`).join(' & ');
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();

export function sqlConsoleStore(db: Kysely<Tables>, dialect: DialectName): ConsoleStore {
  return {
    async summaryParts(conversations: Array<Pick<Conversation, 'id' | 'bot_id' | 'session_id'>>): Promise<Map<string, SummaryParts>> {
      const out = new Map<string, SummaryParts>(conversations.map((c) => [c.id, { last: null, first: null, tags: [], visitor: null }]));
      if (!conversations.length) return out;
      const ids = conversations.map((c) => c.id);
      const sessions = [...new Set(conversations.map((c) => c.session_id))];
      const [last, first, tags, visitors] = await Promise.all([
        db.selectFrom('messages').select(MESSAGE_COLUMNS)
          .where('seq', 'in', (eb) => eb.selectFrom('messages').select((e) => e.fn.max('seq').as('s')).where('conversation_id', 'in', ids).groupBy('conversation_id')).execute(),
        db.selectFrom('messages').select(['conversation_id', 'content'])
          .where('seq', 'in', (eb) => eb.selectFrom('messages').select((e) => e.fn.min('seq').as('s')).where('conversation_id', 'in', ids).where('role', '=', 'user').groupBy('conversation_id')).execute(),
        db.selectFrom('conversation_tags').select(['conversation_id', 'tag']).where('conversation_id', 'in', ids).orderBy('tag').execute(),
        db.selectFrom('visitors').select(['bot_id', 'session_id', 'user_id', 'name', 'email']).where('session_id', 'in', sessions).execute(),
      ]);
      for (const m of last) out.get(m.conversation_id)!.last = toMessage(m);
      for (const m of first) out.get(m.conversation_id)!.first = m.content;
      for (const t of tags) out.get(t.conversation_id)!.tags.push(t.tag);
      for (const c of conversations) {
        const v = visitors.find((x) => x.bot_id === c.bot_id && x.session_id === c.session_id);
        if (v) out.get(c.id)!.visitor = { user_id: v.user_id, name: v.name, email: v.email };
      }
      return out;
    },

    async queryConversations(q: ConversationQuery): Promise<Conversation[]> {
      let s = db.selectFrom('conversations as c').select(CONVERSATION.map((k) => `c.${k}` as const));
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
      if (q.assignee) s = s.where('c.assignee', '=', q.assignee);
      if (q.tag) {
        const tag = q.tag;
        s = s.where('c.id', 'in', (eb) => eb.selectFrom('conversation_tags as t').select('t.conversation_id').where('t.tag', '=', tag));
      }
      // Full-text search (migration 006): the matching messages come from the index first, then
      // their conversations. On PostgreSQL the matches are gathered once (ARRAY) and their
      // conversations looked up by key: the planner, unable to estimate a prefix, otherwise walked
      // or hashed every conversation (seconds at first, then 13 ms of a 23 ms rare search).
      const match = q.q ? searchQuery(dialect, q.q) : null;
      if (q.q && !match) return [];
      if (match && dialect === 'sqlite') {
        s = s.where(sql<boolean>`c.id IN (SELECT m.conversation_id FROM messages m WHERE m.seq IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ${match}))`);
      } else if (match) {
        s = s.where(sql<boolean>`c.id = ANY(ARRAY(SELECT m.conversation_id FROM messages m WHERE m.search @@ to_tsquery('chat_search', ${match})))`);
      }
      if (q.after) {
        const a = q.after;
        s = s.where((eb) => eb.or([eb('c.updated_at', '<', a.updated_at), eb.and([eb('c.updated_at', '=', a.updated_at), eb('c.id', '<', a.id)])]));
      }
      return s.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(q.limit).execute();
    },

    async addQuestion(q: Omit<StoredQuestion, 'id' | 'created_at' | 'handled_at'> & { message_id: string }) {
      await db.insertInto('questions').values({ ...q, id: randomUUID(), created_at: nowIso(), handled_at: null })
        .onConflict((oc) => oc.columns(['message_id', 'reason']).doNothing()).execute();
    },

    async questions(o: { bot_id?: string; handled: boolean; limit: number }): Promise<StoredQuestion[]> {
      let s = db.selectFrom('questions').select(['id', 'bot_id', 'conversation_id', 'text', 'reason', 'created_at', 'handled_at'])
        .where('handled_at', o.handled ? 'is not' : 'is', null);
      if (o.bot_id) s = s.where('bot_id', '=', o.bot_id);
      return s.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(o.limit).execute();
    },

    async markHandled(ids: string[]): Promise<number> {
      if (!ids.length) return 0;
      const r = await db.updateTable('questions').set({ handled_at: nowIso() }).where('id', 'in', ids).where('handled_at', 'is', null).executeTakeFirst();
      return n(r.numUpdatedRows);
    },

    async sourceUse(botId?: string): Promise<SourceUse[]> {
      let s = db.selectFrom('citations as c')
        .select((eb) => [
          'c.bot_id', 'c.source_id', eb.fn.max('c.title').as('title'), eb.fn.max('c.url').as('url'), eb.fn.countAll().as('citations'),
          sql<number>`SUM(CASE WHEN c.feedback = 'positive' THEN 1 ELSE 0 END)`.as('positive'),
          sql<number>`SUM(CASE WHEN c.feedback = 'negative' THEN 1 ELSE 0 END)`.as('negative'),
        ])
        .groupBy(['c.bot_id', 'c.source_id']);
      if (botId) s = s.where('c.bot_id', '=', botId);
      const rows = await s.execute();
      return rows.map((r) => ({ bot_id: r.bot_id, source_id: r.source_id, title: String(r.title), url: String(r.url), citations: n(r.citations), positive: n(r.positive), negative: n(r.negative) }));
    },

    async contactList(o: { bot_id?: string; limit: number; after?: { created_at: string; id: string } | null }): Promise<StoredContactRow[]> {
      let s = db.selectFrom('contact_submissions').select(['id', 'bot_id', 'conversation_id', 'session_id', 'fields', 'created_at']);
      if (o.bot_id) s = s.where('bot_id', '=', o.bot_id);
      const a = o.after;
      if (a) s = s.where((eb) => eb.or([eb('created_at', '<', a.created_at), eb.and([eb('created_at', '=', a.created_at), eb('id', '<', a.id)])]));
      const rows = await s.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(o.limit).execute();
      return rows.map((r) => ({ ...r, fields: JSON.parse(r.fields) as Record<string, string> }));
    },

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
      const started = await db.selectFrom('conversations as c')
        .select((eb) => [day('c.created_at').as('day'), 'c.bot_id', eb.fn.countAll().as('n'),
          sql<number>`SUM(CASE WHEN c.handed_off_at IS NULL AND c.answered_at IS NOT NULL THEN 1 ELSE 0 END)`.as('deflected')])
        .where('c.created_at', '>=', lo).where('c.created_at', '<', hi).$if(!!bot, (q) => q.where('c.bot_id', '=', bot!))
        .groupBy([day('c.created_at'), 'c.bot_id']).execute();
      for (const r of started) {
        add(r.day, r.bot_id, 'conversations', r.n);
        add(r.day, r.bot_id, 'deflected', r.deflected);
      }
      const handed = await db.selectFrom('conversations as c').select((eb) => [day('c.handed_off_at').as('day'), 'c.bot_id', eb.fn.countAll().as('n')])
        .where('c.handed_off_at', '>=', lo).where('c.handed_off_at', '<', hi).$if(!!bot, (q) => q.where('c.bot_id', '=', bot!))
        .groupBy([day('c.handed_off_at'), 'c.bot_id']).execute();
      for (const r of handed) add(r.day, r.bot_id, 'handed_off', r.n);
      const unanswered = await db.selectFrom('questions as q').select((eb) => [day('q.created_at').as('day'), 'q.bot_id', eb.fn.countAll().as('n')])
        .where('q.reason', '=', 'no_answer').where('q.created_at', '>=', lo).where('q.created_at', '<', hi).$if(!!bot, (q) => q.where('q.bot_id', '=', bot!))
        .groupBy([day('q.created_at'), 'q.bot_id']).execute();
      for (const r of unanswered) add(r.day, r.bot_id, 'unanswered', r.n);
      const counters = await db.selectFrom('daily_counters').select(['day', 'bot_id', 'name', 'n'])
        .where('day', '>=', o.from).where('day', '<=', o.to).$if(!!bot, (q) => q.where('bot_id', '=', bot!)).execute();
      // Turns, ratings and 429s are counted as they happen (usage.ts dailyCounter()), a few rows per day and bot.
      for (const r of counters) {
        if (r.name === 'turns' || r.name === 'positive' || r.name === 'negative' || r.name === 'rate_limited') add(r.day, r.bot_id, r.name, r.n);
      }
      return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.bot_id.localeCompare(b.bot_id));
    },

    async handoffTimes(o: { bot_id?: string; from: string; to: string }) {
      const rows = await db.selectFrom('conversations as c')
        .select((eb) => [
          'c.handed_off_at',
          eb.selectFrom('messages as m').select((e) => e.fn.min('m.created_at').as('x'))
            .whereRef('m.conversation_id', '=', 'c.id').where('m.agent_name', 'is not', null).whereRef('m.created_at', '>=', 'c.handed_off_at').as('first_reply_at'),
          eb.selectFrom('conversation_events as e').select((e) => e.fn.min('e.created_at').as('x'))
            .whereRef('e.conversation_id', '=', 'c.id').where('e.type', '=', 'closed').whereRef('e.created_at', '>=', 'c.handed_off_at').as('closed_at'),
        ])
        .where('c.handed_off_at', '>=', dayStart(o.from)).where('c.handed_off_at', '<', dayAfter(o.to))
        .$if(!!o.bot_id, (q) => q.where('c.bot_id', '=', o.bot_id!)).limit(50_000).execute();
      return rows.map((r) => ({ handed_off_at: r.handed_off_at!, first_reply_at: (r.first_reply_at as string | null) ?? null, closed_at: (r.closed_at as string | null) ?? null }));
    },

    async tagCounts(o: { bot_id?: string; from: string; to: string }) {
      const rows = await db.selectFrom('conversation_tags').select((eb) => ['tag', eb.fn.countAll().as('n')])
        .where('created_at', '>=', dayStart(o.from)).where('created_at', '<', dayAfter(o.to))
        .$if(!!o.bot_id, (q) => q.where('bot_id', '=', o.bot_id!)).groupBy('tag').execute();
      return rows.map((r) => ({ tag: r.tag, conversations: n(r.n) })).sort((a, b) => b.conversations - a.conversations || a.tag.localeCompare(b.tag));
    },
  };
}
