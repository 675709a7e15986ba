/**
 * Retrieval by meaning in a chat turn, over real HTTP (knowledge.embeddings): a paraphrase the
 * lexical search misses reaches the model, a bot without the setting asks nothing and answers
 * as before, an endpoint that fails leaves the turn to the lexical search with one warning,
 * and a restart reads the passages' vectors from the data dir.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { botConfig, botId, BOT_ID, startFixture, type TestServer } from '../test/fixtures.ts';
import { startFakeEmbeddings, startFakeModel, type FakeEmbeddings, type FakeModel } from '../test/stand-ins.ts';
import { turn } from '../test/turns.ts';

const PLAIN = botId(2);
const NIGHT = 'The glow dims to ten percent after sunset when night mode is switched on in the app.';
const PARAPHRASE = 'Can the light get darker in the evening?';

const logLines: Array<{ event?: string; level: number; msg: string }> = [];
const logStream = new PassThrough();
logStream.on('data', (d: Buffer) => logLines.push(...d.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))));
const events = (name: string) => logLines.filter((l) => l.event === name);

let model: FakeModel;
let stub: FakeEmbeddings;
let s: TestServer;
beforeAll(async () => {
  model = await startFakeModel();
  stub = await startFakeEmbeddings();
  const engine = { type: 'openai', base_url: model.baseUrl, model: 'stand-in-model', timeout_ms: 2000 };
  const knowledge = { dir: 'knowledge', embeddings: { base_url: stub.baseUrl, model: 'stand-in-embed', api_key_env: 'TEST_EMBED_KEY', timeout_ms: 300, batch_size: 4, min_similarity: 0.3 } };
  s = await startFixture({
    uniqueClients: true,
    files: { 'knowledge/night.md': `# Night mode\n\n${NIGHT}\n` },
    bots: [botConfig({ engine, knowledge }), botConfig({ id: PLAIN, name: 'Plain', engine })],
    start: { env: { ...process.env, TEST_EMBED_KEY: 'sk-embed-0000' }, log: { level: 'info', stream: logStream } },
  });
  await s.ctx.liveKnowledge(s.ctx.config.bots.get(BOT_ID)!).vectors!.whenComplete();
  embedder().coolDown = { firstMs: 60, maxMs: 90 };
});

const embedder = () => s.ctx.liveKnowledge(s.ctx.config.bots.get(BOT_ID)!).vectors!.embedder;
/** Waits out the endpoint's cool-down after a failure (shortened above). */
const cooled = () => new Promise((r) => setTimeout(r, embedder().retryInMs + 5));
afterAll(async () => {
  await s.stop();
  await model.close();
  await stub.close();
});
beforeEach(() => {
  stub.mode = 'ok';
});

/** A turn, and the system prompt the model was given for it (the numbered sources). */
async function ask(message: string, bot = BOT_ID) {
  const asked = model.requests.length;
  const t = await turn(s, { message, bot_id: bot });
  expect(t.last?.type).toBe('done');
  const prompt = model.requests.slice(asked).map((r) => r.body.messages[0].content as string).join('\n');
  return { ...t, prompt, cited: ((t.last as { citations?: Array<{ source_id: string }> }).citations ?? []).map((c) => c.source_id) };
}

describe('a bot with an embeddings endpoint', () => {
  test('a paraphrase the lexical search misses reaches the model with its page, and is cited; the key is sent', async () => {
    const t = await ask(PARAPHRASE);
    expect(t.prompt).toContain(NIGHT);
    expect(t.cited).toEqual(['night.md']);
    expect(stub.requests.at(-1)!.body).toMatchObject({ model: 'stand-in-embed', input: [PARAPHRASE], encoding_format: 'float' });
    expect(stub.requests.at(-1)!.headers.authorization).toBe('Bearer sk-embed-0000');
  });

  test('a bot without the setting asks the endpoint nothing and finds what the lexical search finds', async () => {
    const before = stub.requests.length;
    const t = await ask(PARAPHRASE, PLAIN);
    expect(t.prompt).not.toContain(NIGHT);
    expect(t.cited).toEqual([]);
    expect((await ask('How much does the Nimbus Lamp cost?', PLAIN)).prompt).toContain('79 euros');
    expect(stub.requests.length).toBe(before);
  });

  test.each(['error', 'stall', 'wrong-dims'] as const)('an endpoint in %s: the turn is answered from the lexical search, one warning, and meaning is back when it is', async (mode) => {
    const warned = events('embeddings_unavailable').length;
    stub.mode = mode;
    const lexical = await ask('How much does the Nimbus Lamp cost?');
    expect(lexical.prompt).toContain('79 euros');
    expect(lexical.types).not.toContain('error');
    expect((await ask(PARAPHRASE)).prompt).not.toContain(NIGHT);
    expect(events('embeddings_unavailable').length).toBe(warned + 1);
    expect(events('embeddings_unavailable').at(-1)).toMatchObject({ level: 40, bot_id: BOT_ID });
    stub.mode = 'ok';
    await cooled();
    expect((await ask(PARAPHRASE)).prompt).toContain(NIGHT);
    expect(events('embeddings_recovered').length).toBe(warned + 1);
  });

  test('while a hanging endpoint cools down a turn asks it nothing and is answered lexically without waiting timeout_ms; after the back-off one turn probes it', async () => {
    // A back-off no loaded machine outlasts between two turns (the suite's 60 ms could lapse, and the second turn would rightly probe).
    embedder().coolDown = { firstMs: 1500, maxMs: 1500 };
    stub.mode = 'stall';
    const before = stub.requests.length;
    expect((await ask('How much does the Nimbus Lamp cost?')).prompt).toContain('79 euros');
    // The hanging request is counted once the stand-in has read it, which a loaded machine may do after the turn gave up on it.
    await expect.poll(() => stub.requests.length).toBe(before + 1);
    const sent = stub.requests.length;
    // Asked nothing (the count below), it waited for nothing: no bound on milliseconds, which a loaded machine makes flaky.
    const skipped = await ask('How much does the Nimbus Lamp cost?');
    expect(skipped.prompt).toContain('79 euros');
    expect(stub.requests.length).toBe(sent);
    stub.mode = 'ok';
    await cooled();
    expect((await ask(PARAPHRASE)).prompt).toContain(NIGHT);
    expect(stub.requests.length).toBe(sent + 1);
    expect(events('embeddings_recovered').length).toBe(events('embeddings_unavailable').length);
    embedder().coolDown = { firstMs: 60, maxMs: 90 };
  });

  test('a restart reads the passages\' vectors from the data dir: one passage is embedded again (the check of the model), then only the question', async () => {
    const before = stub.inputs.length;
    s = await s.restart();
    const live = s.ctx.liveKnowledge(s.ctx.config.bots.get(BOT_ID)!);
    await live.vectors!.whenComplete();
    expect(live.vectors!.fetched).toBe(0);
    expect((await ask(PARAPHRASE)).prompt).toContain(NIGHT);
    const asked = stub.inputs.slice(before);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain(NIGHT);
    expect(asked[1]).toBe(PARAPHRASE);
  });
});
