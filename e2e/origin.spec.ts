// A page on an origin the bot does not allow: the server refuses the config (403), the widget
// stays away, and the page is left exactly as it was served.
import { botId } from './support/config.ts';
import { env, expect, test } from './fixtures.ts';

test('an origin the bot does not allow: no widget, the page untouched, one warning', async ({ page, request, visit, widget }) => {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The DOM as parsed, before the async widget script could do anything.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __parsed: string }).__parsed = document.documentElement.outerHTML;
    });
  });
  await visit('origin-restricted.html');
  // One warning that names this page's origin and allowed_domains, not "network".
  await expect.poll(() => messages.filter((m) => m.startsWith('warning: [chat-widget]'))).toEqual([
    expect.stringContaining(`this page's origin ${env.host} is not in allowed_domains of bot ${botId('origin')}`),
  ]);
  // What the browser met: the server refuses this origin with a 403 the page can read,
  // naming the origin it saw.
  const refused = await request.get(`${env.api}/v1/public/bots/${botId('origin')}/config`, { headers: { origin: env.host } });
  expect(refused.status()).toBe(403);
  expect(refused.headers()['access-control-allow-origin']).toBe(env.host);
  expect((await refused.json()).message).toContain(`origin ${env.host}`);

  await expect(widget.launcher).toHaveCount(0);
  expect(await widget.hosts()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(
    await page.evaluate(() => (window as unknown as { __parsed: string }).__parsed),
  );
  // The browser itself logs the refused request; the widget throws nothing into the page.
  expect(errors).toEqual([]);
});
