/**
 * HTTP timeouts. Node's defaults let a request whose body never completes (chunked without
 * an end, or fewer bytes than its Content-Length) hold a socket forever; these bound it.
 * `requestMs` covers receiving the request only, so a long SSE answer is not cut off.
 */
export interface Timeouts {
  /** The whole request (headers and body) must arrive within this; else 408. */
  requestMs: number;
  /** The headers must arrive within this (at most requestMs). */
  headersMs: number;
  /** An idle keep-alive connection is closed after this; longer than a proxy's upstream keep-alive (nginx: 60 s). */
  keepAliveMs: number;
  /** How often Node looks for requests past their deadline: a late request gets its 408 within requestMs + this. */
  checkIntervalMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { requestMs: 20_000, headersMs: 15_000, keepAliveMs: 65_000, checkIntervalMs: 5_000 };

/** The fastify server options for these timeouts. */
export function timeoutOptions(t: Timeouts) {
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    // Passed to http.createServer: these two exist only there.
    http: { headersTimeout: Math.min(t.headersMs, t.requestMs), connectionsCheckingInterval: t.checkIntervalMs },
  };
}
