/**
 * Public assets: the built widget, the demo page and the OpenAPI document. Files are read
 * per request (they are small), so a rebuilt widget is served without a restart.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from '../context.ts';
import { notFound } from '../errors.ts';
import { openApiDocument } from '../openapi.ts';

async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, type: string, cache: string, missing: string) {
  let info;
  try {
    info = await stat(file);
  } catch {
    throw notFound(missing);
  }
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply.header('content-type', type).header('cache-control', cache).header('etag', etag).header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(await readFile(file));
}

/** The agent inbox runs under a strict policy: only its own script, style and API. */
const AGENT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function staticRoutes(app: FastifyInstance, ctx: Context) {
  const dist = (...parts: string[]) => join(ctx.rootDir, 'dist', ...parts);
  const notBuilt = 'Not built yet: run `npm run build`.';
  // Public scripts any site may embed: readable cross-origin, revalidated every 5 minutes.
  for (const file of ['widget.js', 'widget-markdown.js']) {
    app.get(`/${file}`, async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      return sendFile(request, reply, dist(file), 'text/javascript; charset=utf-8', 'public, max-age=300, stale-while-revalidate=86400', notBuilt);
    });
  }
  app.get('/', async (request, reply) =>
    sendFile(request, reply, join(ctx.rootDir, 'index.html'), 'text/html; charset=utf-8', 'no-cache', 'No demo page (index.html) here.'));
  app.get('/agent', async (request, reply) => {
    reply.header('content-security-policy', AGENT_CSP).header('x-frame-options', 'DENY').header('referrer-policy', 'no-referrer');
    return sendFile(request, reply, dist('agent', 'index.html'), 'text/html; charset=utf-8', 'no-cache', notBuilt);
  });
  app.get('/agent.js', async (request, reply) =>
    sendFile(request, reply, dist('agent', 'agent.js'), 'text/javascript; charset=utf-8', 'no-cache', notBuilt));
  app.get('/agent.css', async (request, reply) =>
    sendFile(request, reply, dist('agent', 'agent.css'), 'text/css; charset=utf-8', 'no-cache', notBuilt));
  app.get('/openapi.json', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
    return openApiDocument();
  });
}
