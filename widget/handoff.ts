// Human handoff (our extension): the request, the in-stream notices that start it, and history
// polling with `after` that brings agents' replies into the thread while it lasts.
import { signal, type Signal } from '@preact/signals';
import type { Api } from './api';
import { fromHistory, type Msg } from './messages';
import { poller } from './poll';
import type { BotConfig } from './types';

/**
 * What the visitor is told about the humans: `active` waiting for one, `connected` one is
 * here (claimed, or has replied), `offline` nobody online, and after a person leaves: `closed`
 * (the agent closed it) or `returned` (handed back to the bot), until the visitor writes again.
 */
export type HandoffState = 'none' | 'active' | 'connected' | 'offline' | 'closed' | 'returned';

interface Deps {
  client: Api;
  session(): string;
  conversation(): string | null;
  messages: Signal<Msg[]>;
  push(...m: Msg[]): void;
  config: Signal<BotConfig | null>;
  onAgent(m: Msg): void;
}

export function handoff(d: Deps) {
  const state = signal<HandoffState>('none');
  /** The agent who has the conversation, once known. */
  const agent = signal<string | null>(null);
  /** The server lacks the extension (404) or refuses it: hide the button. */
  const off = signal(false);
  const known = new Set<string>();
  let last: string | null = null;

  const seen = (list: { id: string | null }[]) =>
    list.forEach((m) => {
      if (m.id) {
        known.add(m.id);
        last = m.id;
      }
    });

  const poll = poller(async () => {
    const c = d.conversation();
    if (!c) return poll.stop();
    const r = await d.client.history(c, d.session(), last || undefined);
    if (!r.ok) {
      if (r.error.code === 'rate_limited') return (r.error.retryAfter || 30) * 1000;
      if (r.error.code === 'bad_request') last = null; // our `after` is unknown there: read it whole next time
      if (r.error.code === 'not_found') poll.stop();
      return;
    }
    const list = Array.isArray(r.data.messages) ? r.data.messages : [];
    // The user's own messages are already on screen (sent from here); show only new replies.
    const fresh = list.filter((m) => m.id && !known.has(m.id) && m.role === 'assistant').map(fromHistory);
    seen(list);
    if (fresh.length) {
      d.push(...fresh);
      fresh.forEach(d.onAgent);
    }
    // A reply from a person means one is here: "will join shortly" is no longer true.
    const replied = [...fresh].reverse().find((m) => m.agent)?.agent ?? null;
    sync(r.data.conversation_status, r.data.agent_name ?? replied);
  });

  /** Follows the server's word on the conversation: who has it, and whether a person still does. */
  function sync(status: string | undefined, agentName: string | null | undefined) {
    if (status === 'handoff') {
      if (agentName) {
        agent.value = agentName;
        state.value = 'connected';
      } else if (state.peek() !== 'connected' && state.peek() !== 'offline') state.value = 'active';
      return;
    }
    if (!status) return;
    const withPerson = state.peek() === 'active' || state.peek() === 'connected' || state.peek() === 'offline';
    // Leaving the humans is announced: closed by the agent, or back to the assistant.
    state.value = withPerson ? (status === 'closed' ? 'closed' : 'returned') : 'none';
    agent.value = null;
    poll.stop();
  }

  function enter(offline = false) {
    state.value = offline ? 'offline' : 'active';
    poll.start();
  }

  return {
    state,
    agent,
    off,
    seen,
    enter,
    /** After a history read (restore): picks up a handoff in progress. */
    restored(status: string | undefined, agentName: string | null | undefined) {
      if (status !== 'handoff') return;
      enter();
      sync(status, agentName);
    },
    /** The visitor writes again: what was said about a person who left has been read. */
    wrote() {
      if (state.peek() === 'closed' || state.peek() === 'returned') state.value = 'none';
    },
    /** Reacts to the extension's notices inside a chat stream. */
    notice(code: string) {
      if (code === 'handoff_started' || code === 'handoff_active') enter();
      else if (code === 'handoff_offline') state.value = 'offline';
    },
    async request() {
      const c = d.conversation();
      if (!c || off.value) return;
      const r = await d.client.handoff(c, d.session());
      if (!r.ok) {
        if (r.error.code === 'not_found' || r.error.code === 'bad_request') off.value = true;
        return;
      }
      // With no agent online the conversation still waits in the queue: keep polling for one.
      enter(r.data?.handoff_available === false);
    },
    stop: () => poll.stop(),
    clear() {
      state.value = 'none';
      agent.value = null;
      known.clear();
      last = null;
    },
  };
}
export type Handoff = ReturnType<typeof handoff>;
