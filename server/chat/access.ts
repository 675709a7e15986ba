/**
 * Who may talk to a bot: the bot a request addresses (public, active, an allowed origin) and
 * who the client is (its address behind the configured proxies, the key its limits count under).
 */
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../config/check.ts';
import type { AppConfig, BotSettings } from '../config/config.ts';
import { apiError } from '../errors.ts';
import { checkOrigin, clientIp, ipKey } from './guard.ts';

export const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Anything that holds the config: the server's context, or a part of it. */
type Configured = { config: Pick<AppConfig, 'bots' | 'trust_proxy'> };

export function botById(ctx: Configured, botId: unknown): BotSettings {
  if (!isUuid(botId)) throw apiError('invalid_request', 'bot_id: must be a UUID');
  const bot = ctx.config.bots.get(botId.toLowerCase());
  if (!bot) throw apiError('bot_not_found');
  return bot;
}

/** The checks every public bot-facing request passes: public, active, and an allowed origin. */
export function checkBotAccess(bot: BotSettings, req: FastifyRequest) {
  if (bot.privacy !== 'public') throw apiError('bot_not_public');
  if (!bot.active) throw apiError('bot_inactive');
  checkOrigin(bot.allowed_domains, header(req, 'origin'), header(req, 'referer'));
}

export function clientAddress(ctx: Configured, req: FastifyRequest): string {
  return clientIp(req.socket.remoteAddress ?? '0.0.0.0', req.headers['x-forwarded-for'], ctx.config.trust_proxy);
}

export const clientKey = (ctx: Configured, req: FastifyRequest) => ipKey(clientAddress(ctx, req));
