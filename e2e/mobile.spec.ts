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

test('on a phone the composer stays above the on-screen keyboard and no field zooms the page', async ({ page, visit, widget }) => {
  await visit('mobile.html');
  await widget.launcher.tap();
  await widget.composer.tap();
  const full = page.viewportSize()!;
  // The keyboard takes the lower part of the screen: what the visitor sees (the visual
  // viewport) gets shorter. The panel follows it, so the composer stays in sight.
  await page.setViewportSize({ width: full.width, height: 420 });
  await expect.poll(() => page.evaluate(() => Math.round(window.visualViewport!.height))).toBe(420);
  await expect.poll(async () => (await widget.panel.boundingBox())!.height).toBe(420);
  const composer = (await widget.composer.boundingBox())!;
  expect(composer.y + composer.height).toBeLessThanOrEqual(420);
  await expect(widget.composer).toBeInViewport();
  await widget.composer.fill('How long is the warranty?');
  await widget.sendButton.tap();
  await expect(widget.text(await widget.finished(widget.answers.nth(1)))).toContainText('two-year warranty');
  // Every field of the contact form is 16px or more too (iOS zooms into smaller ones).
  await widget.panel.getByRole('button', { name: 'Contact us' }).tap();
  for (const field of await widget.panel.locator('form').locator('input, select, textarea').all()) {
    expect(await field.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
  }
  await page.setViewportSize(full);
  await expect.poll(async () => (await widget.panel.boundingBox())!.height).toBe(full.height);
});
