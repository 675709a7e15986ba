// The widget's footprint on the host page: one host element with one open shadow root, all
// CSS in one adopted stylesheet. Constructable stylesheets are not subject to CSP style-src,
// so this works on pages that forbid inline styles; a <style> fallback covers old browsers.
import { render } from 'preact';
import { h } from 'preact';
import { App } from './components/app';
import type { Store } from './state';
import css from './styles.css?inline';

export const HOST_TAG = 'chat-widget';

/** Mounts the app into a fresh shadow root; returns the function that removes every trace of it. */
export function mount(store: Store): { host: HTMLElement; root: ShadowRoot; unmount(): void } {
  // A custom tag name keeps host-page rules for `div` from ever matching the host.
  const host = document.createElement(HOST_TAG);
  const root = host.attachShadow({ mode: 'open' });
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement('style');
    style.textContent = css;
    root.appendChild(style);
  }
  document.body.appendChild(host);
  render(h(App, { store }), root);
  return {
    host,
    root,
    unmount() {
      render(null, root);
      host.remove();
    },
  };
}
