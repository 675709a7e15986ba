/** `POST /v1/public/chat/stream`: every pre-stream check, then one SSE turn. */
import type { FastifyInstance } from 'fastify';
import { ChatRequest } from '../../../protocol/schemas.ts';
import { MAX_MESSAGE_CHARS } from '../../../protocol/limits.ts';
import { admitChat } from '../../chat/admission.ts';
import type { Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { decodeImage, imagePreview } from '../../chat/images.ts';
import { MeteredSseWriter } from '../../ops/metrics.ts';
import type { Conversation } from '../../store/store.ts';
import { visitorContextOf } from '../../console/visitor-context.ts';
import { runTurn } from '../../chat/turn.ts';
import { TurnStream } from '../../chat/turn-stream.ts';
import { parseBody } from '../../config/validate.ts';
import { botById, checkBotAccess } from '../../chat/access.ts';

/** Reads only the documented fields; anything else in the body is ignored and never reaches a model. */
function parseChatBody(body: unknown): ChatRequest {
  const req = parseBody(ChatRequest, body);
  const message = req.message.trim();
  if (!message) throw apiError('invalid_request', 'message: must not be empty');
  if (message.length > MAX_MESSAGE_CHARS) throw apiError('invalid_request', `message: must be at most ${MAX_MESSAGE_CHARS} characters`);
  if (req.image_data != null && req.image_media_type == null) throw apiError('invalid_request', 'image_media_type: is required when image_data is given');
  if (req.image_data == null && req.image_media_type != null) throw apiError('invalid_request', 'image_data: is required when image_media_type is given');
  return { ...req, message };
}

export function chatRoutes(app: FastifyInstance, ctx: Context) {
  app.post('/v1/public/chat/stream', async (request, reply) => {
    // Created before the first await so a disconnect during the checks is seen; started only once they pass.
    const out = new MeteredSseWriter(reply.raw, ctx.sse, ctx.metrics);
    const body = parseChatBody(request.body);
    const bot = botById(ctx, body.bot_id);
    checkBotAccess(bot, request);

    // The cheap checks (type, size, magic bytes) come first; the full decode for the
    // thumbnail costs CPU, so it waits until the request has passed the limits.
    let decoded = null;
    let conversation: Conversation | null = null;
    const lease = await admitChat(ctx, request, bot, {
      recaptchaToken: body.recaptcha_token ?? undefined,
      before: async () => {
        if (body.image_data != null) {
          if (!bot.allow_user_images) throw apiError('images_not_allowed');
          decoded = decodeImage(body.image_data, body.image_media_type!);
        }
        if (body.conversation_id != null) {
          conversation = (await ctx.store.ownedConversation(body.conversation_id, body.session_id)) ?? null;
          if (!conversation || conversation.bot_id !== bot.id) throw apiError('not_found', 'No conversation with this id exists for this session.');
        }
      },
    });
    let image = null;
    try {
      const d = decoded as ReturnType<typeof decodeImage> | null;
      if (d) image = { data: body.image_data!, mediaType: d.type, preview: await imagePreview(d.buf, d.type) };
    } catch (e) {
      await lease.refund();
      throw e;
    }

    lease.accept();
    reply.hijack();
    ctx.streams.add(out);
    // Every event is logged under the turn's id, so a client that drops can resume (turn-stream.ts).
    const turn = new TurnStream(ctx, out);
    try {
      // The headers go out with the first event (status), which follows at once.
      out.start(reply.getHeaders() as Record<string, string>, false);
      turn.begin({ session_id: body.session_id, bot_id: bot.id });
      const context = conversation ? null : visitorContextOf(body.page, request.headers as Record<string, string | undefined>);
      await runTurn(ctx, { bot, sessionId: body.session_id, message: body.message, conversation, image, context }, turn, lease);
    } catch (e) {
      // The status line is sent; a failure now can only be an error event.
      request.log.error({ err: e, bot_id: bot.id }, 'chat turn failed');
      await turn.send({ type: 'error', error: 'internal_error', message: 'Something went wrong while answering. Please try again.' });
    } finally {
      await lease.refund().catch((e: unknown) => request.log.error({ err: e, bot_id: bot.id }, 'giving back a credit failed'));
      await turn.finish();
      out.end();
      ctx.streams.delete(out);
    }
  });
}
