// The operator console's queries at scale (issue 14): 100,000 conversations (five messages
// each, spread over 90 days, with feedback, unanswered questions, citations, contacts and
// handoffs), written in bulk into the store's tables, then read through the real agent API over
// HTTP: the first page, a page 40 cursors deep, filtered pages, full-text search, the numbers
// of 30 days, unanswered groups and knowledge health. The tables are the migrations' own: the
// store is opened by the compiled server's code (dist/server, as bench/serve.mjs runs it) and
// the rows go through its Kysely instance. SQLite (the embedded default) and PostgreSQL when
// it answers.
//   node bench/console.mjs [--quick]      (after npm run build)
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openStore } from '../dist/server/server/store/open.js';
import { countDailyFromMessages } from '../dist/server/server/store/migrations.js';
import { fmt, fmtInt, log, main, outDir, percentile, startOurServer } from './common.mjs';
import { BOTS, writeBenchConfig } from './config.mjs';
import { scratchDatabase } from './scale-out.mjs';

const TOKEN = 'bench-console-token-0123456789';
const WORDS = ['export', 'share', 'notebook', 'sync', 'refund', 'invoice', 'password', 'offline', 'tags', 'search', 'calendar', 'reminder', 'team', 'plan', 'pdf'];
const DAY = 86_400_000;

/** The rows of `n` conversations, deterministic but varied, in batches for the caller to insert. */
function* rows(n, botIds, batch = 2000) {
  const now = Date.now();
  let out = { conversations: [], messages: [], questions: [], citations: [], contacts: [] };
  for (let i = 0; i < n; i++) {
    const bot = botIds[i % botIds.length];
    const start = now - ((i * 7919) % (90 * DAY));
    const id = randomUUID();
    const handed = i % 17 === 0;
    const t = (k) => new Date(start + k * 60_000).toISOString();
    const status = handed ? (i % 3 ? 'closed' : 'handoff') : i % 5 ? 'open' : 'closed';
    out.conversations.push({ id, bot_id: bot, session_id: `s-${i}`, status, created_at: t(0), updated_at: t(4), waiting_since: status === 'handoff' ? t(3) : null, assignee: null, handed_off_at: handed ? t(3) : null, answered_at: t(1) });
    for (let k = 0; k < 5; k++) {
      const role = k % 2 ? 'assistant' : 'user';
      const w = WORDS[(i + k) % WORDS.length];
      const mid = randomUUID();
      const feedback = role === 'assistant' && i % 11 === 0 ? (i % 2 ? 'negative' : 'positive') : null;
      out.messages.push({ id: mid, conversation_id: id, role, content: role === 'user' ? `How do I ${w} my ${WORDS[(i * 3 + k) % WORDS.length]} in Lumen ${i}?` : `To ${w}, open Settings and choose ${w}. (${i})`, citations: null, feedback, image_preview: null, agent_name: null, created_at: t(k) });
      if (role === 'assistant' && i % 4 === 0) out.citations.push({ message_id: mid, conversation_id: id, bot_id: bot, source_id: `${w}.md`, title: `About ${w}`, url: '', created_at: t(k), feedback });
      if (role === 'user' && k === 2 && i % 13 === 0) out.questions.push({ id: randomUUID(), bot_id: bot, conversation_id: id, message_id: mid, text: `How do I ${w} my notes offline?`, reason: 'no_answer', created_at: t(k), handled_at: null });
    }
    if (i % 29 === 0) out.contacts.push({ id: randomUUID(), bot_id: bot, conversation_id: id, session_id: `s-${i}`, fields: JSON.stringify({ email: `v${i}@example.com` }), created_at: t(4) });
    if (out.conversations.length >= batch) {
      yield out;
      out = { conversations: [], messages: [], questions: [], citations: [], contacts: [] };
    }
  }
  if (out.conversations.length) yield out;
}

const TABLES = ['conversations', 'messages', 'questions', 'citations', 'contact_submissions'];
const key = { contact_submissions: 'contacts' };
/** Rows per INSERT: 10,000 values for a message batch, under both engines' limits on parameters. */
const CHUNK = 1000;

/**
 * Writes the rows through the store's own Kysely instance (the same on SQLite and PostgreSQL),
 * one transaction per batch, then the per-day counts the store keeps as messages and ratings
 * arrive, with the statements migration 003 fills them with.
 */
export async function fill(store, n, botIds) {
  for (const b of rows(n, botIds)) {
    await store.db.transaction().execute(async (tx) => {
      for (const table of TABLES) {
        const list = b[key[table] ?? table];
        for (let i = 0; i < list.length; i += CHUNK) await tx.insertInto(table).values(list.slice(i, i + CHUNK)).execute();
      }
    });
  }
  await countDailyFromMessages(store.db);
  await sql`ANALYZE`.execute(store.db);
}

