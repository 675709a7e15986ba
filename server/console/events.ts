/**
 * What happened, told once to whoever listens (issue 14): the console's live SSE channel
 * and the webhooks. Routes and the turn publish a `DomainEvent` after the change is stored;
 * they never know who listens. `MemoryEvents` reaches listeners in this process only; with
 * Redis, server/events-redis.ts fans events out to every instance.
 */
import type { ConsoleEventType, SignalType } from '../../protocol/codes.ts';
import type { Message } from '../../protocol/schemas.ts';

export interface DomainEvent {
  /** A change that was stored, or (issue 21) a signal: someone typing, a reply seen. */
  type: ConsoleEventType | SignalType;
  /** ISO time the change was stored. */
  at: string;
  bot_id: string;
  conversation_id: string | null;
  session_id: string | null;
  /** On `message.*`: the stored message. */
  message?: Message | null;
  /** On `contact.submitted`: the submission. */
  contact?: { id: string; fields: Record<string, string> } | null;
  /** On agent actions: who did it. */
  agent_name?: string | null;
  /** On `conversation.assigned`: who has it now (agent_name: who assigned it). */
  assignee?: string | null;
  /** On `conversation.tagged` / `untagged`: the tag. */
  tag?: string | null;
  /** On `conversation.closed`: the agent's note. */
  note?: string | null;
  /** On `*.typing`: started (true) or stopped (false). */
  typing?: boolean;
  /** On `visitor.typing`: what is typed so far, when the bot allows previews; else null. */
  text?: string | null;
  /** On `visitor.seen`: the latest message the visitor has on screen. */
  message_id?: string | null;
  /** The instance where it happened (Context.instanceId): with Redis every instance hears every event, and only this one acts on it once (webhooks). */
  origin?: string;
}

export type Listener = (e: DomainEvent) => void;

export interface Events {
  /** Tells every listener (on every instance, with Redis); never throws: a lost event is logged, not the request's problem. */
  publish(e: DomainEvent): Promise<void>;
  /** Listens to events of every instance (the console's live channel); returns the unsubscribe function. */
  subscribe(listener: Listener): () => void;
  /** Listens to the events published on this instance only (webhooks: each event is sent by the instance where it happened). */
  subscribeLocal(listener: Listener): () => void;
  /** Resolves once the listeners subscribed so far hear other instances' events (a channel subscription is under way). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One process: listeners are called synchronously, each guarded so one failing listener cannot stop the others. */
export class MemoryEvents implements Events {
  /** Listeners to every instance's events. */
  protected readonly listeners = new Set<Listener>();
  /** Listeners to this instance's events only. */
  protected readonly local = new Set<Listener>();
  async publish(e: DomainEvent) {
    this.deliver(e, this.local);
    this.deliver(e, this.listeners);
  }
  protected deliver(e: DomainEvent, to: Set<Listener>) {
    for (const l of to) {
      try {
        l(e);
      } catch {
        // A listener's own fault (a closed stream) must not reach the publisher.
      }
    }
  }
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  subscribeLocal(listener: Listener): () => void {
    this.local.add(listener);
    return () => void this.local.delete(listener);
  }
  async ready() {
    // One process: every listener hears everything at once.
  }
  async close() {
    this.listeners.clear();
    this.local.clear();
  }
}
