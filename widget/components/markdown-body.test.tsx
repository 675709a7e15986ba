import { signal } from '@preact/signals';
import { cleanup, render, waitFor } from '@testing-library/preact';
import { createParser } from 'eventsource-parser';
import { afterEach, expect, test, vi } from 'vitest';
import { provideChunk } from '../chunk';
import { renderMarkdown } from '../markdown';
import { MarkdownBody } from './markdown-body';

provideChunk({ render: renderMarkdown, createParser });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Animation frames run by hand. A signal effect re-runs in the frame after its signal changed
 * (@preact/signals defers it) and the paint it schedules comes a frame later, so `frame()`
 * waits for a frame request, then runs frames until none is pending.
 */
function manualFrames() {
  const frames = new Map<number, FrameRequestCallback>();
  let last = 0;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => (frames.set(++last, cb), last));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  const run = () => {
    while (frames.size) {
      const due = [...frames.values()];
      frames.clear();
      due.forEach((cb) => cb(0));
    }
  };
  return {
    run,
    async frame() {
      await waitFor(() => expect(frames.size).toBeGreaterThan(0));
      run();
    },
  };
}

const html = (src: string) => {
  const div = document.createElement('div');
  div.append(renderMarkdown(src));
  return div.innerHTML;
};

const ANSWER = Array.from({ length: 12 }, (_, i) =>
  i % 4 === 3 ? `- item ${i} with **bold** words\n- and a second item` : `Paragraph ${i} has *several* words, a \`code\` span and a [link](https://example.com/${i}).`,
).join('\n\n') + '\n\n```\ncode line\n\ncode after a blank line\n```\n\nThe end.';

test('streaming renders each finished block once, shows exactly the renderer output, and ends with a whole render', async () => {
  const frames = manualFrames();
  const text = signal('');
  const view = render(<MarkdownBody text={text} streaming={true} />);
  const el = view.container.querySelector('.md')!;
  const words = ANSWER.match(/\s*\S+/g)!;
  let first: Element | null = null;
  for (let i = 0; i < words.length; i += 5) {
    text.value += words.slice(i, i + 5).join('');
    await frames.frame();
    expect(el.innerHTML).toBe(html(text.value));
    if (text.value.includes('\n\n')) first ??= el.firstElementChild;
  }
  // The first paragraph was finished early on: the same node is still there, never rebuilt.
  expect(el.firstElementChild).toBe(first);
  expect(el.querySelectorAll('pre')).toHaveLength(1);

  view.rerender(<MarkdownBody text={text} streaming={false} />);
  await waitFor(() => expect(el.firstElementChild).not.toBe(first));
  expect(el.innerHTML).toBe(html(ANSWER));
  frames.run(); // a frame left over from the stream changes nothing
  expect(el.innerHTML).toBe(html(ANSWER));
});

test('a replaced text (not a continuation) is rendered afresh', async () => {
  const frames = manualFrames();
  const text = signal('First paragraph.\n\nSecond');
  const view = render(<MarkdownBody text={text} streaming={true} />);
  await frames.frame();
  text.value = 'Something else entirely.\n\nNew';
  await frames.frame();
  expect(view.container.querySelector('.md')!.innerHTML).toBe(html(text.value));
});
