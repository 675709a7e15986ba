/**
 * Security headers on every response. Set at onRequest, so they are in place for errors,
 * 404s, preflights and the hijacked SSE responses (which copy the reply's headers) alike.
 * HTML pages also get a Content-Security-Policy and may not be framed, unless their route
 * set a stricter policy of its own (the agent inbox).
 */
import type { FastifyInstance } from 'fastify';

/** The demo page: its own scripts and styles (inline <style>), the widget's API on this origin. */
export const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

export function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin');
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
