// Identity verification (extension): the host page passes `{user_id, user_hash, name?, email?}`
// from its backend; the widget sends it once the visitor interacts, and the server links this
// session to the user, so the user's conversations follow them across devices. A 404 means the
// bot has identity off: the widget stays anonymous. A 403 (bad hash) is reported, never retried.
import type { Api } from './api';
import type { Identity } from './public-types';
import { load, save } from './storage';
import type { Failure } from './types';

interface Deps {
  client: Api;
  botId: string;
  session(): string;
  /** Another user than the last one identified on this browser: start a new session first. */
  switchUser(): void;
  /** The server linked the session; `conversationId` is the user's latest conversation, if any. */
  onLinked(conversationId: string | null): void;
  onRefused(f: Failure): void;
}

const valid = (u: unknown): u is Identity => {
  const x = u as Identity;
  return !!x && typeof x.user_id === 'string' && !!x.user_id && typeof x.user_hash === 'string' && !!x.user_hash;
};

export function identity(d: Deps) {
  const key = `chat-widget:${d.botId}:user`;
  let pending: Identity | null = null;
  let linked: string | null = null;
  return {
    set(u: unknown) {
      if (!valid(u)) return console.warn('[chat-widget] identify() needs {user_id, user_hash} strings; ignored.');
      pending = { user_id: u.user_id, user_hash: u.user_hash, ...(typeof u.name === 'string' ? { name: u.name } : {}), ...(typeof u.email === 'string' ? { email: u.email } : {}) };
    },
    /** Sends a pending identity (called once the visitor has interacted). */
    async flush() {
      const u = pending;
      if (!u || u.user_id === linked) return;
      pending = null;
      const before = load(key).user_id;
      if (before && before !== u.user_id) d.switchUser();
      const r = await d.client.identify(d.session(), u);
      if (!r.ok) {
        if (r.error.code !== 'not_found') d.onRefused(r.error);
        return;
      }
      linked = u.user_id;
      save(key, { user_id: u.user_id });
      d.onLinked(typeof r.data?.conversation_id === 'string' ? r.data.conversation_id : null);
    },
  };
}
