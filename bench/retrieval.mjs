// Retrieval latency: KnowledgeBase.search() called directly (no HTTP) on the demo knowledge
// and on a generated knowledge base of exactly 10,000 chunks (1,000 documents × 10 sections
// of ~100 words, Zipf-distributed vocabulary, fixed seed). Questions are built from words of
// a random passage, as a visitor's question shares words with the page that answers it.
//   node --import tsx bench/retrieval.mjs
import { join } from 'node:path';
import { KnowledgeBase } from '../server/knowledge.ts';
import { ROOT, fmt, fmtInt, main, max, median, percentile } from './common.mjs';

/** A small seeded PRNG (mulberry32): the same knowledge and questions every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ka lo mi ne ru sa ti vo pe da li mo nu ra se to ve pa di ko be ga fu ho ja ze wi yo'.split(' ');

export function generateDocuments({ docs = 1000, sections = 10, words = 100, vocab = 20_000, seed = 42 } = {}) {
  const random = rng(seed);
  const lexicon = Array.from({ length: vocab }, (_, i) => {
    let w = '';
    for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) w += SYLLABLES[n % SYLLABLES.length];
    return w.length < 4 ? `${w}ra` : w;
  });
  // Zipf (s = 1): word i has weight 1/(i+1), drawn by binary search on the cumulative sum.
  const cdf = new Float64Array(vocab);
  let sum = 0;
  for (let i = 0; i < vocab; i++) cdf[i] = sum += 1 / (i + 1);
  const draw = () => {
    const x = random() * sum;
    let lo = 0;
    let hi = vocab - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lexicon[lo];
  };
  const sentence = (n) => {
    const ws = Array.from({ length: n }, draw);
    ws[0] = ws[0][0].toUpperCase() + ws[0].slice(1);
    return `${ws.join(' ')}.`;
  };
  const documents = [];
  for (let d = 0; d < docs; d++) {
    const parts = [];
    for (let s = 0; s < sections; s++) {
      const body = [];
      for (let left = words; left > 0; left -= 12) body.push(sentence(Math.min(12, left)));
      parts.push(`## ${sentence(3).slice(0, -1)}\n\n${body.join(' ')}`);
    }
    documents.push({ id: `doc-${d}`, title: sentence(4).slice(0, -1), url: `https://docs.example/${d}`, text: parts.join('\n\n') });
  }
  return { documents, random };
}

function questionsFrom(texts, random, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const ws = texts[Math.floor(random() * texts.length)].toLowerCase().match(/[a-z]{5,}/g) ?? ['nothing'];
    const picked = Array.from({ length: 3 + Math.floor(random() * 3) }, () => ws[Math.floor(random() * ws.length)]);
    out.push(`How do I ${picked.join(' ')}?`);
  }
  return out;
}

function timeSearches(kb, questions) {
  for (const q of questions.slice(0, 100)) kb.search(q); // warm-up: JIT
  const times = [];
  let found = 0;
  for (const q of questions) {
    const t0 = process.hrtime.bigint();
    const r = kb.search(q);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.passages.length) found++;
  }
  return { times, found };
}

export async function measure({ quick = false } = {}) {
  const rows = [];
  const count = quick ? 300 : 2000;

  const demo = new KnowledgeBase({ knowledge: { dir: join(ROOT, 'demo/knowledge'), documents: [] } });
  const demoQuestions = questionsFrom(['How much does Lumen Notes Pro cost', 'Does Lumen work offline and sync later',
    'How do I export my notes to markdown', 'Is my data encrypted at rest', 'Can I share a notebook with my team'], rng(7), count);
  rows.push(row('demo knowledge (demo/knowledge)', demo, NaN, NaN, timeSearches(demo, demoQuestions)));

  const { documents, random } = generateDocuments();
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const big = new KnowledgeBase({ knowledge: { dir: null, documents } });
  const buildMs = performance.now() - t0;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
  if (big.size !== 10_000) throw new Error(`expected 10,000 chunks, got ${big.size}`);
  const texts = documents.flatMap((d) => d.text.split(/\n\n## /));
  rows.push(row('generated, 1,000 documents', big, buildMs, heapMb, timeSearches(big, questionsFrom(texts, random, count))));

  return {
    title: 'Retrieval latency (KnowledgeBase.search, in process)',
    tables: [{
      headers: ['knowledge', 'chunks', 'index build ms', 'index heap MB', 'questions', 'with a passage', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
      rows,
    }],
    notes: [
      'One search: tokenizing the question, MiniSearch with prefix and fuzzy matching, then the [0,1] relevance of the top 5 passages.',
      `${count} questions per knowledge base after 100 warm-up searches; pinned to one core by bench/run.mjs.`,
    ],
  };
}

function row(name, kb, buildMs, heapMb, { times, found }) {
  return [name, fmtInt(kb.size), fmt(buildMs, 0), fmt(heapMb, 0), fmtInt(times.length), fmtInt(found),
    fmt(median(times), 3), fmt(percentile(times, 90), 3), fmt(percentile(times, 99), 3), fmt(max(times), 2)];
}

await main(import.meta.url, measure);
