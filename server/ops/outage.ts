/**
 * Whether an error means PostgreSQL or Redis could not be reached (or dropped the
 * connection): such a request gets `503 service_unavailable` (or an in-stream error of that
 * code), never a 500, and the next request tries again, so service resumes by itself.
 */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs: connection exceptions (08…) and an administrator or crash shutdown (57P0…). */
const PG_STATES = /^(08\d{3}|57P0[1-3])$/;
const MESSAGES = [
  'Connection terminated', // pg: the socket closed under a query
  'timeout exceeded when trying to connect', // pg pool: no connection within connectionTimeoutMillis
  'Client has encountered a connection error', // pg
  "Stream isn't writeable", // ioredis: offline and queueing disabled
  'Connection is closed', // ioredis
  'Reached the max retries per request limit', // ioredis
];

export function isServiceDown(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (NETWORK.has(e.code) || PG_STATES.test(e.code))) return true;
    if (e.name === 'MaxRetriesPerRequestError') return true;
    if (typeof e.message === 'string' && MESSAGES.some((m) => (e!.message as string).includes(m))) return true;
  }
  return false;
}
