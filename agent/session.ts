// The signed-in agent: the token (kept in sessionStorage across reloads), the API client of
// this session, the presence heartbeat and the poll timer, and the notice line that reports
// failures. The conversation list and the open thread ask it for the current client and
// drop any answer that arrives after the session changed (sign-out, 401, another sign-in).
import { batch, signal } from '@preact/signals';
import { createAgentApi, type AgentApi, type AgentMe, type ApiError } from './api';
import { TOKEN_REJECTED, text, type NoticeCode } from './text';

export const TOKEN_KEY = 'chat-agent-token';
export const POLL_MS = 3_000;
export const PRESENCE_MS = 20_000;

export interface SessionOptions {
  fetch?: typeof fetch;
  /** Where the token survives a reload; null when the browser refuses storage. */
  storage: Storage | null;
  base?: string;
  /** Called every POLL_MS while the tab is visible, and when it becomes visible. */
  poll: () => Promise<void>;
  /** Called on sign-out, to forget everything the session showed. */
  forget: () => void;
}

const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

export function createSession(o: SessionOptions) {
  const token = signal<string | null>(null);
  const agentName = signal<string | null>(null);
  /** Role, canned replies and bots of the signed-in agent (GET /v1/agent/me). */
  const me = signal<AgentMe | null>(null);
  /** While the live channel is up, the list is not polled: events say when to read. */
  let live = false;
  const authError = signal<string | null>(null);
  const signingIn = signal(false);
  const notice = signal<NoticeCode | null>(null);
  /** Issue 21: the "Away" switch: no heartbeat, and no person offered to visitors, until switched back. */
  const away = signal(false);

  let api: AgentApi | null = null;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let presenceTimer: ReturnType<typeof setInterval> | undefined;

  function newClient(value: string): AgentApi {
    const client: AgentApi = createAgentApi({
      token: value,
      fetch: o.fetch,
      base: o.base,
      onUnauthorized: () => {
        if (api === client) signOut(TOKEN_REJECTED);
      },
    });
    return client;
  }

  function report(error: ApiError, network: NoticeCode, other: NoticeCode) {
    // A 401 already signed the agent out through onUnauthorized.
    if (error.code !== 'unauthorized') notice.value = error.code === 'network' ? network : other;
  }

  function clearNotice(...codes: NoticeCode[]) {
    if (notice.value && codes.includes(notice.value)) notice.value = null;
  }

  function onVisibility() {
    if (isVisible()) void o.poll();
  }

  function startTimers() {
    stopTimers();
    void sendPresence();
    void o.poll();
    pollTimer = setInterval(() => {
      if (isVisible() && !live) void o.poll();
    }, POLL_MS);
    // The heartbeat keeps going while the tab is hidden: an agent with the inbox in a
    // background tab is still available (the server's window is 60 s).
    presenceTimer = setInterval(() => void sendPresence(), PRESENCE_MS);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
    if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);
  }

  /** Issue 21: the tab closing (or going away) ends the presence at once, by a beacon. */
  function onPageHide() {
    api?.leaveBeacon();
  }

  function stopTimers() {
    clearInterval(pollTimer);
    clearInterval(presenceTimer);
    pollTimer = presenceTimer = undefined;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
  }

  async function sendPresence() {
    const client = api;
    if (!client || away.value) return;
    const result = await client.presence();
    if (client === api && !result.ok) report(result.error, 'offline', 'server');
  }

  /** Signs in with a token typed by the agent; checks it with GET /v1/agent/me first. */
  async function signIn(value: string) {
    const typed = value.trim();
    if (!typed) {
      authError.value = text.tokenMissing;
      return;
    }
    if (signingIn.value) return;
    const client = newClient(typed);
    api = client;
    signingIn.value = true;
    authError.value = null;
    const result = await client.me();
    signingIn.value = false;
    if (client !== api) return;
    if (!result.ok) {
      api = null;
      if (result.error.code !== 'unauthorized') {
        authError.value = result.error.code === 'network' ? text.signInOffline : text.signInFailed;
      }
      return;
    }
    try {
      o.storage?.setItem(TOKEN_KEY, typed);
    } catch {
      // Full or refused storage: the session still works until the tab reloads.
    }
    batch(() => {
      token.value = typed;
      agentName.value = result.data.name;
      me.value = result.data;
    });
    startTimers();
  }

  /** On page load: picks up a token kept in sessionStorage, so a reload does not sign out. */
  function restore() {
    let kept: string | null = null;
    try {
      kept = o.storage?.getItem(TOKEN_KEY) ?? null;
    } catch {
      kept = null;
    }
    if (!kept) return;
    const client = newClient(kept);
    api = client;
    token.value = kept;
    startTimers();
    void client.me().then((result) => {
      if (client === api && result.ok) {
        batch(() => {
          agentName.value = result.data.name;
          me.value = result.data;
        });
      }
    });
  }

  /** Forgets the token and everything it showed; `message` is shown on the sign-in form. */
  function signOut(message: string | null = null) {
    // Leaving ends the presence now, not after the heartbeat's 60 s (not after a 401: that token is no one's).
    if (api && message === null) void api.leave();
    api = null;
    stopTimers();
    try {
      o.storage?.removeItem(TOKEN_KEY);
    } catch {
      // Nothing kept, nothing to clear.
    }
    batch(() => {
      token.value = null;
      agentName.value = null;
      me.value = null;
      authError.value = message;
      signingIn.value = false;
      notice.value = null;
      o.forget();
    });
  }

  return {
    token, agentName, me, authError, signingIn, notice, away,
    /** Issue 21: Away on: leave now and stop the heartbeat; off: beat again at once. */
    setAway(on: boolean) {
      away.value = on;
      if (on) void api?.leave();
      else void sendPresence();
    },
    /** The live channel says whether it is up; polling covers the time it is not. */
    setLive: (up: boolean) => void (live = up),
    /** The client of the current session, or null when signed out. */
    client: () => api,
    report, clearNotice, signIn, restore, signOut,
    dispose: stopTimers,
  };
}

export type Session = ReturnType<typeof createSession>;
