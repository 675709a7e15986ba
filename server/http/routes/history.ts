/** `GET /v1/public/conversations/{id}/messages`: history for the owning session, `after` for polling. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { MAX_ID_CHARS, MAX_SESSION_ID_CHARS } from '../../../protocol/limits.ts';
import type { History } from '../../../protocol/schemas.ts';
import type { Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { checkOrigin } from '../../chat/guard.ts';
import type { Conversation } from '../../store/store.ts';
import { parse } from '../../config/validate.ts';
import { clientKey, header } from '../../chat/access.ts';

const NOT_FOUND = 'No conversation with this id exists for this session.';
const SessionId = Type.String({ minLength: 1, maxLength: MAX_SESSION_ID_CHARS });
const After = Type.String({ minLength: 1, maxLength: MAX_ID_CHARS });

/**
 * The conversation when `session_id` owns it, else 404 (the same for unknown and foreign ids,
 * so ids cannot be probed), then the bot's origin check.
 */
export async function ownedConversation(ctx: Context, request: FastifyRequest, id: string, sessionId: unknown): Promise<Conversation> {
  const session = parse(SessionId, sessionId, 'session_id');
  const c = await ctx.store.ownedConversation(id, session);
  const bot = c && ctx.config.bots.get(c.bot_id);
  if (!c || !bot) throw apiError('not_found', NOT_FOUND);
  checkOrigin(bot.allowed_domains, header(request, 'origin'), header(request, 'referer'));
  return c;
}

export function historyRoutes(app: FastifyInstance, ctx: Context) {
  app.get<{ Params: { conversation_id: string }; Querystring: Record<string, unknown> }>(
    '/v1/public/conversations/:conversation_id/messages',
    async (request, reply): Promise<History> => {
      await ctx.limits.historyRead(clientKey(ctx, request));
      const q = request.query;
      if (q.session_id === undefined || q.session_id === '') throw apiError('invalid_request', 'session_id: is required');
      const c = await ownedConversation(ctx, request, request.params.conversation_id, q.session_id);
      const after = q.after === undefined ? undefined : parse(After, q.after, 'after');
      const messages = await ctx.store.messages(c.id, after);
      if (messages === 'unknown_after') throw apiError('invalid_request', 'after: is not a message of this conversation');
      reply.header('cache-control', 'no-store');
      // agent_name (extension): who has the conversation while a person does, so the widget can say so.
      return { messages, conversation_status: c.status, agent_name: c.status === 'handoff' ? c.assignee : null };
    },
  );
}
