// The npm package's ES module entry, as a bundled app uses it: mount({ botId, apiBase,
// container }) renders the chat into the app's element, and the returned instance is the API.
import { BOT_NAME } from './support/config.ts';
import { expect, hostUrl, test } from './fixtures.ts';

test('mount() from the ESM build renders into a container and answers; the instance API works', async ({ page }) => {
  await page.goto(hostUrl('esm.html'));
  const chat = page.locator('#chat').getByRole('dialog', { name: BOT_NAME });
  await expect(chat).toBeVisible();
  await chat.getByRole('textbox', { name: 'Message' }).fill('How long is the warranty?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.locator('.msg:not(.user)').nth(1)).toContainText('two-year warranty');
  await expect.poll(() => page.evaluate(() => (window as any).seen)).toEqual(['user', 'assistant']);
  await page.evaluate(() => (window as any).stop());
  await page.evaluate(() => (window as any).chat.send('How much does the kettle cost?'));
  await expect(chat.locator('.msg:not(.user)').nth(2)).toContainText('89 euros');
  expect(await page.evaluate(() => (window as any).seen)).toEqual(['user', 'assistant']);
  await page.evaluate(() => (window as any).chat.remove());
  await expect(page.locator('#chat chat-widget')).toHaveCount(0);
});
