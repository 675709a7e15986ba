/**
 * The fastify app: CORS, routes, and the one error handler that turns every failure into
 * `{error, message}` with a 4xx (or a logged 500 without a stack in the body).
 */
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { MAX_BODY_BYTES } from '../../protocol/limits.ts';
import type { HttpErrorCode } from '../../protocol/codes.ts';
import { Invalid } from '../config/check.ts';
import type { Context } from '../context.ts';
import { ApiError, apiError } from '../errors.ts';
import { isServiceDown } from '../ops/outage.ts';
import { agentRoutes } from './routes/agent.ts';
import { startRetention } from '../console/retention.ts';
import { WebhookDispatcher } from '../console/webhooks.ts';
import { botConfigRoutes } from './routes/bot-config.ts';
import { chatRoutes } from './routes/chat.ts';
import { extensionRoutes } from './routes/extensions.ts';
import { historyRoutes } from './routes/history.ts';
import { identityRoutes } from './routes/identity.ts';
import { opsRoutes } from './routes/ops.ts';
import { streamRoutes } from './routes/streams.ts';
import { staticRoutes } from './routes/static.ts';
import { securityHeaders } from './security-headers.ts';
import { DEFAULT_TIMEOUTS, timeoutOptions, type Timeouts } from './timeouts.ts';

const EMPTY_BODY = 'The body is empty; send a JSON object.';

/** Room for a 4 MB image as base64 plus the rest of the body. */
const BODY_LIMIT = MAX_BODY_BYTES;

/** Fastify's own refusals, as our codes (with a more precise message than the code's default where there is one). */
const FASTIFY_ERRORS: Record<string, [HttpErrorCode, string?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_json', EMPTY_BODY],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid_request', 'The Content-Length header does not match the body.'],
};

/**
 * JSON bodies: parsed with a reviver that refuses keys which could pollute prototypes, so
 * the error can say exactly that. Anything unparsable is a 400 naming the problem.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw apiError('invalid_json', EMPTY_BODY);
  try {
    return JSON.parse(text, function (key, value) {
      if (key === '__proto__' || (key === 'constructor' && value && typeof value === 'object' && Object.hasOwn(value, 'prototype'))) {
        throw apiError('invalid_json', 'The body contains a forbidden "__proto__" or "constructor.prototype" key.');
      }
      return value;
    });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (e instanceof RangeError) throw apiError('invalid_json', 'The body is nested too deeply.');
    throw apiError('invalid_json');
  }
}

/** Maps anything thrown in a route to the one error type. */
function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof Invalid) return apiError('invalid_request', err.message);
  const fe = err as Partial<FastifyError>;
  const known = fe.code ? FASTIFY_ERRORS[fe.code] : undefined;
  if (known) return apiError(...known);
  if (isServiceDown(err)) return apiError('service_unavailable');
  // Another 4xx of fastify's keeps its status.
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) return apiError('invalid_request', undefined, { status: fe.statusCode });
  return apiError('internal_error');
}

function cors(app: FastifyInstance) {
  // Public endpoints are called cross-origin by the widget. The bot's allowed domains are
  // enforced on each request (403); a refused origin gets no Allow-Origin header.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/public/')) return;
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin && origin !== 'null') {
      // Retry-After is not a CORS-safelisted response header: without this a widget on
      // another origin cannot read it and cannot count down a 429.
      reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', 'Retry-After');
    }
  });
  // A preflight carries no body, so it cannot know the bot: it is granted.
  app.options('/v1/public/*', async (_request, reply) => {
    reply
      .header('access-control-allow-methods', 'POST, GET')
      // Last-Event-ID: a widget resuming a dropped stream (routes/streams.ts).
      .header('access-control-allow-headers', 'Content-Type, Last-Event-ID')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });
}

const ROUTES = new WeakMap<FastifyInstance, string[]>();
/** "METHOD /path" of every route the app registered (checked against the OpenAPI document). */
export const routesOf = (app: FastifyInstance): string[] => ROUTES.get(app) ?? [];

export function buildApp(ctx: Context, timeouts: Timeouts = DEFAULT_TIMEOUTS): FastifyInstance {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    // Each request's log lines carry its id; the response names it too (X-Request-Id).
    genReqId: () => randomUUID(),
    ...timeoutOptions(timeouts),
    bodyLimit: BODY_LIMIT,
    exposeHeadRoutes: true,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    forceCloseConnections: true,
    return503OnClosing: true,
  });

  const routes: string[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (r) => {
    // HEAD mirrors every GET (exposeHeadRoutes) and is not listed separately.
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push(`${m} ${r.url}`);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    ctx.metrics.responses.inc({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) });
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (e) {
      done(e as Error, undefined);
    }
  });

  app.setErrorHandler((err, request, reply) => {
    const api = toApiError(err);
    // An unreachable PostgreSQL or Redis is an outage, not a bug: a warning without a stack.
    if (api.code === 'service_unavailable' && !(err instanceof ApiError)) request.log.warn({ err: (err as Error)?.message ?? String(err) }, 'service unavailable');
    else if (api.status >= 500 && !(err instanceof ApiError)) request.log.error({ err }, 'request failed');
    ctx.metrics.errors.inc({ code: api.code, where: 'http' });
    // A refused origin keeps its Allow-Origin header: the widget must be able to read this
    // 403 to tell the site owner it is allowed_domains, not the network (the body holds no data).
    reply.code(api.status).headers(api.headers).header('cache-control', 'no-store').send(api.toJSON());
  });
  app.setNotFoundHandler((request, reply) => {
    ctx.metrics.errors.inc({ code: 'not_found', where: 'http' });
    reply.code(404).send(apiError('not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0].slice(0, 200)}`).toJSON());
  });

  securityHeaders(app);
  cors(app);
  opsRoutes(app, ctx);
  chatRoutes(app, ctx);
  botConfigRoutes(app, ctx);
  historyRoutes(app, ctx);
  extensionRoutes(app, ctx);
  identityRoutes(app, ctx);
  streamRoutes(app, ctx);
  agentRoutes(app, ctx);
  staticRoutes(app, ctx);
  // Retention runs while the server serves: started when it is ready, stopped when it closes.
  let stopRetention = () => undefined as void;
  const webhooks = new WebhookDispatcher(ctx, ctx.webhooks);
  app.addHook('onReady', async () => {
    stopRetention = startRetention(ctx);
    webhooks.start();
  });
  app.addHook('onClose', async () => {
    stopRetention();
    await webhooks.stop();
  });
  return app;
}
