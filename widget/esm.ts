// Entry of the npm package (dist/esm/index.js): `mount({ botId, apiBase, container })` for
// apps built with a bundler. The same loader as widget.js; the app is a dynamic import that
// the site's bundler splits into its own chunk, fetched when it is about to be needed.
import { createInstance } from './loader/instance';
import type { MountOptions, WidgetInstance } from './public-types';

export type * from './public-types';

/** Mounts one widget; its methods work at once (calls wait until the widget has loaded). */
export function mount(options: MountOptions): WidgetInstance {
  const { instance } = createInstance(
    { ...options, container: options.container || null },
    () => import('./app-entry'),
    (msg) => console.warn(`[chat-widget] ${msg}`),
    () => {},
  );
  return instance;
}
