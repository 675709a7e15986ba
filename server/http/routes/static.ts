/**
 * Public assets: the built widget loader and its app module, the agent inbox, the demo page
 * (with --demo), the favicon and the OpenAPI document, each pre-compressed (server/assets.ts).
 * Caching:
 * - widget.js keeps one stable URL (it is what site owners paste), so it is cached briefly
 *   and revalidated by ETag; widget.js?bot=<id>, which carries the bot's config, is private
 *   and revalidated on every use;
 * - the app module it imports is named by its content hash (widget-app.<hash>.js, which
 *   widget.js names), so it is cached for a year: a page holding yesterday's widget.js asks
 *   for yesterday's app, which the build leaves in dist/, never a mismatched new one.
 * HEAD is answered for every GET (fastify's exposeHeadRoutes).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sendAsset } from '../assets.ts';
import type { Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { openApiDocument } from '../openapi.ts';
import { sendWidgetScript } from '../widget-script.ts';

/** The agent inbox runs under a strict policy: only its own script, style and API. */
const AGENT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// The app module; widget-markdown.<hash>.js is the lazy chunk of widget.js builds before the
// loader split, still in dist/ for a page that holds such a widget.js.
export const CHUNK_NAME = /^widget-(?:app|markdown)\.[A-Za-z0-9_-]{8,}\.js$/;
const JS = 'text/javascript; charset=utf-8';
export const ROOT_NOT_FOUND = 'No page here: this is a Lumen Chat server. It serves the widget loader at /widget.js, the agent inbox at /agent, the chat API under /v1/public/ (described at /openapi.json), and /healthz, /readyz; the demo page only when started with --demo (npm start).';
const SHORT = 'public, max-age=300, stale-while-revalidate=86400';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function staticRoutes(app: FastifyInstance, ctx: Context) {
  const dist = (...parts: string[]) => join(ctx.rootDir, 'dist', ...parts);
  const missing = 'Not built yet: run `npm run build`.';
  // Public scripts any site may embed: readable cross-origin.
  const embeddable = (reply: FastifyReply) =>
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');

  // `?bot=<id>` writes that bot's config into the script (server/widget-script.ts).
  app.get('/widget.js', async (request, reply) => {
    embeddable(reply);
    return sendWidgetScript(ctx, request, reply, dist('widget.js'), { type: JS, cache: SHORT, missing });
  });
  // One segment at the root: the content-hashed chunks; anything else is a plain 404.
  app.get<{ Params: { file: string } }>('/:file', async (request, reply) => {
    const { file } = request.params;
    if (!CHUNK_NAME.test(file)) throw apiError('not_found', `No such endpoint: GET /${file.slice(0, 200)}`);
    embeddable(reply);
    return sendAsset(request, reply, dist(file), { type: JS, cache: IMMUTABLE, missing: `No chunk ${file} here (built by another version?).` });
  });
  // The demo page only when asked (--demo, which npm start sets): a production server has no
  // page of its own at `/`, and a visitor or operator landing there learns what it serves.
  // The build copies the demo page into dist/ with its compressed copies; unbuilt, the source is served.
  app.get('/', async (request, reply) => {
    if (!ctx.demo) throw apiError('not_found', ROOT_NOT_FOUND);
    const built = dist('index.html');
    return sendAsset(request, reply, existsSync(built) ? built : join(ctx.rootDir, 'index.html'), { type: 'text/html; charset=utf-8', cache: 'no-cache', missing: 'No demo page (index.html) here.' });
  });
  app.get('/favicon.ico', async (request, reply) =>
    sendAsset(request, reply, dist('favicon.ico'), { type: 'image/x-icon', cache: 'public, max-age=86400', missing }));
  app.get('/favicon.svg', async (request, reply) =>
    sendAsset(request, reply, dist('favicon.svg'), { type: 'image/svg+xml', cache: 'public, max-age=86400', missing }));
  app.get('/agent', async (request, reply) => {
    reply.header('content-security-policy', AGENT_CSP).header('x-frame-options', 'DENY').header('referrer-policy', 'no-referrer');
    return sendAsset(request, reply, dist('agent', 'index.html'), { type: 'text/html; charset=utf-8', cache: 'no-cache', missing });
  });
  app.get('/agent.js', async (request, reply) =>
    sendAsset(request, reply, dist('agent', 'agent.js'), { type: JS, cache: 'no-cache', missing }));
  app.get('/agent.css', async (request, reply) =>
    sendAsset(request, reply, dist('agent', 'agent.css'), { type: 'text/css; charset=utf-8', cache: 'no-cache', missing }));
  app.get('/openapi.json', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
    return openApiDocument();
  });
}
