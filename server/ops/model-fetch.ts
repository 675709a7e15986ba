/**
 * The fetch the model client (the openai SDK) runs on: node:http(s) with a keep-alive agent,
 * instead of the global fetch (undici). A streamed answer is held open for as long as the model
 * writes, and undici's fetch keeps about 30 KB of heap per open response (its fetch controller,
 * the request body teed in case of a redirect, its web streams; bench/RESULTS.md, memory per open
 * stream), more than the rest of the turn together. The SDK needs a WHATWG Response; this one is
 * built over the node response, which holds far less. Only what the SDK sends
 * is supported: a string or bytes as the body, no redirects (an API answers, it does not move).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

const abortError = (signal: AbortSignal) =>
  (signal.reason instanceof Error && signal.reason.name === 'AbortError' ? signal.reason : new DOMException('The operation was aborted.', 'AbortError'));

function headersOf(res: IncomingMessage): Headers {
  const h = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  return h;
}

/**
 * The response body as a web stream, fed by the node stream and pausing it while the reader is
 * behind (lighter than Readable.toWeb, which keeps a byte stream and its own listeners).
 */
function bodyOf(res: IncomingMessage, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(c) {
      res.on('data', (chunk: Buffer) => {
        c.enqueue(chunk);
        if ((c.desiredSize ?? 1) <= 0) res.pause();
      });
      res.on('end', () => c.close());
      // An abort reads as one (the SDK tells a user's abort from a lost connection by its name).
      res.on('error', (e) => c.error(signal?.aborted ? abortError(signal) : e));
    },
    pull() {
      res.resume();
    },
    cancel(reason) {
      res.destroy(reason instanceof Error ? reason : undefined);
    },
  });
}

export const modelFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => new Promise((resolve, reject) => {
  const url = new URL(input instanceof Request ? input.url : input);
  const protocol = url.protocol as keyof typeof agents;
  if (!agents[protocol]) return reject(new TypeError(`model fetch: unsupported protocol ${url.protocol}`));
  const body = init.body;
  if (body != null && typeof body !== 'string' && !(body instanceof Uint8Array)) return reject(new TypeError('model fetch: only a string or bytes can be sent'));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return reject(abortError(signal));
  const method = (init.method ?? 'GET').toUpperCase();
  const send = protocol === 'https:' ? httpsRequest : httpRequest;
  const req = send(url, { method, headers: Object.fromEntries(new Headers(init.headers)), agent: agents[protocol] }, (res) => {
    const status = res.statusCode ?? 0;
    const empty = method === 'HEAD' || status === 204 || status === 205 || status === 304;
    if (empty) res.resume();
    // Errors after this point (an abort, a reset) end the body stream with that error.
    resolve(new Response(empty ? null : bodyOf(res, signal), { status, statusText: res.statusMessage, headers: headersOf(res) }));
  });
  const onAbort = () => req.destroy(abortError(signal!));
  signal?.addEventListener('abort', onAbort, { once: true });
  req.on('error', reject);
  req.on('close', () => signal?.removeEventListener('abort', onAbort));
  req.end(body ?? undefined);
});
