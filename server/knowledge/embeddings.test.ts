/**
 * Retrieval by meaning (knowledge.embeddings): the checks on an endpoint's answer, the nearest
 * search, the fusion with the lexical ranking, and a bot's passage vectors made in the
 * background and kept on disk, against a stand-in speaking the real /v1/embeddings protocol.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startFakeEmbeddings, type FakeEmbeddings } from '../test/stand-ins.ts';
import { Embedder, GarbageError, vectorsOf } from './embeddings.ts';
import { fuse } from './fusion.ts';
import { KnowledgeBase, MIN_RELEVANCE } from './knowledge.ts';
import { LiveKnowledge } from './live.ts';
import type { Passage } from './passage.ts';
import { appendVectors, readVectors, writeVectors } from './vector-cache.ts';
import { normalised, VectorIndex } from './vector-index.ts';

const NIGHT = 'The glow dims to ten percent after sunset when night mode is switched on in the app.';
const PARAPHRASE = 'Can the light get darker in the evening?';
const DOCS = [
  { id: 'night', title: 'Night mode', url: 'https://docs.example.com/night', text: NIGHT },
  { id: 'price', title: 'Pricing', url: 'https://docs.example.com/price', text: 'The Nimbus Lamp costs 79 euros including VAT.' },
  { id: 'reset', title: 'Resetting', url: 'https://docs.example.com/reset', text: 'To reset the lamp to factory settings, hold both buttons for twenty seconds.' },
];

/** A cool-down short enough for tests; `cooled` waits it out. */
const FAST = { firstMs: 60, maxMs: 90 };
const cooled = (e: Embedder) => new Promise((r) => setTimeout(r, e.retryInMs + 5));

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const recording = () => {
  const lines: Array<{ level: string; event: unknown; message: string }> = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => void lines.push({ level, event: fields.event, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
};

describe('an endpoint\'s answer', () => {
  const answer = (...vectors: unknown[]) => ({ data: vectors.map((embedding, index) => ({ index, embedding })) });

  test('vectors come back in the texts\' order, of length 1', () => {
    const [a, b] = vectorsOf({ data: [{ index: 1, embedding: [0, 2] }, { index: 0, embedding: [3, 4] }] }, 2, null);
    expect([...a]).toEqual([0.6000000238418579, 0.800000011920929]);
    expect([...b]).toEqual([0, 1]);
  });

  test.each([
    ['too few vectors', answer([1, 0]), 2, null],
    ['the wrong length', answer([1, 0, 0]), 1, 2],
    ['a zero vector', answer([0, 0]), 1, null],
    ['not numbers', answer(['a', 'b']), 1, null],
    ['lengths that differ', answer([1, 0], [1, 0, 0]), 2, null],
    ['no data', { error: 'x' }, 1, null],
  ])('%s is garbage', (_what, body, count, dims) => {
    expect(() => vectorsOf(body, count, dims)).toThrow(GarbageError);
  });
});

describe('the nearest passages', () => {
  test('are the rows of highest dot product, best first; rows without a vector are never nearest', () => {
    const rows = Array.from({ length: 200 }, (_, i) => normalised([Math.sin(i), Math.cos(i * 1.7), (i % 7) - 3])!);
    const q = normalised([0.3, -0.5, 0.8])!;
    const index = VectorIndex.of(rows, 3);
    const dot = (v: Float32Array) => v[0] * q[0] + v[1] * q[1] + v[2] * q[2];
    const expected = rows.map((v, doc) => ({ doc, similarity: dot(v) })).sort((a, b) => b.similarity - a.similarity).slice(0, 6).map((n) => n.doc);
    expect(index.nearest(q, 5).map((n) => n.doc)).toEqual(expected.slice(0, 5));
    const holed = VectorIndex.of(rows.map((v, i) => (i === expected[0] ? undefined : v)), 3);
    expect(holed.nearest(q, 5).map((n) => n.doc)).toEqual(expected.slice(1, 6));
    expect(index.nearest(normalised([1, 0])!, 5)).toEqual([]);
  });
});

describe('fusion', () => {
  const p = (id: string, score: number): Passage => ({ id, sourceId: id, title: id, url: '', heading: '', text: id, score });
  const of = (doc: number) => p(`d${doc}`, 0);

  test('reciprocal ranks: a passage both lists found leads; one only the vectors found joins at its similarity', () => {
    const lexical = [{ doc: 0, passage: p('d0', 0.9) }, { doc: 1, passage: p('d1', 0.6) }];
    const fused = fuse(lexical, [{ doc: 1, similarity: 0.8 }, { doc: 2, similarity: 0.7 }], of, 5, 0.5);
    expect(fused.map((x) => [x.id, x.score])).toEqual([['d1', 0.8], ['d0', 0.9], ['d2', 0.7]]);
  });

  test('a passage nearer than min_similarity joins only when the lexical search found it', () => {
    const fused = fuse([{ doc: 0, passage: p('d0', 0.4) }], [{ doc: 0, similarity: 0.3 }, { doc: 5, similarity: 0.3 }], of, 5, 0.5);
    expect(fused.map((x) => [x.id, x.score])).toEqual([['d0', 0.4]]);
  });

  test('the limit holds', () => {
    expect(fuse([{ doc: 0, passage: p('d0', 0.9) }], [{ doc: 1, similarity: 0.9 }, { doc: 2, similarity: 0.9 }], of, 2, 0.5)).toHaveLength(2);
  });
});

describe('the vector file', () => {
  const v = (...xs: number[]) => normalised(xs)!;
  const cache = () => mkdtempSync(join(tmpdir(), 'vector-file-'));

  test('appended segments read back with the first; a later row of a hash wins; rows count every segment', () => {
    const dir = cache();
    try {
      writeVectors(dir, 'b', 'm', 2, new Map([['a', v(1, 0)], ['b', v(0, 1)]]));
      appendVectors(dir, 'b', 'm', 2, new Map([['c', v(1, 1)], ['a', v(0, 1)]]));
      const read = readVectors(dir, 'b', 'm')!;
      expect(read).toMatchObject({ dims: 2, rows: 4, whole: true });
      expect([...read.vectors.keys()].sort()).toEqual(['a', 'b', 'c']);
      expect([...read.vectors.get('a')!]).toEqual([...v(0, 1)]);
      expect(readVectors(dir, 'b', 'other-model')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a segment cut short (a crash while appending) is left out, and the file is marked for a rewrite', () => {
    const dir = cache();
    try {
      writeVectors(dir, 'b', 'm', 2, new Map([['a', v(1, 0)]]));
      const file = join(dir, 'b.vectors');
      const whole = statSync(file).size;
      appendVectors(dir, 'b', 'm', 2, new Map([['c', v(1, 1)]]));
      writeFileSync(file, readFileSync(file).subarray(0, statSync(file).size - 3));
      expect(readVectors(dir, 'b', 'm')).toMatchObject({ rows: 1, whole: false });
      expect([...readVectors(dir, 'b', 'm')!.vectors.keys()]).toEqual(['a']);
      // Garbage after the first segment: the same.
      writeFileSync(file, readFileSync(file).subarray(0, whole));
      appendFileSync(file, Buffer.from([9, 9, 9, 9, 1, 2, 3]));
      expect(readVectors(dir, 'b', 'm')).toMatchObject({ rows: 1, whole: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a bot\'s passage vectors', () => {
  let stub: FakeEmbeddings;
  let dir: string;
  const lives: LiveKnowledge[] = [];
  beforeAll(async () => {
    stub = await startFakeEmbeddings();
  });
  afterAll(() => stub.close());
  afterEach(() => {
    while (lives.length) lives.pop()!.close();
    stub.mode = 'ok';
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const embeddings = () => ({ base_url: stub.baseUrl, model: 'stand-in-embed', api_key_env: null, api_key: null, timeout_ms: 300, batch_size: 2, min_similarity: 0.3 });
  const live = (o: { cacheDir?: string; documents?: typeof DOCS; embed?: boolean; log?: ConstructorParameters<typeof LiveKnowledge>[2] } = {}) => {
    const bot = { id: 'b', language: 'en', knowledge: { dir: null, documents: o.documents ?? DOCS, embeddings: o.embed === false ? null : embeddings() } };
    const k = new LiveKnowledge(bot, { cacheDir: o.cacheDir ?? null, name: 'b' }, o.log ?? silent);
    if (k.vectors) k.vectors.embedder.coolDown = FAST;
    lives.push(k);
    return k;
  };
  const ask = async (k: LiveKnowledge, q: string) => k.current.search(q, { vector: await k.current.questionVector(q) });

  test('a paraphrase the lexical search misses finds its page once the vectors are there; before, the search is lexical', async () => {
    const k = live();
    await k.ready;
    expect((await ask(k, PARAPHRASE)).passages.filter((x) => x.score >= MIN_RELEVANCE)).toEqual([]);
    await k.vectors!.whenComplete();
    const found = (await ask(k, PARAPHRASE)).passages;
    expect(found[0]).toMatchObject({ id: expect.stringContaining('night'), text: NIGHT });
    expect(found[0].score).toBeGreaterThanOrEqual(MIN_RELEVANCE);
    // Batches of batch_size (2): three passages, two requests, and one for the question.
    expect(stub.requests.map((r) => (r.body.input as string[]).length).slice(-3)).toEqual([2, 1, 1]);
  });

  test('without the setting, nothing is asked and every search is what it was', async () => {
    const before = stub.requests.length;
    const plain = live({ embed: false });
    const fused = live();
    await Promise.all([plain.ready, fused.ready]);
    await fused.vectors!.whenComplete();
    expect(plain.vectors).toBeNull();
    expect(await plain.current.questionVector(PARAPHRASE)).toBeNull();
    const lexicalOnly = new KnowledgeBase({ knowledge: { dir: null, documents: DOCS }, language: 'en' });
    for (const q of [PARAPHRASE, 'How much does the lamp cost?', 'how do I reset it', 'night mode']) {
      expect(plain.current.search(q)).toEqual(lexicalOnly.search(q));
      // A base with vectors searched without a question's vector is the lexical search too.
      expect(fused.current.search(q)).toEqual(lexicalOnly.search(q));
    }
    expect(stub.requests.length - before).toBe(2);
  });

  test('the vectors are kept on disk: a restart asks only for one passage (the check of the model) and the question, a changed document only for its passages', async () => {
    dir = mkdtempSync(join(tmpdir(), 'vectors-'));
    const first = live({ cacheDir: dir });
    await first.ready;
    await first.vectors!.whenComplete();
    expect(first.vectors!.fetched).toBe(3);
    first.close();
    const before = stub.inputs.length;
    const restarted = live({ cacheDir: dir });
    await restarted.ready;
    await restarted.vectors!.whenComplete();
    expect(restarted.vectors!.fetched).toBe(0);
    expect((await ask(restarted, PARAPHRASE)).passages[0].text).toBe(NIGHT);
    // One stored passage embedded again to check the model behind the name is the same, then the question.
    expect(stub.inputs.slice(before)).toHaveLength(2);
    expect(stub.inputs.at(-1)).toBe(PARAPHRASE);
    restarted.close();
    const edited = live({ cacheDir: dir, documents: [DOCS[0], DOCS[1], { ...DOCS[2], text: 'Hold both buttons for twenty seconds to start over.' }] });
    await edited.ready;
    await edited.vectors!.whenComplete();
    expect(edited.vectors!.fetched).toBe(1);
  });

  /** Vectors kept on disk by one start, then a restart against the stand-in changed by `change`. */
  const restartAfter = async (change: () => void, log?: ReturnType<typeof recording>['log']): Promise<LiveKnowledge> => {
    dir = mkdtempSync(join(tmpdir(), 'vectors-'));
    const first = live({ cacheDir: dir });
    await first.ready;
    await first.vectors!.whenComplete();
    first.close();
    change();
    const changed = live({ cacheDir: dir, log });
    await changed.ready;
    await changed.vectors!.whenComplete();
    return changed;
  };

  test.each([
    ['another length', 'embeddings_dims_changed', (): void => void (stub.dims = 512)],
    ['the same length, other weights', 'embeddings_vectors_stale', (): void => void (stub.version = 1)],
  ] as const)('the model behind the name changed since the vectors were stored (%s): they are embedded again, and kept', async (_, event, change) => {
    const { lines, log } = recording();
    try {
      const changed: LiveKnowledge = await restartAfter(change, log);
      expect(changed.vectors!.fetched).toBe(3);
      expect((await ask(changed, PARAPHRASE)).passages[0].text).toBe(NIGHT);
      expect(lines.map((l) => l.event)).toEqual([event]);
      changed.close();
      // The next start finds the new model's vectors on disk: nothing but the check is asked.
      const restarted = live({ cacheDir: dir });
      await restarted.ready;
      await restarted.vectors!.whenComplete();
      expect(restarted.vectors!.fetched).toBe(0);
      expect((await ask(restarted, PARAPHRASE)).passages[0].text).toBe(NIGHT);
    } finally {
      stub.dims = 1024;
      stub.version = 0;
    }
  });

  test('stored vectors are not searched before the check: with the endpoint down at start, the search is lexical until it answers', async () => {
    dir = mkdtempSync(join(tmpdir(), 'vectors-'));
    const first = live({ cacheDir: dir });
    await first.ready;
    await first.vectors!.whenComplete();
    first.close();
    stub.mode = 'error';
    const k = live({ cacheDir: dir });
    await k.ready;
    await new Promise((r) => setTimeout(r, 100));
    expect(k.current.hasVectors).toBe(false);
    stub.mode = 'ok';
    await k.vectors!.whenComplete();
    expect(k.current.hasVectors).toBe(true);
    expect(k.vectors!.fetched).toBe(0);
    expect((await ask(k, PARAPHRASE)).passages[0].text).toBe(NIGHT);
  });

  test('a crawl\'s new pages are appended to the vector file; once most of its rows are stale it is written again whole', async () => {
    dir = mkdtempSync(join(tmpdir(), 'vectors-'));
    const file = join(dir, 'b.vectors');
    const k = live({ cacheDir: dir, documents: [] });
    await k.ready;
    const crawl = async (suffix: string) => {
      k.addDocuments(DOCS.map((d) => ({ ...d, id: d.url, text: `${d.text}${suffix}` })));
      await k.flush();
      await k.vectors!.whenComplete();
      return readVectors(dir, 'b', 'stand-in-embed')!;
    };
    expect(await crawl('')).toMatchObject({ rows: 3, whole: true });
    const first = readFileSync(file);
    // Every page changed once: the new rows are appended after the old (half the rows still current).
    expect(await crawl(' Updated.')).toMatchObject({ rows: 6, whole: true });
    expect(readFileSync(file).subarray(0, first.length).equals(first)).toBe(true);
    // Once more: the stale rows would be most of the file, so it is written again with the current ones only.
    const rewritten = await crawl(' Updated twice.');
    expect(rewritten.rows).toBe(3);
    expect(rewritten.vectors.size).toBe(3);
    expect(k.vectors!.fetched).toBe(9);
    expect((await ask(k, PARAPHRASE)).passages[0].text).toBe(`${NIGHT} Updated twice.`);
  });

  test('a vector file ending in a segment cut short (a crash while appending) is written again whole by the next pass, not appended to', async () => {
    dir = mkdtempSync(join(tmpdir(), 'vectors-'));
    const first = live({ cacheDir: dir, documents: DOCS.slice(1) });
    await first.ready;
    await first.vectors!.whenComplete();
    first.close();
    appendFileSync(join(dir, 'b.vectors'), Buffer.from([200, 0, 0, 0, 123]));
    const k = live({ cacheDir: dir, documents: DOCS.slice(1) });
    await k.ready;
    await k.vectors!.whenComplete();
    expect(k.vectors!.fetched).toBe(0);
    k.addDocuments([{ id: 'https://docs.example.com/night', title: 'Night mode', url: 'https://docs.example.com/night', text: NIGHT }]);
    await k.flush();
    await k.vectors!.whenComplete();
    // Appended after the cut segment, the new vectors would never be read back.
    expect(readVectors(dir, 'b', 'stand-in-embed')).toMatchObject({ rows: 3, whole: true });
  });

  test('pages a crawl hands in get their vectors when they arrive', async () => {
    const k = live({ documents: DOCS.slice(1) });
    await k.ready;
    await k.vectors!.whenComplete();
    k.addDocuments([{ id: 'https://docs.example.com/night', title: 'Night mode', url: 'https://docs.example.com/night', text: NIGHT }]);
    await k.flush();
    await k.vectors!.whenComplete();
    expect((await ask(k, PARAPHRASE)).passages[0].text).toBe(NIGHT);
  });

  test.each(['error', 'stall', 'wrong-dims'] as const)('an endpoint in %s: the search is lexical, one warning per outage, and fused again when it is back', async (mode) => {
    const { lines, log } = recording();
    const k = live({ log });
    await k.ready;
    await k.vectors!.whenComplete();
    stub.mode = mode;
    for (let i = 0; i < 3; i++) {
      expect(await k.current.questionVector(PARAPHRASE)).toBeNull();
      expect(k.current.search('How much does the lamp cost?', { vector: null }).passages[0].id).toContain('price');
    }
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.event)).toEqual(['embeddings_unavailable']);
    stub.mode = 'ok';
    await cooled(k.vectors!.embedder);
    expect((await ask(k, PARAPHRASE)).passages[0].text).toBe(NIGHT);
    expect(lines.map((l) => l.event)).toEqual(['embeddings_unavailable', 'embeddings_recovered']);
  });

  test('an endpoint down at start: lexical until it answers, then the pass goes on', async () => {
    const { lines, log } = recording();
    stub.mode = 'error';
    const k = live({ log });
    await k.ready;
    await new Promise((r) => setTimeout(r, 100));
    expect(k.current.hasVectors).toBe(false);
    expect(await k.current.questionVector(PARAPHRASE)).toBeNull();
    stub.mode = 'ok';
    await k.vectors!.whenComplete();
    expect((await ask(k, PARAPHRASE)).passages[0].text).toBe(NIGHT);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });

  test('an endpoint nobody listens on, or a turn that ends, never throws', async () => {
    const { lines, log } = recording();
    const embedder = new Embedder({ base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key: null, timeout_ms: 300 }, log, 'b', FAST);
    expect(await embedder.question('hello')).toBeNull();
    expect(await embedder.question('hello again')).toBeNull();
    expect(lines.map((l) => l.event)).toEqual(['embeddings_unavailable']);
    const quiet = recording();
    const aborted = new Embedder({ base_url: stub.baseUrl, model: 'm', api_key: null, timeout_ms: 300 }, quiet.log, 'b');
    stub.mode = 'stall';
    const turn = new AbortController();
    const asked = aborted.question('hello', turn.signal);
    turn.abort();
    expect(await asked).toBeNull();
    expect(quiet.lines).toEqual([]);
    // A turn that ended is no failure: the next question is asked of the endpoint.
    expect(aborted.retryInMs).toBe(0);
  });
});

describe('the cool-down after a failure', () => {
  let stub: FakeEmbeddings;
  beforeAll(async () => {
    stub = await startFakeEmbeddings();
  });
  afterAll(() => stub.close());
  const embedder = (log: ReturnType<typeof recording>['log'], coolDown = FAST) => new Embedder({ base_url: stub.baseUrl, model: 'm', api_key: null, timeout_ms: 300 }, log, 'b', coolDown);
  /** A question's vector, how long it took, and how many requests the endpoint saw meanwhile. */
  const timed = async (e: Embedder, q = PARAPHRASE) => {
    const [sent, started] = [stub.requests.length, performance.now()];
    const vector = await e.question(q);
    return { vector, ms: performance.now() - started, requests: stub.requests.length - sent };
  };

  test('a hanging endpoint: no request while it cools down and the answer is null at once; one probe after the back-off, doubled when it fails; an answer closes it', async () => {
    const { lines, log } = recording();
    const e = embedder(log, { firstMs: 100, maxMs: 150 });
    stub.mode = 'stall';
    expect(await timed(e)).toMatchObject({ vector: null, requests: 1 });
    const skipped = await timed(e);
    // No request went out, so nothing could wait for the hanging endpoint (no timer asserted: a
    // loaded machine makes any bound on milliseconds flaky).
    expect(skipped).toMatchObject({ vector: null, requests: 0 });
    expect(e.retryInMs).toBeGreaterThan(0);
    expect(e.retryInMs).toBeLessThanOrEqual(100);
    await cooled(e);
    // The probe: still hanging, so timeout_ms again, and the back-off doubles (to its cap, 150 ms).
    const probe = await timed(e);
    expect(probe).toMatchObject({ vector: null, requests: 1 });
    expect(probe.ms).toBeGreaterThanOrEqual(250);
    expect(e.retryInMs).toBeGreaterThan(100);
    expect(await timed(e)).toMatchObject({ vector: null, requests: 0 });
    stub.mode = 'ok';
    await cooled(e);
    expect(await timed(e)).toMatchObject({ vector: expect.any(Float32Array), requests: 1 });
    expect(e.retryInMs).toBe(0);
    expect(await timed(e)).toMatchObject({ vector: expect.any(Float32Array), requests: 1 });
    expect(lines.map((l) => l.event)).toEqual(['embeddings_unavailable', 'embeddings_recovered']);
  });

  test('questions asked while a probe is out do not probe: they are null at once, and one request goes out', async () => {
    const { lines, log } = recording();
    const e = embedder(log);
    stub.mode = 'error';
    expect(await e.question(PARAPHRASE)).toBeNull();
    await cooled(e);
    stub.mode = 'stall';
    const sent = stub.requests.length;
    const asked = await Promise.all(Array.from({ length: 5 }, () => timed(e)));
    expect(stub.requests.length - sent).toBe(1);
    expect(asked.every((a) => a.vector === null)).toBe(true);
    expect(asked.filter((a) => a.ms < 100)).toHaveLength(4);
    expect(lines.map((l) => l.event)).toEqual(['embeddings_unavailable']);
    stub.mode = 'ok';
    await cooled(e);
    const back = await Promise.all(Array.from({ length: 3 }, () => e.question(PARAPHRASE)));
    // The first question probes and closes the breaker; the two asked with it were lexical.
    expect(back.filter(Boolean)).toHaveLength(1);
    expect(await e.question(PARAPHRASE)).toBeInstanceOf(Float32Array);
    expect(lines.map((l) => l.event)).toEqual(['embeddings_unavailable', 'embeddings_recovered']);
  });

  test('the background pass waits out the same cool-down: no request of its own while it lasts', async () => {
    stub.mode = 'error';
    const bot = { id: 'b', language: 'en', knowledge: { dir: null, documents: DOCS, embeddings: { base_url: stub.baseUrl, model: 'm', api_key_env: null, api_key: null, timeout_ms: 300, batch_size: 8, min_similarity: 0.3 } } };
    const k = new LiveKnowledge(bot, { cacheDir: null, name: 'b' }, silent);
    k.vectors!.embedder.coolDown = { firstMs: 200, maxMs: 200 };
    try {
      const sent = stub.requests.length;
      await k.ready;
      await new Promise((r) => setTimeout(r, 100));
      // The pass's first batch failed and opened the breaker; within the 200 ms it asks nothing more.
      expect(stub.requests.length - sent).toBe(1);
      expect(await k.current.questionVector(PARAPHRASE)).toBeNull();
      expect(stub.requests.length - sent).toBe(1);
      stub.mode = 'ok';
      await k.vectors!.whenComplete();
      expect(k.vectors!.fetched).toBe(3);
    } finally {
      k.close();
      stub.mode = 'ok';
    }
  });
});

test('a knowledge folder\'s passages are embedded with their title and heading', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kb-'));
  try {
    writeFileSync(join(folder, 'a.md'), '# Lamp\n\n## Night mode\n\n' + NIGHT);
    const kb = new KnowledgeBase({ knowledge: { dir: folder, documents: [] }, language: 'en' });
    expect(kb.embeddingTexts()).toEqual([`Lamp\nNight mode\n${NIGHT}`]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
