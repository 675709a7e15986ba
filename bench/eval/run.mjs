// Answer quality, measured end to end on knowledge nobody tuned for. One real server (the
// compiled one, bench/serve.mjs around startServer) with one bot per set of bench/eval/sets/
// (format: bench/eval/sets/README.md) answers every question over HTTP; earlier turns
// (`before`) are asked first in the same conversation. Reports each set's dev half (what we
// tune against) beside its test half (never tuned against), per kind, with the length of
// correct answers against the sentence that holds the fact.
//   npm run eval                      (node bench/eval/run.mjs; --json FILE for bench/run.mjs)
//   npm run eval -- --set fastify-docs --split dev --misses   (one set, one half, list the misses)
//   npm run eval -- --batch 4         (only the questions of one batch: their `batch` field, e.g. 4 =
//                                     the fresh dev batch written before any tuning on it)
//   npm run eval -- --engine openai --base-url http://127.0.0.1:11434/v1 --model NAME [--api-key-env VAR]
//                                     (the same questions to the model engine instead of the built-in one)
//   npm run eval -- --embeddings-model NAME [--embeddings-base-url URL] [--embeddings-api-key-env VAR]
//                   [--embeddings-timeout-ms MS] [--embeddings-batch-size N]
//                                     (retrieval fused with an embeddings endpoint's nearest passages,
//                                     knowledge.embeddings; the URL defaults to --base-url; with any engine;
//                                     a slow local model needs a longer timeout than the server's 3 s)
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { ROOT, fmt, main, median, outDir, startOurServer } from '../common.mjs';

const SETS_DIR = fileURLToPath(new URL('./sets', import.meta.url));
/** The closed list of question kinds (sets/README.md), by how each is scored; ask.ts reads the same file. */
const kinds = JSON.parse(readFileSync(new URL('./kinds.json', import.meta.url), 'utf8'));
export const ANSWERABLE = kinds.answerable;
export const DONT_KNOW = kinds.dontKnow;
export const KINDS = [...ANSWERABLE, ...DONT_KNOW, ...kinds.handled];
const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** Every set: its description, its questions (regexes compiled), and a bot id. */
export function loadSets(only = arg('set')) {
  return readdirSync(SETS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (!only || only.split(',').includes(d.name)))
    .map((d, i) => {
      const dir = join(SETS_DIR, d.name);
      const meta = JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8'));
      const questions = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8')).map((q) => ({
        ...q, set: d.name, expect: (q.expect ?? []).map((s) => new RegExp(s, 'i')),
      }));
      const bot = `00000000-0000-4000-8000-${String(0xe7a11000 + i).padStart(12, '0')}`;
      return { name: d.name, dir, meta, questions, bot };
    });
}

/**
 * The engine every bot answers with: the built-in one, or with `--engine openai` a model behind
 * an OpenAI-compatible API, so a model is measured on the same questions and the same judge.
 */
function engineConfig() {
  const type = arg('engine') ?? 'extractive';
  if (type === 'extractive') return { type, chunk_delay_ms: 0 };
  if (type !== 'openai') throw new Error(`--engine: "${type}" is not an engine (extractive or openai)`);
  const baseUrl = arg('base-url');
  const model = arg('model');
  if (!baseUrl || !model) throw new Error('--engine openai needs --base-url (an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1) and --model');
  return { type, base_url: baseUrl, model, ...(arg('api-key-env') ? { api_key_env: arg('api-key-env') } : {}) };
}
const engineName = () => (arg('engine') === 'openai' ? `model engine, ${arg('model')}` : 'built-in extractive engine')
  + (arg('embeddings-model') ? `, retrieval fused with ${arg('embeddings-model')}` : '');

