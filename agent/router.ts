// The console's views live in the URL hash (#/conversations?status=all&q=refund), so a reload,
// the back button and a shared link land on the same view with the same filters.
import { signal } from '@preact/signals';

export const VIEWS = ['inbox', 'conversations', 'unanswered', 'knowledge', 'contacts', 'numbers', 'webhooks'] as const;
export type View = (typeof VIEWS)[number];

export interface Route {
  view: View;
  /** The view's parameters (filters), from the part after `?`. */
  params: Record<string, string>;
}

export function parseHash(hash: string): Route {
  const [path, search = ''] = hash.replace(/^#\/?/, '').split('?');
  const view = (VIEWS as readonly string[]).includes(path) ? (path as View) : 'inbox';
  return { view, params: Object.fromEntries(new URLSearchParams(search)) };
}

export function hashOf(view: View, params: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return `#/${view}${s ? `?${s}` : ''}`;
}

export function createRouter() {
  const route = signal<Route>(parseHash(typeof location === 'undefined' ? '' : location.hash));
  const onHash = () => (route.value = parseHash(location.hash));
  if (typeof window !== 'undefined') window.addEventListener('hashchange', onHash);
  return {
    route,
    go(view: View, params: Record<string, string | undefined> = {}) {
      const next = hashOf(view, params);
      if (typeof location !== 'undefined' && location.hash !== next) location.hash = next;
      route.value = parseHash(next);
    },
    dispose: () => typeof window !== 'undefined' && window.removeEventListener('hashchange', onHash),
  };
}

export type Router = ReturnType<typeof createRouter>;
