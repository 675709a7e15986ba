/**
 * `POST /v1/public/bots/{bot_id}/identify` (extension, issue 15): links a session to a
 * verified user of the bot, so the user's conversations follow them across devices and
 * sessions, and agents see their name and e-mail. 404 when the bot has identity off (the
 * widget then stays anonymous), 403 `identity_invalid` on a hash that does not match.
 */
import type { FastifyInstance } from 'fastify';
import { IdentifyRequest, type IdentifyResponse } from '../../../protocol/schemas.ts';
import type { Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { verifyUserHash } from '../../chat/identity.ts';
import { parseBody } from '../../config/validate.ts';
import { botById, checkBotAccess, clientKey } from '../../chat/access.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function identityRoutes(app: FastifyInstance, ctx: Context) {
  app.post<{ Params: { bot_id: string } }>('/v1/public/bots/:bot_id/identify', async (request): Promise<IdentifyResponse> => {
    const bot = botById(ctx, request.params.bot_id);
    checkBotAccess(bot, request);
    await ctx.limits.historyRead(clientKey(ctx, request));
    const body = parseBody(IdentifyRequest, request.body);
    const name = body.name ?? null;
    const email = body.email ?? null;
    if (email !== null && !EMAIL.test(email)) throw apiError('invalid_request', 'email: must be an e-mail address');
    if (!bot.identity_secret) throw apiError('not_found', 'Identity verification is not enabled for this bot.');
    if (!verifyUserHash(bot.identity_secret, body.user_id, body.user_hash)) {
      throw apiError('identity_invalid');
    }
    const linked = await ctx.store.linkVisitor(bot.id, body.session_id, { user_id: body.user_id, name, email });
    // A session stays with the user it was first linked to: another user's conversations
    // never become visible through a shared browser session.
    if (!linked) throw apiError('session_taken');
    return { user_id: body.user_id, conversation_id: await ctx.store.latestConversationOfUser(bot.id, body.user_id) };
  });
}
