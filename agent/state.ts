// The inbox's one store: signals for what the page shows, named actions for what the agent
// does, and the two timers (list polling, presence heartbeat). Components read signals and
// call actions; they never talk to the API themselves.
import { batch, computed, signal } from '@preact/signals';
import { createAgentApi, type AgentApi, type ApiError, type ConversationDetail, type ConversationSummary } from './api';
import { excerpt } from './format';
import { TOKEN_REJECTED, text, type NoticeCode } from './text';

export const TOKEN_KEY = 'chat-agent-token';
export const POLL_MS = 3_000;
export const PRESENCE_MS = 20_000;
// Conversations whose first user message is fetched per poll: bounds the work when many
// wait at once; the rest follow on the next ticks.
const EXCERPTS_PER_TICK = 5;

export interface InboxOptions {
  fetch?: typeof fetch;
  /** Where the token survives a reload; null when the browser refuses storage. */
  storage?: Storage | null;
  base?: string;
}

/** A reply on its way: shown at once in the thread, dropped when the server answers. */
export interface PendingReply {
  key: number;
  conversationId: string;
  content: string;
}

function sessionStorageOrNull(): Storage | null {
  // Throws in sandboxed frames and some privacy modes; the inbox then works without it.
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function waitingOrder(a: ConversationSummary, b: ConversationSummary): number {
  const at = Date.parse(a.waiting_since ?? a.updated_at) || 0;
  const bt = Date.parse(b.waiting_since ?? b.updated_at) || 0;
  return at - bt;
}

// Polls return the whole thread every 3 s; most of the time nothing changed, and keeping the
// old object spares a re-render of every message.
function sameDetail(a: ConversationDetail | null, b: ConversationDetail): boolean {
  if (!a) return false;
  const lastA = a.messages.at(-1);
  const lastB = b.messages.at(-1);
  return (
    a.conversation.conversation_id === b.conversation.conversation_id &&
    a.conversation.status === b.conversation.status &&
    a.messages.length === b.messages.length &&
    lastA?.id === lastB?.id &&
    lastA?.content === lastB?.content &&
    (a.contact_submissions?.length ?? 0) === (b.contact_submissions?.length ?? 0)
  );
}

export function createInbox(options: InboxOptions = {}) {
  const storage = options.storage === undefined ? sessionStorageOrNull() : options.storage;

  const token = signal<string | null>(null);
  const agentName = signal<string | null>(null);
  const authError = signal<string | null>(null);
  const signingIn = signal(false);
  const conversations = signal<ConversationSummary[]>([]);
  const listLoaded = signal(false);
  /** First user message per conversation id, for the list's button names. */
  const excerpts = signal<Record<string, string>>({});
  const openId = signal<string | null>(null);
  const thread = signal<ConversationDetail | null>(null);
  const drafts = signal<Record<string, string>>({});
  const pending = signal<PendingReply[]>([]);
  const closing = signal(false);
  const notice = signal<NoticeCode | null>(null);
  /** Polite announcements for screen readers ("Conversation closed."). */
  const announcement = signal('');
  /** Clock for "waiting 5 min"; ticks with the poll so the list does not re-render on its own. */
  const now = signal(Date.now());

  const draft = computed(() => (openId.value ? (drafts.value[openId.value] ?? '') : ''));
  const openPending = computed(() => pending.value.filter((p) => p.conversationId === openId.value));

  // The client of the current session. Every action captures it before awaiting and drops
  // its result when it changed meanwhile (sign-out, 401, another sign-in).
  let api: AgentApi | null = null;
  let listInFlight = false;
  let threadInFlight = false;
  let excerptsInFlight = false;
  let pendingSeq = 0;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let presenceTimer: ReturnType<typeof setInterval> | undefined;

  const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

  function newClient(value: string): AgentApi {
    const client: AgentApi = createAgentApi({
      token: value,
      fetch: options.fetch,
      base: options.base,
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
    if (isVisible()) void poll();
  }

  function startTimers() {
    stopTimers();
    void sendPresence();
    void poll();
    pollTimer = setInterval(() => {
      if (isVisible()) void poll();
    }, POLL_MS);
    // The heartbeat keeps going while the tab is hidden: an agent with the inbox in a
    // background tab is still available (the server's window is 60 s).
    presenceTimer = setInterval(() => void sendPresence(), PRESENCE_MS);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  }

  function stopTimers() {
    clearInterval(pollTimer);
    clearInterval(presenceTimer);
    pollTimer = presenceTimer = undefined;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
  }

  async function sendPresence() {
    const client = api;
    if (!client) return;
    const result = await client.presence();
    if (client === api && 'error' in result) report(result.error, 'offline', 'server');
  }

  async function poll() {
    now.value = Date.now();
    await Promise.all([refreshList(), refreshThread()]);
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
    if ('error' in result) {
      api = null;
      if (result.error.code !== 'unauthorized') {
        authError.value = result.error.code === 'network' ? text.signInOffline : text.signInFailed;
      }
      return;
    }
    try {
      storage?.setItem(TOKEN_KEY, typed);
    } catch {
      // Full or refused storage: the session still works until the tab reloads.
    }
    batch(() => {
      token.value = typed;
      agentName.value = result.data.name;
    });
    startTimers();
  }

  /** On page load: picks up a token kept in sessionStorage, so a reload does not sign out. */
  function restore() {
    let kept: string | null = null;
    try {
      kept = storage?.getItem(TOKEN_KEY) ?? null;
    } catch {
      kept = null;
    }
    if (!kept) return;
    const client = newClient(kept);
    api = client;
    token.value = kept;
    startTimers();
    void client.me().then((result) => {
      if (client === api && 'data' in result) agentName.value = result.data.name;
    });
  }

  /** Forgets the token and everything it showed; `message` is shown on the sign-in form. */
  function signOut(message: string | null = null) {
    api = null;
    stopTimers();
    try {
      storage?.removeItem(TOKEN_KEY);
    } catch {
      // Nothing kept, nothing to clear.
    }
    listInFlight = threadInFlight = excerptsInFlight = false;
    batch(() => {
      token.value = null;
      agentName.value = null;
      authError.value = message;
      signingIn.value = false;
      conversations.value = [];
      listLoaded.value = false;
      excerpts.value = {};
      openId.value = null;
      thread.value = null;
      drafts.value = {};
      pending.value = [];
      closing.value = false;
      notice.value = null;
      announcement.value = '';
    });
  }

  async function refreshList() {
    const client = api;
    if (!client || listInFlight) return;
    listInFlight = true;
    const result = await client.listConversations('handoff');
    if (client !== api) return;
    listInFlight = false;
    if ('error' in result) return report(result.error, 'offline', 'server');
    clearNotice('offline', 'server');
    batch(() => {
      // The server sends oldest waiting first; sorting again keeps that promise whatever it sends.
      conversations.value = [...result.data.conversations].sort(waitingOrder);
      listLoaded.value = true;
    });
    void fillExcerpts(client);
  }

  function rememberExcerpt(detail: ConversationDetail) {
    const id = detail.conversation.conversation_id;
    const first = detail.messages.find((m) => m.role === 'user');
    const value = first ? excerpt(first.content) : '';
    if (excerpts.value[id] !== value) excerpts.value = { ...excerpts.value, [id]: value };
  }

  // The list endpoint gives the last message only; the first user message says what the
  // visitor came for. It never changes, so each conversation is read once.
  async function fillExcerpts(client: AgentApi) {
    if (excerptsInFlight) return;
    excerptsInFlight = true;
    const missing = conversations.value.filter((c) => !(c.conversation_id in excerpts.value)).slice(0, EXCERPTS_PER_TICK);
    for (const c of missing) {
      const result = await client.getConversation(c.conversation_id);
      if (client !== api) return;
      if ('error' in result) break;
      rememberExcerpt(result.data);
    }
    excerptsInFlight = false;
  }

  async function loadThread(client: AgentApi, id: string): Promise<boolean> {
    const result = await client.getConversation(id);
    if (client !== api || openId.value !== id) return false;
    if ('error' in result) {
      if (result.error.code === 'not_found') {
        batch(() => {
          openId.value = null;
          thread.value = null;
          notice.value = 'gone';
        });
      } else {
        report(result.error, 'offline', 'server');
      }
      return false;
    }
    batch(() => {
      if (!sameDetail(thread.value, result.data)) thread.value = result.data;
      rememberExcerpt(result.data);
    });
    return true;
  }

  async function refreshThread() {
    const client = api;
    const id = openId.value;
    if (!client || !id || threadInFlight) return;
    threadInFlight = true;
    await loadThread(client, id);
    if (client === api) threadInFlight = false;
  }

  /** Opens a conversation: shows it at once as loading, then the whole thread. */
  async function openConversation(id: string) {
    const client = api;
    if (!client || openId.value === id) return;
    batch(() => {
      openId.value = id;
      thread.value = null;
      announcement.value = '';
      if (notice.value === 'gone') notice.value = null;
    });
    await loadThread(client, id);
  }

  function setDraft(value: string) {
    const id = openId.value;
    if (id) drafts.value = { ...drafts.value, [id]: value };
  }

  /** Sends the open conversation's draft. The text shows in the thread at once; on failure it goes back into the box. */
  async function sendReply() {
    const client = api;
    const id = openId.value;
    const content = draft.value.trim();
    if (!client || !id || !content) return;
    const key = ++pendingSeq;
    batch(() => {
      pending.value = [...pending.value, { key, conversationId: id, content }];
      drafts.value = { ...drafts.value, [id]: '' };
    });
    const result = await client.reply(id, content);
    if (client !== api) return;
    batch(() => {
      pending.value = pending.value.filter((p) => p.key !== key);
      if ('error' in result) {
        // Whatever was typed while the reply was on its way stays after the restored text.
        const typedSince = drafts.value[id] ?? '';
        drafts.value = { ...drafts.value, [id]: typedSince ? `${content}\n${typedSince}` : content };
        report(result.error, 'send_offline', 'send_failed');
        return;
      }
      clearNotice('send_offline', 'send_failed');
      const current = thread.value;
      // A poll may have fetched the stored reply before this answer arrived.
      if (current && current.conversation.conversation_id === id && !current.messages.some((m) => m.id === result.data.id)) {
        thread.value = { ...current, messages: [...current.messages, result.data] };
      }
    });
  }

  /** Closes the open conversation and takes it off the waiting list. */
  async function closeConversation() {
    const client = api;
    const id = openId.value;
    if (!client || !id || closing.value) return;
    closing.value = true;
    const result = await client.close(id);
    if (client !== api) return;
    batch(() => {
      closing.value = false;
      if ('error' in result) return report(result.error, 'close_failed', 'close_failed');
      clearNotice('close_failed');
      conversations.value = conversations.value.filter((c) => c.conversation_id !== id);
      const { [id]: _dropped, ...rest } = drafts.value;
      drafts.value = rest;
      if (openId.value === id) {
        openId.value = null;
        thread.value = null;
      }
      announcement.value = text.closed;
    });
  }

  return {
    token,
    agentName,
    authError,
    signingIn,
    conversations,
    listLoaded,
    excerpts,
    openId,
    thread,
    draft,
    openPending,
    closing,
    notice,
    announcement,
    now,
    signIn,
    restore,
    signOut,
    refreshList,
    openConversation,
    setDraft,
    sendReply,
    closeConversation,
    /** Stops the timers; for unmounting and tests. */
    dispose: stopTimers,
  };
}

export type Inbox = ReturnType<typeof createInbox>;
