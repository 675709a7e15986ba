// The embed line twice on one page (a theme and a tag manager both added it): one widget.
import { botId } from './support/config.ts';
import { expect, test } from './fixtures.ts';

test('two script tags mount one widget that answers once', async ({ page, visit, widget, sendMessage }) => {
  const configRequests: string[] = [];
  page.on('request', (r) => r.url().includes(`/bots/${botId('double')}/config`) && configRequests.push(r.url()));
  await visit('double-install.html');
  await expect(widget.launcher).toBeVisible();
  await expect(page.locator('script[src$="/widget.js"]')).toHaveCount(2);
  expect(await widget.hosts()).toBe(1);
  await expect(widget.launcher).toHaveCount(1);
  expect(configRequests).toHaveLength(1);

  await widget.open();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  const answer = await sendMessage('How long is the warranty?');
  await expect(widget.text(answer)).toContainText('two-year warranty');
  await expect(widget.userMessages).toHaveCount(1);
  await expect(widget.answers).toHaveCount(2); // the welcome and one answer
});
