import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { botConfig, botId, startFixture, SESSION, type TestServer } from '../test/fixtures.ts';
import { sseEvents } from '../test/sse-reader.ts';
import { PROVIDER_SECRET, startFakeModel, type FakeModel } from '../test/stand-ins.ts';
import { EVENT_ORDER, stages, turn } from '../test/turns.ts';
import { standalonePrompt } from './openai.ts';
import { phrase } from './phrases.ts';

const VISION = botId(2);
const PATIENT = botId(3);
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let model: FakeModel;
let s: TestServer;
beforeAll(async () => {
  model = await startFakeModel();
  const engine = { type: 'openai', base_url: model.baseUrl, model: 'stand-in-model', api_key_env: 'TEST_MODEL_KEY', timeout_ms: 400 };
  s = await startFixture({
    uniqueClients: true,
    bots: [
      botConfig({ engine }),
      botConfig({ id: VISION, allow_user_images: true, engine: { ...engine, vision: true } }),
      // A long stall timeout: an upstream abort seen within the test comes from the client abort.
      botConfig({ id: PATIENT, engine: { ...engine, timeout_ms: 60_000 } }),
    ],
    // A short resume grace: a client that left is given up on quickly when no one resumes its turn.
    start: { env: { ...process.env, TEST_MODEL_KEY: 'sk-test-key-0000' }, resumeGraceMs: 200 },
  });
});
afterAll(async () => {
  await s.stop();
  await model.close();
});
beforeEach(() => {
  model.mode = 'ok';
  model.requests.length = 0;
});

describe('openai engine against an OpenAI-compatible stand-in', () => {
  test('streams the model chunks; the prompt holds passages and earlier turns; the key comes from the env var; citations from [n]', async () => {
    const first = await turn(s, { message: 'How much does the lamp cost?' });
    expect(stages(first.events)).toMatch(EVENT_ORDER);
    expect(first.events.filter((e) => e.type === 'content').map((e) => e.content)).toEqual(['The lamp ', 'costs 79 euros ', '[1].']);
    expect(first.last).toMatchObject({ type: 'done', citations: [expect.objectContaining({ source_id: 'pricing.md' })] });

    const id = first.last!.conversation_id as string;
    await turn(s, { message: 'And shipping?', conversation_id: id, temperature: 2, model: 'client-chosen' });
    const req = model.requests.at(-1)!;
    expect(req.headers.authorization).toBe('Bearer sk-test-key-0000');
    expect(req.body.model).toBe('stand-in-model');
    expect(req.body.stream).toBe(true);
    expect(req.body).not.toHaveProperty('temperature');
    const roles = req.body.messages.map((m: { role: string }) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    expect(req.body.messages[0].content).toContain('79 euros');
    expect(req.body.messages[1].content).toBe('How much does the lamp cost?');
    expect(req.body.messages[2].content).toBe('The lamp costs 79 euros [1].');
    expect(req.body.messages[3].content).toBe('And shipping?');
  });

  test('with vision on, the image goes to the model as an image part', async () => {
    await turn(s, { bot_id: VISION, message: 'What is this?', image_data: PNG, image_media_type: 'image/png' });
    const user = model.requests.at(-1)!.body.messages.at(-1);
    expect(user.content).toEqual([{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }]);
  });

  test.each(['error', 'drop', 'stall'] as const)('an upstream %s ends the stream with a generic service_unavailable', async (mode) => {
    model.mode = mode;
    const r = await turn(s, { message: 'How much does the lamp cost?', session_id: `fail-${mode}` });
    expect(r.status).toBe(200);
    expect(stages(r.events)).toMatch(EVENT_ORDER);
    expect(r.last).toEqual({ type: 'error', error: 'service_unavailable', message: expect.any(String) });
    expect(r.raw).not.toContain(PROVIDER_SECRET);
    expect(r.raw).not.toContain('sk-test-key');
    // Word boundaries: the event ids are UUIDs, and "4500" may well be in one.
    expect(r.raw).not.toMatch(/\b500\b|internal failure/);
  });

  test('a client abort that no one resumes within the grace period aborts the upstream model request', async () => {
    model.mode = 'stall';
    const controller = new AbortController();
    const before = model.aborted;
    const res = await s.chat({ bot_id: PATIENT, message: 'How much does the lamp cost?', session_id: SESSION }, {}, controller.signal);
    try {
      for await (const e of sseEvents(res)) if (e.type === 'content') controller.abort();
    } catch {
      // aborted by us
    }
    await expect.poll(() => model.aborted, { timeout: 5000 }).toBe(before + 1);
    await expect.poll(() => s.ctx.streams.size).toBe(0);
  });

  test('a "don\'t know" from the model (NO_ANSWER) is the server\'s own line, cites nothing and lands on the to-do list', async () => {
    model.chunks = ['NO_', 'ANSWER'];
    try {
      const r = await turn(s, { message: 'What colour is the Nimbus Lamp box?', session_id: 'model-dk' });
      expect(r.text).toBe(phrase('en', 'no_answer'));
      expect(r.last?.citations).toEqual([]);
      const res = await fetch(`${s.url}/v1/agent/unanswered`, { headers: { authorization: 'Bearer agent-token-ana-1' } });
      const groups = (await res.json()).groups as { question: string }[];
      expect(groups.map((g) => g.question)).toContain('What colour is the Nimbus Lamp box?');
      // Positive control: an answer that merely starts like the marker is streamed as it is.
      model.chunks = ['NO', 'NE of the fees ', 'apply: 79 euros [1].'];
      const other = await turn(s, { message: 'How much does the Nimbus Lamp cost?', session_id: 'model-dk-2' });
      expect(other.text).toBe('NONE of the fees apply: 79 euros [1].');
    } finally {
      model.chunks = ['The lamp ', 'costs 79 euros ', '[1].'];
    }
  });

  test('a follow-up is made a standalone question by the model before retrieval, and searched as such', async () => {
    const first = await turn(s, { message: 'How much does the lamp cost?', session_id: 'model-sa' });
    model.requests.length = 0;
    model.script = (body) => (body.stream ? undefined : { chunks: ['How do I reset the Nimbus lamp to factory settings?'] });
    try {
      await turn(s, { message: 'and how do I reset it?', session_id: 'model-sa', conversation_id: first.last!.conversation_id as string });
    } finally {
      model.script = undefined;
    }
    const [rewrite, answer] = model.requests;
    expect(rewrite.body.stream).toBe(false);
    expect(rewrite.body.messages[0].content).toBe(standalonePrompt('en'));
    expect(rewrite.body.messages[1].content).toContain('User: How much does the lamp cost?');
    expect(rewrite.body.messages[1].content).toContain('Latest message: and how do I reset it?');
    // The passages come from the standalone question: the reset steps, which "and how do I reset it?" alone would not rank first.
    expect(answer.body.stream).toBe(true);
    expect(answer.body.messages[0].content).toMatch(/\[1\] [^\n]*\n[^\n]*twenty seconds/);
    expect(answer.body.messages.at(-1).content).toBe('and how do I reset it?');
  });

  test('a question in another language than the bot\'s is searched in the knowledge\'s language', async () => {
    model.script = (body) => (body.stream ? undefined : { chunks: ['How much does the Nimbus Lamp cost?'] });
    try {
      await turn(s, { message: 'Wie viel kostet die Lampe?', session_id: 'model-de' });
    } finally {
      model.script = undefined;
    }
    const [rewrite, answer] = model.requests;
    expect(rewrite.body.messages[0].content).toContain('Write the question in English');
    expect(answer.body.messages[0].content).toContain('79 euros');
  });
});
