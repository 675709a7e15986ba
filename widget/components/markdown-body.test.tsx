import { signal } from '@preact/signals';
import { cleanup, render, waitFor } from '@testing-library/preact';
import { createParser } from 'eventsource-parser';
import { afterEach, expect, test, vi } from 'vitest';
import { provideChunk } from '../chunk';
import { renderMarkdown } from '../markdown';
import { paintMarkdown } from '../markdown-live';
import { MarkdownBody } from './markdown-body';

provideChunk({ render: renderMarkdown, paint: paintMarkdown, createParser });

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

test('streaming renders each finished block once, shows exactly the renderer output, and its last frame equals a whole render', async () => {
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
    // A block is finished once the first line of the next block has arrived after a blank line.
    if (/\n\n[^\n]+\n/.test(text.value)) first ??= el.firstElementChild;
  }
  // The first paragraph was finished early on: the same node is still there, never rebuilt.
  expect(el.firstElementChild).toBe(first);
  expect(el.querySelectorAll('pre')).toHaveLength(1);

  // The last words arrive with the end of the stream, before any frame shows them.
  const full = `${ANSWER}\n\nLast words.`;
  text.value = full;
  view.rerender(<MarkdownBody text={text} streaming={false} />);
  await waitFor(() => expect(el.innerHTML).toBe(html(full)));
  // Finished blocks are not rendered again at the end either.
  expect(el.firstElementChild).toBe(first);
  frames.run(); // a frame left over from the stream changes nothing
  expect(el.innerHTML).toBe(html(full));
}, 30_000); // many frames, each compared with a whole render: seconds on a loaded machine

test('a link reference defined after its use links once the stream ends', async () => {
  const frames = manualFrames();
  const text = signal('Read [the guide][g] first.\n\nThen ask again.\n\n');
  const view = render(<MarkdownBody text={text} streaming={true} />);
  await frames.frame();
  const el = view.container.querySelector('.md')!;
  expect(el.querySelector('a')).toBeNull();
  text.value += '[g]: https://lumen.test/guide';
  view.rerender(<MarkdownBody text={text} streaming={false} />);
  await waitFor(() => expect(el.querySelector('a')?.getAttribute('href')).toBe('https://lumen.test/guide'));
  expect(el.innerHTML).toBe(html(text.value));
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

test('the controls are labelled in the language the app root declares, streaming or not', async () => {
  const frames = manualFrames();
  const text = signal('```\nx\n```\n\nWriting');
  const view = render(
    <div lang="fr">
      <MarkdownBody text={text} streaming={true} />
    </div>,
  );
  await frames.frame();
  const el = view.container.querySelector('.md')!;
  expect(el.querySelector('button')?.textContent).toBe('Copier');
  view.rerender(
    <div lang="fr">
      <MarkdownBody text={text} streaming={false} />
    </div>,
  );
  await waitFor(() => expect(el.querySelector('button')?.getAttribute('aria-label')).toBe('Copier le code'));
});
