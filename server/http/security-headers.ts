/**
 * Security headers on every response. Set at onRequest, so they are in place for errors,
 * 404s, preflights and the hijacked SSE responses (which copy the reply's headers) alike.
 * HTML pages also get a Content-Security-Policy and may not be framed, unless their route
 * set a stricter policy of its own (the agent inbox).
 */
import type { FastifyInstance } from 'fastify';

/** The demo page: its own scripts and styles (inline <style>), the widget's API on this origin. */
export const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

/** On every response, those made before routing (server/http/app.ts) included. */
export const BASE_SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' } as const;

export function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(BASE_SECURITY_HEADERS);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', PAGE_CSP);
      if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
