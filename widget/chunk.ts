// What the widget needs only once the chat is open ships in a second file,
// dist/widget-markdown.js, fetched on first open: the Markdown renderer with its sanitizer
// (DOMPurify, ~12 KB gzip) and the SSE parser (eventsource-parser, ~2.5 KB). That keeps what a
// page loads before anyone opens the chat small. Until the chunk is there, or if it cannot
// load, answers already shown render as plain text (always safe, just unformatted), and a turn
// waits for it: a failed load gives the user's text back with a network error and a retry.
import { signal } from '@preact/signals';
import type { createParser } from 'eventsource-parser';

export type Render = (src: string) => DocumentFragment;
export interface Chunk { render: Render; createParser: typeof createParser }

export const chunk = signal<Chunk | null>(null);
let script: HTMLScriptElement | null = null;
let waiting: Array<(c: Chunk | null) => void> = [];

function settle(value: Chunk | null) {
  const list = waiting;
  waiting = [];
  for (const resolve of list) resolve(value);
}

/** Called by the chunk through `ChatWidget('_chunk', {render, createParser})`; also used by tests. */
export function provideChunk(value: unknown): void {
  const c = value as Partial<Chunk> | null;
  if (chunk.value || !c || typeof c.render !== 'function' || typeof c.createParser !== 'function') return;
  chunk.value = c as Chunk;
  settle(chunk.value);
}

/** Injects the chunk's classic script once, with the widget script's nonce for nonce-based CSPs. */
export function loadChunk(src: string | undefined, nonce?: string): void {
  if (!src || chunk.value || script) return;
  script = document.createElement('script');
  script.src = src;
  script.async = true;
  if (nonce) script.nonce = nonce;
  script.onerror = () => {
    script?.remove();
    script = null; // a later open or send tries again
    settle(null);
  };
  document.head.appendChild(script);
}

/** The chunk, loading it if needed; null when it cannot be loaded. */
export function whenChunk(src: string | undefined, nonce?: string): Promise<Chunk | null> {
  if (chunk.value) return Promise.resolve(chunk.value);
  if (!src) return Promise.resolve(null);
  const p = new Promise<Chunk | null>((resolve) => waiting.push(resolve));
  loadChunk(src, nonce);
  return p;
}

export function unloadChunk(): void {
  script?.remove();
  script = null;
  settle(null);
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
