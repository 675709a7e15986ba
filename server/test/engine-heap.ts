/**
 * Child process of openai-leak.test.ts (run with `node --expose-gc --import tsx`): streams
 * N answers from the openai engine against the OpenAI-compatible stand-in, each turn with its
 * own AbortSignal as the server gives it, and prints the live heap growth per turn after
 * full collections. A turn must leave nothing behind.
 *   argv: WARMUP TURNS [ENGINE_MODULE]
 */
import { startFakeModel } from './stand-ins.ts';

const [warmup, turns] = [Number(process.argv[2] ?? 100), Number(process.argv[3] ?? 1000)];
const modulePath = process.argv[4] ?? '../engines/openai.ts';
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const { OpenAIEngine } = (await import(modulePath)) as typeof import('../engines/openai.ts');
const model = await startFakeModel();
const engine = new OpenAIEngine({
  type: 'openai', base_url: model.baseUrl, model: 'stand-in', api_key_env: null, api_key: 'sk-test',
  vision: false, timeout_ms: 10_000, max_tokens: null, temperature: null,
});

async function run(n: number) {
  for (let i = 0; i < n; i++) {
    const turn = new AbortController();
    const gen = engine.answer({
      question: 'How much does the lamp cost?', passages: [], weights: new Map(), history: [], image: null,
      language: 'en', botName: 'Test', signal: turn.signal,
    });
    for (;;) if ((await gen.next()).done) break;
  }
  model.requests.length = 0;
}

const settle = async () => {
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
  return process.memoryUsage().heapUsed;
};

await run(warmup);
const before = await settle();
await run(turns);
const after = await settle();
await model.close();
console.log(JSON.stringify({ turns, bytesPerTurn: (after - before) / turns }));
