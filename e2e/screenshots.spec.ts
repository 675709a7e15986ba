// Pictures of the open widget with an answer shown: light, dark, mobile and right to left.
// Kept in docs/screenshots/ (viewport-sized, CSS pixels, so they stay small): toHaveScreenshot
// with updateSnapshots 'changed' (playwright.config.ts) rewrites a picture when the widget's
// look changed and leaves it alone when only anti-aliasing noise differs. Each picture is also
// attached to the test report.
import { devices, type Page, type TestInfo } from '@playwright/test';
import { AR as BOT_AR, SUGGESTIONS } from './support/config.ts';
import { AR, expect, hostUrl, luminance, test, Widget } from './fixtures.ts';

async function shoot(page: Page, widget: Widget, question: string, name: string, info: TestInfo) {
  await widget.open();
  await widget.panel.getByRole('button', { name: question }).click();
  const answer = await widget.finished(widget.answers.nth(1));
  await expect(answer.getByRole('link').first()).toBeVisible();
  await widget.composer.blur();
  await page.mouse.move(0, 0);
  await expect(page).toHaveScreenshot(`${name}.png`);
  await info.attach(`${name}.png`, { path: info.snapshotPath(`${name}.png`, { kind: 'screenshot' }), contentType: 'image/png' });
  return answer;
}

test('light', async ({ page, widget }, info) => {
  await page.goto(hostUrl('basic.html', { bot: 'shots' }));
  await shoot(page, widget, SUGGESTIONS[0], 'light', info);
  expect(luminance(await widget.panel.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeGreaterThan(0.9);
});

test('dark', async ({ page, widget }, info) => {
  await page.goto(hostUrl('dark.html'));
  await shoot(page, widget, SUGGESTIONS[0], 'dark', info);
  expect(luminance(await widget.panel.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.05);
});

test('rtl', async ({ page }, info) => {
  const widget = new Widget(page, AR);
  await page.goto(hostUrl('rtl.html'));
  await shoot(page, widget, BOT_AR.suggestion, 'rtl', info);
  await expect(widget.panel).toHaveAttribute('dir', 'rtl');
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('mobile', async ({ page, widget }, info) => {
    await page.goto(hostUrl('mobile.html', { bot: 'shots' }));
    await shoot(page, widget, SUGGESTIONS[1], 'mobile', info);
  });
});
