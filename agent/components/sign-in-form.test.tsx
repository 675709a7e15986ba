import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { TOKEN_KEY } from '../state';
import { cleanupInbox, renderInbox, signIn, threeWaiting, typeToken } from '../testing/render-inbox';

afterEach(cleanupInbox);

describe('sign-in', () => {
  test('a valid token opens the inbox, is kept for the tab and announces presence once', async () => {
    const { fake } = renderInbox({ conversations: threeWaiting() });
    await signIn('tok-ana');

    expect(screen.getByText('Signed in as Ana')).toBeTruthy();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-ana');
    expect(fake.callsTo('GET', '/v1/agent/me')[0].authorization).toBe('Bearer tok-ana');
    const presence = fake.callsTo('POST', '/v1/agent/presence');
    expect(presence).toHaveLength(1);
    // Issue 21: the heartbeat names this tab (JSON body), so another tab leaving does not end this one's presence.
    expect(presence[0].contentType).toBe('application/json');
    expect(screen.queryByLabelText('Agent token')).toBeNull();
  });

  test('a rejected token stays on the form with "That token was not accepted" and keeps nothing', async () => {
    const { fake } = renderInbox();
    typeToken('wrong-token');

    expect((await screen.findByRole('alert')).textContent).toBe('That token was not accepted');
    expect(screen.getByLabelText('Agent token')).toBeTruthy();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(fake.callsTo('POST', '/v1/agent/presence')).toHaveLength(0);
  });

  test('an empty token is refused before any request', async () => {
    const { fake } = renderInbox();
    typeToken('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your agent token.');
    expect(fake.calls).toHaveLength(0);
  });

  test('an unreachable server says so and keeps the typed token', async () => {
    const { fake } = renderInbox();
    fake.setOffline(true);
    typeToken('tok-ana');

    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be reached/);
    expect((screen.getByLabelText('Agent token') as HTMLInputElement).value).toBe('tok-ana');
  });

  test('a token kept in sessionStorage signs in on load, without the form', async () => {
    renderInbox({ conversations: threeWaiting() }, 'tok-ana');
    expect(screen.queryByLabelText('Agent token')).toBeNull();
    expect(await screen.findByText('Signed in as Ana')).toBeTruthy();
  });

  test('a kept token that is no longer valid returns to the form with the message', async () => {
    renderInbox({}, 'tok-revoked');
    expect((await screen.findByRole('alert')).textContent).toBe('That token was not accepted');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  test('a 401 in the middle of work returns to the sign-in form', async () => {
    const { fake } = renderInbox({ conversations: threeWaiting() });
    await signIn();
    fake.revoke('tok-ana');
    fireEvent.click(await screen.findByRole('button', { name: /sync stopped working/ }));

    expect((await screen.findByRole('alert')).textContent).toBe('That token was not accepted');
    expect(screen.getByLabelText('Agent token')).toBeTruthy();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  test('sign out forgets the token and shows the form again', async () => {
    renderInbox({ conversations: threeWaiting() });
    await signIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.getByLabelText('Agent token')).toBeTruthy());
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
