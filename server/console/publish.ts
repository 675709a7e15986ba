/** Telling the console's live channel and the webhooks what changed, from any module that changes something. */
import type { Context } from '../context.ts';
import type { DomainEvent } from './events.ts';

/** What publishing needs: the event bus, this instance's id (so webhooks fire once) and the log. */
export type Publisher = Pick<Context, 'events' | 'instanceId' | 'log'>;

/** Tells the console and the webhooks; a lost event is logged, never the request's failure. */
export async function publish(ctx: Publisher, e: Omit<DomainEvent, 'at'> & { at?: string }) {
  try {
    await ctx.events.publish({ at: new Date().toISOString(), origin: ctx.instanceId, ...e });
  } catch (err) {
    ctx.log.warn({ event: 'publish_failed', type: e.type, err: (err as Error).message }, 'event not published');
  }
}

