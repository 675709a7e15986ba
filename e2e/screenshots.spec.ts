// Pictures of the open widget with an answer shown: light, dark, mobile and right to left.
// Written to docs/screenshots/ (overwritten each run; viewport-sized, CSS pixels, so they stay
// small) and attached to the test report.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { devices, type Page, type TestInfo } from '@playwright/test';
import { AR as BOT_AR, SUGGESTIONS } from './support/config.ts';
import { AR, expect, hostUrl, luminance, test, Widget } from './fixtures.ts';

const dir = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

async function shoot(page: Page, widget: Widget, question: string, name: string, info: TestInfo) {
  await widget.open();
  await widget.panel.getByRole('button', { name: question }).click();
  const answer = await widget.finished(widget.answers.nth(1));
  await expect(answer.getByRole('link').first()).toBeVisible();
  await widget.composer.blur();
  await page.mouse.move(0, 0);
  mkdirSync(dir, { recursive: true });
  const body = await page.screenshot({ path: `${dir}${name}.png`, scale: 'css', animations: 'disabled', caret: 'hide' });
  await info.attach(`${name}.png`, { body, contentType: 'image/png' });
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
