// Answer quality of the built-in (extractive) engine, measured end to end: the real server
// (bench/serve.mjs around startServer, a child process) answers every question of
// bench/eval/questions.mjs over HTTP from a help center that is not the demo's
// (bench/eval/knowledge: an invented e-bike maker). Follow-ups are asked in one conversation
// after their earlier turns. Reports, overall and per kind: correct answers, correct
// citations, honest "don't know", and wrong answers given with a citation.
//   npm run eval            (node bench/eval/run.mjs; --json FILE for bench/run.mjs)
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { fmt, main, outDir, startOurServer } from '../common.mjs';
import { QUESTIONS } from './questions.mjs';

const BOT = '00000000-0000-4000-8000-0000000e7a11';
const KNOWLEDGE = fileURLToPath(new URL('./knowledge', import.meta.url));
/** The engine's fixed "don't know" sentence for an English bot (server/engines/phrases.ts). */
const NO_ANSWER = /couldn't find an answer/;

function writeConfig() {
  const config = {
    trust_proxy: true,
    workspaces: [{ id: 'eval', credits: null, trial_ends_at: null, chat_limit_per_month: null }],
    bots: [{
      id: BOT, workspace_id: 'eval', name: 'Cobalt help', language: 'en', privacy: 'public', active: true,
      allowed_domains: ['localhost'], include_links_in_responses: true, citations_enabled: true,
      welcome_message: 'Hi! Ask me about your Cobalt e-bike.',
      knowledge: { dir: KNOWLEDGE, documents: [] },
      engine: { type: 'extractive', chunk_delay_ms: 0 },
      handoff: { enabled: false },
      filters: { blocked_terms: [], redact: [] },
    }],
  };
  const path = join(outDir('config'), 'eval.json');
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

let client = 0;
/** One chat turn over HTTP; each conversation from its own client address (rate limits are per address). */
async function ask(url, message, conversationId, address) {
  const res = await fetch(`${url}/v1/public/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': address },
    body: JSON.stringify({ bot_id: BOT, session_id: 'eval-session', message, ...(conversationId ? { conversation_id: conversationId } : {}) }),
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

/** Judges one answer. */
export function judge(q, { text, citations }) {
  const cited = citations.map((c) => c.source_id);
  const unknown = NO_ANSWER.test(text) && cited.length === 0;
  if (q.source === null) return { answerable: false, honest: unknown, wrongCited: !unknown && cited.length > 0 };
  const correct = !NO_ANSWER.test(text) && q.expect.every((re) => re.test(text));
  return { answerable: true, correct, citation: cited.includes(q.source), wrongCited: !correct && cited.length > 0 };
}

export async function measure() {
  const dataDir = outDir('eval-data');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startOurServer({ configPath: writeConfig(), dataDir });
  const results = [];
  try {
    for (const q of QUESTIONS) {
      const address = `10.77.${(++client >> 8) & 255}.${client & 255}`;
      let conversationId = null;
      for (const before of q.before ?? []) conversationId = (await ask(server.url, before, conversationId, address)).conversationId;
      const answer = await ask(server.url, q.ask, conversationId, address);
      results.push({ q, answer, verdict: judge(q, answer) });
    }
  } finally {
    await server.stop();
  }
  const pct = (n, d) => (d ? `${fmt((100 * n) / d, 0)}% (${n}/${d})` : '–');
  const summarize = (rs) => {
    const answerable = rs.filter((r) => r.verdict.answerable);
    const unanswerable = rs.filter((r) => !r.verdict.answerable);
    return [
      String(rs.length),
      pct(answerable.filter((r) => r.verdict.correct).length, answerable.length),
      pct(answerable.filter((r) => r.verdict.citation).length, answerable.length),
      pct(unanswerable.filter((r) => r.verdict.honest).length, unanswerable.length),
      String(rs.filter((r) => r.verdict.wrongCited).length),
    ];
  };
  const kinds = [...new Set(QUESTIONS.map((q) => q.kind))];
  const misses = results.filter((r) => (r.verdict.answerable ? !r.verdict.correct || !r.verdict.citation : !r.verdict.honest));
  return {
    title: 'Answer quality (built-in extractive engine, bench/eval)',
    tables: [{
      headers: ['questions', 'count', 'correct answers', 'correct citation', 'honest "don\'t know"', 'wrong answers with a citation'],
      rows: [['all', ...summarize(results)], ...kinds.map((k) => [k, ...summarize(results.filter((r) => r.q.kind === k))])],
    }, ...(misses.length ? [{
      caption: 'Questions not answered as expected:',
      headers: ['kind', 'question', 'expected source', 'answer (first 140 characters)', 'cited'],
      rows: misses.map((r) => [r.q.kind, r.q.ask, r.q.source ?? '(none: should not know)', r.answer.text.replace(/\s+/g, ' ').slice(0, 140), r.answer.citations.map((c) => c.source_id).join(', ') || '–']),
    }] : [])],
    notes: [
      `${QUESTIONS.length} questions over ${readdirSync(KNOWLEDGE).length} help-center pages of an invented e-bike maker (bench/eval/knowledge), asked over HTTP to the real server; the engine is the built-in extractive one.`,
      'Correct answer: every expected fact is in the answer text and it is not the "don\'t know" sentence. Correct citation: the expected page is among the cited sources.',
      'Honest "don\'t know": for a question the pages do not answer, the answer is the "don\'t know" sentence and nothing is cited. Wrong answer with a citation: an answer that is not correct (or should not exist) but cites a source.',
      'Follow-ups are asked after their earlier turns in the same conversation; only the last answer is scored.',
    ],
  };
}

await main(import.meta.url, measure);
