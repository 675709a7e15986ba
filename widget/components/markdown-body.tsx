import type { Signal } from '@preact/signals';
import { useSignalEffect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { chunk, plain } from '../chunk';

/** The widget's language, for the labels of the controls the renderer adds (set on the app root). */
const langOf = (el: Element) => el.closest('[lang]')?.getAttribute('lang');

/** The whole text, rendered once (plain text until the chunk is there). */
const whole = (el: HTMLElement, src: string) => el.replaceChildren((chunk.peek()?.render || plain)(src, langOf(el)));

/**
 * Renders a message's Markdown outside Preact's diffing. While streaming, chunks only schedule
 * a render for the next animation frame, so a burst of chunks costs one parse per frame, and
 * the chunk's `paint` re-renders only the blocks still being written (markdown-live.ts). When
 * the stream ends, one last `paint` brings the screen to exactly the renderer's output for the
 * full text, without rendering a long answer again in one frame.
 */
export function MarkdownBody({ text, streaming }: { text: Signal<string>; streaming: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const live = useRef<unknown>(null);
  const streamingNow = useRef(streaming);
  streamingNow.current = streaming;
  useSignalEffect(() => {
    const src = text.value;
    const c = chunk.value; // re-runs when the chunk arrives
    const el = ref.current;
    if (!el) return;
    if (!streamingNow.current) {
      live.current = null;
      return whole(el, src);
    }
    // A frame that comes after the stream ended does nothing: the effect below painted the last one.
    const paint = () => {
      if (!streamingNow.current) return;
      if (c) live.current = c.paint(el, src, langOf(el), live.current);
      else whole(el, src);
    };
    // Fallback for environments without rAF (some embedded webviews, test DOMs).
    if (typeof requestAnimationFrame !== 'function') {
      const t = setTimeout(paint, 16);
      return () => clearTimeout(t);
    }
    // The cancel function is taken now: a cleanup may run after the page (or a test DOM) is gone.
    const cancel = cancelAnimationFrame;
    const id = requestAnimationFrame(paint);
    return () => cancel(id);
  });
  // The stream ended (the text may not change then): the last frame, painted now.
  const wasStreaming = useRef(streaming);
  useEffect(() => {
    const el = ref.current;
    const c = chunk.peek();
    if (wasStreaming.current && !streaming && el) {
      if (c) c.paint(el, text.peek(), langOf(el), live.current, true);
      else whole(el, text.peek());
      live.current = null;
    }
    wasStreaming.current = streaming;
  }, [streaming]);
  return <div class="md" ref={ref} />;
}