async function timed(url, path, times) {
  const ms = [];
  let body;
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${TOKEN}` } });
    body = await res.json();
    ms.push(performance.now() - t);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  }
  return { ms, body };
}

async function measureOne(setup, n, times) {
  const configPath = writeBenchConfig({ name: `console-${setup.name}` });
  // The bench config plus an agent for the console.
  const config = JSON.parse((await import('node:fs')).readFileSync(configPath, 'utf8'));
  config.agents = [{ name: 'Bench', token: TOKEN, role: 'admin' }];
  writeFileSync(configPath, JSON.stringify(config));
  const dataDir = outDir('console', `${setup.name}-${randomBytes(3).toString('hex')}`);
  const args = setup.databaseUrl ? ['--database-url', setup.databaseUrl] : [];
  // The store as the server opens it (the migrations create the tables), filled, closed; then the server.
  const t0 = performance.now();
  const botIds = [BOTS.load, BOTS.page, BOTS.stream, BOTS.hold];
  const store = await openStore({ dataDir, databaseUrl: setup.databaseUrl });
  try {
    await fill(store, n, botIds);
  } finally {
    await store.close();
  }
  log(`${setup.name}: ${fmtInt(n)} conversations written in ${fmt((performance.now() - t0) / 1000)} s`);
  const server = await startOurServer({ configPath, dataDir, args });
  try {
    const L = '/v1/agent/conversations';
    const today = new Date().toISOString().slice(0, 10);
    const from30 = new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10);
    // A cursor 40 pages (2,000 conversations) deep, found by walking there.
    let cursor = null;
    for (let i = 0; i < 40; i++) cursor = (await timed(server.url, `${L}?status=all${cursor ? `&cursor=${cursor}` : ''}`, 1)).body.next_cursor;
    const queries = [
      ['first page, every conversation', `${L}?status=all`],
      ['page 41 (cursor 2,000 deep)', `${L}?status=all&cursor=${cursor}`],
      ['one bot, thumbs-down only', `${L}?status=all&bot_id=${BOTS.load}&feedback=negative`],
      ['unanswered, last 30 days', `${L}?status=all&unanswered=true&from=${from30}&to=${today}`],
      ['search one word', `${L}?status=all&q=invoice`],
      ['search two words, one rare', `${L}?status=all&q=${encodeURIComponent('refund 4242')}`],
      ['search two words, last a prefix', `${L}?status=all&q=${encodeURIComponent('invoice 424')}`],
      ['search two common words', `${L}?status=all&q=${encodeURIComponent('export settings')}`],
      ['numbers, 30 days, every bot', `/v1/agent/stats?from=${from30}&to=${today}`],
      ['unanswered questions, grouped', '/v1/agent/unanswered'],
      ['knowledge health', '/v1/agent/knowledge'],
      ['contacts, first page', '/v1/agent/contacts'],
    ];
    const out = [];
    for (const [what, path] of queries) {
      await timed(server.url, path, 2); // warm
      const { ms } = await timed(server.url, path, times);
      out.push([setup.name, what, fmt(percentile(ms, 50)), fmt(percentile(ms, 95)), fmt(Math.max(...ms))]);
    }
    return out;
  } finally {
    await server.stop();
  }
}

async function pgScratch() {
  try {
    return await scratchDatabase();
  } catch (e) {
    log(`PostgreSQL not reachable (${e.message}): SQLite only`);
    return null;
  }
}

export async function measure({ quick = false } = {}) {
  const n = quick ? 10_000 : 100_000;
  const times = quick ? 5 : 20;
  // --postgres-only: the PostgreSQL half alone (when tuning its plans).
  const rowsOut = process.argv.includes('--postgres-only') ? [] : [...(await measureOne({ name: 'SQLite' }, n, times))];
  const scratch = await pgScratch();
  if (scratch) {
    try {
      rowsOut.push(...(await measureOne({ name: 'PostgreSQL', databaseUrl: scratch.url }, n, times)));
    } finally {
      await scratch.drop();
    }
  }
  return {
    title: `Operator console queries over ${fmtInt(n)} conversations (agent API over HTTP)`,
    tables: [{ headers: ['store', 'request', 'p50 ms', 'p95 ms', 'max ms'], rows: rowsOut }],
    notes: [
      `${fmtInt(n)} conversations × 5 messages over 90 days, 4 bots; every 11th has feedback, every 13th an unanswered question, every 17th a handoff, every 29th a contact submission; ${times} requests per line after 2 warm-ups, one at a time, from the same machine.`,
      'Pages are 50 conversations, each with its last message and visitor: the page cost includes those reads.',
      `Search is full-text (issue 22): SQLite FTS5 (porter tokenizer) and PostgreSQL tsvector with a GIN index, both kept by migration 006; every word in one message, the last word as a prefix, English stemming. Its cost follows how many messages match, not how many are stored (${fmtInt(n * 5)} messages here).`,
    ],
  };
}

await main(import.meta.url, measure);
