// Human handoff (our extension): the request, the in-stream notices that start it, and history
// polling with `after` that brings agents' replies into the thread while it lasts.
import { signal, type Signal } from '@preact/signals';
import type { Api } from './api';
import { fromHistory, type Msg } from './messages';
import { poller } from './poll';
import type { BotConfig } from './types';

export type HandoffState = 'none' | 'active' | 'offline';

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
      state.value = 'active';
      d.push(...fresh);
      fresh.forEach(d.onAgent);
    }
    const status = r.data.conversation_status;
    if (status && status !== 'handoff') {
      state.value = 'none';
      poll.stop();
    }
  });

  function enter(offline = false) {
    state.value = offline ? 'offline' : 'active';
    poll.start();
  }

  return {
    state,
    off,
    seen,
    enter,
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
      known.clear();
      last = null;
    },
  };
}
export type Handoff = ReturnType<typeof handoff>;
