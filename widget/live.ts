// The conversation's live channel (our extension, issue 21): GET …/conversations/{id}/live, an
// SSE stream read with fetch and the chunk's eventsource-parser. It carries agent messages,
// "typing" and status changes the moment they happen. Opened only while a person is involved
// or asked for; after a drop it reconnects with Last-Event-ID (the last message id it has), and
// it gives up for polling (`fallback`) against a server without it (404, not SSE) or when it
// keeps failing. Lives in the app chunk: the loader never carries it.
import type { createParser as CreateParser } from 'eventsource-parser';
import type { HistoryMessage } from './types';

export interface LiveHandlers {
  message(m: HistoryMessage): void;
  status(status: string, agentName: string | null): void;
  typing(agentName: string | null, typing: boolean): void;
  /** The channel cannot be used: poll instead, as before. */
  fallback(): void;
}

export interface LiveOptions {
  /** The channel's URL, or null when there is no conversation yet. */
  url(): string | null;
  /** The last message id this widget has: sent as Last-Event-ID so nothing is missed or repeated. */
  lastId(): string | null;
  createParser(): typeof CreateParser | null;
  on: LiveHandlers;
}

/** Pauses before reconnecting; past the last, the channel gives up for polling. */
export const LIVE_RETRY_MS = [500, 2000, 5000];

export function liveChannel(o: LiveOptions) {
  let controller: AbortController | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The server showed it has no channel: this widget polls from now on. */
  let unsupported = false;

  async function run(ctrl: AbortController) {
    const url = o.url();
    const createParser = o.createParser();
    if (!url || !createParser) return giveUp(ctrl);
    let res: Response;
    try {
      const last = o.lastId();
      res = await fetch(url, { headers: { Accept: 'text/event-stream', ...(last ? { 'Last-Event-ID': last } : {}) }, credentials: 'omit', signal: ctrl.signal });
    } catch {
      return again(ctrl);
    }
    if (ctrl !== controller) return;
    // No such extension here (404 or another answer than SSE), or refused: polling does what it can.
    if (!res.ok || !/^text\/event-stream/.test(res.headers.get('content-type') || '')) {
      if (res.status === 404 || res.status === 405 || res.ok) unsupported = true;
      return giveUp(ctrl);
    }
    let ended = false;
    const parser = createParser({
      onEvent(ev) {
        let e: Record<string, unknown>;
        try {
          e = JSON.parse(ev.data);
        } catch {
          return; // a malformed event is skipped
        }
        failures = 0;
        const name = typeof e.agent_name === 'string' ? e.agent_name : null;
        if (e.type === 'message' && e.message && typeof e.message === 'object') o.on.message(e.message as HistoryMessage);
        else if (e.type === 'typing') o.on.typing(name, e.typing !== false);
        else if (e.type === 'status' && typeof e.conversation_status === 'string') {
          ended = e.conversation_status !== 'handoff';
          o.on.status(e.conversation_status, name);
        }
      },
    });
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // The connection broke: reconnect below.
    }
    if (ctrl !== controller || ended) return;
    again(ctrl);
  }

  function again(ctrl: AbortController) {
    if (ctrl !== controller) return;
    if (failures >= LIVE_RETRY_MS.length) return giveUp(ctrl);
    const wait = LIVE_RETRY_MS[failures++];
    timer = setTimeout(() => {
      if (ctrl === controller) void run(ctrl);
    }, wait);
  }

  function giveUp(ctrl: AbortController) {
    if (ctrl !== controller) return;
    controller = null;
    o.on.fallback();
  }

  return {
    /** Whether it is worth trying (the server has not shown it lacks the channel). */
    get usable() {
      return !unsupported;
    },
    start() {
      if (controller) return;
      if (unsupported) return o.on.fallback();
      controller = new AbortController();
      failures = 0;
      void run(controller);
    },
    stop() {
      clearTimeout(timer);
      controller?.abort();
      controller = null;
    },
  };
}
export type LiveChannel = ReturnType<typeof liveChannel>;
