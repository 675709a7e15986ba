// Keyboard only: Tab reaches the launcher, Enter opens, focus lands in the composer, Enter
// sends, Escape closes, and focus goes back to the launcher.
import { expect, test } from './fixtures.ts';

test('open, type, send and close with the keyboard alone', async ({ page, visit, widget }) => {
  await visit('basic.html', { bot: 'keyboard' });
  await expect(widget.launcher).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Shop' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(widget.launcher).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(widget.panel).toBeVisible();
  await expect(widget.composer).toBeFocused();

  await page.keyboard.type('How long is the warranty?');
  await page.keyboard.press('Enter');
  await expect(widget.userMessages).toHaveText(['How long is the warranty?']);
  const answer = await widget.finished(widget.answers.nth(1));
  await expect(widget.text(answer)).toContainText('two-year warranty');
  await expect(widget.composer).toHaveValue('');
  await expect(widget.composer).toBeFocused();

  // Shift+Enter is a new line, not a send.
  await page.keyboard.type('first line');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('second line');
  await expect(widget.composer).toHaveValue('first line\nsecond line');
  await expect(widget.userMessages).toHaveCount(1);

  await page.keyboard.press('Escape');
  await expect(widget.panel).toHaveCount(0);
  await expect(widget.launcher).toBeFocused();
  await expect(widget.launcher).toHaveAttribute('aria-expanded', 'false');
});
