import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { options } from 'preact';
import { afterEach, expect, test, vi } from 'vitest';
import { message } from '../messages';
import { renderWidget } from '../test/render';
import { MessageItem } from './message-item';
import { MessageList } from './message-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('streaming 2,000 words re-renders no component per chunk and parses Markdown once per frame', async () => {
  const { store, view } = await renderWidget();
  fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  const old = message('assistant', 'An earlier answer.');
  const live = message('assistant', '', { state: (await import('@preact/signals')).signal('streaming') });
  store.messages.value = [old, live];
  await screen.findByText('An earlier answer.');

  const diffed: unknown[] = [];
  const prev = options.diffed;
  options.diffed = (v) => {
    diffed.push(v.type);
    prev?.(v);
  };
  const paints = vi.spyOn(Element.prototype, 'replaceChildren');
  try {
    for (let i = 0; i < 2000; i++) live.text.value += `word${i} `;
    await waitFor(() => expect(view.container.textContent).toContain('word1999'));
  } finally {
    options.diffed = prev;
  }
  expect(diffed.filter((t) => t === MessageList || t === MessageItem)).toHaveLength(0);
  expect(paints.mock.calls.length).toBeLessThanOrEqual(2);
  paints.mockRestore();
});
