// Inline mode and several bots on one page: a help-centre page renders one bot's chat into
// its own element (no bubble, always open) while a second bot floats in the corner.
import { SECOND_NAME, BOT_NAME } from './support/config.ts';
import { expect, hostUrl, test } from './fixtures.ts';

test('an inline chat in a container and a second bot as a bubble, each answering', async ({ page, widget }) => {
  await page.goto(hostUrl('inline.html'));
  const inline = page.locator('#help-centre').getByRole('dialog', { name: BOT_NAME });
  await expect(inline).toBeVisible();
  // It fills its container and has no launcher and no minimize button.
  const box = (await page.locator('#help-centre').boundingBox())!;
  const panel = (await inline.boundingBox())!;
  expect(Math.abs(panel.width - (box.width - 2))).toBeLessThanOrEqual(1);
  expect(Math.abs(panel.height - (box.height - 2))).toBeLessThanOrEqual(1);
  await expect(inline.getByRole('button', { name: 'Minimize chat' })).toHaveCount(0);
  await inline.getByRole('textbox', { name: 'Message' }).fill('How long is the warranty?');
  await inline.getByRole('button', { name: 'Send' }).click();
  await expect(inline.locator('.msg:not(.user)').nth(1)).toContainText('two-year warranty');

  // The second bot: its own launcher, its own panel, reachable from the API with get().
  expect(await page.locator('chat-widget').count()).toBe(2);
  await widget.launcher.click();
  const second = page.getByRole('dialog', { name: SECOND_NAME });
  await expect(second).toBeVisible();
  const ids = await page.evaluate(() => [...document.querySelectorAll('script[data-bot-id]')].map((s) => (s as HTMLScriptElement).dataset.botId));
  expect(await page.evaluate((id) => (window as any).ChatWidget.get(id)?.botId, ids[1])).toBe(ids[1]);
  await page.evaluate((id) => (window as any).ChatWidget.get(id).close(), ids[1]);
  await expect(second).toHaveCount(0);
  await expect(inline).toBeVisible(); // the inline one cannot be closed
});
