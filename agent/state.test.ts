import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createInbox, POLL_MS, PRESENCE_MS, TOKEN_KEY, type Inbox } from './state';
import { createFakeAgentApi, message, type FakeAgentApi } from './testing/fake-agent-api';

let fake: FakeAgentApi;
let inbox: Inbox;

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  // Only the intervals are faked: the requests still resolve on real promises.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  sessionStorage.clear();
  fake = createFakeAgentApi({
    conversations: [{ id: 'c1', waitingSince: '2025-01-01T10:00:00.000Z', messages: [message('user', 'Help please')] }],
  });
  inbox = createInbox({ fetch: fake.fetch, storage: sessionStorage });
});

afterEach(() => {
  inbox.dispose();
  vi.useRealTimers();
  // Back to jsdom's own getter.
  delete (document as { visibilityState?: unknown }).visibilityState;
});

const presenceCount = () => fake.callsTo('POST', '/v1/agent/presence').length;
const listCount = () => fake.callsTo('GET', '/v1/agent/conversations?status=handoff').length;

describe('presence heartbeat', () => {
  test('once at sign-in, then every 20 s, and never after sign-out', async () => {
    await inbox.signIn('tok-ana');
    expect(presenceCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(PRESENCE_MS - 1);
    expect(presenceCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(presenceCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(PRESENCE_MS * 2);
    expect(presenceCount()).toBe(4);

    inbox.signOut();
    await vi.advanceTimersByTimeAsync(PRESENCE_MS * 3);
    expect(presenceCount()).toBe(4);
  });

  test('keeps beating while the tab is hidden: an agent in a background tab is still available', async () => {
    await inbox.signIn('tok-ana');
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(PRESENCE_MS);
    expect(presenceCount()).toBe(2);
  });

  test('starts on load when a token was kept for the tab', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'tok-ana');
    inbox.restore();
    expect(presenceCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(PRESENCE_MS);
    expect(presenceCount()).toBe(2);
  });
});

describe('list polling while the live channel is down', () => {
  beforeEach(() => {
    inbox.dispose();
    fake = createFakeAgentApi({
      liveDown: true,
      conversations: [{ id: 'c1', waitingSince: '2025-01-01T10:00:00.000Z', messages: [message('user', 'Help please')] }],
    });
    inbox = createInbox({ fetch: fake.fetch, storage: sessionStorage });
  });

  test('every 3 s while visible, paused while hidden, at once when visible again', async () => {
    await inbox.signIn('tok-ana');
    expect(listCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(listCount()).toBe(2);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(listCount()).toBe(2);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(listCount()).toBe(3);
  });

  test('also refreshes the open thread, so new visitor messages show up', async () => {
    await inbox.signIn('tok-ana');
    await inbox.openConversation('c1');
    expect(inbox.thread.value?.messages).toHaveLength(1);
    fake.messagesOf('c1').push(message('user', 'Anyone there?'));

    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(inbox.thread.value?.messages.map((m) => m.content)).toEqual(['Help please', 'Anyone there?']);
  });

  test('a token revoked mid-session signs out at the next poll with the message', async () => {
    await inbox.signIn('tok-ana');
    fake.revoke('tok-ana');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(inbox.token.value).toBeNull();
    expect(inbox.authError.value).toBe('That token was not accepted');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    const after = fake.calls.length;
    await vi.advanceTimersByTimeAsync(PRESENCE_MS * 2);
    expect(fake.calls.length).toBe(after);
  });
});

describe('reply drafts', () => {
  test('a failed send puts the text back before anything typed meanwhile', async () => {
    await inbox.signIn('tok-ana');
    await inbox.openConversation('c1');
    inbox.setDraft('First answer');
    fake.failOnce('POST', /\/messages$/, 'network');
    const sending = inbox.sendReply();
    expect(inbox.openPending.value.map((p) => p.content)).toEqual(['First answer']);
    inbox.setDraft('typed while sending');
    await sending;
    expect(inbox.draft.value).toBe('First answer\ntyped while sending');
    expect(inbox.openPending.value).toEqual([]);
    expect(inbox.notice.value).toBe('send_offline');
  });

  test('drafts belong to their conversation', async () => {
    const two = createFakeAgentApi({
      conversations: [
        { id: 'a', waitingSince: '2025-01-01T10:00:00.000Z', messages: [message('user', 'A')] },
        { id: 'b', waitingSince: '2025-01-01T10:01:00.000Z', messages: [message('user', 'B')] },
      ],
    });
    inbox.dispose();
    inbox = createInbox({ fetch: two.fetch, storage: null });
    await inbox.signIn('tok-ana');
    await inbox.openConversation('a');
    inbox.setDraft('for A');
    await inbox.openConversation('b');
    expect(inbox.draft.value).toBe('');
    await inbox.openConversation('a');
    expect(inbox.draft.value).toBe('for A');
  });
});
