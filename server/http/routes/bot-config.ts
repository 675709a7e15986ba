/** `GET /v1/public/bots/{bot_id}/config`: the 23 widget-configuration fields of the spec. */
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../context.ts';
import { botById, checkBotAccess } from '../../chat/access.ts';
import { widgetConfig } from '../../chat/widget-config.ts';

export function botConfigRoutes(app: FastifyInstance, ctx: Context) {
  app.get<{ Params: { bot_id: string } }>('/v1/public/bots/:bot_id/config', async (request, reply) => {
    const bot = botById(ctx, request.params.bot_id);
    checkBotAccess(bot, request);
    // Short cache: settings change rarely, presence (handoff_available) changes within a minute.
    reply.header('cache-control', 'no-cache');
    return widgetConfig(ctx, bot);
  });
}
