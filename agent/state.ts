// The inbox's one store, composed of what each part owns: the session (token, client,
// timers, notices), the waiting list and the open thread. Components read signals and call
// actions; they never talk to the API themselves.
import { computed, effect, signal } from '@preact/signals';
import type { ConsoleSignal } from '../protocol/console.ts';
import { createAlerts } from './alerts';
import type { ConsoleEvent } from './api';
import { createBrowse, filtersOf } from './browse';
import { excerpt } from './format';
import { createInsights } from './insights';
import { createList } from './list';
import { createLive } from './live';
import { createRouter, type View } from './router';
import { createSession } from './session';
import { createThread } from './thread';
import { createUnread } from './unread';

/** A visitor counts as typing this long after their last typing signal (the widget sends one every 4 s while typing). */
const VISITOR_TYPING_MS = 6000;

export { POLL_MS, PRESENCE_MS, TOKEN_KEY } from './session';
export type { PendingReply } from './thread';

export interface InboxOptions {
  fetch?: typeof fetch;
  /** Where the token survives a reload; null when the browser refuses storage. */
  storage?: Storage | null;
  /** Where the sound setting is remembered (localStorage); null when refused. */
  settings?: Storage | null;
  base?: string;
}

function localStorageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): Storage | null {
  // Throws in sandboxed frames and some privacy modes; the inbox then works without it.
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function createInbox(options: InboxOptions = {}) {
  /** Clock for "waiting 5 min"; ticks with the poll so the list does not re-render on its own. */
  const now = signal(Date.now());
  const session = createSession({
    fetch: options.fetch,
    base: options.base,
    storage: options.storage === undefined ? sessionStorageOrNull() : options.storage,
    poll: async () => {
      now.value = Date.now();
      await Promise.all([list.refreshList(), thread.refreshThread()]);
    },
    forget: () => {
      live.stop();
      list.forget();
      thread.forget();
      browse.forget();
      insights.forget();
      alerts.reset();
    },
  });
  const list = createList(session);
  const thread = createThread(session, list);
  const browse = createBrowse(session);
  const insights = createInsights(session);
  const router = createRouter();
  const alerts = createAlerts(options.settings === undefined ? localStorageOrNull() : options.settings);
  const unread = createUnread(options.settings === undefined ? localStorageOrNull() : options.settings);
  // What the open conversation shows is seen: its last message no longer counts as unread.
  effect(() => {
    const c = thread.thread.value?.conversation;
    if (c) unread.seen(c);
  });
  const agents = signal<string[]>([]);
  async function loadAgents() {
    const client = session.client();
    if (!client || agents.value.length) return;
    const r = await client.agents();
    if (r.ok) agents.value = r.data.agents.map((a) => a.name);
  }

  /** Reads what the current view shows. */
  function refreshView(view: View = router.route.value.view) {
    const params = router.route.value.params;
    if (view === 'inbox') void list.refreshList();
    else if (view === 'conversations') void browse.load(filtersOf(params));
    else if (view === 'unanswered') void insights.unanswered.load();
    else if (view === 'knowledge') void insights.knowledge.load();
    else if (view === 'contacts') void insights.contacts.load();
    else if (view === 'numbers') void insights.stats.load();
    else if (view === 'webhooks') void insights.deliveries.load();
  }

  let viewTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bursts of events (a busy minute) read the view once. */
  const refreshSoon = () => {
    clearTimeout(viewTimer);
    viewTimer = setTimeout(() => refreshView(), 500);
  };

  function onEvent(e: ConsoleEvent) {
    now.value = Date.now();
    const view = router.route.value.view;
    const id = e.conversation_id;
    if (id && e.type === 'conversation.deleted') {
      // Gone: off every list at once, and the open thread says so without reading it again (a 404).
      list.apply(id, null);
      browse.items.value = browse.items.value.filter((x) => x.conversation_id !== id);
      thread.deletedElsewhere(id, e.agent_name ?? null);
      if (view !== 'inbox' && view !== 'conversations') refreshSoon();
      return;
    }
    if (id && id === thread.openId.value) void thread.refreshThread();
    // Lists are updated in place from the event: a busy site must not make every console re-read.
    if (id) list.apply(id, e.conversation);
    if (view === 'conversations' && e.conversation) {
      const c = e.conversation;
      if (browse.items.value.some((x) => x.conversation_id === c.conversation_id)) {
        browse.items.value = browse.items.value.map((x) => (x.conversation_id === c.conversation_id ? c : x));
      }
    } else if (view !== 'inbox' && view !== 'conversations') refreshSoon();
    // What needs a person: a new handoff, or the visitor writing in a conversation with a person.
    const me = session.agentName.value;
    const waiting = e.conversation?.status === 'handoff' && (!e.conversation.assignee || e.conversation.assignee === me);
    if (e.type === 'handoff.requested') alerts.alert('A visitor asked for a person', excerpt(e.message?.content ?? e.conversation?.bot_name ?? '', 120));
    else if (e.type === 'message.visitor' && waiting) alerts.alert('New message from a visitor', excerpt(e.message?.content ?? '', 120));
  }

  /** Issue 21: who is typing in which conversation (the preview text where the bot allows it), and the latest reply each visitor has seen. */
  const typing = signal<Record<string, { text: string | null; until: number }>>({});
  const seen = signal<Record<string, string>>({});
  function onSignal(e: ConsoleSignal) {
    if (e.type === 'visitor.typing') {
      const { [e.conversation_id]: _was, ...rest } = typing.value;
      typing.value = e.typing ? { ...rest, [e.conversation_id]: { text: e.text, until: Date.now() + VISITOR_TYPING_MS } } : rest;
      setTimeout(() => (now.value = Date.now()), VISITOR_TYPING_MS + 50);
    } else if (e.type === 'visitor.seen' && e.message_id) seen.value = { ...seen.value, [e.conversation_id]: e.message_id };
  }
  const stopTyping = (id: string | null) => {
    if (id && typing.value[id]) {
      const { [id]: _gone, ...rest } = typing.value;
      typing.value = rest;
    }
  };

  const live = createLive(session, {
    onEvent(e) {
      // The visitor's message ends their typing.
      if (e.type === 'message.visitor') stopTyping(e.conversation_id);
      onEvent(e);
    },
    onConnect: () => refreshView(),
    onSignal,
  });
  // Signed in: the live channel runs; signed out: it stops (session.forget).
  effect(() => {
    if (session.token.value) live.start();
  });
  // Each view reads its data when it is opened (and its filters when they change).
  effect(() => {
    const { view } = router.route.value;
    if (session.token.value) refreshView(view);
  });
  if (typeof window !== 'undefined') window.addEventListener('focus', () => alerts.seen());

  return {
    token: session.token,
    agentName: session.agentName,
    me: session.me,
    /** The API client of the signed-in session (downloads use it directly). */
    client: session.client,
    route: router.route,
    go: router.go,
    browse,
    insights,
    alerts,
    live: live.connected,
    away: session.away,
    setAway: session.setAway,
    /** Issue 21: the open conversation's visitor typing now (with the preview, or null without), else undefined. */
    visitorTyping: computed(() => {
      const t = thread.openId.value ? typing.value[thread.openId.value] : undefined;
      return t && t.until > now.value ? t : undefined;
    }),
    /** Issue 21: the latest message the open conversation's visitor has seen. */
    visitorSeen: computed(() => (thread.openId.value ? seen.value[thread.openId.value] ?? null : null)),
    refreshView,
    claim: thread.claim,
    assign: thread.assign,
    addTag: thread.addTag,
    removeTag: thread.removeTag,
    outcome: thread.outcome,
    unread: unread.isUnread,
    release: thread.release,
    handBack: thread.handBack,
    /** Deletes (admin) and takes the conversation off every list shown. */
    remove: async (scope: 'conversation' | 'session') => {
      const id = thread.openId.value;
      const sessionId = thread.thread.value?.conversation.session_id;
      const done = await thread.remove(scope);
      if (done) {
        browse.items.value = browse.items.value.filter((c) => c.conversation_id !== id && (scope === 'conversation' || c.session_id !== sessionId));
      }
      return done;
    },
    actionError: thread.actionError,
    authError: session.authError,
    signingIn: session.signingIn,
    notice: session.notice,
    conversations: list.conversations,
    listLoaded: list.listLoaded,
    openId: thread.openId,
    thread: thread.thread,
    draft: thread.draft,
    openPending: thread.openPending,
    closing: thread.closing,
    announcement: thread.announcement,
    now,
    signIn: session.signIn,
    restore: session.restore,
    signOut: session.signOut,
    refreshList: list.refreshList,
    openConversation: (id: string) => {
      alerts.seen();
      return thread.openConversation(id);
    },
    /** The other agents (for assignment), read once when first asked for. */
    agents,
    loadAgents,
    setDraft: thread.setDraft,
    sendReply: thread.sendReply,
    closeConversation: thread.closeConversation,
    /** Stops the timers and the live channel; for unmounting and tests. */
    dispose: () => {
      session.dispose();
      live.stop();
      router.dispose();
      clearTimeout(viewTimer);
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
