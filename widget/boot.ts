// Boot: read the script tag, publish window.ChatWidget, fetch config, mount, replay queued calls.
// Nothing in here may throw into the host page: every failure ends in one console warning.
import { emitter } from './emitter';
import { provideChunk, unloadChunk } from './chunk';
import { mount } from './mount';
import { DEFAULT_RECAPTCHA_SRC } from './recaptcha';
import { createStore, type Store } from './state';

type Call = ArrayLike<unknown>;
type Fn = (detail?: unknown) => void;

/** The host page's API: `window.ChatWidget`, callable as methods or as `ChatWidget('open')`. */
export interface ChatWidgetApi {
  (method: string, ...args: unknown[]): void;
  /** Opens the panel. */
  open(): void;
  /** Closes the panel. */
  close(): void;
  /** Opens or closes the panel. */
  toggle(): void;
  /** Opens the panel and sends `text` as the user. */
  send(text: string): void;
  /** Starts a new conversation (forgets the stored conversation id). */
  reset(): void;
  /** Subscribes to `open`, `close`, `message` ({role, text, id?, agent?}) or `error` ({code, message?, status?}). */
  on(event: string, fn: Fn): void;
  /** Unsubscribes one listener, or all listeners of an event. */
  off(event: string, fn?: Fn): void;
  /** Removes the widget, its listeners and window.ChatWidget. */
  remove(): void;
  readonly loaded: true;
}

const PREFIX = '[chat-widget]';
const w = window as unknown as { ChatWidget?: unknown };

function findScript(): HTMLScriptElement | null {
  const cur = document.currentScript as HTMLScriptElement | null;
  if (cur?.dataset?.botId) return cur;
  // async scripts loaded late, or bundlers: find our tag by its attribute.
  const all = document.querySelectorAll<HTMLScriptElement>('script[data-bot-id]');
  return [...all].find((s) => /widget[^/]*\.js/.test(s.src)) || all[0] || null;
}

function queued(stub: unknown): Call[] {
  const q = (stub as { q?: unknown })?.q;
  return Array.isArray(q) ? q.filter((c) => c && typeof (c as Call).length === 'number') : [];
}

/** Boots once per page. Resolves to the store when the widget is shown, else null. */
export async function boot(script: HTMLScriptElement | null = findScript()): Promise<Store | null> {
  if ((w.ChatWidget as ChatWidgetApi | undefined)?.loaded) return null; // loaded twice: one widget
  let warned = false;
  const warn = (msg: string) => {
    if (!warned) console.warn(`${PREFIX} ${msg}`);
    warned = true;
  };
  const events = emitter();
  const pending: unknown[][] = [];
  let store: Store | null = null;
  let unmount = () => {};
  let dead = false;

  const run = (name: string, args: unknown[]) => {
    if (name === 'on' || name === 'off') return events[name](args[0] as string, args[1] as Fn);
    if (name === 'remove') return remove();
    if (name === '_chunk') return provideChunk(args[0]);
    if (dead) return;
    if (!store) return void pending.push([name, ...args]);
    if (name === 'send') {
      store.open();
      return void store.send(String(args[0] ?? ''), null);
    }
    const fn = (store as unknown as Record<string, unknown>)[name];
    if (['open', 'close', 'toggle', 'reset'].includes(name) && typeof fn === 'function') fn();
  };
  function remove() {
    dead = true;
    store?.dispose();
    unmount();
    unloadChunk();
    events.clear();
    if (w.ChatWidget === api) delete w.ChatWidget;
  }
  const api = ((method: string, ...args: unknown[]) => {
    try {
      run(String(method), args);
    } catch (e) {
      warn(`call failed: ${e}`);
    }
  }) as ChatWidgetApi;
  for (const m of ['open', 'close', 'toggle', 'send', 'reset', 'on', 'off', 'remove'])
    (api as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => api(m, ...a);
  Object.defineProperty(api, 'loaded', { value: true });

  const queue = queued(w.ChatWidget);
  w.ChatWidget = api;
  // Listeners first, so queued `open`/`send` calls already reach them.
  queue.forEach((c) => ['on', 'off'].includes(String(c[0])) && api(String(c[0]), ...Array.prototype.slice.call(c, 1)));
  const rest = queue.filter((c) => !['on', 'off'].includes(String(c[0])));

  try {
    const botId = script?.dataset.botId?.trim();
    if (!botId) {
      dead = true;
      warn('missing data-bot-id on the script tag; the widget is not shown.');
      return null;
    }
    const src = script?.src ? new URL(script.src, location.href) : null;
    const apiBase = script?.dataset.apiBase || src?.origin || location.origin;
    const s = createStore({
      botId,
      apiBase,
      events,
      recaptchaSrc: script?.dataset.recaptchaSrc || DEFAULT_RECAPTCHA_SRC,
      // The Markdown chunk sits next to widget.js wherever the site owner's copy is hosted.
      markdownSrc: src ? new URL('widget-markdown.js', src).href : undefined,
      nonce: script?.nonce || undefined,
    });
    const r = await s.init();
    if (dead) return null; // removed while loading
    if (!r.ok) {
      dead = true;
      const why = r.error.status ? `HTTP ${r.error.status}` : r.error.code;
      warn(`configuration for bot ${botId} could not be loaded (${why}); the widget is not shown.`);
      return null;
    }
    // An async script can run before <body> exists.
    if (!document.body) await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
    if (dead) return null;
    unmount = mount(s).unmount;
    store = s;
    rest.forEach((c) => api(String(c[0]), ...Array.prototype.slice.call(c, 1)));
    pending.splice(0).forEach(([n, ...a]) => api(String(n), ...a));
    if (s.config.value?.widget_settings?.open_on_load === true) s.open();
    return s;
  } catch (e) {
    dead = true;
    warn(`failed to start: ${e}`);
    return null;
  }
}
