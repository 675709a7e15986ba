// The one store: signals plus the named actions the UI and the host API call.
// Streamed text lives in a per-message signal, so a chunk updates one text node, not the list.
import { batch, computed, signal } from '@preact/signals';
import { api as makeApi } from './api';
import { emitter as makeEmitter, type Emitter } from './emitter';
import { lang, noticeKey, type Key, type Lang } from './i18n';
import { checkImage, readImage, type Picked } from './images';
import { recaptcha, type Recaptcha } from './recaptcha';
import { load, save, uuid } from './storage';
import { chunk } from './chunk';
import { resumeTurn, streamTurn, type Resume, type TurnEnd } from './stream';
import type { FeedbackRating } from '../protocol/codes.ts';
import type { BotConfig, Failure, ProactiveMessage, Result, StreamEvent } from './types';
import type { Identity, ThemeOverride } from './public-types';
import { identity as makeIdentity } from './identity';
import { markProactiveSeen } from './proactive';
import { handoff } from './handoff';
import { MAX_TYPING_PREVIEW_CHARS } from '../protocol/limits.ts';

/** The visitor's typing is told at most this often (each is a request counted in the history limit). */
export const TYPING_EVERY_MS = 4000;
import { contact } from './contact';
import { message, fromHistory, type Draft, type Msg } from './messages';
import { pageContext } from './page-context';

export interface StoreOptions {
  botId: string;
  apiBase: string;
  recaptchaSrc?: string;
  nonce?: string;
  events?: Emitter;
  /** Rendered into a container: the panel is always shown, there is no launcher. */
  inline?: boolean;
  /** "always": the stored conversation is restored when the page loads, not on first open. */
  persist?: string;
  /** The unread count goes into the tab title too. */
  titleUnread?: boolean;
  locale?: string;
}

