/**
 * Structured logs: JSON lines from pino (fastify's own logger), one per request with its
 * request id, plus named events (`event` field) such as contact submissions. What a visitor
 * typed is never logged: requests are logged by method, route path (no query string, which
 * can hold a session id) and status only.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

export interface LogOptions {
  /** trace, debug, info (default), warn, error, fatal or silent. */
  level?: string;
  /** Where the lines go; stdout by default. */
  stream?: NodeJS.WritableStream;
}

export function createLogger(o: LogOptions = {}): Logger {
  return pino(
    {
      level: o.level || 'info',
      base: { service: 'lumen-chat' },
      serializers: {
        req: (req: { id?: string; method?: string; url?: string; ip?: string }) => ({
          id: req.id, method: req.method, path: req.url?.split('?')[0], ip: req.ip,
        }),
        res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
      },
    },
    o.stream ?? pino.destination({ dest: 1, sync: false }),
  );
}
