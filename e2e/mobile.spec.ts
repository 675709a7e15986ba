// A phone: touch device profile (Pixel 7), a page with the viewport meta tag. The panel takes
// the whole screen, the launcher steps aside while it is open, and everything works by touch.
import { devices } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

test('on a phone the chat opens full screen and works by touch', async ({ page, visit, widget }) => {
  await visit('mobile.html');
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  await widget.launcher.tap();
  await expect(widget.panel).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await widget.panel.boundingBox())!;
  expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  await expect(widget.closer).toBeHidden(); // it would cover the composer
  // 16px or more, or iOS zooms the page when the composer gets focus.
  expect(await widget.composer.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);

  await widget.composer.tap();
  await widget.composer.fill('How do I descale the kettle?');
  await widget.sendButton.tap();
  const answer = await widget.finished(widget.answers.nth(1));
  await expect(widget.text(answer)).toContainText('Descale the kettle once a month');
  await expect(answer).toBeInViewport();

  await widget.panel.getByRole('button', { name: 'Minimize chat' }).tap();
  await expect(widget.panel).toHaveCount(0);
  await expect(widget.launcher).toBeVisible();
  // The page itself was not zoomed or scrolled sideways by the widget.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
});
