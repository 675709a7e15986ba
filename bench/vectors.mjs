// Retrieval by meaning, in process: what the nearest search (server/knowledge/vector-index.ts)
// and the fusion with the lexical ranking (fusion.ts) cost per question, over 10,000 and
// 100,000 passages of 768 dimensions (nomic-embed-text's size; text-embedding-3-small has 1,536,
// twice the work). Vectors are random unit vectors (fixed seed): a scan reads every row whatever
// the rows hold, so the figure does not depend on a model. Also: the memory of the rows, and
// writing and reading the data dir's vector file as a restart does, and appending a crawl
// pass's new passages to it (vector-cache.ts).
// The lexical search's own budget (bench/retrieval.mjs) is not touched: this cost is paid only
// by a bot with knowledge.embeddings, on top of it, plus the endpoint's answer for the question.
//   node --import tsx bench/vectors.mjs
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fuse } from '../server/knowledge/fusion.ts';
import { appendVectors, readVectors, textHash, writeVectors } from '../server/knowledge/vector-cache.ts';
import { normalised, VectorIndex } from '../server/knowledge/vector-index.ts';
import { fmt, fmtInt, main, median, percentile } from './common.mjs';
import { rng } from './seeded.ts';

const SIZES = [10_000, 100_000];
const DIMS = 768;
const QUESTIONS = 200;
const LIMIT = 5;
/** Passages a crawl pass adds to a stored base: appended as a segment instead of the file written again. */
const ADDED = 100;

function randomUnit(random) {
  const v = new Float32Array(DIMS);
  for (let i = 0; i < DIMS; i++) v[i] = random() - 0.5;
  return normalised(v);
}

function measureSize(count, random) {
  const vectors = Array.from({ length: count }, () => randomUnit(random));
  const index = VectorIndex.of(vectors, DIMS);
  const questions = Array.from({ length: QUESTIONS }, () => randomUnit(random));
  const passage = (doc) => ({ id: `p${doc}`, sourceId: `s${doc}`, title: '', url: '', heading: '', text: '', score: 0 });
  // Warm up the JIT on the scan before timing it.
  for (const q of questions.slice(0, 10)) index.nearest(q, LIMIT);
  const times = [];
  for (const q of questions) {
    const started = performance.now();
    const nearest = index.nearest(q, LIMIT);
    fuse([0, 1, 2, 3, 4].map((doc) => ({ doc, passage: { ...passage(doc), score: 0.5 } })), nearest, passage, LIMIT, -1);
    times.push(performance.now() - started);
  }
  const dir = mkdtempSync(join(tmpdir(), 'vectors-bench-'));
  try {
    const byHash = new Map(vectors.map((v, i) => [textHash(`passage ${i}`), v]));
    let started = performance.now();
    writeVectors(dir, 'bench', 'bench-model', DIMS, byHash);
    const writeMs = performance.now() - started;
    const fileMb = statSync(join(dir, 'bench.vectors')).size / 1024 / 1024;
    started = performance.now();
    const read = readVectors(dir, 'bench', 'bench-model');
    const readMs = performance.now() - started;
    if (read?.vectors.size !== count) throw new Error('the vector file did not read back');
    const added = new Map(Array.from({ length: ADDED }, (_, i) => [textHash(`added ${i}`), randomUnit(random)]));
    started = performance.now();
    appendVectors(dir, 'bench', 'bench-model', DIMS, added);
    const appendMs = performance.now() - started;
    if (readVectors(dir, 'bench', 'bench-model')?.vectors.size !== count + ADDED) throw new Error('the appended vectors did not read back');
    return [fmtInt(count), fmtInt(DIMS), fmt((count * DIMS * 4) / 1024 / 1024, 0), fmt(median(times), 2), fmt(percentile(times, 99), 2), fmt(writeMs, 0), fmt(appendMs, 1), fmt(readMs, 0), fmt(fileMb, 0)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measure() {
  const random = rng(11);
  return {
    title: 'Retrieval by meaning (VectorIndex.nearest + fusion, in process)',
    tables: [{
      headers: ['passages', 'dimensions', 'rows (MB)', 'nearest 5 + fusion, p50 (ms)', 'p99 (ms)', 'write vector file (ms)', `append ${ADDED} passages (ms)`, 'read it back (ms)', 'file (MB)'],
      rows: SIZES.map((n) => measureSize(n, random)),
    }],
    notes: [
      `${QUESTIONS} random unit questions per size, timed one by one after a warm-up; an exact scan of every row (dot products of normalised float32 vectors), top 5 kept in a sorted list.`,
      `A crawl pass that embeds new passages appends them to the file (here ${ADDED}) while at least half its rows are current; past that the file is written again whole.`,
      'Paid only by bots with knowledge.embeddings, after the lexical search and on top of the endpoint\'s answer for the question\'s vector (a local model: tens of ms; a hosted API: one round trip).',
    ],
  };
}

await main(import.meta.url, measure);
