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
  /** Listens to events of every instance; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void;
  close(): Promise<void>;
}

/** One process: listeners are called synchronously, each guarded so one failing listener cannot stop the others. */
export class MemoryEvents implements Events {
  protected readonly listeners = new Set<Listener>();
  async publish(e: DomainEvent) {
    this.deliver(e);
  }
  protected deliver(e: DomainEvent) {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch {
        // A listener's own fault (a closed stream) must not reach the publisher.
      }
    }
  }
  subscribe(listener: Listener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  async close() {
    this.listeners.clear();
  }
}
