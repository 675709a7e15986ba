// The inbox's one store, composed of what each part owns: the session (token, client,
// timers, notices), the waiting list and the open thread. Components read signals and call
// actions; they never talk to the API themselves.
import { signal } from '@preact/signals';
import { createList } from './list';
import { createSession } from './session';
import { createThread } from './thread';

export { POLL_MS, PRESENCE_MS, TOKEN_KEY } from './session';
export type { PendingReply } from './thread';

export interface InboxOptions {
  fetch?: typeof fetch;
  /** Where the token survives a reload; null when the browser refuses storage. */
  storage?: Storage | null;
  base?: string;
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
      list.forget();
      thread.forget();
    },
  });
  const list = createList(session);
  const thread = createThread(session, list);

  return {
    token: session.token,
    agentName: session.agentName,
    authError: session.authError,
    signingIn: session.signingIn,
    notice: session.notice,
    conversations: list.conversations,
    listLoaded: list.listLoaded,
    excerpts: list.excerpts,
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
    openConversation: thread.openConversation,
    setDraft: thread.setDraft,
    sendReply: thread.sendReply,
    closeConversation: thread.closeConversation,
    /** Stops the timers; for unmounting and tests. */
    dispose: session.dispose,
  };
}

export type Inbox = ReturnType<typeof createInbox>;
