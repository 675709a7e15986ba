// widget.js on a page: finds the embed tags, starts one widget per bot, and publishes the one
// global, `window.ChatWidget`. Calls made before the script ran (a queue stub) are replayed.
// `ChatWidget(...)` and its methods address the page's first widget; `ChatWidget.get(botId)`
// any of them. Nothing in here may throw into the host page: failures end in one warning.
import { EMBED_BOT_PARAM, EMBED_CONFIG_PROP } from '../../protocol/embed';
import { DEFAULT_RECAPTCHA_SRC } from '../recaptcha';
import type { BotConfig } from '../types';
import type { WidgetInstance } from '../public-types';
import { createInstance, pageSettled, type AppModule, type InstanceOptions } from './instance';

type Call = ArrayLike<unknown>;
const PREFIX = '[chat-widget]';
const METHODS = ['open', 'close', 'toggle', 'send', 'reset', 'on', 'off', 'identify', 'setLocale', 'setTheme', 'show', 'hide', 'remove'] as const;
const w = window as unknown as { ChatWidget?: unknown };
// The app's content-hashed file name, compiled in by `vite build` (vite.config.ts); unit tests
// and the dev server have no build, hence the plain name.
declare const __WIDGET_APP__: string | undefined;
const APP_FILE = typeof __WIDGET_APP__ === 'string' ? __WIDGET_APP__ : 'widget-app.js';

/** The global: callable (`ChatWidget('open')`) and with methods (`ChatWidget.open()`). */
export interface ChatWidgetApi extends Omit<WidgetInstance, 'botId' | 'on'> {
  (method: string, ...args: unknown[]): unknown;
  on(event: string, fn: (detail?: any) => void): () => void;
  /** The widget of one bot on this page. */
  get(botId: string): WidgetInstance | undefined;
  readonly loaded: true;
  /** Internal: another copy of widget.js hands its script tag over. */
  _script(s: HTMLScriptElement | null): void;
}

/**
 * The config our server wrote into this copy of widget.js (`widget.js?bot=`), when it is the
 * config of this tag's bot: a config for another bot is ignored and read as usual.
 */
function configIn(script: HTMLScriptElement, botId: string): BotConfig | undefined {
  const c = (script as HTMLScriptElement & Record<string, unknown>)[EMBED_CONFIG_PROP] as BotConfig | undefined;
  return c && typeof c === 'object' && String(c.bot_id).toLowerCase() === botId.toLowerCase() ? c : undefined;
}

/** Options from a script tag: its data attributes, and the bot of `widget.js?bot=<id>`. */
export function optionsFrom(script: HTMLScriptElement): InstanceOptions | null {
  const d = script.dataset;
  const src = script.src ? new URL(script.src, location.href) : null;
  const botId = (d.botId || src?.searchParams.get(EMBED_BOT_PARAM) || '').trim();
  if (!botId) return null;
  return {
    botId,
    config: configIn(script, botId),
    apiBase: d.apiBase || src?.origin || location.origin,
    // The app sits next to widget.js wherever the site owner's copy is hosted.
    appSrc: src ? new URL(APP_FILE, src).href : undefined,
    container: d.container || null,
    persist: d.persist,
    preload: d.preload,
    titleUnread: d.titleUnread === 'true' || d.titleUnread === '',
    locale: d.locale,
    nonce: script.nonce || undefined,
    recaptchaSrc: d.recaptchaSrc || DEFAULT_RECAPTCHA_SRC,
  };
}

function queued(stub: unknown): Call[] {
  const q = (stub as { q?: unknown })?.q;
  return Array.isArray(q) ? q.filter((c) => c && typeof (c as Call).length === 'number') : [];
}

const TAGS = `script[data-bot-id],script[src*="${EMBED_BOT_PARAM}="]`;
const ourTags = () => [...document.querySelectorAll<HTMLScriptElement>(TAGS)].filter((s) => /widget[^/]*\.js/.test(s.src));

/**
 * Boots once per page. `loadApp` fetches the app module (dynamic import() of widget-app.<hash>.js
 * from the script's own origin). Resolves to the first widget, or null when none is shown.
 */
