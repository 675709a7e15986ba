// The operator console (issue 14) against the fake Agent API: live updates without polling,
// the agent's actions, canned replies, roles, and the views over the store.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { message } from './testing/fake-agent-api';
import { cleanupInbox, renderInbox, signIn, threeWaiting } from './testing/render-inbox';

afterEach(cleanupInbox);

const waitingList = () => screen.getByRole('navigation', { name: /Waiting for a human/ });

describe('live, not polled', () => {
  test('a new handoff appears from an event, counts in the tab title, and the count clears when the agent opens it', async () => {
    const { fake } = renderInbox({ conversations: threeWaiting() });
    await signIn();
    await waitFor(() => expect(fake.openStreams()).toBe(1));
    await waitFor(() => expect(screen.getByText('Live')).toBeTruthy());
    const before = fake.callsTo('GET', '/v1/agent/conversations?status=handoff').length;

    const id = fake.add({ id: 'conv-new', waitingSince: new Date().toISOString(), messages: [message('user', 'Is anyone there? My order is late')] });
    fake.emit({ type: 'handoff.requested', conversation_id: id, conversation: fake.summaryOf(id), message: message('user', 'Is anyone there? My order is late') });

    const item = await within(waitingList()).findByRole('button', { name: /Is anyone there\? My order is late/ });
    expect(document.title).toBe('(1) Agent console');
    // The event carried the conversation: no read of the list at all, and no timer.
    expect(fake.callsTo('GET', '/v1/agent/conversations?status=handoff').length).toBe(before);
    fireEvent.click(item);
    await waitFor(() => expect(document.title).toBe('Agent console'));
  });

  test('the sound can be turned off, and the choice is remembered', async () => {
    localStorage.clear();
    renderInbox();
    await signIn();
    const toggle = screen.getByRole('button', { name: 'Sound on' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Sound off' })).toBeTruthy();
    expect(localStorage.getItem('chat-console-sound')).toBe('off');
  });
});

describe('agents at work', () => {
  test('claim, a canned reply by its shortcut, hand back to the bot', async () => {
    const { fake } = renderInbox({ conversations: threeWaiting(), canned: [{ shortcut: 'hours', text: 'We answer from 9 to 17 on weekdays.' }] });
    await signIn();
    fireEvent.click(await within(waitingList()).findByRole('button', { name: /My sync stopped/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    await screen.findByText(/· with Ana/);
    expect(fake.callsTo('POST', '/v1/agent/conversations/conv-sync/claim')).toHaveLength(1);

    const box = screen.getByRole('textbox', { name: 'Reply' });
    fireEvent.input(box, { target: { value: '/ho' } });
    const canned = screen.getByRole('list', { name: 'Canned replies' });
    expect(within(canned).getByRole('button', { name: /\/hours: We answer from 9 to 17/ })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLTextAreaElement).value).toBe('We answer from 9 to 17 on weekdays.');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(fake.messagesOf('conv-sync').at(-1)?.content).toBe('We answer from 9 to 17 on weekdays.'));

    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hand back to bot' }));
    await waitFor(() => expect(fake.statusOf('conv-sync')).toBe('open'));
    await waitFor(() => expect(within(waitingList()).queryByRole('button', { name: /My sync stopped/ })).toBeNull());
  });

  test('a conversation someone else claimed says who has it; close with a note sends the note', async () => {
    const { fake } = renderInbox({ conversations: [{ id: 'c-bo', waitingSince: '2025-01-01T10:00:00.000Z', assignee: 'Bo', messages: [message('user', 'Refund please')] }] });
    await signIn();
    fireEvent.click(await within(waitingList()).findByRole('button', { name: /Refund please/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hand back to bot' }));
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe('Bo has this conversation.');

    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close with note' }));
    fireEvent.input(screen.getByLabelText('Note for colleagues (optional)'), { target: { value: 'Refund sent by e-mail.' } });
    fireEvent.submit(screen.getByLabelText('Note for colleagues (optional)').closest('form')!);
    await waitFor(() => expect(fake.callsTo('POST', '/v1/agent/conversations/c-bo/close')[0]?.body).toEqual({ note: 'Refund sent by e-mail.' }));
  });

  test('deleting is for admins: an agent sees no delete button and no Webhooks section', async () => {
    renderInbox({ conversations: threeWaiting() });
    await signIn();
    fireEvent.click(await within(waitingList()).findByRole('button', { name: /My sync stopped/ }));
    await screen.findByRole('button', { name: 'Claim' });
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(screen.queryByRole('button', { name: /Delete conversation/ })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', { name: 'Webhooks' })).toBeNull();
  });

  test('an admin deletes a conversation after confirming', async () => {
    const { fake } = renderInbox({ conversations: threeWaiting(), roles: { 'tok-ana': 'admin' } });
    await signIn();
    fireEvent.click(await within(waitingList()).findByRole('button', { name: /My sync stopped/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    // The destructive actions are in the menu, apart from Claim and Close, and each asks first.
    fireEvent.click(screen.getByRole('button', { name: 'Delete conversation…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo('DELETE', '/v1/agent/conversations/conv-sync')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete conversation…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(fake.callsTo('DELETE', '/v1/agent/conversations/conv-sync')).toHaveLength(1));
    await waitFor(() => expect(within(waitingList()).queryByRole('button', { name: /My sync stopped/ })).toBeNull());
    // The result is shown where the thread was.
    expect(await screen.findByText(/^Conversation deleted: \d+ messages?, 0 contact submissions\.$/, { selector: '.outcome' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Webhooks' })).toBeTruthy();
  });
});

describe('deletion, live (issue 22)', () => {
  test('a conversation deleted by another console leaves the list, and the open thread says so once without reading it again', async () => {
    const { fake } = renderInbox({ conversations: threeWaiting() });
    await signIn();
    fireEvent.click(await within(waitingList()).findByRole('button', { name: /My sync stopped/ }));
    await screen.findByRole('button', { name: 'Claim' });
    const readsBefore = fake.callsTo('GET', '/v1/agent/conversations/conv-sync').length;
    fake.emit({ type: 'conversation.deleted', conversation_id: 'conv-sync', agent_name: 'Zoe' });
    expect(await screen.findByText('Zoe deleted this conversation.', { selector: '.outcome' })).toBeTruthy();
    await waitFor(() => expect(within(waitingList()).queryByRole('button', { name: /My sync stopped/ })).toBeNull());
    expect(fake.callsTo('GET', '/v1/agent/conversations/conv-sync').length).toBe(readsBefore);
    expect(screen.queryByText(/no longer available/)).toBeNull();
  });
});

describe('the keyboard (issue 22)', () => {
  test('j and k move through the list, c claims, r goes to the reply box, ? lists the shortcuts', async () => {
    const { fake } = renderInbox({ conversations: threeWaiting() });
    await signIn();
    await within(waitingList()).findAllByRole('button');
    const names = within(waitingList()).getAllByRole('button').map((b) => b.querySelector('.item-title')!.textContent);
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(within(waitingList()).getAllByRole('button')[0].getAttribute('aria-current')).toBe('true'));
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(within(waitingList()).getAllByRole('button')[1].getAttribute('aria-current')).toBe('true'));
    fireEvent.keyDown(document.body, { key: 'k' });
    await waitFor(() => expect(within(waitingList()).getAllByRole('button')[0].getAttribute('aria-current')).toBe('true'));
    await screen.findByRole('button', { name: 'Claim' });
    fireEvent.keyDown(document.body, { key: 'c' });
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/claim'))).toHaveLength(1));
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(document.activeElement?.id).toBe('reply-box');
    // Typing in the reply box is typing, not shortcuts.
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(within(waitingList()).getAllByRole('button')[0].getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getAllByRole('row').map((r) => r.querySelector('kbd')!.textContent)).toEqual(['j', 'k', 'r', 'c', 'e', '/', '?', 'Esc']);
    expect(names.length).toBe(3);
  });
});

describe('the views', () => {
  test('Conversations: search goes into the URL and the query, and Load more appends the next page', async () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, status: 'closed' as const, waitingSince: `2025-01-0${i + 1}T10:00:00.000Z`, messages: [message('user', `refund question ${i}`)] }));
    const { fake } = renderInbox({ conversations: many, pageSize: 3 });
    await signIn();
    fireEvent.click(screen.getByRole('link', { name: 'Conversations' }));
    const results = await screen.findByRole('list', { name: 'Matching conversations' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Matching conversations' })).getAllByRole('listitem')).toHaveLength(5));

    fireEvent.input(screen.getByRole('searchbox', { name: 'Search messages' }), { target: { value: 'question 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(location.hash).toBe('#/conversations?status=all&q=question+4'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Matching conversations' })).getAllByRole('listitem')).toHaveLength(1));
    expect(fake.callsTo('GET', /^\/v1\/agent\/conversations\?status=all&q=question\+4$/)).toHaveLength(1);
  });

  test('Unanswered: groups with their counts; marking one handled takes it off the list', async () => {
    const group = {
      id: 'q1', bot_id: 'bot-1', question: 'How do I share a notebook?', count: 3, no_answer: 2, negative_feedback: 1, last_asked_at: '2025-01-03T10:00:00.000Z',
      question_ids: ['q1', 'q2', 'q3'], conversation_ids: ['conv-sync'], examples: ['how to share notebooks'],
    };
    const { fake } = renderInbox({ conversations: threeWaiting(), unanswered: [group] });
    await signIn();
    fireEvent.click(screen.getByRole('link', { name: 'Unanswered' }));
    const heading = await screen.findByRole('heading', { name: 'How do I share a notebook?' });
    const item = heading.closest('li')!;
    expect(item.textContent).toContain('Asked 3 times · 2 without an answer · 1 thumbs down');
    expect(item.textContent).toContain('“how to share notebooks”');
    fireEvent.click(within(item).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'How do I share a notebook?' })).toBeNull());
    expect(fake.callsTo('POST', '/v1/agent/unanswered/handled')[0].body).toEqual({ question_ids: ['q1', 'q2', 'q3'] });
    expect(await screen.findByText(/Nothing left unanswered/)).toBeTruthy();
  });

  test('Numbers: the figures of each chart are in a table too', async () => {
    const day = (d: string, n: number) => ({ day: d, bot_id: 'bot-1', conversations: n, turns: 2 * n, deflected: n - 1, handed_off: 1, unanswered: 0, positive: 1, negative: 0, rate_limited: 4 });
    renderInbox({ stats: [day('2025-01-01', 5), day('2025-01-02', 7)] });
    await signIn();
    fireEvent.click(screen.getByRole('link', { name: 'Numbers' }));
    const table = await screen.findByRole('table', { name: 'Conversations and visitor messages' });
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['DayConversationsVisitor messages', '2025-01-01510', '2025-01-02714']);
    expect(within(screen.getByRole('table', { name: 'Chat requests refused by rate limits (429)' })).getAllByRole('row')[1].textContent).toBe('2025-01-014');
    // Issue 22: the range at a glance, and legends that name each line with its total.
    const headline = document.querySelector('dl.headline')!;
    const figure = (label: string) => [...headline.querySelectorAll('div')].find((d) => d.querySelector('dt')!.textContent === label)!.querySelector('dd')!.textContent;
    expect(figure('Conversations')).toBe('12');
    expect(figure('Answered by the bot alone')).toBe('83% (10 of 12)');
    expect(figure('Handed off')).toBe('2');
    expect(figure('Thumbs up / down')).toBe('2 / 0');
    expect(figure("Agents' first response (median)")).toBe('–');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining([' Conversations: 12', ' Visitor messages: 24']));
  });

  test('Contacts: columns named by the form\'s labels, e-mail as a mailto link, line breaks kept', async () => {
    renderInbox({
      conversations: [{
        id: 'c-form', status: 'closed', waitingSince: '2025-01-01T10:00:00.000Z', messages: [message('user', 'Call me')],
        contactSubmissions: [{ id: 'f1', created_at: '2025-01-01T10:05:00.000Z', fields: { company: 'Acme', email: 'jo@example.com', message: 'First line\nSecond line' } }],
      }],
    });
    await signIn();
    fireEvent.click(screen.getByRole('link', { name: 'Contacts' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sent', 'Bot', 'E-mail', 'Company name', 'Your message', 'Conversation']);
    expect(within(table).getByRole('link', { name: 'jo@example.com' }).getAttribute('href')).toBe('mailto:jo@example.com');
    const note = within(table).getByText(/First line/);
    expect(note.textContent).toBe('First line\nSecond line');
    expect(note.className).toBe('field-text');
  });

  test('Knowledge: sources with citations and the share rated helpful', async () => {
    renderInbox({ sources: [{ bot_id: 'bot-1', source_id: 's1', title: 'Sharing', url: 'https://docs.example.com/share', citations: 12, positive: 3, negative: 1, in_knowledge: true }] });
    await signIn();
    fireEvent.click(screen.getByRole('link', { name: 'Knowledge' }));
    const row = (await screen.findByRole('link', { name: 'Sharing' })).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['Docs helper', '12', '3', '1', '75%']);
  });
});
