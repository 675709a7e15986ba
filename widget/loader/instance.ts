// One widget (one bot) as the loader runs it: reads the config, draws the launcher with plain
// DOM, and fetches the app (widget-app.js, Preact and everything else) only when it is about
// to be needed: the pointer on the launcher, focus, a touch, a click, an API call, a proactive
// message, or a restored conversation (data-persist="always"), so the page pays for the
// loader alone until the visitor shows interest.
import { emitter, type Emitter } from '../emitter';
import { langCode, OPEN_LABEL } from '../launcher-strings';
import { pickProactive } from '../proactive';
import { adoptCss } from '../sheet';
import { load } from '../storage';
import { theme } from '../theme';
import type { BotConfig, Failure, Result } from '../types';
import type { WidgetInstance } from '../public-types';
import launcherCss from '../launcher.css?inline';
import { readConfig } from './config-request';

export const HOST_TAG = 'chat-widget';
const CHAT_ICON = 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z';

export interface InstanceOptions {
  botId: string;
  apiBase: string;
  /** The bot's config as its server wrote it into widget.js (`?bot=`): no request to read it. */
  config?: BotConfig;
  /** URL of widget-app.js, for the idle preload (absent in the npm build, where a bundler owns the files). */
  appSrc?: string;
  container?: HTMLElement | string | null;
  persist?: string;
  /** "idle": preload the app's file while the browser is idle. */
  preload?: string;
  titleUnread?: boolean;
  locale?: string;
  nonce?: string;
  recaptchaSrc?: string;
}

/** What the loader hands to the app when it starts. */
export interface StartContext {
  opts: InstanceOptions;
  config: BotConfig;
  host: HTMLElement;
  root: ShadowRoot;
  events: Emitter;
  inline: boolean;
  launcherHidden: boolean;
  /** performance.now() when this widget started: proactive delays count from there. */
  startedAt: number;
}
export interface AppHandle { call(name: string, args: unknown[]): void; dispose(): void }
export interface AppModule { start(ctx: StartContext): AppHandle }

type Warn = (msg: string) => void;

