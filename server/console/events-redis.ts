/**
 * Domain events across instances (issue 14): published on one Redis channel, delivered by
 * each instance to its own listeners (its console streams). An event is delivered on the
 * instance where it happened at once, without the round trip through Redis; the channel
 * carries it to the others. An instance subscribes to the channel only while it has listeners
 * for other instances' events (a console is connected): the others would parse every event
 * of every instance for no one, which made the cost of an event grow with the number of
 * instances (bench/RESULTS.md, scale-out). A dedicated subscriber connection, since a
 * subscribed ioredis connection takes no other commands; ioredis resubscribes by itself after
 * a reconnect. ioredis' keyPrefix does not apply to channels, so the channel carries the prefix
 * itself: instances of two deployments sharing one Redis do not hear each other.
 */
import type { Redis } from '../ops/redis.ts';
import { MemoryEvents, type DomainEvent, type Listener } from './events.ts';

export class RedisEvents extends MemoryEvents {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly instanceId: string;
  private readonly warn: (m: string) => void;
  private subscribed = false;
  /** The last SUBSCRIBE or UNSUBSCRIBE sent. */
  private following: Promise<unknown> = Promise.resolve();

  private constructor(redis: Redis, sub: Redis, instanceId: string, warn: (m: string) => void) {
    super();
    this.pub = redis;
    this.sub = sub;
    this.channel = `${redis.options.keyPrefix ?? ''}events`;
    this.instanceId = instanceId;
    this.warn = warn;
  }

  static async connect(redis: Redis, instanceId: string, warn: (m: string) => void): Promise<RedisEvents> {
    // The subscriber may queue commands while offline: a SUBSCRIBE issued during an outage runs on reconnect.
    const sub = redis.duplicate({ keyPrefix: '', enableOfflineQueue: true, lazyConnect: true });
    sub.on('error', () => undefined); // the main connection reports outages; this one would repeat them
    const events = new RedisEvents(redis, sub, instanceId, warn);
    sub.on('message', (channel: string, text: string) => {
      if (channel !== events.channel) return;
      try {
        const e = JSON.parse(text) as DomainEvent;
        // This instance's own events were delivered when they were published.
        if (e.origin !== instanceId) events.deliver(e, events.listeners);
      } catch (e) {
        warn(`an event could not be read: ${(e as Error).message}`);
      }
    });
    await sub.connect();
    return events;
  }

  /** This instance's listeners hear it at once; the others through the channel (Redis away: this instance only). */
  async publish(e: DomainEvent) {
    const event = { ...e, origin: e.origin ?? this.instanceId };
    this.deliver(event, this.local);
    this.deliver(event, this.listeners);
    try {
      await this.pub.publish(this.channel, JSON.stringify(event));
    } catch (err) {
      this.warn(`event ${e.type} reached this instance only: ${(err as Error).message}`);
    }
  }

  override subscribe(listener: Listener) {
    const unsubscribe = super.subscribe(listener);
    this.follow();
    return () => {
      unsubscribe();
      this.follow();
    };
  }

  /** Subscribed to the channel exactly while someone listens to other instances' events. */
  private follow() {
    const want = this.listeners.size > 0;
    if (want === this.subscribed) return;
    this.subscribed = want;
    const done = want ? this.sub.subscribe(this.channel) : this.sub.unsubscribe(this.channel);
    this.following = done.catch((err: Error) => this.warn(`${want ? 'subscribing to' : 'leaving'} the events channel failed: ${err.message}`));
  }

  override async ready() {
    await this.following;
  }

  async close() {
    await super.close();
    this.sub.disconnect();
  }
}
