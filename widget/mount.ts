// The app's footprint: it renders into the shadow root the loader made (one host element,
// one open shadow root, all CSS in one adopted stylesheet), replacing the loader's launcher.
import { render } from 'preact';
import { h } from 'preact';
import { App } from './components/app';
import { adoptCss } from './sheet';
import type { Store } from './state';
import launcherCss from './launcher.css?inline';
import css from './styles.css?inline';

/** Renders the app into `root`; returns the function that removes it again. */
export function mount(store: Store, host: HTMLElement, root: ShadowRoot): { unmount(): void } {
  adoptCss(root, launcherCss + css);
  for (const n of [...root.childNodes]) if (!(n instanceof HTMLStyleElement)) n.remove();
  render(h(App, { store }), root);
  return {
    unmount() {
      render(null, root);
      host.remove();
    },
  };
}
