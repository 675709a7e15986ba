// Privacy by default and the loader's page cost: until the visitor interacts, the page has
// loaded widget.js and read the config, nothing else from the API, and nothing is stored. The
// app (widget-app.<hash>.js) comes on hover; storage and the history read come with the first open.
import type { Page, Request } from '@playwright/test';
import { botId } from './support/config.ts';
import { expect, hostUrl, test } from './fixtures.ts';

const KEY = `chat-widget:${botId('privacy')}`;
const apiCalls = (list: Request[]) => list.filter((r) => r.url().includes('/v1/public/')).map((r) => `${r.method()} ${new URL(r.url()).pathname.split('/').slice(-1)[0]}`);
const stored = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chat-widget:')));

test('nothing is stored and only the config is read before the visitor interacts', async ({ page, widget }) => {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(hostUrl('privacy.html'));
  await expect(widget.launcher).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls(requests)).toEqual(['GET config']);
  expect(await stored(page)).toEqual([]);
  // Before any interaction the app may be preloaded while the browser is idle, never run.
  expect(await page.evaluate(() => typeof (window as any).ChatWidget.get)).toBe('function');

  // The pointer on the launcher runs the app (it draws the live region the loader does not
  // have); still nothing stored or sent.
  await widget.launcher.hover();
  await page.waitForFunction(() => !!document.querySelector('chat-widget')?.shadowRoot?.querySelector('[aria-live]'));
  expect(requests.some((r) => /\/widget-app\.[\w-]{8,}\.js$/.test(r.url()))).toBe(true);
  expect(apiCalls(requests)).toEqual(['GET config']);
  expect(await stored(page)).toEqual([]);

  await widget.open();
  await expect.poll(() => stored(page)).toEqual([KEY]);
  const answer = await widget.finished(await widget.send('How long is the warranty?'));
  await expect(widget.text(answer)).toContainText('two-year warranty');
  expect(apiCalls(requests)).toEqual(['GET config', 'POST stream']);
});

test('widget.js?bot=: the server writes the config into the script, so the page makes no request of its own until the visitor interacts', async ({ page, widget }) => {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const script = page.waitForResponse((r) => new URL(r.url()).pathname === '/widget.js');
  await page.goto(hostUrl('served-config.html'));
  expect((await script).headers()['x-widget-config']).toBe('inline');
  await expect(widget.launcher).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls(requests)).toEqual([]);
  expect(await stored(page)).toEqual([]);

  await widget.open();
  const answer = await widget.finished(await widget.send('How long is the warranty?'));
  await expect(widget.text(answer)).toContainText('two-year warranty');
  expect(apiCalls(requests)).toEqual(['POST stream']);
});

test('a returning visitor: the conversation is read when the chat is opened, not on page load', async ({ page, widget }) => {
  await page.goto(hostUrl('privacy.html'));
  await widget.open();
  await widget.finished(await widget.send('How much does the kettle cost?'));
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.reload();
  await expect(widget.launcher).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls(requests)).toEqual(['GET config']);
  await widget.open();
  await expect(widget.userMessages).toHaveText(['How much does the kettle cost?']);
  expect(apiCalls(requests)).toEqual(['GET config', 'GET messages']);
});

test('data-persist="always" restores the conversation on page load', async ({ page, widget }) => {
  await page.goto(hostUrl('persist.html'));
  await widget.open();
  await widget.finished(await widget.send('How do I descale the kettle?'));
  const history = page.waitForRequest((r) => r.url().includes('/messages?'));
  await page.reload();
  await history; // without a click
  await widget.open();
  await expect(widget.userMessages).toHaveText(['How do I descale the kettle?']);
});
