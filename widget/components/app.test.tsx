import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { json, sse, sseResponse } from '../test/helpers';
import { renderWidget } from '../test/render';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
const type = (text: string) => fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
const send = (text: string) => {
  type(text);
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};
const answer = (...events: object[]) => ({ 'POST /chat/stream$': () => sseResponse(sse(...events)) });
const done = { type: 'done', conversation_id: 'c1', assistant_message_id: 'a1', citations: [] };

/**
 * Waits until `check` passes, polling on real time (setTimeout, which the countdown tests do
 * not fake) and leaving the fake clock alone: vi.waitFor and expect.poll advance fake timers
 * between tries, which would move the countdown under test. Testing Library's waitFor polls
 * with setInterval, faked there, so it would see DOM changes only.
 */
async function untilReal(check: () => void, timeoutMs = 2000): Promise<void> {
  for (let waited = 0; ; waited += 5) {
    try {
      return check();
    } catch (e) {
      if (waited >= timeoutMs) throw e;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Spies on setInterval (call after vi.useFakeTimers) and returns a wait for the countdown's
 * start: ErrorLine's effect, which Preact runs after paint, sets a 1 s interval. (Not
 * vi.getTimerCount(): jsdom's requestAnimationFrame runs on a fake setInterval too.)
 */
function countdownStart() {
  const intervals = vi.spyOn(globalThis, 'setInterval');
  return () => untilReal(() => expect(intervals.mock.calls.some(([, ms]) => ms === 1000), 'the countdown started').toBe(true));
}

describe('panel', () => {
  test('launcher opens a dialog labelled by the bot name with welcome and at most N suggestions', async () => {
    await renderWidget();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Lumen Helper' });
    expect(within(dialog).getByText('Lumen Notes').tagName).toBe('STRONG');
    expect(within(dialog).getAllByRole('button', { name: /\?$/ })).toHaveLength(3);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  test('suggestions hidden when show_suggested_questions is false', async () => {
    await renderWidget({ show_suggested_questions: false });
    open();
    expect(screen.queryByRole('button', { name: 'How do I sync?' })).toBeNull();
  });

  test('Escape closes and focus returns to the launcher', async () => {
    await renderWidget();
    open();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open chat' }));
  });

  test('Arabic config: localized launcher and a right-to-left panel', async () => {
    await renderWidget({ language: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'افتح الدردشة' }));
    expect(screen.getByRole('dialog').getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('textbox', { name: 'رسالة' })).toBeTruthy();
  });

  test('primary colour is validated and text on it is chosen for contrast', async () => {
    const { view } = await renderWidget({ widget_settings: { primary_color: 'red;}body{display:none', theme: 'dark' } });
    const root = view.container.querySelector<HTMLElement>('.cw')!;
    expect(root.style.getPropertyValue('--cw-primary')).toBe('#2563eb');
    expect(root.dataset.scheme).toBe('dark');
    cleanup();
    const { view: v2 } = await renderWidget({ widget_settings: { primary_color: '#FDE047', position: 'bottom-left' } });
    const r2 = v2.container.querySelector<HTMLElement>('.cw')!;
    expect(r2.style.getPropertyValue('--cw-on-primary')).toBe('#000000');
    expect(r2.dataset.pos).toBe('left');
  });
});

describe('a streamed turn', () => {
  test('status, content, replace, notice and done with citations', async () => {
    let push!: (s: string) => void;
    let end!: () => void;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        push = (s) => c.enqueue(new TextEncoder().encode(s));
        end = () => c.close();
      },
    });
    const { net, store } = await renderWidget({}, { 'POST /chat/stream$': () => new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } }) });
    open();
    send('How do I sync?');
    await screen.findByText('How do I sync?', { selector: '.msg.user' });
    push(sse({ type: 'status', stage: 'retrieving' }));
    await screen.findByText('Searching…');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    push(sse({ type: 'notice', code: 'rag_unavailable', level: 'warning', message_key: 'notice.rag_unavailable' }));
    push(sse({ type: 'status', stage: 'generating' }, { type: 'content', content: 'Open **Settings**' }, { type: 'content', content: ' → Sync.' }));
    await screen.findByText('Writing…');
    await waitFor(() => expect(screen.getByText('Settings').tagName).toBe('STRONG'));
    expect(screen.getByText(/Sources are unavailable/)).toBeTruthy();
    push(sse({ type: 'replace', content: 'Use the [sync guide](https://lumen.test/sync).' }));
    await screen.findByRole('link', { name: 'sync guide' });
    expect(screen.queryByText('Settings')).toBeNull();
    push(
      sse({
        type: 'done',
        conversation_id: 'conv-1',
        assistant_message_id: 'msg-1',
        citations: [
          { page_title: 'Sync guide', source_url: 'https://lumen.test/sync', source_id: 's1', score: 0.9, from_web_search: false },
          { page_title: 'Internal note', source_url: '', source_id: 's2', score: 0.5, from_web_search: false },
          { page_title: 'Forum', source_url: 'javascript:alert(1)', source_id: 's3', score: 0.4, from_web_search: true },
        ],
      }),
    );
    end();
    const sources = await screen.findByRole('list', { name: 'Sources' });
    expect(within(sources).getByRole('link', { name: 'Sync guide' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(sources).queryByRole('link', { name: 'Internal note' })).toBeNull();
    expect(within(sources).queryByRole('link', { name: 'Forum' })).toBeNull();
    expect(within(sources).getByText('web')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(store.announce.value).toContain('sync guide');
    expect(JSON.parse(localStorage.getItem('chat-widget:' + store.opts.botId)!).conversation_id).toBe('conv-1');
    // the next turn continues the conversation
    expect(net.streams()[0].body).toMatchObject({ message: 'How do I sync?', bot_id: store.opts.botId });
    expect(net.streams()[0].body.conversation_id).toBeUndefined();
  });

  test('clicking a suggestion sends it', async () => {
    const { net } = await renderWidget({}, answer({ type: 'content', content: 'Yes.' }, done));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Is there a free plan?' }));
    await screen.findByText('Yes.');
    expect(net.streams()[0].body.message).toBe('Is there a free plan?');
  });

  test('a control that disappears under focus hands focus to the composer, not to the page', async () => {
    await renderWidget({}, answer({ type: 'content', content: 'Yes.' }, done));
    open();
    const chip = screen.getByRole('button', { name: 'Is there a free plan?' });
    chip.focus();
    fireEvent.click(chip); // Enter or Space on a focused button
    await screen.findByText('Yes.');
    expect(chip.isConnected).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
    // Focus the user moved to the host page stays there.
    const outside = document.body.appendChild(document.createElement('input'));
    const thumb = screen.getByRole('button', { name: 'Helpful' });
    thumb.focus();
    outside.focus();
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(thumb.isConnected).toBe(false));
    // Focus not moving is an absence: looked for after a bounded wait (the rescue runs in a
    // MutationObserver callback, a microtask after the removal)...
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(outside);
    // ...with a positive control: the same removal, this time with focus left on the thumb,
    // does hand focus to the composer, so the rescue was live above and chose not to act.
    send('And on my phone?');
    const thumb2 = await screen.findByRole('button', { name: 'Helpful' });
    thumb2.focus();
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(thumb2.isConnected).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
    outside.remove();
  });

  test('Enter sends, Shift+Enter does not', async () => {
    const { net } = await renderWidget({}, answer(done));
    open();
    type('line one');
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(net.streams()).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(net.streams()).toHaveLength(1));
  });

  test('an error event shows its message; Retry resends the same text', async () => {
    let n = 0;
    const { net } = await renderWidget({}, {
      'POST /chat/stream$': () =>
        sseResponse(n++ ? sse({ type: 'content', content: 'Second time lucky.' }, done) : sse({ type: 'error', error: 'service_unavailable', message: 'Out of credits.' })),
    });
    open();
    send('Hello?');
    await screen.findByText('Out of credits.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Second time lucky.');
    expect(net.streams().map((c) => c.body.message)).toEqual(['Hello?', 'Hello?']);
    expect(screen.getAllByText('Hello?')).toHaveLength(1);
  });

  test('a stream that stops without done leaves a clear error with Retry', async () => {
    await renderWidget({}, { 'POST /chat/stream$': () => sseResponse(sse({ type: 'content', content: 'Partial' })) });
    open();
    send('Q');
    await screen.findByText('The answer was interrupted.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  test('Stop aborts the turn and keeps what arrived', async () => {
    await renderWidget({}, {
      'POST /chat/stream$': (_u, init) =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode(sse({ type: 'content', content: 'Partial answer' })));
              init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    });
    open();
    send('Q');
    await screen.findByText('Partial answer');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByText('Stopped.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});

describe('HTTP failures before the stream', () => {
  test.each([
    [400, 'The message could not be sent.'],
    [403, 'This chat is not available here.'],
    [404, 'This chat could not be found.'],
    [503, 'The service had a problem.'],
  ])('%i shows a clear line and gives the text back', async (status, line) => {
    await renderWidget({}, { 'POST /chat/stream$': () => json({ error: 'x', message: 'server words' }, status) });
    open();
    send('my long question');
    expect((await screen.findByRole('alert')).textContent).toBe(line);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('my long question');
    expect(screen.queryByText('my long question', { selector: '.msg' })).toBeNull();
  });

  test('network failure', async () => {
    await renderWidget({}, {
      'POST /chat/stream$': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    open();
    send('offline?');
    expect((await screen.findByRole('alert')).textContent).toBe('No connection. Check your network.');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('offline?');
  });

  test('429 shows the bot warning, counts down Retry-After and blocks Send until then', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const countdown = countdownStart();
    const { store } = await renderWidget({ warning_message: 'Easy there! Wait a bit.' }, { 'POST /chat/stream$': () => json({ error: 'rate_limited' }, 429, { 'Retry-After': '3' }) });
    open();
    send('again');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Easy there! Wait a bit. You can send again in 3 s.'));
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    // The suggestions are held back too (the failed message was withdrawn, so they show again).
    expect((screen.getByRole('button', { name: 'How do I sync?' }) as HTMLButtonElement).disabled).toBe(true);
    // A send from the host page during the countdown is not lost: it waits in the composer.
    await store.send('from the host page');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('again');
    store.draft.value = '';
    await store.send('from the host page');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('from the host page'));
    await countdown(); // its first tick is then 1 s of fake time away
    vi.advanceTimersByTime(1000);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('in 2 s'));
    vi.advanceTimersByTime(2100);
    expect(store.retryUntil.value).toBe(0);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByRole('button', { name: 'How do I sync?' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('the first countdown line is Retry-After itself, however long the panel has been open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const countdown = countdownStart();
    await renderWidget({}, { 'POST /chat/stream$': () => json({ error: 'rate_limited' }, 429, { 'Retry-After': '5' }) });
    open();
    // The panel's effects have run (one of them puts the caret in the composer).
    await untilReal(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
    vi.advanceTimersByTime(7000); // the visitor reads for 7 s before sending
    send('again');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many messages. Please wait a moment. You can send again in 5 s.'));
    await countdown(); // its first tick is then 1 s of fake time away
    vi.advanceTimersByTime(1000);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('in 4 s'));
  });

  test('text typed while the request was on its way is kept after the text that comes back', async () => {
    let fail!: () => void;
    await renderWidget({}, { 'POST /chat/stream$': () => new Promise<Response>((r) => (fail = () => r(json({ error: 'rate_limited' }, 429)))) });
    open();
    send('first question');
    await waitFor(() => expect(fail).toBeTypeOf('function'));
    type('and a second thought');
    fail();
    await screen.findByRole('alert');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('first question\nand a second thought');
  });

  test('429 without a bot warning uses the default line', async () => {
    await renderWidget({}, { 'POST /chat/stream$': () => json({}, 429) });
    open();
    send('x');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many messages. Please wait a moment.');
  });
});

describe('engagement', () => {
  test('an answer that finishes while the panel is closed: badge, preview, unread event; opening clears them', async () => {
    let finish!: () => void;
    const { store } = await renderWidget({}, {
      'POST /chat/stream$': () =>
        new Promise<Response>((r) => (finish = () => r(sseResponse(sse({ type: 'content', content: 'It syncs every minute.' }, done))))),
    });
    const unread: unknown[] = [];
    store.events.on('unread', (e) => unread.push(e));
    open();
    send('How often does it sync?');
    await waitFor(() => expect(finish).toBeTypeOf('function'));
    fireEvent.click(screen.getByRole('button', { name: 'Minimize chat' }));
    finish();
    const launcher = await screen.findByRole('button', { name: 'Open chat (1 unread)' });
    expect(launcher.querySelector('.badge')!.textContent).toBe('1');
    expect(unread).toEqual([{ count: 1 }]);
    fireEvent.click(screen.getByRole('button', { name: 'It syncs every minute.' })); // the preview opens the chat
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Minimize chat' }));
    expect(screen.getByRole('button', { name: 'Open chat' }).querySelector('.badge')).toBeNull();
  });

  test('a proactive message shows above the closed launcher and can be dismissed', async () => {
    const { store } = await renderWidget();
    store.proactive.value = { text: 'Questions about sync?', delay_ms: 0, url_pattern: null, once: true };
    expect(await screen.findByRole('button', { name: 'Questions about sync?' })).toBeTruthy();
    expect(localStorage.getItem(`chat-widget:${store.opts.botId}:proactive`)).toBeNull(); // shown is not acted on
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Questions about sync?' })).toBeNull());
    expect(JSON.parse(localStorage.getItem(`chat-widget:${store.opts.botId}:proactive`)!)).toEqual({ 'Questions about sync?': '1' });
  });

  test('the desktop expand toggle', async () => {
    const { view } = await renderWidget();
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Expand chat' }));
    expect(view.container.querySelector<HTMLElement>('.cw')!.dataset.expanded).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Restore chat size' }));
    expect(view.container.querySelector<HTMLElement>('.cw')!.dataset.expanded).toBeUndefined();
  });
});
