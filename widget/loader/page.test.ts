// The loader as a page runs it: script tags → widgets, window.ChatWidget, the app fetched only
// when it is about to be needed, privacy before the first interaction, SPA re-mounts, inline
// mode and several bots. The app module is the real one (imported instead of fetched).
import { fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { bootPage, type ChatWidgetApi } from './page';
import { HOST_TAG, type AppModule } from './instance';
import { BOT, config, json, sse, sseResponse, stubFetch } from '../test/helpers';
import { EMBED_CONFIG_PROP } from '../../protocol/embed';

const w = window as unknown as { ChatWidget?: any };
const BOT2 = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
let appLoads = 0;
const loadApp = () => {
  appLoads++;
  return import('../app-entry') as Promise<AppModule>;
};
const boot = (s: HTMLScriptElement | null) => bootPage(loadApp, s);

function script(attrs: Record<string, string> = {}) {
  const s = document.createElement('script');
  s.src = 'https://cdn.lumen.test/widget.js';
  s.dataset.botId = BOT;
  Object.assign(s.dataset, attrs);
  document.body.appendChild(s);
  return s;
}
const hosts = () => document.querySelectorAll(HOST_TAG);
const shadow = (i = 0) => within(hosts()[i].shadowRoot as unknown as HTMLElement);
// The first import of the app module is slow on a busy machine.
const dialog = () => waitFor(() => shadow().getByRole('dialog'), { timeout: 5000 });

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  appLoads = 0;
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  w.ChatWidget?.remove?.();
  delete w.ChatWidget;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loader', () => {
  test('draws the launcher from the config alone: no app, no storage, no other request', async () => {
    const net = stubFetch({ 'GET /config$': () => json(config({ language: 'de' })) });
    expect(await boot(script())).not.toBeNull();
    expect(hosts()).toHaveLength(1);
    expect(net.calls.map((c) => c.url.href)).toEqual([`https://cdn.lumen.test/v1/public/bots/${BOT}/config`]);
    expect(shadow().getByRole('button', { name: 'Chat öffnen' })).toBeTruthy();
    expect(appLoads).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(document.head.querySelector('style')).toBeNull();
  });

  test('the pointer on the launcher fetches the app; a click opens it; storage is written then', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    const button = shadow().getByRole('button', { name: 'Open chat' });
    fireEvent.pointerEnter(button);
    await waitFor(() => expect(appLoads).toBe(1));
    expect(localStorage.length).toBe(0); // the app is there, the visitor has not interacted yet
    fireEvent.click(button);
    await dialog();
    expect(appLoads).toBe(1);
    expect(JSON.parse(localStorage.getItem(`chat-widget:${BOT}`)!).session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a click before the app has loaded opens the panel once it has', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    fireEvent.click(shadow().getByRole('button', { name: 'Open chat' }));
    expect(await dialog()).toBeTruthy();
    await waitFor(() => expect(shadow().getByRole('textbox', { name: 'Message' })).toBe(hosts()[0].shadowRoot!.activeElement));
  });

  test('data-api-base overrides the origin', async () => {
    const net = stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script({ apiBase: 'https://chat.example.test/' }));
    expect(net.calls[0].url.origin).toBe('https://chat.example.test');
  });

  test('loading twice (the same bot) mounts one widget', async () => {
    const net = stubFetch({ 'GET /config$': () => json(config()) });
    const s = script();
    await boot(s);
    script();
    await boot(s); // a second copy of widget.js hands its tag to the first
    expect(hosts()).toHaveLength(1);
    expect(net.calls).toHaveLength(1);
  });

  test.each([403, 404])('config %i: nothing is mounted, one warning', async (status) => {
    stubFetch({ 'GET /config$': () => json({ error: 'x' }, status) });
    expect(await boot(script())).toBeNull();
    expect(hosts()).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain(`HTTP ${status}`);
    w.ChatWidget.open(); // calls on a hidden widget are harmless
  });

  test('config network failure: hidden with one warning that says no answer came (not allowed_domains)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await boot(script())).toBeNull();
    expect(hosts()).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('no answer from https://cdn.lumen.test');
    expect(String(warn.mock.calls[0][0])).not.toContain('allowed_domains');
  });

  test('an origin refusal names the page origin and allowed_domains', async () => {
    stubFetch({ 'GET /config$': () => json({ error: 'origin_not_allowed', message: 'This request came from origin http://localhost:3000' }, 403) });
    expect(await boot(script())).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0][0]);
    expect(line).toContain(`origin ${location.origin} is not in allowed_domains of bot ${BOT}`);
    expect(line).not.toContain('network');
  });

  test('a missing data-bot-id warns once and never fetches', async () => {
    const net = stubFetch({});
    const s = script();
    delete s.dataset.botId;
    expect(await boot(s)).toBeNull();
    expect(net.calls).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test('an app that cannot load warns, and the next interaction tries again', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    let fail = true;
    await bootPage(() => (fail ? Promise.reject(new Error('offline')) : loadApp()), script());
    fireEvent.click(shadow().getByRole('button', { name: 'Open chat' }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    fail = false;
    fireEvent.click(shadow().getByRole('button', { name: 'Open chat' }));
    expect(await dialog()).toBeTruthy();
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
    await dialog();
    expect(opened).toHaveBeenCalledTimes(1);
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
    // The queued send runs once the app has loaded, after this listener was added.
    await waitFor(() => expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']));
    expect(net.streams()[0].body.message).toBe('from the host page');
    expect(messages[1]).toMatchObject({ text: 'Hello!', id: 'm' });
  });

  test('open/close/toggle emit events; on() returns an unsubscribe; a throwing listener does not break the widget', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    const api = w.ChatWidget as ChatWidgetApi;
    const log: string[] = [];
    api.on('open', () => log.push('open'));
    api.on('open', () => {
      throw new Error('host bug');
    });
    const unsubscribe = api.on('close', () => log.push('close'));
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => (ms ? 0 : 0)) as never); // swallow the rethrow
    api.toggle();
    await dialog();
    api.close();
    unsubscribe();
    api.open();
    api.close();
    expect(log).toEqual(['open', 'close', 'open']);
  });

  test('open({message}) puts the text in the composer without sending it', async () => {
    const net = stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    w.ChatWidget.open({ message: 'I need help with my order 123' });
    await dialog();
    expect((shadow().getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('I need help with my order 123');
    expect(net.streams()).toHaveLength(0);
  });

  test('hide() and show() take the launcher away and back; the panel still opens from the API', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    w.ChatWidget.hide();
    expect(shadow().queryByRole('button', { name: 'Open chat' })).toBeNull();
    expect(appLoads).toBe(0); // hiding needs no app
    w.ChatWidget.open();
    await dialog();
    w.ChatWidget.close();
    await waitFor(() => expect(shadow().queryByRole('dialog')).toBeNull());
    expect(shadow().queryByRole('button', { name: 'Open chat' })).toBeNull();
    w.ChatWidget.show();
    await waitFor(() => expect(shadow().getByRole('button', { name: 'Open chat' })).toBeTruthy());
  });

  test('setLocale() and setTheme() change the open widget', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    w.ChatWidget.open();
    await dialog();
    w.ChatWidget.setLocale('fr');
    w.ChatWidget.setTheme({ theme: 'dark', primary_color: '#16a34a', position: 'bottom-left' });
    await waitFor(() => expect(shadow().getByRole('button', { name: 'Fermer le chat' })).toBeTruthy());
    const root = hosts()[0].shadowRoot!.querySelector<HTMLElement>('.cw')!;
    expect(root.dataset.scheme).toBe('dark');
    expect(root.dataset.pos).toBe('left');
    expect(root.style.getPropertyValue('--cw-primary')).toBe('#16a34a');
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

  test('remove() while the config is still on its way: nothing is mounted later', async () => {
    let answer!: () => void;
    stubFetch({ 'GET /config$': () => new Promise<Response>((r) => (answer = () => r(json(config())))) });
    const booted = boot(script());
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    w.ChatWidget.remove();
    answer();
    expect(await booted).toBeNull();
    expect(hosts()).toHaveLength(0);
  });

  test('the bot setting open_on_load opens the panel', async () => {
    stubFetch({ 'GET /config$': () => json(config({ widget_settings: { open_on_load: true } })) });
    await boot(script());
    expect(await dialog()).toBeTruthy();
  });

  test('reset() forgets the stored conversation', async () => {
    localStorage.setItem(`chat-widget:${BOT}`, JSON.stringify({ session_id: 's1', conversation_id: 'c1' }));
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    w.ChatWidget.reset();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(`chat-widget:${BOT}`)!)).toEqual({ session_id: 's1' }));
  });
});

