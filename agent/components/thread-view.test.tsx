import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupInbox, renderInbox, signIn, threeWaiting } from '../testing/render-inbox';

afterEach(cleanupInbox);

async function openExport() {
  const setup = renderInbox({ conversations: threeWaiting() });
  await signIn();
  fireEvent.click(await screen.findByRole('button', { name: /How do I export all my notes/ }));
  const thread = await screen.findByRole('list', { name: 'Conversation thread' });
  return { ...setup, thread };
}

const replyBox = () => screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;

describe('thread', () => {
  test('shows the whole thread: visitor, bot with sources, agent by name, contact form', async () => {
    const { thread } = await openExport();
    const items = within(thread).getAllByRole('listitem').filter((li) => li.parentElement === thread);
    expect(items.map((li) => li.querySelector('.msg-who')?.textContent)).toEqual(['Visitor', 'Bot', 'Visitor', 'Ben (agent)']);
    expect(items[0].textContent).toContain('How do I export all my notes?');
    // Markdown stays plain text: no <strong> is made from **Markdown**.
    expect(items[1].textContent).toContain('**Markdown** and PDF');

    const link = within(items[1]).getByRole('link', { name: 'Export and import' });
    expect(link.getAttribute('href')).toBe('https://docs.example.com/export');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // A citation with a javascript: URL keeps its title but is not a link.
    expect(within(items[1]).getByText('Internal notes').closest('a')).toBeNull();
    expect(within(items[1]).getAllByRole('link')).toHaveLength(1);

    const contact = screen.getByRole('region', { name: 'Contact form' });
    expect(contact.textContent).toContain('visitor@example.com');
    expect(screen.getByRole('button', { name: /How do I export all my notes/ }).getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(replyBox());
  });

  test('Enter sends the reply: it appears at once, the box empties, the server stores it', async () => {
    const { fake, thread } = await openExport();
    fireEvent.input(replyBox(), { target: { value: 'Markdown export is under Settings.' } });
    fireEvent.keyDown(replyBox(), { key: 'Enter' });

    expect(within(thread).getByText('Markdown export is under Settings.')).toBeTruthy();
    expect(replyBox().value).toBe('');
    const posts = fake.callsTo('POST', '/v1/agent/conversations/conv-export/messages');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ content: 'Markdown export is under Settings.' });
    expect(posts[0].contentType).toBe('application/json');
    // Once confirmed, it is shown as the stored message, with the agent's name.
    await waitFor(() => expect(thread.querySelector('.msg-pending')).toBeNull());
    const last = within(thread).getAllByRole('listitem').at(-1)!;
    expect(last.textContent).toContain('Ana (agent)');
    expect(last.textContent).toContain('Markdown export is under Settings.');
    expect(fake.messagesOf('conv-export').at(-1)?.agent_name).toBe('Ana');
  });

  test('Shift+Enter is a new line, not a send; the button sends too', async () => {
    const { fake } = await openExport();
    fireEvent.input(replyBox(), { target: { value: 'Line one' } });
    const shiftEnter = fireEvent.keyDown(replyBox(), { key: 'Enter', shiftKey: true });
    expect(shiftEnter).toBe(true); // not prevented: the browser inserts the newline
    expect(fake.callsTo('POST', /\/messages$/)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(fake.callsTo('POST', /\/messages$/)).toHaveLength(1));
    expect(fake.callsTo('POST', /\/messages$/)[0].body).toEqual({ content: 'Line one' });
  });

  test('a reply that fails to send keeps the text and says so without blocking', async () => {
    const { fake, thread } = await openExport();
    fake.failOnce('POST', /\/messages$/, 'network');
    fireEvent.input(replyBox(), { target: { value: 'Are you still there?' } });
    fireEvent.keyDown(replyBox(), { key: 'Enter' });

    await waitFor(() => expect(replyBox().value).toBe('Are you still there?'));
    expect(screen.getByRole('status').textContent).toMatch(/Your reply was not sent.*Your text is kept/);
    expect(within(thread).queryByText('Are you still there?')).toBeNull();
    expect(fake.messagesOf('conv-export')).toHaveLength(4);

    // Retrying works and clears the line.
    fireEvent.keyDown(replyBox(), { key: 'Enter' });
    await waitFor(() => expect(fake.messagesOf('conv-export')).toHaveLength(5));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });

  test('an HTTP failure on send is told apart from a network one', async () => {
    const { fake } = await openExport();
    fake.failOnce('POST', /\/messages$/, 500);
    fireEvent.input(replyBox(), { target: { value: 'Hello' } });
    fireEvent.keyDown(replyBox(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your reply was not sent. Your text is kept; try again.'));
    expect(replyBox().value).toBe('Hello');
  });

  test('closing takes the conversation off the list and puts focus back on the list', async () => {
    const { fake } = await openExport();
    fireEvent.click(screen.getByRole('button', { name: 'Close conversation' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: /How do I export all my notes/ })).toBeNull());
    expect(fake.callsTo('POST', '/v1/agent/conversations/conv-export/close')).toHaveLength(1);
    expect(fake.statusOf('conv-export')).toBe('closed');
    expect(screen.queryByRole('list', { name: 'Conversation thread' })).toBeNull();
    expect(screen.getByText('Conversation closed.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Waiting for a human \(2\)/ }));
  });

  test('a close that fails leaves the conversation open and says so', async () => {
    const { fake } = await openExport();
    fake.failOnce('POST', /\/close$/, 'network');
    fireEvent.click(screen.getByRole('button', { name: 'Close conversation' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The conversation was not closed. Try again.'));
    expect(screen.getByRole('list', { name: 'Conversation thread' })).toBeTruthy();
    expect(fake.statusOf('conv-export')).toBe('handoff');
  });

  test('a lost connection while polling shows one line, keeps the draft and clears when back', async () => {
    const { fake, inbox } = await openExport();
    fireEvent.input(replyBox(), { target: { value: 'half-written answer' } });
    fake.setOffline(true);
    await inbox.refreshList();
    expect(screen.getByRole('status').textContent).toBe('The server cannot be reached. Retrying…');
    expect(replyBox().value).toBe('half-written answer');
    expect(screen.getAllByRole('button', { name: /How do I export/ })).toHaveLength(1);

    fake.setOffline(false);
    await inbox.refreshList();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
