/**
 * Local stand-ins for the outside services the server talks to, speaking their real
 * protocols over loopback HTTP: a siteverify endpoint (reCAPTCHA/hCaptcha/Turnstile form
 * protocol), an OpenAI-compatible chat-completions endpoint (SSE chunks, [DONE]) and an
 * OpenAI-compatible embeddings endpoint (POST /v1/embeddings).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function body(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const c of req) s += c;
  return s;
}

const closeServer = (server: Server) => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

export interface Verifier { url: string; calls: URLSearchParams[]; close(): Promise<void> }

/** Tokens: "good" passes (score 0.9), "low" passes with score 0.1, anything else fails. */
export async function startVerifier(): Promise<Verifier> {
  const calls: URLSearchParams[] = [];
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await body(req));
    calls.push(form);
    const token = form.get('response');
    const result = form.get('secret') !== 'test-secret' ? { success: false, 'error-codes': ['invalid-input-secret'] }
      : token === 'good' ? { success: true, score: 0.9, hostname: 'shop.example.com' }
      : token === 'low' ? { success: true, score: 0.1 }
      : { success: false, 'error-codes': ['invalid-input-response'] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });
  return { url: `${await listen(server)}/siteverify`, calls, close: () => closeServer(server) };
}

export type ModelMode = 'ok' | 'error' | 'drop' | 'stall';

/** What one request gets: a mode, or `ok` with its own chunks. */
export type ModelReply = ModelMode | { chunks: string[] };

export interface FakeModel {
  baseUrl: string;
  mode: ModelMode;
  /** The answer streamed in `ok` mode, split into these chunks. */
  chunks: string[];
  requests: Array<{ body: any; headers: IncomingMessage['headers'] }>;
  /** How many upstream requests the client (our server) closed before they ended. */
  aborted: number;
  /**
   * Per-request behaviour, for suites that share one stand-in between tests (e2e): given the
   * request body, a reply for this request, or undefined for the global `mode`/`chunks`.
   */
  script?: (body: any) => ModelReply | undefined;
  close(): Promise<void>;
}

export const PROVIDER_SECRET = 'sk-provider-internal-detail-12345';

export async function startFakeModel(): Promise<FakeModel> {
  const model: FakeModel = {
    baseUrl: '',
    mode: 'ok',
    chunks: ['The lamp ', 'costs 79 euros ', '[1].'],
    requests: [],
    aborted: 0,
    close: async () => undefined,
  };
  const frame = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'stand-in', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const parsed = JSON.parse(await body(req));
    model.requests.push({ body: parsed, headers: req.headers });
    res.on('close', () => {
      if (!res.writableFinished) model.aborted++;
    });
    const reply = model.script?.(parsed) ?? model.mode;
    const mode = typeof reply === 'string' ? reply : 'ok';
    const chunks = typeof reply === 'string' ? model.chunks : reply.chunks;
    if (mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: `internal failure ${PROVIDER_SECRET}`, type: 'server_error' } }));
    }
    if (parsed.stream !== true) {
      // A plain (non-streamed) completion, as the server asks for a standalone question.
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({
        id: 'chatcmpl-2', object: 'chat.completion', created: 1, model: 'stand-in',
        choices: [{ index: 0, message: { role: 'assistant', content: chunks.join('') }, finish_reason: 'stop' }],
      }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(frame({ role: 'assistant', content: '' }));
    if (mode === 'stall') return void res.write(frame({ content: 'The lamp ' }));
    if (mode === 'drop') {
      res.write(frame({ content: 'The lamp ' }));
      return void setTimeout(() => res.destroy(), 20);
    }
    for (const c of chunks) res.write(frame({ content: c }));
    res.write(frame({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  model.baseUrl = `${await listen(server)}/v1`;
  model.close = () => closeServer(server);
  return model;
}

export type EmbeddingsMode = 'ok' | 'error' | 'stall' | 'wrong-dims';

export interface FakeEmbeddings {
  baseUrl: string;
  mode: EmbeddingsMode;
  /** The vectors' length in `ok` mode (`wrong-dims` answers one more). */
  dims: number;
  /** Which weights stand behind the model's name: another version puts words on other dimensions. */
  version: number;
  /** Every request's body, in order. */
  requests: Array<{ body: any; headers: IncomingMessage['headers'] }>;
  /** Every text embedded in `ok` mode, in order. */
  inputs: string[];
  close(): Promise<void>;
}

/**
 * Words the stand-in model reads as one (each maps to its partner's dimension): a visitor's
 * paraphrase of the night-mode page is near it though they share no word.
 */
export const SAME_MEANING: Record<string, string> = { darker: 'dims', evening: 'sunset', light: 'glow' };
const FILLER = new Set(['the', 'and', 'for', 'can', 'how', 'does', 'get', 'with', 'when', 'after', 'what', 'you', 'your', 'this', 'that', 'are', 'not', 'from', 'into']);

/** A deterministic embedding: a bag of word hashes, words of three letters or more, filler words left out, SAME_MEANING's pairs sharing a dimension. */
export function standInVector(text: string, dims: number, version = 0): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []) {
    if (FILLER.has(raw)) continue;
    const word = SAME_MEANING[raw] ?? raw;
    let h = 2166136261 ^ version;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
    v[(h >>> 0) % dims] += 1;
  }
  // A text of filler alone still gets a vector (a real model never answers zeros).
  if (!v.some((x) => x !== 0)) v[0] = 1;
  return v;
}

export async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  const stub: FakeEmbeddings = { baseUrl: '', mode: 'ok', dims: 1024, version: 0, requests: [], inputs: [], close: async () => undefined };
  const server = createServer(async (req, res) => {
    const text = await body(req);
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    const parsed = JSON.parse(text);
    stub.requests.push({ body: parsed, headers: req.headers });
    if (stub.mode === 'stall') return; // never answers: the client's timeout ends it
    if (stub.mode === 'error') return void res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model is loading', type: 'server_error' } }));
    const input: string[] = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
    if (stub.mode === 'ok') stub.inputs.push(...input);
    const dims = stub.mode === 'wrong-dims' ? stub.dims + 1 : stub.dims;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
      object: 'list', model: parsed.model,
      data: input.map((t, index) => ({ object: 'embedding', index, embedding: standInVector(t, dims, stub.version) })),
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    }));
  });
  stub.baseUrl = `${await listen(server)}/v1`;
  stub.close = () => closeServer(server);
  return stub;
}
