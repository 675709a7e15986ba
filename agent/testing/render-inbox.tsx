// Mounts the real inbox (store + components) against the fake Agent API, for component tests.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { App } from '../components/app';
import { createInbox, TOKEN_KEY, type Inbox } from '../state';
import { citation, createFakeAgentApi, message, type FakeOptions, type SeedConversation } from './fake-agent-api';

const mounted: Inbox[] = [];

export function renderInbox(options: FakeOptions = {}, keptToken?: string) {
  sessionStorage.clear();
  if (keptToken) sessionStorage.setItem(TOKEN_KEY, keptToken);
  const fake = createFakeAgentApi(options);
  const inbox = createInbox({ fetch: fake.fetch, storage: sessionStorage });
  mounted.push(inbox);
  inbox.restore();
  const view = render(<App inbox={inbox} />);
  return { fake, inbox, ...view };
}

/** Unmounts and stops every inbox's timers; call from afterEach. */
export function cleanupInbox() {
  cleanup();
  for (const inbox of mounted.splice(0)) inbox.dispose();
  sessionStorage.clear();
  // The console's views live in the hash: each test starts at the inbox.
  history.replaceState(null, '', location.pathname);
}

export function typeToken(token: string) {
  fireEvent.input(screen.getByLabelText('Agent token'), { target: { value: token } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Signs in through the form and waits for the waiting list to have loaded. */
export async function signIn(token = 'tok-ana') {
  typeToken(token);
  await screen.findByRole('navigation', { name: /Waiting for a human/ });
}

/** Three visitors waiting; the export question waits longest, though it is not seeded first. */
export function threeWaiting(): SeedConversation[] {
  return [
    {
      id: 'conv-sync',
      waitingSince: '2025-01-01T10:05:00.000Z',
      messages: [message('user', 'My sync stopped working yesterday')],
    },
    {
      id: 'conv-export',
      waitingSince: '2025-01-01T10:01:00.000Z',
      messages: [
        message('user', 'How do I export all my notes?'),
        message('assistant', 'Use Settings → Export. **Markdown** and PDF are supported.', {
          citations: [
            citation('Export and import', 'https://docs.example.com/export'),
            citation('Internal notes', 'javascript:alert(1)'),
          ],
        }),
        message('user', 'I would like to talk to a person'),
        message('assistant', 'Hi, Ben here. Which format do you need?', { agent_name: 'Ben', citations: null }),
      ],
      contactSubmissions: [
        { id: 'cs-1', fields: { email: 'visitor@example.com', topic: 'Export' }, created_at: '2025-01-01T10:02:00.000Z' },
      ],
    },
    {
      id: 'conv-price',
      botName: 'Sales bot',
      waitingSince: '2025-01-01T10:03:00.000Z',
      messages: [message('user', 'What does the team plan cost?')],
    },
  ];
}