describe('pages', () => {
  test('two bots on one page: two widgets, each reachable with get()', async () => {
    stubFetch({ 'GET /bots/[^/]+/config$': (url) => json(config({ bot_id: url.pathname.split('/')[4], bot_name: url.pathname.includes(BOT2) ? 'Second' : 'First' })) });
    const first = script();
    script({ botId: BOT2, container: '#help' });
    document.body.insertAdjacentHTML('beforeend', '<div id="help"></div>');
    await boot(first);
    await waitFor(() => expect(hosts()).toHaveLength(2));
    expect(w.ChatWidget.get(BOT2).botId).toBe(BOT2);
    const inline = document.querySelector('#help > chat-widget')!;
    await waitFor(() => expect(within(inline.shadowRoot as unknown as HTMLElement).getByRole('dialog', { name: 'Second' })).toBeTruthy());
    expect(within(inline.shadowRoot as unknown as HTMLElement).queryByRole('button', { name: 'Minimize chat' })).toBeNull();
    w.ChatWidget.open(); // the first widget
    await waitFor(() => expect(within(document.body.querySelector(`:scope > ${HOST_TAG}`)!.shadowRoot as unknown as HTMLElement).getByRole('dialog', { name: 'First' })).toBeTruthy());
  });

  test('inline mode loads the app at once but stores nothing until the visitor sends', async () => {
    const net = stubFetch({
      'GET /config$': () => json(config()),
      'POST /chat/stream$': () => sseResponse(sse({ type: 'done', conversation_id: 'c9', assistant_message_id: 'a' })),
    });
    document.body.insertAdjacentHTML('beforeend', '<main id="chat"></main>');
    await boot(script({ container: '#chat' }));
    await dialog();
    expect(localStorage.length).toBe(0);
    fireEvent.input(shadow().getByRole('textbox', { name: 'Message' }), { target: { value: 'hi' } });
    fireEvent.click(shadow().getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(`chat-widget:${BOT}`)!).conversation_id).toBe('c9'));
    expect(net.calls.map((c) => c.url.pathname.split('/').pop())).toEqual(['config', 'stream']);
  });

  test('SPA navigation: the host removed with the page markup comes back with its conversation', async () => {
    stubFetch({ 'GET /config$': () => json(config()) });
    await boot(script());
    w.ChatWidget.open({ message: 'kept across navigation' });
    await dialog();
    const host = hosts()[0];
    document.body.replaceChildren(); // the router swaps the page
    await waitFor(() => expect(host.isConnected).toBe(true));
    expect((shadow().getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('kept across navigation');
  });

  test('data-persist="always": the stored conversation is restored on page load, without a click', async () => {
    localStorage.setItem(`chat-widget:${BOT}`, JSON.stringify({ session_id: 's1', conversation_id: 'c1' }));
    const net = stubFetch({
      'GET /config$': () => json(config()),
      'GET /conversations/c1/messages$': () => json({ messages: [{ id: 'u', role: 'user', content: 'Earlier question' }] }),
    });
    await boot(script({ persist: 'always' }));
    await waitFor(() => expect(net.calls.some((c) => c.url.pathname.endsWith('/c1/messages'))).toBe(true));
    w.ChatWidget.open();
    await waitFor(() => expect(shadow().getByText('Earlier question')).toBeTruthy());
  });

  test('a turn stored mid-answer (the page was reloaded) starts the app at once and reattaches to it', async () => {
    localStorage.setItem(`chat-widget:${BOT}`, JSON.stringify({ session_id: 's1', turn_id: 't1', turn_text: 'Where is my order?' }));
    const net = stubFetch({
      'GET /config$': () => json(config()),
      'GET /chat/streams/t1$': () => sseResponse(sse({ type: 'content', content: 'It ships today.' }, { type: 'done', conversation_id: 'c9', assistant_message_id: 'a9' })),
    });
    await boot(script());
    await waitFor(() => expect(net.calls.some((c) => c.url.pathname.endsWith('/chat/streams/t1') && c.url.searchParams.get('session_id') === 's1')).toBe(true));
    expect(appLoads).toBe(1);
    // The answer settled: the turn is forgotten and its conversation kept.
    await waitFor(() => expect(JSON.parse(localStorage.getItem(`chat-widget:${BOT}`)!)).toEqual({ session_id: 's1', conversation_id: 'c9' }));
    w.ChatWidget.open();
    await waitFor(() => expect(shadow().getByText('Where is my order?')).toBeTruthy());
    // Once in the list (the screen-reader announcement aside), not twice. The answer's body is
    // painted by an effect after the list renders: wait for it before counting.
    const inList = () => shadow().getAllByText('It ships today.').filter((e) => !e.closest('[role="status"]'));
    await waitFor(() => expect(inList()).not.toHaveLength(0));
    expect(inList()).toHaveLength(1);
    expect(shadow().getAllByText('Where is my order?')).toHaveLength(1);
  });

  test('by default a stored conversation is read only when the visitor opens the chat', async () => {
    localStorage.setItem(`chat-widget:${BOT}`, JSON.stringify({ session_id: 's1', conversation_id: 'c1' }));
    const net = stubFetch({ 'GET /config$': () => json(config()), 'GET /conversations/c1/messages$': () => json({ messages: [] }) });
    await boot(script());
    const loaderButton = shadow().getByRole('button', { name: 'Open chat' });
    fireEvent.pointerEnter(loaderButton);
    // The app is running: it has replaced the loader's launcher with its own. (Before, a fixed
    // 20 ms could end before the app had even loaded, and then nothing could have read.)
    await waitFor(() => expect(loaderButton.isConnected).toBe(false), { timeout: 5000 });
    // No read is an absence: looked for after a bounded wait, and open() below is its positive
    // control (the same read, seen through the same stub, once the visitor opens the chat).
    await new Promise((r) => setTimeout(r, 20));
    expect(net.calls).toHaveLength(1);
    w.ChatWidget.open();
    await waitFor(() => expect(net.calls).toHaveLength(2));
    expect(net.calls[1].url.pathname).toMatch(/\/conversations\/c1\/messages$/);
  });
});

