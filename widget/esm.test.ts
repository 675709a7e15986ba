// The npm entry: mount() returns the instance at once; calls made before the config has
// answered (as a React effect makes them) wait for it and then apply.
import { waitFor, within } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { mount } from './esm';
import { BASE, BOT, config, json, stubFetch } from './test/helpers';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

test('mount() into a container; open({message}) and identify() right away are applied once the config is there', async () => {
  let answer!: () => void;
  const net = stubFetch({
    'GET /config$': () => new Promise<Response>((r) => (answer = () => r(json(config())))),
    'POST /identify$': () => json({ error: 'not_found' }, 404),
  });
  const box = document.createElement('div');
  document.body.append(box);
  const chat = mount({ botId: BOT, apiBase: BASE, container: box });
  chat.open({ message: 'Prefilled by the app' });
  chat.identify({ user_id: 'u1', user_hash: 'f'.repeat(64) });
  await waitFor(() => expect(answer).toBeTypeOf('function'));
  answer();
  const root = () => within(box.querySelector('chat-widget')!.shadowRoot as unknown as HTMLElement);
  await waitFor(() => expect((root().getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Prefilled by the app'), { timeout: 5000 });
  await waitFor(() => expect(net.calls.some((c) => c.url.pathname.endsWith('/identify'))).toBe(true));
  chat.remove();
  expect(box.querySelector('chat-widget')).toBeNull();
});
