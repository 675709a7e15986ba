/**
 * Issue 21, extensions for the visitor's live conversation:
 * - `GET /v1/public/conversations/{id}/live`: an SSE stream of the conversation's messages,
 *   the agent's typing and status changes, from any instance (server/chat/live.ts). It starts
 *   with the messages after `Last-Event-ID` (a message id; every message event carries its id)
 *   and a `status` event; it ends after a status other than `handoff`.
 * - `POST /v1/public/conversations/{id}/activity`: the visitor typing, and the latest reply seen,
 *   told to the console.
 * Both are authenticated by the session like history, and counted in the history rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { ActivityRequest, type ActivityResponse, type LiveEvent } from '../../../protocol/schemas.ts';
import { MAX_ID_CHARS, MAX_TYPING_PREVIEW_CHARS } from '../../../protocol/limits.ts';
import type { Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { parseBody } from '../../config/validate.ts';
import { clientAddress, clientKey, header } from '../../chat/access.ts';
import { liveEventOf, statusEvent } from '../../chat/live.ts';
import { HEARTBEAT, SSE_HEADERS } from '../../chat/sse.ts';
import type { DomainEvent } from '../../console/events.ts';
import { publish } from '../../console/publish.ts';
import { ownedConversation } from './history.ts';

/** A channel whose reader stops reading is dropped rather than buffered without bound. */
const BUFFER_CAP = 256 * 1024;
/** A refused channel may try again after this long. */
const RETRY_AFTER_S = 30;

const frame = (e: LiveEvent, id?: string) => `${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(e)}\n\n`;

export function liveRoutes(app: FastifyInstance, ctx: Context) {
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get<{ Params: { conversation_id: string }; Querystring: Record<string, unknown> }>('/v1/public/conversations/:conversation_id/live', async (request, reply) => {
    await ctx.limits.historyRead(clientKey(ctx, request));
    const q = request.query;
    if (q.session_id === undefined || q.session_id === '') throw apiError('invalid_request', 'session_id: is required');
    const c = await ownedConversation(ctx, request, request.params.conversation_id, q.session_id);
    const session = String(q.session_id);
    const lastId = header(request, 'last-event-id') ?? (typeof q.last_event_id === 'string' ? q.last_event_id : undefined);
    if (lastId !== undefined && (lastId === '' || lastId.length > MAX_ID_CHARS)) throw apiError('invalid_request', 'Last-Event-ID: must be a message id of this conversation');
    const address = clientAddress(ctx, request);
    const refused = ctx.live.open(session, address);
    if (refused) {
      throw apiError('rate_limited', refused === 'session'
        ? `This session has ${ctx.live.perSession} live channels open already; close one (another tab) or read the history instead.`
        : `This address has ${ctx.live.perAddress} live channels open already; try again later or read the history instead.`, { retryAfter: RETRY_AFTER_S });
    }

    reply.hijack();
    const res = reply.raw;
    let ended = false;
    let lastSent = lastId ?? null;
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      clearInterval(heartbeat);
      open.delete(end);
      ctx.live.close(session, address);
      void ctx.visitors.leave(c.id).catch(() => undefined);
      if (!res.destroyed) res.end();
    };
    const write = (e: LiveEvent) => {
      if (ended || res.destroyed) return;
      const id = e.type === 'message' ? e.message.id : undefined;
      if (id) lastSent = id;
      res.write(frame(e, id));
      if (res.writableLength > BUFFER_CAP) {
        res.destroy();
        return end();
      }
      if (e.type === 'status' && e.conversation_status !== 'handoff') end();
    };
    // Listening starts before the catch-up is read, so nothing said meanwhile is lost; what
    // arrives before the catch-up is written waits in `early` and is sent after it.
    let early: DomainEvent[] | null = [];
    const seen = new Set<string>();
    let chain = Promise.resolve();
    const deliver = (e: DomainEvent) => {
      chain = chain.then(async () => {
        if (ended) return;
        const live = await liveEventOf(e, () => ctx.store.getConversation(c.id));
        if (!live) return;
        if (live.type === 'message') {
          if (seen.has(live.message.id)) return;
          seen.add(live.message.id);
        }
        write(live);
      }).catch((err: Error) => request.log.warn({ event: 'live_event_failed', err: err.message }, 'live event not sent'));
    };
    const unsubscribe = ctx.events.subscribe((e) => {
      if (e.conversation_id !== c.id) return;
      if (early) early.push(e);
      else deliver(e);
    });
    const heartbeat = setInterval(() => {
      if (!res.destroyed) res.write(HEARTBEAT);
      void ctx.visitors.beat(c.id).catch(() => undefined);
    }, ctx.sse.heartbeatMs).unref();
    open.add(end);
    res.on('close', end);
    // With Redis, an instance subscribes to other instances' events only while someone listens
    // (console/events-redis.ts): the catch-up below is read once that subscription is in place,
    // so a reply posted on another instance meanwhile is either in it or comes as an event.
    await ctx.events.ready();

    res.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), ...SSE_HEADERS, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    res.write(': connected\n\n');
    try {
      await ctx.visitors.beat(c.id);
      let missed = await ctx.store.messages(c.id, lastId);
      // An id this conversation does not have (another server's, or deleted): everything, the client skips what it has.
      if (missed === 'unknown_after') missed = await ctx.store.messages(c.id);
      for (const m of Array.isArray(missed) ? missed : []) {
        seen.add(m.id);
        write({ type: 'message', message: m });
      }
      const now = await ctx.store.getConversation(c.id);
      const queued = early;
      early = null;
      write(now ? statusEvent(now) : { type: 'status', conversation_status: 'closed', agent_name: null });
      for (const e of queued) deliver(e);
    } catch (err) {
      request.log.warn({ event: 'live_failed', err: (err as Error).message, last: lastSent }, 'live channel ended');
      end();
    }
  });

  app.post<{ Params: { conversation_id: string } }>('/v1/public/conversations/:conversation_id/activity', async (request): Promise<ActivityResponse> => {
    await ctx.limits.historyRead(clientKey(ctx, request));
    const body = parseBody(ActivityRequest, request.body);
    const c = await ownedConversation(ctx, request, request.params.conversation_id, body.session_id);
    const bot = ctx.config.bots.get(c.bot_id)!;
    const base = { bot_id: c.bot_id, conversation_id: c.id, session_id: c.session_id };
    if (body.typing !== undefined) {
      // The preview only when the site owner turned it on; otherwise the console learns only that someone types.
      const text = bot.handoff.typing_preview && body.typing && body.text ? body.text.slice(0, MAX_TYPING_PREVIEW_CHARS) : null;
      await publish(ctx, { ...base, type: 'visitor.typing', typing: body.typing, text });
    }
    if (body.seen_message_id !== undefined) await publish(ctx, { ...base, type: 'visitor.seen', message_id: body.seen_message_id });
    return { ok: true };
  });
}