export function createStore(opts: StoreOptions) {
  const events = opts.events || makeEmitter();
  const client = makeApi(opts.apiBase, opts.botId);
  const storeKey = `chat-widget:${opts.botId}`;
  // Privacy by default: storage is read here but written only once the visitor interacts
  // (opens the chat, or a send); until then the session id lives in memory only.
  const saved = load(storeKey);
  let session = saved.session_id || uuid();
  let conversation: string | null = saved.conversation_id || null;
  /** The turn being answered, kept so a page reload mid-answer can reattach to it. */
  let pending: string | null = saved.turn_id || null;
  /** Its question: the first turn of a conversation has no history to show it from yet. */
  let pendingText = saved.turn_text || '';
  let active = false;
  const persist = () =>
    active &&
    save(storeKey, {
      session_id: session,
      ...(conversation ? { conversation_id: conversation } : {}),
      ...(pending ? { turn_id: pending, turn_text: pendingText } : {}),
    });

  const config = signal<BotConfig | null>(null);
  const l = signal<Lang>(lang('en'));
  const isOpen = signal(!!opts.inline);
  const inline = !!opts.inline;
  /** Look overrides from the host page's setTheme(). */
  const themeOverride = signal<ThemeOverride>({});
  const launcherHidden = signal(false);
  /** Desktop: the panel fills the window. */
  const expanded = signal(false);
  /** Replies that arrived while the panel was closed, and the last one's text for the preview. */
  const unread = signal(0);
  const preview = signal<string | null>(null);
  const proactive = signal<ProactiveMessage | null>(null);
  const messages = signal<Msg[]>([]);
  const draft = signal('');
  const image = signal<Picked | null>(null);
  const banner = signal<Key | null>(null);
  const failure = signal<Failure | null>(null);
  const retryUntil = signal(0);
  const announce = signal('');
  const hasConversation = signal(!!conversation);
  const feedbackOff = signal(false);
  const turn = signal<AbortController | null>(null);
  const busy = computed(() => turn.value !== null);
  const answered = computed(() => messages.value.some((m) => m.role === 'assistant' && m.state.value === 'done' && !!m.id));
  let captcha: Recaptcha | null = null;
  let restored: Promise<void> | null = null;

  const setConversation = (id: string | null) => {
    conversation = id;
    hasConversation.value = !!id;
    persist();
  };
  const push = (...m: Msg[]) => (messages.value = [...messages.value, ...m]);
  const drop = (...m: Msg[]) => (messages.value = messages.value.filter((x) => !m.includes(x)));
  const fail = (f: Failure) => events.emit('error', { code: f.code, message: f.message, status: f.status });

  const ids = { client, session: () => session, conversation: () => conversation, config };
  /** A reply the visitor has not seen: counted, previewed on the launcher, and in the title if asked. */
  const arrived = (text: string) => {
    if (isOpen.value) return;
    batch(() => {
      unread.value++;
      preview.value = text.slice(0, 140);
    });
    events.emit('unread', { count: unread.value });
  };
  const ho = handoff({
    ...ids,
    messages,
    push,
    onAgent: (m) => {
      announce.value = m.text.value.slice(0, 500);
      arrived(m.text.value);
      events.emit('message', { role: 'assistant', text: m.text.value, id: m.id, agent: m.agent });
      markSeen();
    },
  });
  const who = makeIdentity({
    client,
    botId: opts.botId,
    session: () => session,
    // A different person signed in on this browser: nothing of the previous one stays.
    switchUser() {
      session = uuid();
      reset();
    },
    onLinked(conversationId) {
      // The user's latest conversation follows them from another device.
      if (conversationId && !conversation) {
        setConversation(conversationId);
        restored = null;
        if (isOpen.value || opts.persist === 'always') void restore();
      }
    },
    onRefused: (f) => fail(f),
  });
  const form = contact({ ...ids, answered });

  /** Issue 21: the latest agent reply the console was told the visitor has seen. */
  let seenId: string | null = null;
  /** Tells the console the visitor has the latest agent reply on screen (panel open, tab visible). */
  function markSeen() {
    if (!isOpen.peek() || !conversation || document.visibilityState === 'hidden') return;
    const latest = [...messages.peek()].reverse().find((m) => m.agent && m.id);
    if (!latest?.id || latest.id === seenId) return;
    seenId = latest.id;
    void client.activity(conversation, session, { seen_message_id: latest.id });
  }
  let typedAt = 0;
  /** Issue 21: the visitor typing while a person is involved, told at most every TYPING_EVERY_MS (with the text only where the bot allows it). */
  function typing(text: string) {
    const h = ho.state.peek();
    if (!conversation || !text.trim() || (h !== 'active' && h !== 'connected') || ho.via.peek() !== 'live') return;
    const now = Date.now();
    if (now - typedAt < TYPING_EVERY_MS) return;
    typedAt = now;
    const preview = config.peek()?.handoff_typing_preview === true;
    void client.activity(conversation, session, { typing: true, ...(preview ? { text: text.slice(0, MAX_TYPING_PREVIEW_CHARS) } : {}) });
  }
  const setPending = (id: string | null) => {
    pending = id;
    persist();
  };
  const resume: Resume = {
    url: (t) => `${client.base}/chat/streams/${encodeURIComponent(t)}?session_id=${encodeURIComponent(session)}`,
    onTurn: setPending,
  };

  async function init(): Promise<Result<BotConfig>> {
    const r = await client.config();
    if (!r.ok) return r;
    const c = r.data;
    if (!c || typeof c !== 'object') return { ok: false, error: { code: 'bad_response' } };
    useConfig(c);
    return r;
  }
  /** The config the loader already read (the app never reads it twice). */
  function useConfig(c: BotConfig) {
    batch(() => {
      config.value = c;
      l.value = lang(opts.locale || c.language);
    });
    if (c.recaptcha_site_key) captcha = recaptcha(c.recaptcha_site_key, opts.recaptchaSrc);
    if (opts.persist === 'always' && conversation) void restore();
    // A reload mid-answer (the loader starts the app at once for it): reattach now, not at the
    // next open, so the server's grace period (10 s without a reader) does not run out.
    else if (pending) void restore();
  }

  /** The visitor's first interaction: from here on the widget may store and send. */
  function activate() {
    if (active) return;
    active = true;
    persist();
    who.flush();
  }

  /** Loads the stored conversation once; a 404 (expired, or another session's) starts fresh. */
  function restore(): Promise<void> {
    return (restored ||= (async () => {
      if (!conversation) {
        if (pending) void reattach(pending);
        return;
      }
      const r = await client.history(conversation, session);
      if (!r.ok) {
        if (r.error.code === 'not_found' || r.error.code === 'forbidden') setConversation(null);
        else restored = null; // transient: try again on the next open
        return;
      }
      const list = Array.isArray(r.data.messages) ? r.data.messages.map(fromHistory) : [];
      messages.value = [...list, ...messages.value];
      ho.seen(list);
      ho.restored(r.data.conversation_status, r.data.agent_name);
      if (pending) void reattach(pending);
    })());
  }

  /** Streamed events into one assistant message. */
  const into = (answer: Msg) => (ev: StreamEvent) => {
    if (ev.type === 'status') answer.stage.value = String(ev.stage);
    else if (ev.type === 'content') answer.text.value += String(ev.content ?? '');
    else if (ev.type === 'replace') answer.text.value = String(ev.content ?? '');
    else if (ev.type === 'notice') {
      const code = String(ev.code || '');
      // Handoff notices are the status line's to tell (one line, status.ts); the banner keeps the others.
      if (!code.startsWith('handoff_')) banner.value = noticeKey(String(ev.message_key || ''));
      ho.notice(code);
      if (code === 'handoff_offline') {
        // The reply that follows is the system saying nobody is there, not an answer to rate.
        answer.system = true;
        form.auto();
      }
    }
  };

  /** A turn that ended with done: the answer settles (or goes, when history already has it). */
  function settle(answer: Msg, end: Extract<TurnEnd, { ok: true }>) {
    if (end.done.conversation_id) setConversation(String(end.done.conversation_id));
    batch(() => {
      answer.id = end.done.assistant_message_id || null;
      answer.citations.value = Array.isArray(end.done.citations) ? end.done.citations : [];
      answer.state.value = 'done';
      // In handoff the server stores the user's message and answers nothing; after a reload the
      // history may already hold the answer that was being streamed.
      if ((!answer.id && !answer.text.value) || messages.value.some((m) => m !== answer && m.id && m.id === answer.id)) drop(answer);
    });
    if (answer.text.value && messages.value.includes(answer)) {
      announce.value = answer.text.value.slice(0, 500);
      arrived(answer.text.value); // the panel may have been closed while it streamed
      events.emit('message', { role: 'assistant', text: answer.text.value, id: answer.id });
    }
    ho.seen([answer]);
  }

  /** After a page reload mid-answer: the whole turn again from its first event, then the rest. */
  async function reattach(turnId: string) {
    const lazy = chunk.peek();
    if (busy.value || !lazy) return;
    // A stored turn means this visitor sent a message (an interaction) before the reload.
    activate();
    const controller = new AbortController();
    turn.value = controller;
    const answer = message('assistant', '', { state: signal('streaming') });
    const question = !conversation && pendingText ? [message('user', pendingText)] : [];
    push(...question, answer);
    const end = await resumeTurn(turnId, '', controller.signal, into(answer), lazy.createParser, resume);
    turn.value = null;
    answer.stage.value = null;
    setPending(null);
    if (end.ok) return settle(answer, end);
    // Gone (expired, or a server without resumable streams): the history shows what was stored.
    if (!end.opened || ('aborted' in end && !answer.text.value)) return drop(answer, ...question);
    if ('aborted' in end) return void (answer.state.value = 'stopped');
    batch(() => {
      answer.error.value = end.error;
      answer.state.value = 'error';
    });
  }

  function open(o?: { message?: unknown }) {
    if (!config.value) return;
    if (o && typeof o.message === 'string' && o.message && !draft.value.trim()) draft.value = o.message;
    activate();
    if (proactive.value) dismissProactive();
    if (isOpen.value) return;
    batch(() => {
      isOpen.value = true;
      unread.value = 0;
      preview.value = null;
    });
    void restore().then(markSeen);
    captcha?.preload(); // fetch the provider script before the first send needs it
    events.emit('open');
  }
  function close() {
    if (!isOpen.value || inline) return;
    isOpen.value = false;
    events.emit('close');
  }

  async function send(input?: string, img: Picked | null = image.value): Promise<void> {
    const text = (input ?? draft.value).trim();
    if (!config.value || (!text && !img)) return;
    activate();
    if (busy.value || retryUntil.value > Date.now()) {
      // Not now (an answer is streaming, or the rate limit holds): a text sent from outside the
      // composer (the host page's send(), a suggestion) waits there instead of vanishing.
      if (input !== undefined && !draft.value.trim()) draft.value = text;
      return;
    }
    const controller = new AbortController();
    turn.value = controller;
    pendingText = text;
    ho.wrote();
    form.wrote();
    typedAt = 0;
    const sent: Draft = { text, image: img };
    const user = message('user', text, { image: img?.dataUrl || null });
    const answer = message('assistant', '', { state: signal('streaming') });
    batch(() => {
      failure.value = null;
      banner.value = null;
      if (input === undefined) draft.value = '';
      if (img === image.value) image.value = null;
      push(user, answer);
    });
    events.emit('message', { role: 'user', text });
    const giveBack = (f: Failure | null) =>
      batch(() => {
        drop(user, answer);
        // Before anything typed meanwhile: neither text is lost.
        if (sent.text) draft.value = draft.value ? `${sent.text}\n${draft.value}` : sent.text;
        if (!image.value) image.value = sent.image;
        failure.value = f;
      });

    await restore();
    const token = captcha ? await captcha.token() : undefined;
    if (token === null) {
      turn.value = null;
      giveBack({ code: 'recaptcha' });
      return fail({ code: 'recaptcha' });
    }
    const lazy = chunk.peek();
    if (!lazy) {
      turn.value = null;
      giveBack({ code: 'network' });
      return fail({ code: 'network' });
    }
    const end = await streamTurn(
      `${client.base}/chat/stream`,
      {
        bot_id: opts.botId,
        message: text,
        session_id: session,
        ...(conversation ? { conversation_id: conversation } : {}),
        ...(token ? { recaptcha_token: token } : {}),
        ...(img ? { image_data: img.base64, image_media_type: img.type } : {}),
        // The first turn says where the chat started (issue 22), for the agents' visitor panel.
        ...(conversation ? {} : withPage()),
      },
      controller.signal,
      into(answer),
      lazy.createParser,
      resume,
    );
    turn.value = null;
    answer.stage.value = null;
    if (pending) setPending(null);
    if (end.ok) return settle(answer, end);
    if ('aborted' in end) {
      if (!end.opened) giveBack(null);
      else answer.state.value = 'stopped';
      return;
    }
    if (!end.opened) {
      giveBack(end.error);
      if (end.error.code === 'rate_limited' && end.error.retryAfter) retryUntil.value = Date.now() + end.error.retryAfter * 1000;
    } else {
      answer.retry = sent;
      batch(() => {
        answer.error.value = end.error;
        answer.state.value = 'error';
      });
      form.auto();
    }
    fail(end.error);
  }

  function retry(m: Msg) {
    if (!m.retry || busy.value) return;
    const i = messages.value.indexOf(m);
    const prev = messages.value[i - 1];
    drop(m, ...(prev?.role === 'user' ? [prev] : []));
    return send(m.retry.text, m.retry.image);
  }

  async function pickImage(file: File | null | undefined) {
    if (!file || !config.value?.allow_user_images) return;
    const bad = checkImage(file);
    failure.value = bad ? { code: bad } : null;
    if (bad) return;
    const p = await readImage(file);
    if (p) image.value = p;
  }

  async function feedback(m: Msg, value: FeedbackRating) {
    if (!m.id) return;
    const before = m.feedback.value;
    const next = before === value ? null : value;
    m.feedback.value = next;
    const r = await client.feedback(m.id, session, next);
    if (r.ok) return;
    m.feedback.value = before;
    if (r.error.code === 'not_found') feedbackOff.value = true;
  }

  async function requestHandoff() {
    await ho.request();
    if (ho.state.value === 'offline') form.auto();
  }

  function reset() {
    activate();
    turn.value?.abort();
    ho.stop();
    pending = null;
    setConversation(null);
    restored = Promise.resolve();
    batch(() => {
      turn.value = null;
      messages.value = [];
      failure.value = null;
      banner.value = null;
      retryUntil.value = 0;
      announce.value = '';
      ho.clear();
      form.reset();
    });
  }

  function dismissProactive() {
    const m = proactive.peek();
    if (!m) return;
    proactive.value = null;
    markProactiveSeen(opts.botId, m);
  }

  function dispose() {
    turn.value?.abort();
    ho.stop();
    captcha?.remove();
    events.clear();
  }

  return {
    opts, events, config, l, isOpen, messages, draft, image, banner, failure, retryUntil, announce,
    busy, answered, hasConversation, feedbackOff, handoff: ho, contact: form, session: () => session, client,
    inline, themeOverride, launcherHidden, expanded, unread, preview, proactive,
    init, useConfig, restore, open, close, requestHandoff, typing, toggle: () => (isOpen.value ? close() : open()), send, retry,
    stop: () => turn.value?.abort(), reset, pickImage, feedback, dispose, dismissProactive,
    identify: (u: Identity) => {
      who.set(u);
      if (active) who.flush();
    },
    setLocale: (code: string) => (l.value = lang(code)),
    setTheme: (t: ThemeOverride | string) => (themeOverride.value = typeof t === 'string' ? { ...themeOverride.value, theme: t as ThemeOverride['theme'] } : { ...themeOverride.value, ...t }),
  };
}

export type Store = ReturnType<typeof createStore>;

function withPage(): { page?: NonNullable<ReturnType<typeof pageContext>> } {
  const page = pageContext();
  return page ? { page } : {};
}
