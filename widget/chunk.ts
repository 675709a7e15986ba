// The Markdown renderer (marked, with its sanitizer DOMPurify; whole and streaming) and the SSE parser, as the app hands
// them over (app-entry.ts). They ship inside widget-app.js, which a page fetches only on
// interaction; the hand-over keeps the components and the store free of a static import of
// them, so unit tests can run either way. Without a renderer, text renders as plain text
// (always safe), and a turn cannot start: the user's text goes back with a network error.
import { signal } from '@preact/signals';
import type { createParser } from 'eventsource-parser';

/** Markdown → sanitized fragment; `lang` is the widget's language (labels of code/table controls). */
export type Render = (src: string, lang?: string | null) => DocumentFragment;
/** One streaming frame into `el`, re-rendering only unfinished blocks; `live` is what it returned last time; `last` for the frame after the stream ended. */
export type Paint = (el: HTMLElement, src: string, lang: string | null | undefined, live: unknown, last?: boolean) => unknown;
export interface Chunk { render: Render; paint: Paint; createParser: typeof createParser }

export const chunk = signal<Chunk | null>(null);

/** Called once by the app entry with `{render, paint, createParser}`; malformed values are ignored. */
export function provideChunk(value: unknown): void {
  const c = value as Partial<Chunk> | null;
  if (chunk.value || !c || typeof c.render !== 'function' || typeof c.paint !== 'function' || typeof c.createParser !== 'function') return;
  chunk.value = c as Chunk;
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
