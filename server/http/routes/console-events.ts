/**
 * GET /v1/agent/events: the console's one live connection (issue 14). Every DomainEvent
 * (server/events.ts; from any instance when Redis is configured) becomes an SSE event
 * `console` carrying the conversation as it is now, so the console never polls. The stream
 * is fetch-read by the console (EventSource cannot send the bearer token).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { CONSOLE_SSE_EVENT, SIGNAL_SSE_EVENT, SIGNAL_TYPES, type SignalType } from '../../../protocol/codes.ts';
import type { ConsoleEvent, ConsoleSignal } from '../../../protocol/console.ts';
import type { Context } from '../../context.ts';
import type { DomainEvent } from '../../console/events.ts';
import { HEARTBEAT, SSE_HEADERS } from '../../chat/sse.ts';
import { summaryOf } from '../../console/summaries.ts';

/** A console that stops reading is dropped, not buffered without bound. */
const BUFFER_CAP = 1 << 20;

export const formatConsoleEvent = (e: ConsoleEvent) => `event: ${CONSOLE_SSE_EVENT}\ndata: ${JSON.stringify(e)}\n\n`;
/** Issue 21: typing and seen go as `event: signal`, sent as they come (no store read: they come per keystroke). */
export const formatSignal = (e: ConsoleSignal) => `event: ${SIGNAL_SSE_EVENT}\ndata: ${JSON.stringify(e)}\n\n`;
const isSignal = (t: string): t is SignalType => (SIGNAL_TYPES as readonly string[]).includes(t);

export function consoleEventRoutes(app: FastifyInstance, ctx: Context) {
  const open = new Set<ServerResponse>();
  app.addHook('onClose', async () => {
    for (const res of open) res.end();
  });

  /** The wire form of an event: the conversation read now (null once deleted). */
  const toConsole = async (e: DomainEvent): Promise<ConsoleEvent> => {
    const c = e.conversation_id && e.type !== 'conversation.deleted' ? await ctx.store.getConversation(e.conversation_id) : undefined;
    return { type: e.type as ConsoleEvent['type'], at: e.at, conversation_id: e.conversation_id, conversation: c ? await summaryOf(ctx, c) : null, message: e.message ?? null, agent_name: e.agent_name ?? null };
  };

  app.get('/v1/agent/events', async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    // Hijacked: the onSend hooks (security headers, no-store) do not run, so the headers are set here.
    res.writeHead(200, { ...SSE_HEADERS, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    open.add(res);
    // Events are written in the order they came, though each needs a store read first.
    let chain = Promise.resolve();
    const unsubscribe = ctx.events.subscribe((e) => {
      if (isSignal(e.type)) {
        if (res.destroyed || !e.conversation_id) return;
        res.write(formatSignal({
          type: e.type, at: e.at, conversation_id: e.conversation_id, agent_name: e.agent_name ?? null, typing: e.typing ?? null, text: e.text ?? null, message_id: e.message_id ?? null,
        }));
        return;
      }
      chain = chain.then(async () => {
        if (res.destroyed) return;
        const wire = await toConsole(e);
        res.write(formatConsoleEvent(wire));
        if (res.writableLength > BUFFER_CAP) res.destroy();
      }).catch((err: Error) => request.log.warn({ event: 'console_event_failed', err: err.message }, 'console event not sent'));
    });
    const heartbeat = setInterval(() => res.write(HEARTBEAT), ctx.sse.heartbeatMs).unref();
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    });
    // "connected" once the channel hears every instance (with Redis, the first console of an
    // instance subscribes it to the channel), so nothing said after it is missed.
    await ctx.events.ready();
    if (!res.destroyed) res.write(': connected\n\n');
  });
}