export async function bootPage(loadApp: (src?: string) => Promise<AppModule>, script: HTMLScriptElement | null = document.currentScript as HTMLScriptElement | null): Promise<WidgetInstance | null> {
  const existing = w.ChatWidget as ChatWidgetApi | undefined;
  if (existing?.loaded) {
    existing._script(script); // a second copy of widget.js: the first one runs every widget
    return null;
  }
  let warned = false;
  const warn = (msg: string) => {
    if (!warned) console.warn(`${PREFIX} ${msg}`);
    warned = true;
  };
  const widgets = new Map<string, Promise<WidgetInstance | null>>();
  // Every widget started, shown or still reading its config: remove() takes them all.
  const started = new Set<WidgetInstance>();
  const ready = new Map<string, WidgetInstance>();
  let first: Promise<WidgetInstance | null> | null = null;
  let primary: WidgetInstance | null = null;
  // Calls to the global before the first widget exists wait here.
  const early: unknown[][] = [];
  const listeners: unknown[][] = [];

  function add(s: HTMLScriptElement | null): Promise<WidgetInstance | null> | null {
    if (!s) return null;
    const o = optionsFrom(s);
    if (!o) {
      warn(`missing data-bot-id on the script tag (or ?${EMBED_BOT_PARAM}= in its src); the widget is not shown.`);
      return null;
    }
    const key = o.botId.toLowerCase();
    if (widgets.has(key)) return widgets.get(key)!; // the same bot twice: one widget
    const { instance, ready: shown } = createInstance(o, () => loadApp(o.appSrc), warn, () => {
      ready.delete(key);
      widgets.delete(key);
      started.delete(instance);
    });
    started.add(instance);
    const p = shown.then((ok) => {
      if (!ok) return null;
      ready.set(key, instance);
      return instance;
    });
    widgets.set(key, p);
    return p;
  }

  const target = (): WidgetInstance | undefined =>
    primary && ready.get(primary.botId.toLowerCase()) === primary ? primary : ready.values().next().value;
  const run = (method: string, args: unknown[]): unknown => {
    if (method === 'get') return ready.get(String(args[0] ?? '').toLowerCase());
    if (method === 'remove' && !target()) return removeAll();
    const t = target();
    if (!t) {
      if (method === 'on' || method === 'off') listeners.push([method, ...args]);
      else early.push([method, ...args]);
      return method === 'on' ? () => run('off', args) : undefined;
    }
    if (method === 'remove') return removeAll();
    const fn = (t as unknown as Record<string, unknown>)[method];
    if ((METHODS as readonly string[]).includes(method) && typeof fn === 'function') return (fn as (...a: unknown[]) => unknown)(...args);
  };
  let removed = false;
  function removeAll() {
    removed = true;
    for (const inst of [...started]) inst.remove();
    early.length = 0;
    if (w.ChatWidget === api) delete w.ChatWidget;
  }

  const api = ((method: string, ...args: unknown[]) => {
    try {
      return run(String(method), args);
    } catch (e) {
      warn(`call failed: ${e}`);
    }
  }) as ChatWidgetApi;
  for (const m of [...METHODS, 'get']) (api as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => api(m, ...a);
  Object.defineProperty(api, 'loaded', { value: true });
  Object.defineProperty(api, '_script', { value: (s: HTMLScriptElement | null) => add(s) });

  const queue = queued(w.ChatWidget);
  w.ChatWidget = api;
  // Listeners first, so queued `open`/`send` calls already reach them.
  for (const c of queue) if (['on', 'off'].includes(String(c[0]))) listeners.push(Array.prototype.slice.call(c));
  for (const c of queue) if (!['on', 'off'].includes(String(c[0]))) early.push(Array.prototype.slice.call(c));

  if (!script) script = ourTags()[0] || document.querySelector<HTMLScriptElement>('script[data-bot-id]');
  // Reading the tags and starting the widgets waits for the page to settle as well (see
  // pageSettled): while the page loads, only the global above is set up. An inline chat is the
  // page's content and starts at once.
  if (!script?.dataset.container) await pageSettled();
  if (removed) return null; // ChatWidget('remove') while the page loaded
  first = add(script);
  for (const s of ourTags()) add(s);
  if (!first) return null;
  const inst = (primary = await first);
  if (!inst) return null;
  for (const [m, ...a] of listeners.splice(0)) (inst as unknown as Record<string, (...x: unknown[]) => void>)[String(m)](...a);
  for (const [m, ...a] of early.splice(0)) api(String(m), ...a);
  return inst;
}
