// The visitor is told the truth about the humans (issue 14): "will join shortly" only while
// nobody has the conversation, who is there once someone is, and that the person left
// (closed, or handed back to the assistant) when they do.
import { signal } from '@preact/signals';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Api } from './api';
import { handoff } from './handoff';
import type { Msg } from './messages';
import type { History } from './types';

let replies: History[] = [];
const history = vi.fn(async (): ReturnType<Api['history']> => ({ ok: true, data: replies.shift() ?? { messages: [], conversation_status: 'handoff' } }));
const client = { history, handoff: vi.fn(async () => ({ ok: true, data: { handoff_available: true } })) } as unknown as Api;

const agentMessage = (id: string, text: string) => ({
  id, role: 'assistant' as const, content: text, citations: null, feedback: null, image_preview: null, created_at: new Date().toISOString(), agent_name: 'Ana',
});

function setup() {
  const messages = signal<Msg[]>([]);
  return handoff({
    client, session: () => 's', conversation: () => 'c1', messages, push: (...m) => (messages.value = [...messages.value, ...m]),
    config: signal(null), onAgent: () => undefined,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  replies = [];
});
afterEach(() => {
  vi.useRealTimers();
  history.mockClear();
});

test('waiting, then the agent claims and replies, then closes: each is said once it is true', async () => {
  const h = setup();
  replies = [
    { messages: [], conversation_status: 'handoff', agent_name: null },
    { messages: [], conversation_status: 'handoff', agent_name: 'Ana' },
    { messages: [agentMessage('m1', 'Hi, Ana here.')], conversation_status: 'handoff', agent_name: 'Ana' },
    { messages: [], conversation_status: 'closed', agent_name: null },
  ];
  await h.request();
  expect(h.state.value).toBe('active');
  await vi.advanceTimersByTimeAsync(0);
  expect(h.state.value).toBe('active'); // nobody has it yet: "will join shortly" holds
  await vi.advanceTimersByTimeAsync(5000);
  expect([h.state.value, h.agent.value]).toEqual(['connected', 'Ana']); // claimed: no longer "will join"
  await vi.advanceTimersByTimeAsync(5000);
  expect(h.state.value).toBe('connected');
  await vi.advanceTimersByTimeAsync(5000);
  expect(h.state.value).toBe('closed'); // announced, not silently dropped
  const calls = history.mock.calls.length;
  await vi.advanceTimersByTimeAsync(20000);
  expect(history.mock.calls.length).toBe(calls); // polling stopped
  h.wrote();
  expect(h.state.value).toBe('none');
});

test('a reply from an agent on a server without agent_name in history still ends the waiting line', async () => {
  const h = setup();
  replies = [{ messages: [agentMessage('m1', 'Hello!')], conversation_status: 'handoff' }];
  h.enter();
  await vi.advanceTimersByTimeAsync(0);
  expect([h.state.value, h.agent.value]).toEqual(['connected', 'Ana']);
});

test('handed back to the bot: the visitor hears they are with the assistant again', async () => {
  const h = setup();
  replies = [{ messages: [], conversation_status: 'open', agent_name: null }];
  h.restored('handoff', 'Ana');
  expect(h.state.value).toBe('connected');
  await vi.advanceTimersByTimeAsync(0);
  expect(h.state.value).toBe('returned');
});

test('a conversation that was never with a person stays quiet when it is open or closed', async () => {
  const h = setup();
  h.restored('open', null);
  h.restored('closed', null);
  expect(h.state.value).toBe('none');
  expect(history).not.toHaveBeenCalled();
});

test('issue 21: released by the agent, the line goes back to waiting, not "you are chatting with Ana"', async () => {
  const h = setup();
  replies = [{ messages: [], conversation_status: 'handoff', agent_name: null }];
  h.restored('handoff', 'Ana');
  expect(h.state.value).toBe('connected');
  await vi.advanceTimersByTimeAsync(0);
  expect([h.state.value, h.agent.value]).toEqual(['active', null]);
});