/** With `--embeddings-model`: every bot's knowledge.embeddings; none otherwise (lexical retrieval, as shipped). */
function embeddingsConfig() {
  const model = arg('embeddings-model');
  if (!model) return {};
  const baseUrl = arg('embeddings-base-url') ?? arg('base-url');
  if (!baseUrl) throw new Error('--embeddings-model needs --embeddings-base-url (or --base-url): an OpenAI-compatible API with /embeddings');
  const keyEnv = arg('embeddings-api-key-env') ?? arg('api-key-env');
  // A model on this machine's CPU takes seconds per batch of passages, past the server's default
  // per-request timeout (3 s): give it longer, and smaller batches, rather than measure timeouts.
  const timeout = arg('embeddings-timeout-ms');
  const batch = arg('embeddings-batch-size');
  return { embeddings: { base_url: baseUrl, model, ...(keyEnv ? { api_key_env: keyEnv } : {}), ...(timeout ? { timeout_ms: Number(timeout) } : {}), ...(batch ? { batch_size: Number(batch) } : {}) } };
}

/** The passages' vectors are made in the background after start: questions wait for them, or they would be measured lexically. */
async function vectorsReady(server) {
  if (!arg('embeddings-model')) return;
  const started = Date.now();
  while (!(await server.ask('vectors')).complete) {
    if (Date.now() - started > 30 * 60_000) throw new Error('the passages\' vectors were not made within 30 minutes: is the embeddings endpoint answering? (the server log says)');
    // Asked again a second later, not at once: a busy loop of questions kept the server's event
    // loop, which makes the vectors, answering them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function writeConfig(sets) {
  const config = {
    trust_proxy: true,
    workspaces: [{ id: 'eval', credits: null, trial_ends_at: null, chat_limit_per_month: null }],
    bots: sets.map((s) => ({
      id: s.bot, workspace_id: 'eval', name: s.meta.title, language: s.meta.language ?? 'en', privacy: 'public', active: true,
      allowed_domains: ['localhost'], include_links_in_responses: true, citations_enabled: true,
      welcome_message: 'Hi!',
      knowledge: { dir: join(s.dir, 'knowledge'), documents: [], ...embeddingsConfig() },
      engine: engineConfig(),
      handoff: { enabled: false },
      filters: { blocked_terms: [], redact: [] },
    })),
  };
  const path = join(outDir('config'), 'eval.json');
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

let client = 0;
/** One chat turn over HTTP; each conversation from its own client address (rate limits are per address). */
async function ask(url, bot, message, conversationId, address) {
  const res = await fetch(`${url}/v1/public/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': address },
    body: JSON.stringify({ bot_id: bot, session_id: 'eval-session', message, ...(conversationId ? { conversation_id: conversationId } : {}) }),
  });
  if (res.status !== 200) throw new Error(`${res.status} for "${message}": ${await res.text()}`);
  let text = '';
  let done = null;
  const parser = createParser({
    onEvent(e) {
      const ev = JSON.parse(e.data);
      if (ev.type === 'content') text += ev.content;
      if (ev.type === 'replace') text = ev.content;
      if (ev.type === 'done' || ev.type === 'error') done = ev;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
  if (done?.type !== 'done') throw new Error(`no done event for "${message}": ${JSON.stringify(done)}`);
  return { text, citations: done.citations ?? [], conversationId: done.conversation_id };
}

/**
 * The server's own "don't know" lines in every language (server/engines/phrases.ts, compiled):
 * an answer is a "don't know" when it is one of them and cites nothing.
 */
async function dontKnowLines() {
  const { serverLines } = await import(join(ROOT, 'dist', 'server', 'server', 'engines', 'phrases.js'));
  return serverLines();
}

/** Judges one answer: `ok` is the kind's own success; `wrongCited` an answer that cites a source but is not right. */
export function judge(q, { text, citations }, lines) {
  const cited = citations.map((c) => c.source_id);
  const said = lines.get(text.trim());
  const dontKnow = said !== undefined && said.dontKnow && cited.length === 0;
  const correct = !said && q.expect.length > 0 && q.expect.every((re) => re.test(text));
  if (ANSWERABLE.includes(q.kind)) {
    return { ok: correct, citation: cited.includes(q.source), wrongCited: !correct && cited.length > 0, dontKnow };
  }
  if (DONT_KNOW.includes(q.kind)) return { ok: dontKnow, wrongCited: !dontKnow && cited.length > 0, dontKnow };
  if (q.kind === 'small-talk') return { ok: !!said && !said.dontKnow && cited.length === 0, wrongCited: cited.length > 0, dontKnow };
  // other-language: the built-in engine cannot translate; an honest line in the visitor's
  // language is right, and so is the right answer with its citation.
  const honest = !!said && said.language === (q.lang ?? 'en') && cited.length === 0;
  const answered = correct && cited.includes(q.source);
  return { ok: honest || answered, wrongCited: !answered && cited.length > 0, dontKnow };
}

/** The fresh batches whose misses nobody has read yet (sets/unread.json): counted, never listed unless asked (--misses). */
export function unreadBatches() {
  const file = join(SETS_DIR, 'unread.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).batches : [];
}

/** `--batch N`: only the questions whose `batch` field is N (questions without one belong to no batch). */
function batchArg() {
  const value = arg('batch');
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--batch: "${value}" is not a batch number (a whole number, e.g. 4)`);
  return n;
}

async function askAll(url, sets, split, batch) {
  const lines = await dontKnowLines();
  const results = [];
  for (const s of sets) {
    for (const q of s.questions) {
      if (split && q.split !== split) continue;
      if (batch !== undefined && q.batch !== batch) continue;
      const address = `10.77.${(++client >> 8) & 255}.${client & 255}`;
      let conversationId = null;
      for (const before of q.before ?? []) conversationId = (await ask(url, s.bot, before, conversationId, address)).conversationId;
      const answer = await ask(url, s.bot, q.ask, conversationId, address);
      results.push({ q, answer, verdict: judge(q, answer, lines) });
    }
  }
  return results;
}

const pct = (n, d) => (d ? `${fmt((100 * n) / d, 0)}% (${n}/${d})` : '–');
/** Median of (answer length / fact length) over correct answers that name their fact sentence. */
function lengthRatio(rs) {
  const xs = rs.filter((r) => r.verdict.ok && ANSWERABLE.includes(r.q.kind) && r.q.fact).map((r) => r.answer.text.length / r.q.fact.length);
  return xs.length ? `${fmt(median(xs), 1)}×` : '–';
}

function summary(rs) {
  const answerable = rs.filter((r) => ANSWERABLE.includes(r.q.kind));
  const unknown = rs.filter((r) => DONT_KNOW.includes(r.q.kind));
  const other = rs.filter((r) => !ANSWERABLE.includes(r.q.kind) && !DONT_KNOW.includes(r.q.kind));
  return {
    count: rs.length,
    answered: pct(answerable.filter((r) => r.verdict.ok).length, answerable.length),
    cited: pct(answerable.filter((r) => r.verdict.citation).length, answerable.length),
    honest: pct(unknown.filter((r) => r.verdict.ok).length, unknown.length),
    other: pct(other.filter((r) => r.verdict.ok).length, other.length),
    wrongCited: String(rs.filter((r) => r.verdict.wrongCited).length),
    length: lengthRatio(rs),
  };
}
const row = (label, dev, test) => [label, ...['count', 'answered', 'cited', 'honest', 'other', 'wrongCited', 'length'].map((k) => `${dev[k]} · ${test[k]}`)];
const HEADERS = ['', 'questions', 'answerable: right', 'right source cited', 'don\'t know when it should', 'small talk, other language', 'wrong answers with a citation', 'answer length / fact sentence (median)'];

export async function measure() {
  const sets = loadSets();
  if (!sets.length) throw new Error(`no evaluation set in ${SETS_DIR}`);
  if (!existsSync(join(ROOT, 'dist', 'server', 'server', 'engines', 'phrases.js'))) throw new Error('the server is not built: npm run build');
  const batch = batchArg();
  const dataDir = outDir('eval-data');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startOurServer({ configPath: writeConfig(sets), dataDir });
  let results;
  try {
    await vectorsReady(server);
    results = await askAll(server.url, sets, arg('split'), batch);
  } finally {
    await server.stop();
  }
  const of = (split, f = () => true) => summary(results.filter((r) => r.q.split === split && f(r)));
  const bySet = sets.map((s) => row(`${s.name}${s.meta.written_here ? '' : ' (real docs)'}${s.meta.all_dev ? ' (all dev: tuned)' : ''}`, of('dev', (r) => r.q.set === s.name), of('test', (r) => r.q.set === s.name)));
  const fresh = (r) => !sets.find((s) => s.name === r.q.set).meta.all_dev;
  const byKind = KINDS.map((k) => row(k, of('dev', (r) => r.q.kind === k && fresh(r)), of('test', (r) => r.q.kind === k)));
  const misses = results.filter((r) => !r.verdict.ok || r.verdict.wrongCited);
  const showMisses = process.argv.includes('--misses');
  const unread = unreadBatches();
  const visible = showMisses ? misses : misses.filter((r) => r.q.split === 'dev' && !unread.includes(r.q.batch));
  const hidden = showMisses ? 0 : misses.filter((r) => r.q.split === 'dev' && unread.includes(r.q.batch)).length;
  return {
    title: `Answer quality on knowledge nobody tuned for (${engineName()}, bench/eval)`,
    tables: [
      { caption: 'Per set, dev · test (the test half is never tuned against):', headers: HEADERS, rows: [row('all sets, untuned (dev · test)', of('dev', fresh), of('test')), ...bySet] },
      { caption: 'Per kind over the untuned sets, dev · test:', headers: HEADERS, rows: byKind },
      ...(visible.length ? [{
        caption: showMisses ? 'Questions not answered as expected:' : `Dev questions not answered as expected (the test half's misses are not listed, so nobody tunes against them${hidden ? `, nor the ${hidden} of the unread batches ${unread.join(', ')} (sets/unread.json)` : ''}; --misses shows them):`,
        headers: ['set', 'split', 'kind', 'question', 'expected', 'answer (first 160 characters)', 'cited'],
        rows: visible.map((r) => [r.q.set, r.q.split, r.q.kind, (r.q.before ? `[${r.q.before.join(' / ')}] ` : '') + r.q.ask, r.q.source ?? '(don\'t know)', r.answer.text.replace(/\s+/g, ' ').slice(0, 160), r.answer.citations.map((c) => c.source_id).join(', ') || '–']),
      }] : []),
    ],
    notes: [
      `${results.length} questions over ${sets.length} sets (${sets.filter((s) => !s.meta.written_here).length} of real documentation nobody here wrote), asked over HTTP to the real server; formats: ${sets.map((s) => s.meta.format).join('; ')}.`,
      'Answerable: right when every expected fact is in the answer and it is not one of the server\'s own lines. Don\'t know (near misses, unanswerable): the server\'s "don\'t know" line in the bot\'s language and nothing cited.',
      'Small talk: one of the server\'s own brief replies, nothing cited. Other language (a German, Spanish or French question over English pages): an honest line in the visitor\'s language, or the right answer with the right citation.',
      'Answer length: median over right answers of the answer\'s characters divided by those of the source sentence(s) that hold the fact (target ≤ 2×).',
      'The cobalt-ebike set was tuned against in earlier sessions: all of it is dev and it is left out of the "untuned" rows.',
      ...(hidden ? [`${hidden} dev misses of the unread batches (${unread.join(', ')}: sets/unread.json) are counted but not listed, so they stay a measure nobody tuned for; --misses lists them.`] : []),
      ...(batch !== undefined ? [`Only batch ${batch}: the questions whose \`batch\` field is ${batch} (--batch); the others were not asked.`] : []),
    ],
  };
}

await main(import.meta.url, measure);
