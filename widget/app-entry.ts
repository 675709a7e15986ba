// Entry of dist/widget-app.<hash>.js, the app the loader (widget.js) imports when it is about to be
// needed: Preact, the store, every component, the Markdown renderer (marked), its sanitizer and the
// SSE parser. It takes over the loader's shadow root and answers the API calls.
import { effect } from '@preact/signals';
import { createParser } from 'eventsource-parser';
import { provideChunk } from './chunk';
import { renderMarkdown } from './markdown';
import { paintMarkdown } from './markdown-live';
import { mount } from './mount';
import { pickProactive } from './proactive';
import { createStore, type Store } from './state';
import type { AppHandle, StartContext } from './loader/instance';

provideChunk({ render: renderMarkdown, paint: paintMarkdown, createParser });

/** `(2) Page title` while replies are unread, when the page asked for it. */
function titleBadge(store: Store): () => void {
  let base: string | null = null;
  const stop = effect(() => {
    const n = store.unread.value;
    if (n > 0) {
      base ??= document.title;
      document.title = `(${n}) ${base}`;
    } else if (base !== null) {
      document.title = base;
      base = null;
    }
  });
  return () => {
    stop();
    if (base !== null) document.title = base; // removed while replies were unread
  };
}

/** The API calls an app answers (the loader handles on/off/remove itself). */
export function dispatch(store: Store, name: string, args: unknown[]): void {
  const a = args[0];
  if (name === 'open') return store.open(a as { message?: unknown } | undefined);
  if (name === 'send') {
    store.open();
    return void store.send(String(a ?? ''), null);
  }
  if (name === 'close' || name === 'toggle' || name === 'reset') return void store[name]();
  if (name === 'identify') return store.identify(a as never);
  if (name === 'setLocale') return void store.setLocale(String(a ?? ''));
  if (name === 'setTheme') return void store.setTheme(a as never);
  if (name === 'show' || name === 'hide') store.launcherHidden.value = name === 'hide';
}

export function start(ctx: StartContext): AppHandle {
  const store = createStore({ ...ctx.opts, events: ctx.events, inline: ctx.inline });
  store.launcherHidden.value = ctx.launcherHidden;
  store.useConfig(ctx.config);
  // The loader's launcher had focus (the visitor tabbed to it): the app's one gets it.
  const hadFocus = !!ctx.root.activeElement;
  const view = mount(store, ctx.host, ctx.root);
  if (hadFocus) ctx.root.querySelector<HTMLElement>('.launcher')?.focus();
  const stops: Array<() => void> = [];
  if (ctx.opts.titleUnread) stops.push(titleBadge(store));
  if (!ctx.inline) {
    const m = pickProactive(ctx.config.proactive_messages, ctx.opts.botId, location.pathname);
    if (m) {
      const wait = Math.max(0, (Number(m.delay_ms) || 0) - (performance.now() - ctx.startedAt));
      const t = setTimeout(() => !store.isOpen.peek() && (store.proactive.value = m), wait);
      stops.push(() => clearTimeout(t));
    }
  }
  return {
    call: (name, args) => dispatch(store, name, args),
    dispose() {
      stops.forEach((f) => f());
      store.dispose();
      view.unmount();
    },
  };
}
