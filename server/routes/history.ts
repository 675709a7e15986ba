/** `GET /v1/public/conversations/{id}/messages`: history for the owning session, `after` for polling. */
import type { FastifyInstance } from 'fastify';
import { str } from '../check.ts';
import type { Context } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { checkOrigin } from '../guard.ts';
import type { Conversation } from '../store.ts';
import { clientKey, header } from './common.ts';
import type { FastifyRequest } from 'fastify';

const NOT_FOUND = 'No conversation with this id exists for this session.';

/**
 * The conversation when `session_id` owns it, else 404 (the same for unknown and foreign ids,
 * so ids cannot be probed), then the bot's origin check.
 */
export function ownedConversation(ctx: Context, request: FastifyRequest, id: string, sessionId: unknown): Conversation {
  const session = str(sessionId, 'session_id', { min: 1, max: 256 });
  const c = ctx.store.ownedConversation(id, session);
  const bot = c && ctx.config.bots.get(c.bot_id);
  if (!c || !bot) throw notFound(NOT_FOUND);
  checkOrigin(bot.allowed_domains, header(request, 'origin'), header(request, 'referer'));
  return c;
}

export function historyRoutes(app: FastifyInstance, ctx: Context) {
  app.get<{ Params: { conversation_id: string }; Querystring: Record<string, unknown> }>(
    '/v1/public/conversations/:conversation_id/messages',
    async (request, reply) => {
      await ctx.limits.historyRead(clientKey(ctx, request));
      const q = request.query;
      if (q.session_id === undefined || q.session_id === '') throw badRequest('session_id: is required');
      const c = ownedConversation(ctx, request, request.params.conversation_id, q.session_id);
      let after: string | undefined;
      if (q.after !== undefined) after = str(q.after, 'after', { min: 1, max: 100 });
      const messages = ctx.store.messages(c.id, after);
      if (messages === 'unknown_after') throw badRequest('after: is not a message of this conversation');
      reply.header('cache-control', 'no-store');
      return { messages, conversation_status: c.status };
    },
  );
}
