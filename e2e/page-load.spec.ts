// The loader stays out of the page's own loading: while the page loads (here: its hero image
// is still arriving) only window.ChatWidget exists; the launcher comes after the load event,
// or LOAD_WAIT_MS after the script ran when the load event never comes. Calls made meanwhile
// are kept. The image is held by the test (page.route), so "still loading" is not a timing guess.
import type { Route } from '@playwright/test';
import { expect, hostUrl, test } from './fixtures.ts';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('the launcher waits for the page to load; a call made meanwhile opens the chat once it is there', async ({ page, widget }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/hero-slow.png', async (route: Route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1PX });
  });
  await page.goto(hostUrl('slow-image.html'), { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => typeof (window as any).ChatWidget?.open === 'function');
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  await page.evaluate(() => (window as any).ChatWidget.open());
  // Well inside LOAD_WAIT_MS: still nothing drawn while the image is held. Nothing drawn is an
  // absence, so it is looked for after a bounded wait; release() below is its positive control
  // (the same host, counted the same way, once the page has loaded).
  await page.waitForTimeout(500);
  expect(await page.locator('chat-widget').count()).toBe(0);

  release();
  await expect(page.locator('chat-widget')).toHaveCount(1);
  await expect(widget.panel).toBeVisible();
  expect(await page.evaluate(() => document.readyState)).toBe('complete');
});

test('a page whose load event never comes gets its launcher anyway', async ({ page, widget }) => {
  await page.route('**/hero-slow.png', () => new Promise<void>(() => {})); // never answered
  await page.goto(hostUrl('slow-image.html'), { waitUntil: 'domcontentloaded' });
  await expect(widget.launcher).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
});
