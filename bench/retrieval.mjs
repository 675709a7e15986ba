// Retrieval latency: KnowledgeBase.search() called directly (no HTTP) on the demo knowledge
// and on knowledge bases of exactly 10,000 and 100,000 chunks of real technical prose: the
// Markdown documentation installed in node_modules (the project's and the bench peers'), files
// in path order, cut by the server's own chunker (read again with suffixed ids when there is
// too little). Questions are built from words of a random passage (fixed seed), as a visitor's
// question shares words with the page that answers it. Also: building the index, writing it
// to a data dir, and reading it back as a restart does (index-cache.ts).
//   node --import tsx bench/retrieval.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KnowledgeBase, chunk } from '../server/knowledge/knowledge.ts';
import { PEERS_DIR, ROOT, fmt, fmtInt, main, max, median, percentile } from './common.mjs';
import { rng } from './seeded.ts';

const SIZES = [10_000, 100_000];

/**
 * Exactly `count` passages as one document each (a passage is at most one chunk, so the
 * index holds exactly `count`); the docs are read again, ids suffixed, if there are too few.
 */
export function docsKnowledge(count) {
  const dirs = [join(ROOT, 'node_modules'), join(PEERS_DIR, 'node_modules')].filter((d) => existsSync(d));
  const files = execFileSync('find', [...dirs, '-name', '*.md', '-type', 'f'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n').filter(Boolean).sort();
  const documents = [];
  for (let pass = 0; documents.length < count && pass < 100; pass++) {
    for (const file of files) {
      const id = `${file.slice(ROOT.length + 1)}${pass ? `~${pass}` : ''}`;
      for (const p of chunk({ id, title: id, url: '', text: readFileSync(file, 'utf8') })) {
        if (documents.length === count) break;
        const doc = { id: p.id, title: p.title, url: '', text: p.heading ? `## ${p.heading}\n\n${p.text}` : p.text };
        // Only passages that stay one chunk when indexed on their own: the count is exact.
        if (chunk(doc).length === 1) documents.push(doc);
      }
    }
  }
  return { documents, files: files.length };
}

function questionsFrom(texts, random, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const ws = texts[Math.floor(random() * texts.length)].toLowerCase().match(/\b[a-z]{4,}\b/g) ?? ['nothing'];
    const picked = Array.from({ length: 3 + Math.floor(random() * 3) }, () => ws[Math.floor(random() * ws.length)]);
    out.push(`How do I ${picked.join(' ')}?`);
  }
  return out;
}

function timeSearches(kb, questions) {
  for (const q of questions.slice(0, 100)) kb.search(q); // warm-up: JIT
  const times = [];
  const cpu = [];
  let found = 0;
  for (const q of questions) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const r = kb.search(q);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (r.passages.length) found++;
  }
  return { times, cpu, found };
}

export async function measure({ quick = false } = {}) {
  const rows = [];
  const count = quick ? 300 : 2000;

  const demo = new KnowledgeBase({ knowledge: { dir: join(ROOT, 'demo/knowledge'), documents: [] } });
  await demo.gatherSurface();
  const demoQuestions = questionsFrom(['How much does Lumen Notes Pro cost', 'Does Lumen work offline and sync later',
    'How do I export my notes to markdown', 'Is my data encrypted at rest', 'Can I share a notebook with my team'], rng(7), count);
  rows.push(row('demo knowledge (demo/knowledge)', demo, NaN, NaN, timeSearches(demo, demoQuestions)));

  for (const size of quick ? [SIZES[0]] : SIZES) {
    const { documents, files } = docsKnowledge(size);
    const cacheDir = mkdtempSync(join(tmpdir(), 'retrieval-index-'));
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const big = new KnowledgeBase({ knowledge: { dir: null, documents } }, { cacheDir, name: 'bench' });
    const buildMs = performance.now() - t0;
    global.gc?.();
    const heapMb = (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heap0) / 2 ** 20;
    if (big.size !== size) throw new Error(`expected ${size} chunks, got ${big.size}`);
    const t1 = performance.now();
    const again = new KnowledgeBase({ knowledge: { dir: null, documents } }, { cacheDir, name: 'bench' });
    const loadMs = performance.now() - t1;
    // The server gathers these in the background after start; the searches below run with them.
    await again.gatherSurface();
    if (!again.fromCache) throw new Error('the stored index was not used');
    const fileMb = statSync(join(cacheDir, 'bench.idx')).size / 2 ** 20;
    rmSync(cacheDir, { recursive: true, force: true });
    const questions = questionsFrom(documents.map((d) => d.text), rng(42), count);
    rows.push(row(`Markdown docs in node_modules (${files} files)`, big, buildMs, heapMb, timeSearches(again, questions), loadMs, fileMb));
  }

  return {
    title: 'Retrieval latency (KnowledgeBase.search, in process)',
    tables: [{
      headers: ['knowledge', 'chunks', 'index build ms', 'index heap MB', 'start with stored index ms', 'stored index MB', 'questions', 'with a passage', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'CPU p50 ms', 'CPU p99 ms', 'CPU max ms'],
      rows,
    }],
    notes: [
      'One search: the question\'s terms (stop words, stems, personal data removed), typo expansion of the words the index does not know, BM25 over the typed-array postings of every matching passage (server/search-index.ts), the best 20 by a bounded insertion, then coverage and the [0,1] relevance of the top 5.',
      'Questions are "How do I …?" with 3–5 words of a random passage; 10,000 and 100,000 chunks of real technical prose (the Markdown docs of the installed packages, cut by the server\'s chunker; for 100,000 the docs are read several times with new ids).',
      'Index build: reading nothing (documents given), tokenizing, stemming and building the arrays, plus writing the index file. Start with stored index: the same constructor a restart runs, which hashes the passages and reads the file instead of indexing. The surface words typos are matched on are gathered after that (the server does it in the background), before the searches. Heap: JS heap plus array buffers after a full GC.',
      `${count} questions per knowledge base after 100 warm-up searches; pinned to one core by bench/run.mjs.`,
      'Wall time (hrtime) is what the event loop waits; CPU time (process.cpuUsage, all threads of the process: GC helpers included) is what a search costs. On a shared machine a wall-time tail far above the CPU-time tail is the process waiting for the core, not work.',
    ],
  };
}

function row(name, kb, buildMs, heapMb, { times, cpu, found }, loadMs = NaN, fileMb = NaN) {
  return [name, fmtInt(kb.size), fmt(buildMs, 0), fmt(heapMb, 0), fmt(loadMs, 0), fmt(fileMb, 0), fmtInt(times.length), fmtInt(found),
    fmt(median(times), 3), fmt(percentile(times, 90), 3), fmt(percentile(times, 99), 3), fmt(max(times), 2),
    fmt(median(cpu), 3), fmt(percentile(cpu, 99), 3), fmt(max(cpu), 2)];
}

await main(import.meta.url, measure);