function drawLauncher(root: ShadowRoot, config: BotConfig, locale?: string): HTMLButtonElement {
  const th = theme(config.widget_settings);
  const wrap = document.createElement('div');
  wrap.className = 'cw';
  wrap.dataset.pos = th.position;
  wrap.dataset.scheme = th.scheme;
  wrap.style.setProperty('--cw-primary', th.primary); // CSSOM: allowed under a strict style-src
  wrap.style.setProperty('--cw-on-primary', th.onPrimary);
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'launcher';
  b.setAttribute('aria-label', OPEN_LABEL[langCode(locale || config.language)]);
  b.setAttribute('aria-expanded', 'false');
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  for (const [k, v] of Object.entries({ fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' })) svg.setAttribute(k, v);
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', CHAT_ICON);
  svg.append(path);
  b.append(svg);
  wrap.append(b);
  root.append(wrap);
  // A User Timing mark: monitoring (and our bench) can see when the launcher was drawn without watching the DOM.
  performance.mark?.('chat-widget:launcher');
  return b;
}

/** This document was reloaded or came back from history (where a turn may have been left mid-answer). */
function reloaded(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return !nav || nav.type === 'reload' || nav.type === 'back_forward';
}

/**
 * Resolves once the page has loaded (its load event) and the browser is idle, at most a
 * second after load: what a site's own scripts, images and first paint need is not shared
 * with the launcher. Intercom's and Crisp's snippets also wait for the load event. A page
 * whose load never comes (a hanging image or tracker) gets the launcher after LOAD_WAIT_MS.
 */
export const LOAD_WAIT_MS = 3000;
let settled: Promise<void> | null = null;
export function pageSettled(): Promise<void> {
  return (settled ||= new Promise((done) => {
    const cap = setTimeout(() => finish(), LOAD_WAIT_MS);
    const finish = () => {
      clearTimeout(cap);
      window.removeEventListener('load', idle);
      done();
    };
    const idle = () => {
      const ric = (window as { requestIdleCallback?: (cb: () => void, o?: object) => number }).requestIdleCallback;
      if (ric) ric(finish, { timeout: 1000 });
      else setTimeout(finish, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }));
}

/** The container element of inline mode, or null when the selector finds nothing (yet). */
const findContainer = (c: InstanceOptions['container']): HTMLElement | null =>
  typeof c === 'string' ? document.querySelector<HTMLElement>(c) : c || null;

/**
 * Starts one widget: its API at once (calls wait for the app), and `ready`, which resolves to
 * false when the widget cannot be shown (a warning has then been printed).
 */
/**
 * The one warning when the config cannot be read. Two causes a site owner must tell apart: the
 * server refusing this page (403 `origin_not_allowed`, which keeps CORS headers so the page can
 * read it) and no answer at all (network error or server down).
 */
function configFailure(opts: InstanceOptions, f: Failure | null): string {
  if (f?.body?.error === 'origin_not_allowed') {
    return `this page's origin ${location.origin} is not in allowed_domains of bot ${opts.botId}: add its host there in the server config. Widget not shown.`;
  }
  if (f?.code === 'network') return `bot ${opts.botId}: no answer from ${opts.apiBase} (network error or server down). Widget not shown.`;
  const why = f ? (f.status ? `HTTP ${f.status}` : f.code) : 'bad_response';
  return `configuration for bot ${opts.botId} could not be loaded (${why}); the widget is not shown.`;
}

export function createInstance(opts: InstanceOptions, loadApp: () => Promise<AppModule>, warn: Warn, onRemove: () => void): { instance: WidgetInstance; ready: Promise<boolean> } {
  const events = emitter();
  const queue: Array<[string, unknown[]]> = [];
  let app: AppHandle | null = null;
  let loading: Promise<void> | null = null;
  let dead = false;
  let hidden = false;
  let host: HTMLElement | null = null;
  let launcher: HTMLButtonElement | null = null;
  let preload: HTMLLinkElement | null = null;
  let observer: MutationObserver | null = null;
  const timers: number[] = [];
  const inline = !!opts.container;
  const startedAt = performance.now();

  const call = (name: string, args: unknown[]) => {
    if (dead) return;
    if (name === 'hide' || name === 'show') {
      hidden = name === 'hide';
      if (launcher) launcher.hidden = hidden;
    }
    if (app) return app.call(name, args);
    queue.push([name, args]);
    // show/hide alone need no app; anything else does.
    if (name !== 'hide' && name !== 'show') void start();
  };

  // A press on the loader's launcher that has not become a click yet: swapping the button
  // between mousedown and mouseup (or Space down and up) would lose the click.
  let pressed: Promise<void> | null = null;
  const press = (e: Event) => {
    if (pressed || (e.type === 'keydown' && (e as KeyboardEvent).key !== ' ')) return;
    pressed = new Promise((done) => {
      const end = () => setTimeout(done); // after the click's own handler has run
      launcher?.addEventListener('click', end, { once: true });
      window.setTimeout(done, 1000); // dragged off the button: no click is coming
    }).then(() => void (pressed = null));
  };

  /** Imports and starts the app once the config is there (calls may come before it: npm mount()). */
  function start(): Promise<void> {
    return (loading ||= ready.then(async (shown) => {
      if (!shown) return void (queue.length = 0);
      let mod: AppModule;
      try {
        mod = await loadApp();
      } catch (e) {
        // What was asked meanwhile is dropped (replaying a stale toggle later would undo the
        // next click); the next interaction tries again.
        queue.length = 0;
        loading = null;
        return warn(`the chat could not be loaded (${e}).`);
      }
      while (pressed) await pressed;
      if (dead || !host || !config) return;
      try {
        app = mod.start({ opts, config, host, root: host.shadowRoot!, events, inline, launcherHidden: hidden, startedAt });
      } catch (e) {
        queue.length = 0;
        return warn(`the chat failed to start (${e}).`);
      }
      launcher = null;
      for (const [n, a] of queue.splice(0)) app.call(n, a);
    }));
  }

  function remove() {
    if (dead) return;
    dead = true;
    app?.dispose();
    observer?.disconnect();
    timers.forEach(clearTimeout);
    preload?.remove();
    host?.remove();
    events.clear();
    onRemove();
  }

  const instance: WidgetInstance = {
    botId: opts.botId,
    open: (o) => call('open', [o]),
    close: () => call('close', []),
    toggle: () => call('toggle', []),
    send: (text) => call('send', [text]),
    reset: () => call('reset', []),
    on: (ev, fn) => events.on(ev, fn),
    off: (ev, fn) => events.off(ev, fn),
    identify: (user) => call('identify', [user]),
    setLocale: (code) => call('setLocale', [code]),
    setTheme: (t) => call('setTheme', [t]),
    show: () => call('show', []),
    hide: () => call('hide', []),
    remove,
  };

  let config: BotConfig | null = null;
  const ready = (async () => {
    // The bubble waits for the page: the site's own content loads and paints first, and the
    // launcher is drawn when the browser is next idle (inline mode is the page's content).
    if (!inline) await pageSettled();
    if (dead) return false;
    const r: Result<BotConfig> = opts.config ? { ok: true, data: opts.config } : await readConfig(opts.apiBase, opts.botId);
    if (dead) return false;
    if (!r.ok || !r.data || typeof r.data !== 'object') {
      dead = true;
      warn(configFailure(opts, r.ok ? null : r.error));
      return false;
    }
    config = r.data;
    // An async script can run before <body> exists.
    if (!document.body) await new Promise((ok) => document.addEventListener('DOMContentLoaded', ok, { once: true }));
    if (dead) return false;

    // A custom tag name keeps host-page rules for `div` from ever matching the host.
    host = document.createElement(HOST_TAG);
    if (inline) host.dataset.inline = '';
    const root = host.attachShadow({ mode: 'open' });
    adoptCss(root, launcherCss);
    const place = () => {
      const parent = inline ? findContainer(opts.container) : document.body;
      if (parent && host && !host.isConnected) parent.appendChild(host);
    };
    place();
    if (inline && !host.isConnected) warn(`no element matches data-container "${opts.container}"; the chat appears when one does.`);
    // Single-page apps replace the page's markup on navigation, and our host with it: put it
    // back (the shadow root and the conversation in it survive being moved). The bubble's host
    // is a child of <body>, so <body>'s own children (and <body> itself being swapped, as Turbo
    // does) are all there is to watch: no callback for every change deep in the page. An
    // inline container may appear anywhere, later: that needs the whole tree.
    let watched: HTMLElement | null = null;
    const watchBody = () => {
      if (inline || watched === document.body) return;
      watched = document.body;
      observer!.observe(watched, { childList: true });
    };
    observer = new MutationObserver(() => {
      if (dead || !host) return;
      watchBody();
      if (!host.isConnected) place();
    });
    observer.observe(document.documentElement, { childList: true, subtree: inline });
    watchBody();

    if (inline) {
      void start(); // the panel is the page's content: nothing to wait for
    } else {
      launcher = drawLauncher(root, config!, opts.locale);
      launcher.hidden = hidden;
      const soon = () => void start();
      // pointerenter also fires for a touch (before pointerdown); no touchstart listener needed.
      for (const ev of ['pointerenter', 'focus']) launcher.addEventListener(ev, soon, { once: true });
      launcher.addEventListener('click', () => call('toggle', []));
      launcher.addEventListener('pointerdown', press);
      launcher.addEventListener('keydown', press);
      // data-preload="idle": fetch the app's file while the browser is idle (modulepreload:
      // fetched and compiled, not run), for the fastest first open at the price of its bytes
      // on every page view. Off by default: the page then pays for the loader alone.
      if (opts.preload === 'idle' && opts.appSrc) {
        const idle = (window as { requestIdleCallback?: (cb: () => void, o?: object) => number }).requestIdleCallback;
        const prefetch = () => {
          if (dead || loading || preload) return;
          preload = document.createElement('link');
          preload.rel = 'modulepreload';
          preload.href = opts.appSrc!;
          preload.crossOrigin = 'anonymous';
          if (opts.nonce) preload.nonce = opts.nonce;
          document.head.appendChild(preload);
        };
        if (idle) idle(prefetch, { timeout: 4000 });
        else timers.push(window.setTimeout(prefetch, 2000));
      }
      const proactive = pickProactive(config!.proactive_messages, opts.botId, location.pathname);
      if (proactive) timers.push(window.setTimeout(soon, Math.max(0, Number(proactive.delay_ms) || 0) - 300));
      // A stored turn: the page was reloaded mid-answer, so the app starts now to reattach to
      // it before the server gives up on a reader (the visitor sent it: they have interacted).
      // Storage is read only when it can matter now: a reload (or back/forward) of a page left
      // mid-answer, or a site that restores the conversation on every page. A first visit
      // pays nothing for it (its first read costs a round trip to the browser's storage).
      if (opts.persist === 'always' || reloaded()) {
        const stored = load(`chat-widget:${opts.botId}`);
        if ((opts.persist === 'always' && stored.conversation_id) || stored.turn_id) void start();
      }
      // The bot's own setting: the site owner chose to open the chat on every page.
      if (config!.widget_settings?.open_on_load === true) call('open', []);
    }
    return true;
  })().catch((e) => {
    dead = true;
    warn(`failed to start: ${e}`);
    return false;
  });
  return { instance, ready };
}
