import type { Signal } from '@preact/signals';
import { useSignalEffect } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { chunk, plain } from '../chunk';

/**
 * Renders a message's Markdown outside Preact's diffing. While streaming, chunks only schedule
 * a render for the next animation frame, so a burst of chunks costs one parse per frame.
 */
export function MarkdownBody({ text, streaming }: { text: Signal<string>; streaming: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useSignalEffect(() => {
    const src = text.value;
    const render = chunk.value?.render || plain; // re-runs when the chunk arrives
    const el = ref.current;
    if (!el) return;
    const paint = () => el.replaceChildren(render(src));
    if (!streaming) return paint();
    // Fallback for environments without rAF (some embedded webviews, test DOMs).
    if (typeof requestAnimationFrame !== 'function') {
      const t = setTimeout(paint, 16);
      return () => clearTimeout(t);
    }
    const id = requestAnimationFrame(paint);
    return () => cancelAnimationFrame(id);
  });
  return <div class="md" ref={ref} />;
}
