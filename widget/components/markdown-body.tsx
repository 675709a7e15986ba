import type { Signal } from '@preact/signals';
import { useSignalEffect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { chunk, plain, type Render } from '../chunk';
import { stableEnd } from '../stable-end';

/** What a streaming message has on screen: finished blocks (rendered once) and the nodes after them. */
interface Live { render: Render; stable: string; tail: ChildNode[] }

/**
 * One streaming frame: blocks finished since the last frame are rendered and appended once;
 * only the unfinished rest is rendered again. Re-rendering the whole answer every frame made
 * a frame's cost grow with the answer (a 4,000-word answer had frames of several hundred ms).
 */
function paintLive(el: HTMLElement, src: string, render: Render, live: Live | null): Live {
  if (!live || live.render !== render || !src.startsWith(live.stable)) {
    el.replaceChildren();
    live = { render, stable: '', tail: [] };
  }
  for (const node of live.tail) node.remove();
  const end = stableEnd(src, live.stable.length);
  if (end > live.stable.length) {
    // Without the blank line that ends them (the plain renderer would add an empty paragraph).
    el.append(render(src.slice(live.stable.length, end).trimEnd()));
    live.stable = src.slice(0, end);
  }
  const rest = render(src.slice(end));
  live.tail = [...rest.childNodes];
  el.append(rest);
  return live;
}

/**
 * Renders a message's Markdown outside Preact's diffing. While streaming, chunks only schedule
 * a render for the next animation frame, so a burst of chunks costs one parse per frame, and
 * that parse covers only the blocks still being written. The finished message is rendered
 * whole once, so what stays on screen is exactly the renderer's output for the full text.
 */
export function MarkdownBody({ text, streaming }: { text: Signal<string>; streaming: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const streamingNow = useRef(streaming);
  streamingNow.current = streaming;
  useSignalEffect(() => {
    const src = text.value;
    const render = chunk.value?.render || plain; // re-runs when the chunk arrives
    const el = ref.current;
    if (!el) return;
    if (!streamingNow.current) {
      live.current = null;
      return void el.replaceChildren(render(src));
    }
    // A frame that comes after the stream ended does nothing: the effect below painted it whole.
    const paint = () => {
      if (streamingNow.current) live.current = paintLive(el, src, render, live.current);
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
  // The stream ended (the text may not change then): one render of the whole text.
  const wasStreaming = useRef(streaming);
  useEffect(() => {
    if (wasStreaming.current && !streaming && ref.current) {
      live.current = null;
      ref.current.replaceChildren((chunk.peek()?.render || plain)(text.peek()));
    }
    wasStreaming.current = streaming;
  }, [streaming]);
  return <div class="md" ref={ref} />;
}
