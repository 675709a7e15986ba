/**
 * Issue 21: the visitor's live channel. Which domain events (server/console/events.ts, from
 * every instance when Redis carries them) a conversation's visitor hears, in the wire shape of
 * protocol's LiveEvent, and the bounds on open channels: a few per session (tabs), a few
 * dozen per client address (an office behind one NAT), counted on this instance.
 */
import type { LiveEvent } from '../../protocol/schemas.ts';
import type { DomainEvent } from '../console/events.ts';
import type { Conversation } from '../store/store.ts';

/** Open channels a session may hold on one instance: a visitor with a few tabs. */
export const LIVE_PER_SESSION = 4;
/** Open channels one client address may hold on one instance. */
export const LIVE_PER_ADDRESS = 40;

/** Counts open channels; `open` says whether one more may open and takes its place. */
export class LiveChannels {
  private readonly sessions = new Map<string, number>();
  private readonly addresses = new Map<string, number>();
  readonly perSession: number;
  readonly perAddress: number;
  constructor(perSession = LIVE_PER_SESSION, perAddress = LIVE_PER_ADDRESS) {
    this.perSession = perSession;
    this.perAddress = perAddress;
  }
  /** The bound that refuses one more channel, or null when it may open (and then it is counted). */
  open(session: string, address: string): 'session' | 'address' | null {
    if ((this.sessions.get(session) ?? 0) >= this.perSession) return 'session';
    if ((this.addresses.get(address) ?? 0) >= this.perAddress) return 'address';
    this.sessions.set(session, (this.sessions.get(session) ?? 0) + 1);
    this.addresses.set(address, (this.addresses.get(address) ?? 0) + 1);
    return null;
  }
  close(session: string, address: string) {
    const dec = (m: Map<string, number>, k: string) => {
      const n = (m.get(k) ?? 0) - 1;
      if (n > 0) m.set(k, n);
      else m.delete(k);
    };
    dec(this.sessions, session);
    dec(this.addresses, address);
  }
  /** Channels open on this instance. */
  get size(): number {
    let n = 0;
    for (const v of this.sessions.values()) n += v;
    return n;
  }
}

/** The status event of a conversation as it is now. */
export const statusEvent = (c: Pick<Conversation, 'status' | 'assignee'>): LiveEvent =>
  ({ type: 'status', conversation_status: c.status, agent_name: c.status === 'handoff' ? c.assignee : null });

/** Events that change who has the conversation: the visitor hears the status as it is after them. */
const STATUS_CHANGES = new Set<DomainEvent['type']>([
  'handoff.requested', 'conversation.claimed', 'conversation.released', 'conversation.handed_back', 'conversation.closed', 'conversation.reopened',
]);

/**
 * What the visitor hears of a domain event of their conversation: a message, typing, or the
 * status read afresh (`read`, so the event says what is true now, whatever order events came
 * in). Null for what is not theirs to hear (the visitor's own typing, seen, feedback…).
 */
export async function liveEventOf(e: DomainEvent, read: () => Promise<Conversation | null | undefined>): Promise<LiveEvent | null> {
  if ((e.type === 'message.agent' || e.type === 'message.visitor') && e.message) return { type: 'message', message: e.message };
  if (e.type === 'agent.typing') return { type: 'typing', agent_name: e.agent_name ?? null, typing: e.typing !== false };
  if (e.type === 'conversation.deleted') return { type: 'status', conversation_status: 'closed', agent_name: null };
  if (STATUS_CHANGES.has(e.type)) {
    const c = await read();
    return c ? statusEvent(c) : { type: 'status', conversation_status: 'closed', agent_name: null };
  }
  return null;
}
