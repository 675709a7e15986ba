/**
 * Operations endpoints: liveness (/healthz: the process answers), readiness (/readyz: the
 * store answers a query, Redis a PING when configured, and every bot's knowledge is loaded;
 * a 503 names what is down so a load balancer stops sending traffic) and Prometheus metrics
 * (/metrics). Never cached. /metrics is for the operator's scraper: the recommended proxy
 * configuration (deploy/nginx.conf) does not pass it on to the internet.
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
    const bots = [...ctx.config.bots.values()];
    const empty = bots.filter((bot) => ctx.knowledge(bot).size === 0).map((bot) => bot.id);
    return { status: 'ready', storage: 'ok', ...(ctx.redis ? { redis: 'ok' } : {}), bots: bots.length, knowledge: empty.length ? { empty_bots: empty } : 'ok' };
  });

  app.get('/metrics', async (_request, reply) => {
    reply.header('cache-control', 'no-store').type(ctx.metrics.registry.contentType);
    return ctx.metrics.registry.metrics();
  });
}
