import { fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createParser } from 'eventsource-parser';
import { boot, type ChatWidgetApi } from './boot';
import { provideChunk } from './chunk';
import { renderMarkdown } from './markdown';
import { HOST_TAG } from './mount';
import { BOT, config, json, sse, sseResponse, stubFetch } from './test/helpers';

const w = window as unknown as { ChatWidget?: any };
// As on a page where widget-markdown.js has loaded (jsdom fetches no scripts); chunk.test.ts covers loading it.
provideChunk({ render: renderMarkdown, createParser });

function script(attrs: Record<string, string> = {}) {
  const s = document.createElement('script');
  s.src = 'https://cdn.lumen.test/widget.js';
  s.dataset.botId = BOT;
  Object.assign(s.dataset, attrs);
  document.body.appendChild(s);
  return s;
}
const hosts = () => document.querySelectorAll(HOST_TAG);
const shadow = () => within(hosts()[0].shadowRoot as unknown as HTMLElement);

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  w.ChatWidget?.remove?.();
  delete w.ChatWidget;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('boot', () => {
  test('mounts one shadow-rooted host; API base defaults to the script origin', async () => {
    const net = stubFetch({ 'GET /config$': () => json(config()) });
    expect(await boot(script())).not.toBeNull();
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0].shadowRoot).not.toBeNull();
    expect(net.calls[0].url.href).toBe(`https://cdn.lumen.test/v1/public/bots/${BOT}/config`);
    expect(shadow().getByRole('button', { name: 'Open chat' })).toBeTruthy();
    expect(document.head.querySelector('style')).toBeNull();
  });

  test('data-api-base overrides the origin', async () => {
    const net = stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script({ apiBase: 'https://chat.example.test/' }));
    expect(net.calls[0].url.origin).toBe('https://chat.example.test');
  });

  test('loading twice mounts one widget', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    const s = script();
    await Promise.all([boot(s), boot(s)]);
    await boot(s);
    expect(hosts()).toHaveLength(1);
  });

  test.each([403, 404])('config %i: nothing is mounted, one warning', async (status) => {
    stubFetch({ 'GET /config$': () => json({ error: 'x' }, status) });
    expect(await boot(script())).toBeNull();
    expect(hosts()).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain(`HTTP ${status}`);
    w.ChatWidget.open(); // calls on a hidden widget are harmless
  });

  test('config network failure: hidden with one warning', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await boot(script())).toBeNull();
    expect(hosts()).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test('a missing data-bot-id warns once and never fetches', async () => {
    const net = stubFetch({});
    const s = script();
    delete s.dataset.botId;
    expect(await boot(s)).toBeNull();
    expect(net.calls).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('window.ChatWidget', () => {
  test('a function-queue stub is replayed after load, listeners first', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    const stub: any = function (...a: unknown[]) {
      (stub.q = stub.q || []).push(a);
    };
    w.ChatWidget = stub;
    const opened = vi.fn();
    w.ChatWidget('open');
    w.ChatWidget('on', 'open', opened);
    await boot(script());
    expect(opened).toHaveBeenCalledTimes(1);
    expect(shadow().getByRole('dialog', { name: 'Lumen Helper' })).toBeTruthy();
  });

  test('an object stub with q works too, and send() opens and sends', async () => {
    const net = stubFetch({
      'GET /config$': () => json(config()),
      'POST /chat/stream$': () => sseResponse(sse({ type: 'content', content: 'Hello!' }, { type: 'done', conversation_id: 'c', assistant_message_id: 'm' })),
    });
    w.ChatWidget = { q: [['send', 'from the host page']] };
    const messages: any[] = [];
    await boot(script());
    (w.ChatWidget as ChatWidgetApi).on('message', (m) => messages.push(m));
    await waitFor(() => expect(messages.map((m) => m.role)).toEqual(['assistant']));
    expect(net.streams()[0].body.message).toBe('from the host page');
    expect(messages[0]).toMatchObject({ text: 'Hello!', id: 'm' });
  });

  test('open/close/toggle emit events; off() unsubscribes; a throwing listener does not break the widget', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    const api = w.ChatWidget as ChatWidgetApi;
    const log: string[] = [];
    const onClose = () => log.push('close');
    api.on('open', () => log.push('open'));
    api.on('open', () => {
      throw new Error('host bug');
    });
    api.on('close', onClose);
    vi.spyOn(globalThis, 'setTimeout').mockImplementation((() => 0) as never); // swallow the rethrow
    api.toggle();
    api.close();
    api.off('close', onClose);
    api.open();
    api.close();
    expect(log).toEqual(['open', 'close', 'open']);
  });

  test('an error event reaches the host page', async () => {
    stubFetch({ 'GET /config$': () => json(config()), 'POST /chat/stream$': () => json({}, 403) });
    await boot(script());
    const errors: any[] = [];
    w.ChatWidget.on('error', (e: unknown) => errors.push(e));
    w.ChatWidget.send('hi');
    await waitFor(() => expect(errors).toEqual([{ code: 'forbidden', status: 403, message: undefined }]));
  });

  test('remove() tears down the host, listeners and the global', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    const spy = vi.fn();
    w.ChatWidget.on('open', spy);
    const api = w.ChatWidget;
    api.remove();
    expect(hosts()).toHaveLength(0);
    expect(w.ChatWidget).toBeUndefined();
    api.open();
    expect(spy).not.toHaveBeenCalled();
  });

  test('reset() forgets the stored conversation', async () => {
    localStorage.setItem(`chat-widget:${BOT}`, JSON.stringify({ session_id: 's1', conversation_id: 'c1' }));
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    w.ChatWidget.reset();
    expect(JSON.parse(localStorage.getItem(`chat-widget:${BOT}`)!)).toEqual({ session_id: 's1' });
  });
});

describe('storage failures', () => {
  test('localStorage that throws on every access: the widget still works', async () => {
    const boom = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(boom);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(boom);
    const net = stubFetch({
      'GET /config$': () => json(config()),
      'POST /chat/stream$': () => sseResponse(sse({ type: 'content', content: 'ok' }, { type: 'done', conversation_id: 'c' })),
    });
    await boot(script());
    fireEvent.click(shadow().getByRole('button', { name: 'Open chat' }));
    fireEvent.input(shadow().getByRole('textbox', { name: 'Message' }), { target: { value: 'hi' } });
    fireEvent.click(shadow().getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(net.streams()).toHaveLength(1));
    expect(net.streams()[0].body.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
