/** `POST /v1/public/chat/stream`: every pre-stream check, then one SSE turn. */
import type { FastifyInstance } from 'fastify';
import { Fields, isObj } from '../check.ts';
import type { Context } from '../context.ts';
import { ApiError, badRequest, forbidden, notFound } from '../errors.ts';
import { verifyToken } from '../guard.ts';
import { decodeImage, imagePreview } from '../images.ts';
import { SseWriter } from '../sse.ts';
import { runTurn } from '../turn.ts';
import { botById, checkBotAccess, clientAddress, clientKey } from './common.ts';

export const MAX_MESSAGE_CHARS = 4000;

export interface ChatRequest {
  bot_id: string; message: string; session_id: string; conversation_id?: string;
  recaptcha_token?: string; image_data?: string; image_media_type?: string;
}

/** Reads only the documented fields; anything else in the body is ignored and never reaches a model. */
export function parseChatBody(body: unknown): ChatRequest {
  if (!isObj(body)) throw badRequest('The body must be a JSON object.');
  const f = new Fields(body, '');
  const bot_id = f.str('bot_id');
  const message = f.str('message').trim();
  if (!message) throw badRequest('message: must not be empty');
  if (message.length > MAX_MESSAGE_CHARS) throw badRequest(`message: must be at most ${MAX_MESSAGE_CHARS} characters`);
  const req: ChatRequest = {
    bot_id,
    message,
    session_id: f.str('session_id', { min: 1, max: 256 }),
    conversation_id: f.optStr('conversation_id', { min: 1, max: 100 }),
    recaptcha_token: f.optStr('recaptcha_token', { max: 10_000 }),
    image_data: f.optStr('image_data'),
    image_media_type: f.optStr('image_media_type'),
  };
  if (req.image_data !== undefined && req.image_media_type === undefined) throw badRequest('image_media_type: is required when image_data is given');
  if (req.image_data === undefined && req.image_media_type !== undefined) throw badRequest('image_data: is required when image_media_type is given');
  return req;
}

export function chatRoutes(app: FastifyInstance, ctx: Context) {
  app.post('/v1/public/chat/stream', async (request, reply) => {
    // Created before the first await so a disconnect during the checks is seen; started only once they pass.
    const out = new SseWriter(reply.raw, ctx.sse);
    const body = parseChatBody(request.body);
    const bot = botById(ctx, body.bot_id);
    checkBotAccess(bot, request);
    const ws = ctx.config.workspaces.get(bot.workspace_id)!;
    if (ws.trial_ends_at && Date.parse(ws.trial_ends_at) <= Date.now()) throw forbidden('trial_expired', 'The free trial of this workspace has ended.');

    // The cheap checks (type, size, magic bytes) come first; the full decode for the
    // thumbnail costs CPU, so it waits until the request has passed the limits below.
    let decoded = null;
    if (body.image_data !== undefined) {
      if (!bot.allow_user_images) throw badRequest('This bot does not accept images.', 'images_not_allowed');
      decoded = decodeImage(body.image_data, body.image_media_type!);
    }

    let conversation = null;
    if (body.conversation_id !== undefined) {
      conversation = ctx.store.ownedConversation(body.conversation_id, body.session_id) ?? null;
      if (!conversation || conversation.bot_id !== bot.id) throw notFound('No conversation with this id exists for this session.');
    }

    // Counted only once everything cheap has passed; given back if a later check refuses.
    const lease = await ctx.limits.chat(bot, clientKey(ctx, request));
    let image = null;
    let monthly = false;
    try {
      monthly = ctx.store.countMonthlyChat(ws.id, ws.chat_limit_per_month);
      if (!monthly) throw monthlyLimit();
      const rc = bot.recaptcha ?? ctx.config.recaptcha;
      if (rc) await verifyToken(rc, body.recaptcha_token, clientAddress(ctx, request), ctx.verifyTimeoutMs);
      if (decoded) image = { data: body.image_data!, mediaType: decoded.type, preview: await imagePreview(decoded.buf, decoded.type) };
    } catch (e) {
      await lease.refund();
      if (monthly) ctx.store.uncountMonthlyChat(ws.id);
      throw e;
    }

    reply.hijack();
    ctx.streams.add(out);
    try {
      out.start(reply.getHeaders() as Record<string, string>);
      await runTurn(ctx, { bot, sessionId: body.session_id, message: body.message, conversation, image }, out);
    } catch (e) {
      // The status line is sent; a failure now can only be an error event.
      console.error(`[chat] bot ${bot.id}: ${(e as Error)?.stack ?? e}`);
      await out.send({ type: 'error', error: 'internal_error', message: 'Something went wrong while answering. Please try again.' });
    } finally {
      out.end();
      ctx.streams.delete(out);
    }
  });
}

function monthlyLimit(): ApiError {
  const now = new Date();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const seconds = Math.max(1, Math.ceil((next - now.getTime()) / 1000));
  return new ApiError(429, 'rate_limited', 'This workspace has used all its chats for this month. The limit resets on the first of next month.', {
    headers: { 'retry-after': String(seconds) },
    extra: { retry_after: seconds },
  });
}
