// Identity verification with two browser contexts (two devices of one customer): the site's
// backend signs the user id (here: the test, with the bot's secret), the page calls
// ChatWidget('identify', ...), and the conversation started on the laptop is there on the
// phone. Agents see the customer's name and e-mail. A forged hash gets nothing.
import { createHmac } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { IDENTITY_SECRET } from './support/config.ts';
import { env, expect, hostUrl, test, Widget } from './fixtures.ts';

const sign = (userId: string) => createHmac('sha256', IDENTITY_SECRET).update(userId).digest('hex');

async function device(browser: Browser, user: Record<string, string>): Promise<{ page: Page; widget: Widget; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(hostUrl('identity.html'));
  // As a site would: right after its own sign-in check, before the visitor opens the chat.
  await page.evaluate((u) => (window as any).ChatWidget('identify', u), user);
  const widget = new Widget(page);
  await expect(widget.launcher).toBeVisible();
  return { page, widget, close: () => context.close() };
}

test("a verified customer's conversation follows them to another device; agents see who they are", async ({ browser }) => {
  const alice = { user_id: `alice-${Date.now()}`, name: 'Alice Martin', email: 'alice@example.com' };
  const laptop = await device(browser, { ...alice, user_hash: sign(alice.user_id) });
  await laptop.widget.open();
  await expect(laptop.widget.text(await laptop.widget.finished(await laptop.widget.send('How long is the warranty?')))).toContainText('two-year warranty');

  const phone = await device(browser, { user_id: alice.user_id, user_hash: sign(alice.user_id) });
  await phone.widget.open();
  await expect(phone.widget.userMessages).toHaveText(['How long is the warranty?']);
  await expect(phone.widget.text(await phone.widget.finished(await phone.widget.send('How do I descale the kettle?')))).toContainText('Descale');
  // Back on the laptop, after a reload: both questions, one conversation.
  await laptop.page.reload();
  await laptop.widget.open();
  await expect(laptop.widget.userMessages).toHaveText(['How long is the warranty?', 'How do I descale the kettle?']);

  const list = await (await fetch(`${env.api}/v1/agent/conversations?status=open`, { headers: { authorization: `Bearer ${env.agentToken}` } })).json();
  const mine = list.conversations.filter((c: { visitor: { user_id: string } | null }) => c.visitor?.user_id === alice.user_id);
  expect(mine).toHaveLength(1);
  expect(mine[0].visitor).toEqual({ user_id: alice.user_id, name: alice.name, email: alice.email });
  await laptop.close();
  await phone.close();
});

test('a forged hash is refused: the visitor stays anonymous and sees nothing of the user', async ({ browser }) => {
  const victim = { user_id: `victim-${Date.now()}` };
  const real = await device(browser, { ...victim, user_hash: sign(victim.user_id) });
  await real.widget.open();
  await real.widget.finished(await real.widget.send('How much does the kettle cost?'));

  const forger = await device(browser, { ...victim, user_hash: sign('someone-else') });
  await forger.page.evaluate(() => {
    (window as any).__errors = [];
    (window as any).ChatWidget.on('error', (e: unknown) => (window as any).__errors.push(e));
  });
  await forger.widget.open();
  await expect.poll(() => forger.page.evaluate(() => (window as any).__errors)).toEqual([{ code: 'forbidden', status: 403, message: 'user_hash does not match user_id for this bot.' }]);
  await expect(forger.widget.userMessages).toHaveCount(0);
  await real.close();
  await forger.close();
});
