/**
 * The fastify app: CORS, routes, and the one error handler that turns every failure into
 * `{error, message}` with a 4xx (or a logged 500 without a stack in the body).
 */
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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
import { liveRoutes } from './routes/live.ts';
import { extensionRoutes } from './routes/extensions.ts';
import { historyRoutes } from './routes/history.ts';
import { identityRoutes } from './routes/identity.ts';
import { opsRoutes } from './routes/ops.ts';
import { streamRoutes } from './routes/streams.ts';
import { staticRoutes } from './routes/static.ts';
import { BASE_SECURITY_HEADERS, securityHeaders } from './security-headers.ts';
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

/** find-my-way's limit on one path parameter (fastify's default); no id of ours comes near it. */
const MAX_PARAM_LENGTH = 100;

/**
 * What fastify's router refuses before any route or hook runs (a URL that cannot be
 * percent-decoded, a path parameter over the limit), answered like every other error: the
 * JSON body, nosniff, no-store. (Hooks do not run for these, so the headers are set here.)
 */
function routerError(ctx: Context, err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const path = (request.raw.url ?? '').split('?')[0].slice(0, 200);
  const api =
    err.code === 'FST_ERR_BAD_URL' ? apiError('invalid_request', `The URL is malformed: ${path} is not valid percent-encoding.`)
    : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? apiError('uri_too_long', `The URL has a path segment longer than ${MAX_PARAM_LENGTH} characters; no id or name here is that long.`)
    : apiError('internal_error', 'Something went wrong on the server.');
  if (api.status >= 500) request.log.error({ err }, 'router failed');
  ctx.metrics.errors.inc({ code: api.code, where: 'http' });
  reply.code(api.status).headers(BASE_SECURITY_HEADERS).header('cache-control', 'no-store').header('x-request-id', request.id).send(api.toJSON());
}

/**
 * What Node's HTTP parser refuses before there is a request at all (no route, no hook, no
 * reply object): a request that never arrives in full (408), a request line and headers over
 * Node's limit (431), bytes that are not HTTP. Written to the socket by hand, as Node's
 * 'clientError' requires, but with the same JSON body and headers as every other error.
 */
function clientError(ctx: Context, timeouts: Timeouts, err: NodeJS.ErrnoException & { reason?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const seconds = Math.max(1, Math.round(timeouts.requestMs / 1000));
  const api =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? apiError('request_timeout', `The request did not arrive in full within ${seconds} second${seconds === 1 ? '' : 's'}.`)
    : err.code === 'HPE_HEADER_OVERFLOW' ? apiError('headers_too_large', `The request line and headers are larger than ${Math.round(maxHeaderSize / 1024)} KB: shorten the URL, or send fewer or smaller headers (cookies).`)
    : apiError('invalid_request', `The request is not valid HTTP/1.1${err.reason ? ` (${err.reason})` : ''}.`);
  ctx.log.debug({ err: err.message, code: err.code }, 'client error');
  ctx.metrics.errors.inc({ code: api.code, where: 'http' });
  // A response already under way on this connection cannot be followed by another one.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!pending?.headersSent) {
    const body = JSON.stringify(api.toJSON());
    const headers: Record<string, string | number> = {
      'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body),
      ...BASE_SECURITY_HEADERS, 'cache-control': 'no-store', connection: 'close',
    };
    socket.write(`HTTP/1.1 ${api.status} ${STATUS_CODES[api.status]}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`);
  }
  socket.destroy();
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
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (err, request, reply) => routerError(ctx, err, request, reply),
    clientErrorHandler: (err, socket) => clientError(ctx, timeouts, err, socket),
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
  liveRoutes(app, ctx);
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
