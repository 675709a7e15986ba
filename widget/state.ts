// The one store: signals plus the named actions the UI and the host API call.
// Streamed text lives in a per-message signal, so a chunk updates one text node, not the list.
import { batch, computed, signal } from '@preact/signals';
import { api as makeApi } from './api';
import { emitter as makeEmitter, type Emitter } from './emitter';
import { lang, noticeKey, type Key, type Lang } from './i18n';
import { checkImage, readImage, type Picked } from './images';
import { recaptcha, type Recaptcha } from './recaptcha';
import { load, save, uuid } from './storage';
import { loadChunk, whenChunk } from './chunk';
import { streamTurn } from './stream';
import type { BotConfig, Failure, Result } from './types';
import { handoff } from './handoff';
import { contact } from './contact';
import { message, fromHistory, type Draft, type Msg } from './messages';

export interface StoreOptions { botId: string; apiBase: string; recaptchaSrc?: string; markdownSrc?: string; nonce?: string; events?: Emitter }

export function createStore(opts: StoreOptions) {
  const events = opts.events || makeEmitter();
  const client = makeApi(opts.apiBase, opts.botId);
  const storeKey = `chat-widget:${opts.botId}`;
  const saved = load(storeKey);
  const session = saved.session_id || uuid();
  let conversation: string | null = saved.conversation_id || null;
  const persist = () => save(storeKey, { session_id: session, ...(conversation ? { conversation_id: conversation } : {}) });
  persist();

  const config = signal<BotConfig | null>(null);
  const l = signal<Lang>(lang('en'));
  const isOpen = signal(false);
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
  const ho = handoff({
    ...ids,
    messages,
    push,
    onAgent: (m) => {
      announce.value = m.text.value.slice(0, 500);
      events.emit('message', { role: 'assistant', text: m.text.value, id: m.id, agent: m.agent });
    },
  });
  const form = contact({ ...ids, answered });

  async function init(): Promise<Result<BotConfig>> {
    const r = await client.config();
    if (!r.ok) return r;
    const c = r.data;
    if (!c || typeof c !== 'object') return { ok: false, error: { code: 'bad_response' } };
    batch(() => {
      config.value = c;
      l.value = lang(c.language);
    });
    if (c.recaptcha_site_key) captcha = recaptcha(c.recaptcha_site_key, opts.recaptchaSrc);
    return r;
  }

  /** Loads the stored conversation once; a 404 (expired, or another session's) starts fresh. */
  function restore(): Promise<void> {
    return (restored ||= (async () => {
      if (!conversation) return;
      const r = await client.history(conversation, session);
      if (!r.ok) {
        if (r.error.code === 'not_found' || r.error.code === 'forbidden') setConversation(null);
        else restored = null; // transient: try again on the next open
        return;
      }
      const list = Array.isArray(r.data.messages) ? r.data.messages.map(fromHistory) : [];
      messages.value = [...list, ...messages.value];
      ho.seen(list);
      if (r.data.conversation_status === 'handoff') ho.enter();
    })());
  }

  function open() {
    if (!config.value || isOpen.value) return;
    isOpen.value = true;
    void restore();
    loadChunk(opts.markdownSrc, opts.nonce);
    captcha?.preload(); // fetch the provider script before the first send needs it
    events.emit('open');
  }
  function close() {
    if (!isOpen.value) return;
    isOpen.value = false;
    events.emit('close');
  }

  async function send(input?: string, img: Picked | null = image.value): Promise<void> {
    const text = (input ?? draft.value).trim();
    if (!config.value || (!text && !img)) return;
    if (busy.value || retryUntil.value > Date.now()) {
      // Not now (an answer is streaming, or the rate limit holds): a text sent from outside the
      // composer (the host page's send(), a suggestion) waits there instead of vanishing.
      if (input !== undefined && !draft.value.trim()) draft.value = text;
      return;
    }
    const controller = new AbortController();
    turn.value = controller;
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
    const lazy = await whenChunk(opts.markdownSrc, opts.nonce);
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
      },
      controller.signal,
      (ev) => {
        if (ev.type === 'status') answer.stage.value = String(ev.stage);
        else if (ev.type === 'content') answer.text.value += String(ev.content ?? '');
        else if (ev.type === 'replace') answer.text.value = String(ev.content ?? '');
        else if (ev.type === 'notice') {
          banner.value = noticeKey(String(ev.message_key || ''));
          ho.notice(String(ev.code || ''));
          if (ev.code === 'handoff_offline') form.auto();
        }
      },
      lazy.createParser,
    );
    turn.value = null;
    answer.stage.value = null;
    if (end.ok) {
      if (end.done.conversation_id) setConversation(String(end.done.conversation_id));
      batch(() => {
        answer.id = end.done.assistant_message_id || null;
        answer.citations.value = Array.isArray(end.done.citations) ? end.done.citations : [];
        answer.state.value = 'done';
        // In handoff the server stores the user's message and answers nothing.
        if (!answer.id && !answer.text.value) drop(answer);
      });
      if (answer.text.value) {
        announce.value = answer.text.value.slice(0, 500);
        events.emit('message', { role: 'assistant', text: answer.text.value, id: answer.id });
      }
      ho.seen([answer]);
      return;
    }
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

  async function feedback(m: Msg, value: 'positive' | 'negative') {
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
    turn.value?.abort();
    ho.stop();
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

  function dispose() {
    turn.value?.abort();
    ho.stop();
    captcha?.remove();
    events.clear();
  }

  return {
    opts, events, config, l, isOpen, messages, draft, image, banner, failure, retryUntil, announce,
    busy, answered, hasConversation, feedbackOff, handoff: ho, contact: form, session: () => session, client,
    init, restore, open, close, requestHandoff, toggle: () => (isOpen.value ? close() : open()), send, retry,
    stop: () => turn.value?.abort(), reset, pickImage, feedback, dispose,
  };
}

export type Store = ReturnType<typeof createStore>;
