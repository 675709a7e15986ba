import { render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { createInbox } from '../state';
import { cleanupInbox, renderInbox, signIn, threeWaiting } from '../testing/render-inbox';
import { ConversationItem } from './conversation-item';

afterEach(cleanupInbox);

function buttonNames(): string[] {
  const nav = screen.getByRole('navigation', { name: /Waiting for a human/ });
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
}

describe('waiting list', () => {
  test('lists the conversations oldest waiting first, each named by its first user message', async () => {
    const { fake } = renderInbox({ conversations: threeWaiting() });
    await signIn();

    await waitFor(() => {
      const names = buttonNames();
      expect(names).toHaveLength(3);
      expect(names[0]).toContain('How do I export all my notes?');
      expect(names[1]).toContain('What does the team plan cost?');
      expect(names[2]).toContain('My sync stopped working yesterday');
    });
    expect(buttonNames()[1]).toContain('Sales bot');
    // The export conversation's last message is the agent's; its name still leads with what the visitor asked.
    expect(screen.getByRole('button', { name: /^How do I export all my notes\?/ })).toBeTruthy();
    expect(fake.callsTo('GET', '/v1/agent/conversations?status=handoff').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: /Waiting for a human \(3\)/ })).toBeTruthy();
  });

  test('keeps oldest first even when the server answers in another order', async () => {
    renderInbox({ conversations: threeWaiting(), listOrder: 'seeded' });
    await signIn();
    await waitFor(() => expect(buttonNames()[0]).toContain('How do I export all my notes?'));
    expect(buttonNames()[2]).toContain('My sync stopped working yesterday');
  });

  test('says so when nobody is waiting', async () => {
    renderInbox({ conversations: [] });
    await signIn();
    expect(await screen.findByText(/No one is waiting/)).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: /Waiting for a human/ })).queryAllByRole('listitem')).toHaveLength(0);
  });

  test('a last_message given as plain text names the item until the first message is known', () => {
    const inbox = createInbox({ storage: null });
    render(
      <ul>
        <ConversationItem
          inbox={inbox}
          conversation={{
            conversation_id: 'c1',
            bot_id: 'b1',
            bot_name: 'Docs helper',
            session_id: 's1',
            created_at: new Date().toISOString(),
            assignee: null,
            claimed_at: null,
            title: null,
            tags: [],
            status: 'handoff',
            // Five and a half minutes: the inbox's clock was read a moment before this line runs.
            waiting_since: new Date(Date.now() - 5.5 * 60_000).toISOString(),
            updated_at: new Date().toISOString(),
            last_message: {
              id: 'm1', role: 'user', content: 'Can someone   call me back?', citations: null, feedback: null,
              image_preview: null, created_at: new Date().toISOString(), agent_name: null,
            },
            visitor: null,
          }}
        />
      </ul>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toContain('Can someone call me back?');
    expect(button.textContent).toContain('Docs helper · waiting 5 min');
    // The visitor wrote last and no one here has seen it yet.
    expect(within(button).getByRole('img', { name: 'unread' })).toBeTruthy();
  });

  test('titled by the visitor\'s first message; a claimed one says who has it and for how long, not how long it waited', () => {
    const inbox = createInbox({ storage: null });
    const now = new Date().toISOString();
    render(
      <ul>
        <ConversationItem
          inbox={inbox}
          conversation={{
            conversation_id: 'c1', bot_id: 'b1', bot_name: 'Shop', session_id: 's1', created_at: now, status: 'handoff',
            waiting_since: new Date(Date.now() - 30 * 60_000).toISOString(), updated_at: now,
            assignee: 'Ana', claimed_at: new Date(Date.now() - 12.5 * 60_000).toISOString(),
            title: 'Is the Aurora kettle in stock?', tags: ['billing', 'vip'],
            last_message: { id: 'm2', role: 'assistant', content: 'The Aurora Kettle costs 89 euros.', citations: null, feedback: null, image_preview: null, created_at: now, agent_name: null },
            visitor: null,
          }}
        />
      </ul>,
    );
    const button = screen.getByRole('button');
    expect(button.querySelector('.item-title')!.textContent).toBe('Is the Aurora kettle in stock?');
    expect(button.textContent).toContain('Shop · with Ana for 12 min · #billing #vip');
    expect(button.textContent).not.toContain('waiting');
    expect(within(button).queryByRole('img', { name: 'unread' })).toBeNull();
  });

  test('a verified visitor is named with their e-mail; an anonymous one is not', () => {
    const inbox = createInbox({ storage: null });
    const base = { bot_id: 'b1', bot_name: 'Docs helper', session_id: 's1', created_at: new Date().toISOString(), assignee: null, claimed_at: null, title: null, tags: [], status: 'handoff' as const, waiting_since: null, updated_at: new Date().toISOString(), last_message: null };
    render(
      <ul>
        <ConversationItem inbox={inbox} conversation={{ ...base, conversation_id: 'c1', visitor: { user_id: 'u-7', name: 'Alice Martin', email: 'alice@example.com' } }} />
        <ConversationItem inbox={inbox} conversation={{ ...base, conversation_id: 'c2', visitor: null }} />
      </ul>,
    );
    const [alice, anonymous] = screen.getAllByRole('button');
    expect(alice.textContent).toContain('Alice Martin <alice@example.com> · Docs helper');
    expect(anonymous.textContent).not.toContain('<');
  });
});
