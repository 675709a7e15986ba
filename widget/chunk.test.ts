// The lazily loaded chunk (renderer + SSE parser): loading, failure and what a turn does when
// it cannot load. No test here provides the chunk up front, unlike test/render.tsx.
import { createParser } from 'eventsource-parser';
import { afterEach, describe, expect, test } from 'vitest';
import { chunk, provideChunk, unloadChunk, whenChunk } from './chunk';
import { renderMarkdown } from './markdown';
import { createStore } from './state';
import { BASE, BOT, config, json, sse, sseResponse, stubFetch } from './test/helpers';

const SRC = 'https://cdn.lumen.test/widget-markdown.js';
const injected = () => [...document.head.querySelectorAll<HTMLScriptElement>(`script[src="${SRC}"]`)];
const failLoad = () => injected().forEach((s) => s.dispatchEvent(new Event('error')));

afterEach(() => {
  unloadChunk();
  chunk.value = null;
  document.head.innerHTML = '';
});

describe('whenChunk', () => {
  test('injects one script with the nonce and resolves when the chunk hands itself over', async () => {
    const a = whenChunk(SRC, 'n0nce');
    const b = whenChunk(SRC, 'n0nce');
    expect(injected()).toHaveLength(1);
    expect(injected()[0].nonce).toBe('n0nce');
    provideChunk({ render: renderMarkdown, createParser });
    const [ca, cb] = await Promise.all([a, b]);
    expect(ca?.createParser).toBe(createParser);
    expect(cb).toBe(ca);
    expect(await whenChunk(SRC)).toBe(ca); // already there: no new script
    expect(injected()).toHaveLength(1);
  });

  test('a chunk that fails to load resolves null, and the next call tries again', async () => {
    const first = whenChunk(SRC);
    failLoad();
    expect(await first).toBeNull();
    expect(injected()).toHaveLength(0);
    const second = whenChunk(SRC);
    expect(injected()).toHaveLength(1);
    provideChunk({ render: renderMarkdown, createParser });
    expect(await second).not.toBeNull();
  });

  test('malformed hand-overs are ignored; no source means no chunk', async () => {
    provideChunk({ render: 'nope' });
    provideChunk(null);
    expect(chunk.value).toBeNull();
    expect(await whenChunk(undefined)).toBeNull();
  });
});

describe('a turn without the chunk', () => {
  test('the text goes back into the composer with a network failure; a retry after it loads streams', async () => {
    const net = stubFetch({
      'GET /config$': () => json(config()),
      'POST /chat/stream$': () => sseResponse(sse({ type: 'content', content: 'Hello' }, { type: 'done', conversation_id: 'c1', assistant_message_id: 'm1' })),
    });
    const store = createStore({ botId: BOT, apiBase: BASE, markdownSrc: SRC });
    await store.init();
    store.open();
    store.draft.value = 'Does it work offline?';
    const sending = store.send();
    await new Promise((r) => setTimeout(r, 0)); // the turn is now waiting for the chunk
    failLoad();
    await sending;
    expect(store.draft.value).toBe('Does it work offline?');
    expect(store.failure.value).toEqual({ code: 'network' });
    expect(store.messages.value).toHaveLength(0);
    expect(net.calls.some((c) => c.url.pathname.endsWith('/chat/stream'))).toBe(false);

    const again = store.send();
    provideChunk({ render: renderMarkdown, createParser });
    await again;
    expect(store.draft.value).toBe('');
    expect(store.messages.value.map((m) => [m.role, m.text.value])).toEqual([['user', 'Does it work offline?'], ['assistant', 'Hello']]);
  });
});
