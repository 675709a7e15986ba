import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { BOT, json, sse, sseResponse } from '../test/helpers';
import { renderWidget } from '../test/render';

const KEY = `chat-widget:${BOT}`;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const history = {
  conversation_status: 'open',
  messages: [
    { id: 'u1', role: 'user', content: 'Old question', citations: null, feedback: null, image_preview: PNG, created_at: '2026-01-01T00:00:00Z' },
    { id: 'a1', role: 'assistant', content: 'Old **answer**', citations: [{ page_title: 'FAQ', source_url: 'https://lumen.test/faq', source_id: 'f', score: 1, from_web_search: false }], feedback: 'positive', image_preview: null, created_at: '2026-01-01T00:00:01Z' },
    { id: 'u2', role: 'user', content: 'Evil image', citations: null, feedback: null, image_preview: 'javascript:alert(1)', created_at: '2026-01-01T00:00:02Z' },
  ],
};

beforeEach(() => localStorage.setItem(KEY, JSON.stringify({ session_id: 'sess-1', conversation_id: 'conv-1' })));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

test('after a reload the conversation is restored from history and continued', async () => {
  const { net } = await renderWidget({}, {
    'GET /conversations/conv-1/messages$': () => json(history),
    'POST /chat/stream$': () => sseResponse(sse({ type: 'content', content: 'New answer' }, { type: 'done', conversation_id: 'conv-1', assistant_message_id: 'a2' })),
  });
  fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  await screen.findByText('Old question');
  expect(net.calls.find((c) => c.url.pathname.endsWith('/messages'))!.url.searchParams.get('session_id')).toBe('sess-1');
  expect((await screen.findByText('answer')).tagName).toBe('STRONG');
  expect(screen.getByRole('link', { name: 'FAQ' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('true');
  const imgs = screen.getAllByRole('img', { name: 'Your image' });
  expect(imgs.map((i) => i.getAttribute('src'))).toEqual([PNG]); // the javascript: preview is dropped
  expect(screen.queryByRole('button', { name: 'How do I sync?' })).toBeNull(); // suggestions only on an empty thread

  fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Next' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await screen.findByText('New answer');
  expect(net.streams()[0].body).toMatchObject({ session_id: 'sess-1', conversation_id: 'conv-1' });
});

test('a stored conversation the server no longer knows starts fresh', async () => {
  const { net } = await renderWidget({}, {
    'GET /conversations/conv-1/messages$': () => json({ error: 'not_found' }, 404),
    'POST /chat/stream$': () => sseResponse(sse({ type: 'done', conversation_id: 'conv-2', assistant_message_id: 'x' })),
  });
  fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  await waitFor(() => expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ session_id: 'sess-1' }));
  fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hi' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(net.streams()).toHaveLength(1));
  expect(net.streams()[0].body.conversation_id).toBeUndefined();
});

test('"New conversation" clears the thread and the stored conversation id', async () => {
  await renderWidget({}, { 'GET /conversations/conv-1/messages$': () => json(history) });
  fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  await screen.findByText('Old question');
  fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
  expect(screen.queryByText('Old question')).toBeNull();
  expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ session_id: 'sess-1' });
  expect(screen.getByRole('button', { name: 'How do I sync?' })).toBeTruthy();
});
