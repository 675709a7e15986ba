// The renderer hand-over, and what a turn does when no renderer has been handed over (as in
// an app that failed to start it). No test here provides it up front, unlike test/render.tsx.
import { createParser } from 'eventsource-parser';
import { afterEach, describe, expect, test } from 'vitest';
import { chunk, provideChunk } from './chunk';
import { renderMarkdown } from './markdown';
import { paintMarkdown } from './markdown-live';
import { createStore } from './state';
import { BASE, BOT, config, json, sse, sseResponse, stubFetch } from './test/helpers';

afterEach(() => {
  chunk.value = null;
});

describe('provideChunk', () => {
  test('malformed hand-overs are ignored; the first good one stays', () => {
    provideChunk({ render: 'nope' });
    provideChunk(null);
    expect(chunk.value).toBeNull();
    provideChunk({ render: renderMarkdown, paint: paintMarkdown, createParser });
    provideChunk({ render: () => document.createDocumentFragment(), paint: paintMarkdown, createParser });
    expect(chunk.value?.render).toBe(renderMarkdown);
  });
});

describe('a turn without the renderer', () => {
  test('the text goes back into the composer with a network failure; once it is there, a retry streams', async () => {
    const net = stubFetch({
      'GET /config$': () => json(config()),
      'POST /chat/stream$': () => sseResponse(sse({ type: 'content', content: 'Hello' }, { type: 'done', conversation_id: 'c1', assistant_message_id: 'm1' })),
    });
    const store = createStore({ botId: BOT, apiBase: BASE });
    await store.init();
    store.open();
    store.draft.value = 'Does it work offline?';
    await store.send();
    expect(store.draft.value).toBe('Does it work offline?');
    expect(store.failure.value).toEqual({ code: 'network' });
    expect(store.messages.value).toHaveLength(0);
    expect(net.calls.some((c) => c.url.pathname.endsWith('/chat/stream'))).toBe(false);

    provideChunk({ render: renderMarkdown, paint: paintMarkdown, createParser });
    await store.send();
    expect(store.draft.value).toBe('');
    expect(store.messages.value.map((m) => [m.role, m.text.value])).toEqual([['user', 'Does it work offline?'], ['assistant', 'Hello']]);
  });
});
