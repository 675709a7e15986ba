// The Markdown renderer and its sanitizer (DOMPurify, ~12 KB gzip: half the widget) ship in a
// second file, dist/widget-markdown.js, fetched when the panel first opens. That keeps what a
// page loads before anyone opens the chat small. Until the renderer is there (or if its file
// cannot load), text is shown as plain text: always safe, just unformatted.
import { signal } from '@preact/signals';

export type Render = (src: string) => DocumentFragment;

export const renderer = signal<Render | null>(null);
let script: HTMLScriptElement | null = null;

/** Called by the chunk through `ChatWidget('_markdown', fn)`; also used by tests. */
export function provideRenderer(fn: unknown): void {
  if (typeof fn === 'function' && !renderer.value) renderer.value = fn as Render;
}

/** Injects the chunk's classic script once, with the widget script's nonce for nonce-based CSPs. */
export function loadRenderer(src: string | undefined, nonce?: string): void {
  if (!src || renderer.value || script) return;
  script = document.createElement('script');
  script.src = src;
  script.async = true;
  if (nonce) script.nonce = nonce;
  script.onerror = () => {
    script?.remove();
    script = null; // a later open may try again
  };
  document.head.appendChild(script);
}

export function unloadRenderer(): void {
  script?.remove();
  script = null;
}

/** Plain-text rendering: paragraphs and line breaks only, all through textContent. */
export function plain(src: string): DocumentFragment {
  const f = document.createDocumentFragment();
  for (const para of src.split(/\n{2,}/)) {
    const p = document.createElement('p');
    p.style.whiteSpace = 'pre-wrap';
    p.textContent = para;
    f.append(p);
  }
  return f;
}
