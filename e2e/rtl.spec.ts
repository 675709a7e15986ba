// A right-to-left page with an Arabic bot: the panel is laid out right to left, the UI speaks
// Arabic, and a question in Arabic gets its answer.
import { AR as BOT_AR } from './support/config.ts';
import { AR, expect, test, Widget } from './fixtures.ts';

test('an Arabic bot on a dir=rtl page: the panel is right to left and answers', async ({ page, visit }) => {
  const widget = new Widget(page, AR);
  await visit('rtl.html');
  await widget.open();
  await expect(widget.panel).toHaveAttribute('dir', 'rtl');
  await expect(widget.panel).toHaveAccessibleName(BOT_AR.name);
  await expect(widget.answers.first()).toHaveText(BOT_AR.welcome);
  expect(await widget.composer.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  // The send arrow points the way the text runs (CSS locators pierce the open shadow root).
  expect(await page.locator('chat-widget .send svg').evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');

  await widget.panel.getByRole('button', { name: BOT_AR.suggestion }).click();
  const answer = await widget.finished(widget.answers.nth(1));
  await expect(widget.text(answer)).toContainText('89 يورو');
  await expect(answer.getByRole('list', { name: 'المصادر' }).getByRole('link', { name: 'الأسعار والتوصيل' })).toBeVisible();
  // Right to left: the user's bubble sits at the left edge of the thread, the bot's at the right.
  const user = (await widget.userMessages.first().boundingBox())!;
  const bot = (await answer.boundingBox())!;
  expect(user.x).toBeLessThan(bot.x);
});
