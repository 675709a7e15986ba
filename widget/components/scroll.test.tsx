import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWidget } from '../test/render';
import { message } from '../messages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fakeLayout(el: HTMLElement, height: { v: number }) {
  Object.defineProperty(el, 'scrollHeight', { get: () => height.v, configurable: true });
  Object.defineProperty(el, 'clientHeight', { get: () => 300, configurable: true });
}

test('the list follows new content only while the reader is at the bottom', async () => {
  const { store, view } = await renderWidget({ welcome_message: null });
  fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  const list = view.container.querySelector<HTMLElement>('.list')!;
  const h = { v: 1000 };
  fakeLayout(list, h);
  const m = message('assistant', 'first', {});
  store.messages.value = [m];
  await waitFor(() => expect(list.scrollTop).toBe(1000));

  list.scrollTop = 200; // the reader scrolls up
  fireEvent.scroll(list);
  h.v = 1400;
  m.text.value = 'first\n\nmore text';
  await waitFor(() => expect(list.textContent).toContain('more text'));
  expect(list.scrollTop).toBe(200);

  list.scrollTop = 1100; // back at the bottom (1400 - 1100 - 300 = 0)
  fireEvent.scroll(list);
  h.v = 1800;
  m.text.value = 'first\n\nmore text\n\neven more';
  await waitFor(() => expect(list.scrollTop).toBe(1800));
});
