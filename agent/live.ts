// The console's one live connection (GET /v1/agent/events, issue 14): Server-Sent Events read
// with fetch (EventSource cannot send the bearer token) and eventsource-parser. It reconnects
// with backoff; while it is down the session polls as before, and on every (re)connect the
// views read afresh, since events sent while it was down are not replayed.
import { createParser } from 'eventsource-parser';
import { signal } from '@preact/signals';
import { CONSOLE_SSE_EVENT, SIGNAL_SSE_EVENT } from '../protocol/codes.ts';
import type { ConsoleSignal } from '../protocol/console.ts';
import type { ConsoleEvent } from './api';
import type { Session } from './session';

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];

export function createLive(session: Session, handlers: { onEvent(e: ConsoleEvent): void; onConnect(): void; onSignal?(e: ConsoleSignal): void }) {
  const connected = signal(false);
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  function setConnected(up: boolean) {
    connected.value = up;
    session.setLive(up);
  }

  async function run(ctrl: AbortController) {
    const client = session.client();
    if (!client) return;
    const answer = await client.events(ctrl.signal);
    if (ctrl !== controller) return;
    if (!answer.ok) return again(ctrl, answer.error.code === 'unauthorized');
    setConnected(true);
    failures = 0;
    handlers.onConnect();
    const parser = createParser({
      onEvent(ev) {
        if (ev.event !== CONSOLE_SSE_EVENT && ev.event !== SIGNAL_SSE_EVENT) return;
        try {
          // Issue 21: typing and seen come as `signal`; they change no view, only the open thread's lines.
          if (ev.event === SIGNAL_SSE_EVENT) handlers.onSignal?.(JSON.parse(ev.data) as ConsoleSignal);
          else handlers.onEvent(JSON.parse(ev.data) as ConsoleEvent);
        } catch {
          // A malformed event is skipped; the next one or the next read puts things right.
        }
      },
    });
    const reader = answer.data.body?.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // The connection broke (server restart, network): reconnect below.
    }
    if (ctrl === controller) again(ctrl, false);
  }

  function again(ctrl: AbortController, stop: boolean) {
    if (ctrl !== controller) return;
    setConnected(false);
    if (stop) return;
    const wait = BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)];
    retry = setTimeout(() => {
      if (ctrl === controller) void run(ctrl);
    }, wait);
  }

  return {
    connected,
    start() {
      this.stop();
      controller = new AbortController();
      failures = 0;
      void run(controller);
    },
    stop() {
      clearTimeout(retry);
      controller?.abort();
      controller = null;
      setConnected(false);
    },
  };
}

export type Live = ReturnType<typeof createLive>;
