// Human handoff (our extension): the request, the in-stream notices that start it, and what
// brings agents' replies into the thread while it lasts: the live channel (live.ts, issue 21)
// where the server has it, else history polling with `after`, as before.
import { signal, type Signal } from '@preact/signals';
import type { Api } from './api';
import { chunk } from './chunk';
import { liveChannel } from './live';
import { fromHistory, type Msg } from './messages';
import { poller } from './poll';
import type { BotConfig, HistoryMessage } from './types';

/** "Ana is typing…" shows this long after the last typing event, unless a message or a stop comes first. */
export const TYPING_SHOWN_MS = 6000;

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
  /** `offline` came with the bot's own reply saying so: the status line need not say it again. */
  const said = signal(false);
  /** Who is typing a reply right now (the agent's name, or '' for an unnamed one); null: nobody. */
  const typing = signal<string | null>(null);
  /** How replies come now: the live channel, polling, or neither. */
  const via = signal<'live' | 'poll' | null>(null);
  const known = new Set<string>();
  let last: string | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  const stopTyping = () => {
    clearTimeout(typingTimer);
    typing.value = null;
  };

  /** Agents' replies not on screen yet, pushed in order; true when there were any. */
  const take = (list: HistoryMessage[]) => {
    const fresh = list.filter((m) => m.id && !known.has(m.id) && m.role === 'assistant').map(fromHistory);
    seen(list);
    if (!fresh.length) return null;
    stopTyping();
    d.push(...fresh);
    fresh.forEach(d.onAgent);
    return fresh;
  };

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
    const fresh = take(list) ?? [];
    // A reply from a person means one is here: "will join shortly" is no longer true. A server
    // with the extension names the agent (null: nobody has it, e.g. released); one without, not.
    const replied = [...fresh].reverse().find((m) => m.agent)?.agent;
    sync(r.data.conversation_status, r.data.agent_name === undefined ? replied : r.data.agent_name ?? replied ?? null);
  });

  const live = liveChannel({
    url: () => {
      const c = d.conversation();
      return c ? d.client.liveUrl(c, d.session()) : null;
    },
    lastId: () => last,
    createParser: () => chunk.peek()?.createParser ?? null,
    on: {
      message(m) {
        const fresh = take([m]);
        if (fresh?.[0]?.agent) sync('handoff', fresh[0].agent);
      },
      status: (status, agentName) => sync(status, agentName),
      typing(agentName, on) {
        clearTimeout(typingTimer);
        typing.value = on ? agentName ?? '' : null;
        if (on) typingTimer = setTimeout(stopTyping, TYPING_SHOWN_MS);
      },
      fallback() {
        // Without the channel (a server that lacks it, or it keeps failing): polling, as before.
        if (via.peek() !== 'live') return;
        via.value = 'poll';
        poll.start();
      },
    },
  });

  /** Follows the conversation while a person is involved: live where the server can, else polling. */
  function follow() {
    if (via.peek()) return;
    if (live.usable && chunk.peek()) {
      via.value = 'live';
      live.start();
    } else {
      via.value = 'poll';
      poll.start();
    }
  }
  function unfollow() {
    via.value = null;
    live.stop();
    poll.stop();
    stopTyping();
  }

  /** Follows the server's word on the conversation: who has it, and whether a person still does. */
  function sync(status: string | undefined, agentName: string | null | undefined) {
    if (status === 'handoff') {
      if (agentName) {
        agent.value = agentName;
        state.value = 'connected';
      } else if (agentName === null && state.peek() === 'connected') {
        // Released to the team: waiting for a person again.
        agent.value = null;
        state.value = 'active';
      } else if (state.peek() !== 'connected' && state.peek() !== 'offline') state.value = 'active';
      return;
    }
    if (!status) return;
    const withPerson = state.peek() === 'active' || state.peek() === 'connected' || state.peek() === 'offline';
    // Leaving the humans is announced: closed by the agent, or back to the assistant.
    state.value = withPerson ? (status === 'closed' ? 'closed' : 'returned') : 'none';
    agent.value = null;
    unfollow();
  }

  function enter(offline = false) {
    state.value = offline ? 'offline' : 'active';
    follow();
  }

  return {
    state,
    agent,
    typing,
    via,
    said,
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
      else if (code === 'handoff_offline') {
        said.value = true;
        state.value = 'offline';
      }
    },
    async request() {
      const c = d.conversation();
      if (!c || off.value) return;
      const r = await d.client.handoff(c, d.session());
      if (!r.ok) {
        if (r.error.code === 'not_found' || r.error.code === 'bad_request') off.value = true;
        return;
      }
      // With no agent online the conversation still waits in the queue: keep following it.
      said.value = false;
      enter(r.data?.handoff_available === false);
    },
    stop: unfollow,
    clear() {
      unfollow();
      state.value = 'none';
      agent.value = null;
      known.clear();
      last = null;
    },
  };
}
export type Handoff = ReturnType<typeof handoff>;
