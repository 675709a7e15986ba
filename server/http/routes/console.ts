/**
 * The console's views over what the store keeps (issue 14): unanswered questions grouped,
 * knowledge health, contact submissions and the numbers per day, with CSV downloads.
 * Registered by agent.ts inside its authenticated scope.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { STAT_NAMES } from '../../../protocol/codes.ts';
import {
  ContactListQuery, HandledRequest, StatsQuery, UnansweredQuery, type ContactList, type DayStats, type HandledResponse, type KnowledgeHealth, type SourceHealth, type Stats,
  type UnansweredList, type WebhookDeliveryList,
} from '../../../protocol/console.ts';
import { requireAdmin } from './agent-auth.ts';
import type { Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { csv, csvLine } from '../../console/csv.ts';
import { groupQuestions } from '../../console/question-groups.ts';
import type { StoredContactRow } from '../../store/store.ts';
import { parseBody, parseQuery } from '../../config/validate.ts';
import { DEFAULT_PAGE_SIZE } from '../../../protocol/limits.ts';
import { addDays, cursorOf, readCursor } from './query.ts';

/** Unanswered questions are grouped over at most this many of the newest (question-groups.ts is quadratic at worst). */
const MAX_GROUPED = 3000;
const MAX_STAT_DAYS = 366;
const CSV_PAGE = 1000;

type Query = Record<string, string | undefined>;

/** The median of the known values, rounded to a millisecond; null when none. */
function median(values: Array<number | null>): number | null {
  const v = values.filter((x): x is number => x !== null && x >= 0).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = v.length >> 1;
  return Math.round(v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2);
}

