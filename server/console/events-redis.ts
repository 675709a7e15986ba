/**
 * Domain events across instances (issue 14): published on one Redis channel, delivered by
 * each instance to its own listeners (its console streams, its webhook enqueuer). A
 * dedicated subscriber connection, since a subscribed ioredis connection takes no other
 * commands; ioredis resubscribes by itself after a reconnect. ioredis' keyPrefix does not
 * apply to channels, so the channel carries the prefix itself: instances of two
 * deployments sharing one Redis do not hear each other.
 */
import type { Redis } from '../ops/redis.ts';
import { MemoryEvents, type DomainEvent } from './events.ts';

export class RedisEvents extends MemoryEvents {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly warn: (m: string) => void;

  private constructor(redis: Redis, sub: Redis, warn: (m: string) => void) {
    super();
    this.pub = redis;
    this.sub = sub;
    this.channel = `${redis.options.keyPrefix ?? ''}events`;
    this.warn = warn;
  }

  static async connect(redis: Redis, warn: (m: string) => void): Promise<RedisEvents> {
    // The subscriber may queue commands while offline: a SUBSCRIBE issued during an outage runs on reconnect.
    const sub = redis.duplicate({ keyPrefix: '', enableOfflineQueue: true, lazyConnect: true });
    sub.on('error', () => undefined); // the main connection reports outages; this one would repeat them
    const events = new RedisEvents(redis, sub, warn);
    sub.on('message', (channel: string, text: string) => {
      if (channel !== events.channel) return;
      try {
        events.deliver(JSON.parse(text) as DomainEvent);
      } catch (e) {
        warn(`an event could not be read: ${(e as Error).message}`);
      }
    });
    await sub.connect();
    await sub.subscribe(events.channel);
    return events;
  }

  /** Every instance, this one included, hears it through the channel. Redis away: this instance's listeners still hear it. */
  async publish(e: DomainEvent) {
    try {
      await this.pub.publish(this.channel, JSON.stringify(e));
    } catch (err) {
      this.warn(`event ${e.type} reached this instance only: ${(err as Error).message}`);
      this.deliver(e);
    }
  }

  async close() {
    await super.close();
    this.sub.disconnect();
  }
}
