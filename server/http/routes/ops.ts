/**
 * Operations endpoints: liveness (/healthz: the process answers), readiness (/readyz: the
 * store answers a query, Redis a PING when configured; a 503 names what is down so a load
 * balancer stops sending traffic; knowledge that could not be read is reported in a 200) and
 * Prometheus metrics (/metrics). Never cached. /metrics is for the operator's scraper: the
 * recommended proxy configuration (deploy/nginx.conf) does not pass it on to the internet.
 */
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { pingRedis } from '../../ops/redis.ts';

export function opsRoutes(app: FastifyInstance, ctx: Context) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const down: string[] = [];
    const fail = (service: string) => (err: unknown) => {
      down.push(service);
      request.log.error({ event: 'not_ready', service, err }, `${service} check failed`);
    };
    const checks = [ctx.store.ping().catch(fail('storage (database)'))];
    if (ctx.redis) checks.push(pingRedis(ctx.redis).catch(fail('redis')));
    await Promise.all(checks);
    if (down.length) throw apiError('not_ready', `Not ready: ${down.sort().join(' and ')} ${down.length > 1 ? 'do' : 'does'} not answer.`);
    // Knowledge that could not be read (a missing folder, an unreadable file, a sitemap that
    // failed) or a bot that knows nothing is reported, but stays a 200: every instance reads the
    // same config, so a 503 would take all of them out of the balancer while each can still
    // answer from what it read. What failed, with paths and errors, is in the log
    // (knowledge_unreadable, crawl_problem); this public answer names the bots and counts only.
    const bots = [...ctx.config.bots.values()];
    const degraded = bots
      .map((bot) => ({ bot, kb: ctx.knowledge(bot) }))
      .filter(({ kb }) => kb.problems.length > 0 || kb.size === 0)
      .map(({ bot, kb }) => ({ bot_id: bot.id, unreadable_sources: kb.problems.length, passages: kb.size }));
    return {
      status: 'ready', storage: 'ok', ...(ctx.redis ? { redis: 'ok' } : {}), bots: bots.length,
      knowledge: degraded.length ? 'degraded' : 'ok', ...(degraded.length ? { degraded_bots: degraded } : {}),
    };
  });

  app.get('/metrics', async (_request, reply) => {
    reply.header('cache-control', 'no-store').type(ctx.metrics.registry.contentType);
    return ctx.metrics.registry.metrics();
  });
}
