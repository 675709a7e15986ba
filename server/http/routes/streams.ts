/**
 * Extension: `GET /v1/public/chat/streams/{turn_id}` resumes a chat turn's stream after a
 * dropped connection or a page reload. With `Last-Event-ID: <turn_id>:<n>` (or the
 * `last_event_id` query parameter) it sends the events after n, then the rest of the turn as
 * it happens, from whichever instance generates it. Only the session that started the turn
 * may read it; a turn that ended more than a minute ago (or ran past 10 minutes), or is unknown, is a 404.
 */
import type { FastifyInstance } from 'fastify';
import type { ChatEvent } from '../../../protocol/schemas.ts';
import type { Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { isServiceDown } from '../../ops/outage.ts';
import { SseWriter } from '../../chat/sse.ts';
import { checkBotAccess, clientKey, header } from '../../chat/access.ts';

const EVENT_ID = /^([0-9a-f-]{36}):(\d{1,9})$/;

export function streamRoutes(app: FastifyInstance, ctx: Context) {
  app.get<{ Params: { turn_id: string }; Querystring: { session_id?: string; last_event_id?: string } }>('/v1/public/chat/streams/:turn_id', async (request, reply) => {
    const out = new SseWriter(reply.raw, ctx.sse);
    const turnId = request.params.turn_id;
    const sessionId = request.query.session_id;
    if (!sessionId) throw apiError('invalid_request', 'session_id: is required');
    const last = header(request, 'last-event-id') ?? request.query.last_event_id;
    let after = 0;
    if (last !== undefined && last !== '') {
      const m = EVENT_ID.exec(last);
      if (!m || m[1] !== turnId) throw apiError('invalid_request', `Last-Event-ID: must be an event id of this turn, like "${turnId}:3"`);
      after = Number(m[2]);
    }
    const meta = await ctx.turnLog.meta(turnId);
    if (!meta || meta.session_id !== sessionId) throw apiError('not_found', 'No resumable turn with this id exists for this session (it may have ended more than a minute ago).');
    const bot = ctx.config.bots.get(meta.bot_id);
    if (!bot) throw apiError('not_found', 'No resumable turn with this id exists for this session.');
    checkBotAccess(bot, request);
    await ctx.limits.historyRead(clientKey(ctx, request));

    reply.hijack();
    ctx.streams.add(out);
    try {
      out.start(reply.getHeaders() as Record<string, string>);
      for await (const { seq, event } of ctx.turnLog.read(turnId, after, out.signal)) {
        if (!(await out.send(event, `${turnId}:${seq}`))) break;
      }
    } catch (e) {
      const down = isServiceDown(e);
      if (!down) request.log.error({ err: e, turn_id: turnId }, 'resuming a turn failed');
      const event: ChatEvent = down
        ? { type: 'error', error: 'service_unavailable', message: 'The answer cannot be resumed right now. Please try again in a moment.' }
        : { type: 'error', error: 'internal_error', message: 'Something went wrong while resuming the answer.' };
      await out.send(event);
    } finally {
      out.end();
      ctx.streams.delete(out);
    }
  });
}