const download = (reply: FastifyReply, name: string) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`);

export function consoleRoutes(app: FastifyInstance, ctx: Context) {
  const botName = (id: string) => ctx.config.bots.get(id)?.name ?? '';
  /** A `bot_id` filter must name a configured bot. */
  const botFilter = (value: string | undefined) => {
    if (value === undefined || value === '') return undefined;
    if (!ctx.config.bots.has(value)) throw apiError('invalid_request', 'bot_id: no bot with this id is configured');
    return value;
  };

  app.get('/v1/agent/webhooks/deliveries', async (request): Promise<WebhookDeliveryList> => {
    requireAdmin(request);
    return { deliveries: await ctx.store.deliveries(200) };
  });

  app.get('/v1/agent/unanswered', async (request): Promise<UnansweredList> => {
    const q = parseQuery(UnansweredQuery, request.query);
    const bot_id = botFilter(q.bot_id);
    const handled = q.handled === true;
    const questions = await ctx.store.questions({ bot_id, handled, limit: MAX_GROUPED });
    return { groups: groupQuestions(questions, (id) => ctx.config.bots.get(id)?.language ?? 'en') };
  });

  app.post('/v1/agent/unanswered/handled', async (request): Promise<HandledResponse> => {
    const { question_ids } = parseBody(HandledRequest, request.body);
    return { handled: await ctx.store.markHandled([...new Set(question_ids)]) };
  });

  app.get<{ Querystring: Query }>('/v1/agent/knowledge', async (request): Promise<KnowledgeHealth> => {
    const bot_id = botFilter(request.query.bot_id);
    const used = await ctx.store.sourceUse(bot_id);
    const out = new Map<string, SourceHealth>(used.map((u) => [`${u.bot_id}|${u.source_id}`, { ...u, in_knowledge: false }]));
    // Every document the knowledge has now, cited or not: a never-cited page is worth a look too.
    for (const bot of ctx.config.bots.values()) {
      if (bot_id && bot.id !== bot_id) continue;
      for (const s of ctx.knowledge(bot).sources()) {
        const k = `${bot.id}|${s.source_id}`;
        const known = out.get(k);
        out.set(k, known ? { ...known, title: s.title, url: s.url, in_knowledge: true } : { bot_id: bot.id, ...s, citations: 0, positive: 0, negative: 0, in_knowledge: true });
      }
    }
    return { sources: [...out.values()].sort((a, b) => b.citations - a.citations || a.title.localeCompare(b.title)) };
  });

  const contactPage = (q: ContactListQuery, limit: number) => ctx.store.contactList({
    bot_id: botFilter(q.bot_id),
    limit,
    after: readCursor(q.cursor, (v): v is [string, string] => Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string'), ([created_at, id]) => ({ created_at, id })),
  });
  const contactOut = (r: StoredContactRow) => ({ ...r, bot_name: botName(r.bot_id) });

  app.get('/v1/agent/contacts', async (request): Promise<ContactList> => {
    const q = parseQuery(ContactListQuery, request.query);
    const limit = q.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await contactPage(q, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { contacts: page.map(contactOut), next_cursor: rows.length > limit ? cursorOf([last.created_at, last.id]) : null };
  });

  app.get<{ Querystring: Query }>('/v1/agent/contacts.csv', async (request, reply) => {
    const bot_id = botFilter(request.query.bot_id);
    const rows: StoredContactRow[] = [];
    // Page through all of them; the columns are every field name any submission used.
    for (let after: { created_at: string; id: string } | null = null; ;) {
      const page = await ctx.store.contactList({ bot_id, limit: CSV_PAGE, after });
      rows.push(...page);
      if (page.length < CSV_PAGE) break;
      after = { created_at: page[page.length - 1].created_at, id: page[page.length - 1].id };
    }
    const fields = [...new Set(rows.flatMap((r) => Object.keys(r.fields)))].sort();
    download(reply, 'contacts.csv');
    return csv(['created_at', 'bot', 'conversation_id', 'session_id', ...fields],
      rows.map((r) => [r.created_at, botName(r.bot_id), r.conversation_id ?? '', r.session_id, ...fields.map((f) => r.fields[f] ?? '')]));
  });

  /** The numbers of every day and bot of the range, zeros included. */
  const stats = async (query: unknown): Promise<Stats> => {
    const q = parseQuery(StatsQuery, query);
    const bot_id = botFilter(q.bot_id);
    const to = q.to ?? new Date().toISOString().slice(0, 10);
    const from = q.from ?? addDays(to, -29);
    if (from > to) throw apiError('invalid_request', 'from: must not be after to');
    if (addDays(from, MAX_STAT_DAYS - 1) < to) throw apiError('invalid_request', `to: the range may span at most ${MAX_STAT_DAYS} days`);
    // The day rows, the handoff times and the tags are independent reads: at once (PostgreSQL runs them on separate connections).
    const [rows, times, tags] = await Promise.all([ctx.store.stats({ bot_id, from, to }), ctx.store.handoffTimes({ bot_id, from, to }), ctx.store.tagCounts({ bot_id, from, to })]);
    const found = new Map(rows.map((r) => [`${r.day}|${r.bot_id}`, r]));
    const bots = bot_id ? [bot_id] : [...ctx.config.bots.keys()].sort();
    const days: DayStats[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      for (const b of bots) {
        days.push(found.get(`${d}|${b}`) ?? { day: d, bot_id: b, conversations: 0, turns: 0, deflected: 0, handed_off: 0, unanswered: 0, positive: 0, negative: 0, rate_limited: 0 });
      }
    }
    const sum = (k: keyof DayStats) => days.reduce((a, r) => a + Number(r[k]), 0);
    const since = (at: string | null, from: string) => (at ? Date.parse(at) - Date.parse(from) : null);
    const totals = {
      conversations: sum('conversations'), deflected: sum('deflected'), handed_off: sum('handed_off'), unanswered: sum('unanswered'),
      positive: sum('positive'), negative: sum('negative'),
      first_response_ms: median(times.map((t) => since(t.first_reply_at, t.handed_off_at))),
      resolution_ms: median(times.map((t) => since(t.closed_at, t.handed_off_at))),
    };
    return { from, to, days, totals, tags };
  };

  app.get('/v1/agent/stats', async (request) => stats(request.query));

  app.get('/v1/agent/stats.csv', async (request, reply) => {
    const s = await stats(request.query);
    download(reply, `stats-${s.from}-${s.to}.csv`);
    return csvLine(['day', 'bot_id', 'bot', ...STAT_NAMES]) + s.days.map((r) => csvLine([r.day, r.bot_id, botName(r.bot_id), ...STAT_NAMES.map((k) => r[k])])).join('');
  });
}