describe('the config written into widget.js, and the page load', () => {
  function served(src: string, cfg: unknown) {
    const s = document.createElement('script');
    s.src = src;
    (s as unknown as Record<string, unknown>)[EMBED_CONFIG_PROP] = cfg;
    document.body.appendChild(s);
    return s;
  }

  test('widget.js?bot=: the bot id comes from the src, the config from the script; no request before the visitor interacts', async () => {
    const net = stubFetch({ 'POST /chat/stream$': () => sseResponse(sse({ type: 'done', conversation_id: 'c1', assistant_message_id: 'a1' })) });
    expect(await boot(served(`https://chat.lumen.test/widget.js?bot=${BOT}`, config({ language: 'de', widget_settings: { primary_color: '#111111' } })))).not.toBeNull();
    expect(net.calls).toEqual([]);
    expect(shadow().getByRole('button', { name: 'Chat öffnen' })).toBeTruthy();
    expect((hosts()[0].shadowRoot!.querySelector('.cw') as HTMLElement).style.getPropertyValue('--cw-primary')).toBe('#111111');
    // The API base is the script's origin: the first request is the visitor's own message.
    w.ChatWidget.send('Hallo');
    await waitFor(() => expect(net.calls.map((c) => c.url.href)).toEqual(['https://chat.lumen.test/v1/public/chat/stream']));
  });

  test("a config for another bot is not used: the loader reads this bot's own", async () => {
    const net = stubFetch({ 'GET /config$': () => json(config()) });
    const s = served('https://chat.lumen.test/widget.js', config({ bot_id: BOT2 }));
    s.dataset.botId = BOT;
    expect(await boot(s)).not.toBeNull();
    expect(net.calls.map((c) => c.url.pathname)).toEqual([`/v1/public/bots/${BOT}/config`]);
  });

  /**
   * A page still loading (document.readyState as `state` says, until `finishLoad()`) and a
   * fresh loader, which has not seen this page settle yet (pageSettled is once per page).
   */
  function loadingPage(state: DocumentReadyState = 'loading') {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
    return {
      boot: async (s: HTMLScriptElement) => {
        vi.resetModules();
        const { bootPage: freshBoot } = await import('./page');
        return freshBoot(loadApp, s);
      },
      finishLoad() {
        state = 'complete';
        window.dispatchEvent(new Event('load'));
      },
    };
  }
  afterEach(() => void delete (document as unknown as Record<string, unknown>).readyState);

  test('while the page loads only the global exists: the config is read and the launcher drawn after the load event', async () => {
    const page = loadingPage();
    const net = stubFetch({ 'GET /config$': () => json(config()) });
    const booted = page.boot(script());
    await waitFor(() => expect(w.ChatWidget).toBeDefined());
    const opened = vi.fn();
    w.ChatWidget.on('open', opened);
    w.ChatWidget.open(); // waits for the widget
    // Nothing happening before the load event is an absence: looked for after a bounded wait;
    // finishLoad() below is its positive control (the config read and the host, seen the same way).
    await new Promise((r) => setTimeout(r, 50));
    expect(net.calls).toEqual([]);
    expect(hosts()).toHaveLength(0);
    page.finishLoad();
    expect(await booted).not.toBeNull();
    expect(net.calls).toHaveLength(1);
    expect(hosts()).toHaveLength(1);
    await dialog();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  test('a page whose load event never comes still gets its launcher, after LOAD_WAIT_MS', async () => {
    const page = loadingPage('interactive');
    stubFetch({ 'GET /config$': () => json(config()) });
    const started = performance.now();
    expect(await page.boot(script())).not.toBeNull();
    const { LOAD_WAIT_MS } = await import('./instance');
    expect(performance.now() - started).toBeGreaterThanOrEqual(LOAD_WAIT_MS - 50);
    expect(hosts()).toHaveLength(1);
  }, 10_000);

  test('ChatWidget.remove() while the page loads: nothing is read or mounted once it has', async () => {
    const page = loadingPage();
    const net = stubFetch({ 'GET /config$': () => json(config()) });
    const booted = page.boot(script());
    await waitFor(() => expect(w.ChatWidget).toBeDefined());
    w.ChatWidget.remove();
    expect(w.ChatWidget).toBeUndefined();
    page.finishLoad();
    expect(await booted).toBeNull();
    expect(net.calls).toEqual([]);
    expect(hosts()).toHaveLength(0);
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
    await dialog();
    fireEvent.input(shadow().getByRole('textbox', { name: 'Message' }), { target: { value: 'hi' } });
    fireEvent.click(shadow().getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(net.streams()).toHaveLength(1));
    expect(net.streams()[0].body.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
