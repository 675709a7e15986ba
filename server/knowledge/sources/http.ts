/**
 * One polite, bounded GET for the crawler: our user agent, a deadline covering connect,
 * headers and body, and a byte cap enforced while reading (a server that lies about or omits
 * Content-Length still cannot make us hold more). Redirects are followed only on the same host
 * (http → https and a `www.` prefix allowed), so a page cannot send the server elsewhere, such as
 * to an address on its own network. Failures are `FetchError`s with a reason a log line can show.
 */

/** The product token robots.txt groups are matched against (`User-agent: LumenChatBot`). */
export const ROBOTS_AGENT = 'LumenChatBot';
export const USER_AGENT = `${ROBOTS_AGENT}/1.0 (knowledge crawler of Lumen Chat)`;

export class FetchError extends Error {
  override name = 'FetchError';
}

export interface Fetched {
  status: number;
  /** The media type, lower case, without parameters ("text/html"). */
  type: string;
  charset: string | null;
  /** The X-Robots-Tag header, lower case, when sent. */
  robotsTag: string | null;
  /** The body of a 2xx response; empty otherwise (it is not read). */
  body: Buffer;
}

export interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  signal: AbortSignal;
  accept?: string;
}

const tooLarge = (max: number) => new FetchError(`larger than ${max} bytes`);
const MAX_REDIRECTS = 5;
const bareHost = (u: URL) => u.hostname.replace(/^www\./, '');

/** The response at `url`, following same-host redirects itself. */
async function follow(url: string, init: RequestInit): Promise<Response> {
  const start = new URL(url);
  let current = start;
  for (let hop = 0; ; hop++) {
    const res = await fetch(current, { ...init, redirect: 'manual' });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (!location) return res;
    await res.body?.cancel().catch(() => undefined);
    const next = new URL(location, current);
    if (hop >= MAX_REDIRECTS) throw new FetchError(`more than ${MAX_REDIRECTS} redirects`);
    if ((next.protocol !== 'http:' && next.protocol !== 'https:') || bareHost(next) !== bareHost(start)) {
      throw new FetchError(`redirected off the site, to ${next.origin}`);
    }
    current = next;
  }
}

export async function fetchCapped(url: string, o: FetchOptions): Promise<Fetched> {
  const deadline = AbortSignal.timeout(o.timeoutMs);
  const signal = AbortSignal.any([o.signal, deadline]);
  const failed = (e: unknown): FetchError => {
    if (e instanceof FetchError) return e;
    if (deadline.aborted) return new FetchError(`timed out after ${o.timeoutMs} ms`);
    if (o.signal.aborted) return new FetchError('stopped (server closing)');
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return new FetchError(`cannot fetch: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  };
  let res: Response;
  try {
    res = await follow(url, { signal, headers: { 'user-agent': USER_AGENT, accept: o.accept ?? '*/*' } });
  } catch (e) {
    throw failed(e);
  }
  const [type = '', ...params] = (res.headers.get('content-type') ?? '').toLowerCase().split(';').map((s) => s.trim());
  const charset = params.find((p) => p.startsWith('charset='))?.slice(8).replace(/"/g, '') ?? null;
  const robotsTag = res.headers.get('x-robots-tag')?.toLowerCase() ?? null;
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    return { status: res.status, type, charset, robotsTag, body: Buffer.alloc(0) };
  }
  const reader = res.body.getReader();
  try {
    if (Number(res.headers.get('content-length')) > o.maxBytes) throw tooLarge(o.maxBytes);
    const parts: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > o.maxBytes) throw tooLarge(o.maxBytes);
      parts.push(value);
    }
    return { status: res.status, type, charset, robotsTag, body: Buffer.concat(parts) };
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    throw failed(e);
  }
}

/** A body as text in its declared charset (UTF-8 when none or unknown). */
export function decodeText(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
