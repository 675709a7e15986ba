// Engagement: a reply that arrives while the panel is closed shows a badge, a preview above the
// launcher and (when the page asks) a count in the tab title; a proactive message shows after
// its delay on matching pages, once per visitor.
import { PROACTIVE } from './support/config.ts';
import { expect, hostUrl, test } from './fixtures.ts';

test('a reply while the panel is closed: badge, preview and unread count in the title', async ({ page, widget }) => {
  await page.goto(hostUrl('api.html'));
  await expect(widget.launcher).toBeVisible();
  const title = await page.title();
  // The page sends a question and the visitor closes the chat before the answer is there.
  await page.evaluate(() => {
    const w = (window as any).ChatWidget;
    w.send('How long is the warranty?');
    w.on('message', (m: { role: string }) => m.role === 'user' && w.close());
  });
  const badged = page.getByRole('button', { name: 'Open chat (1 unread)', exact: true });
  await expect(badged).toBeVisible({ timeout: 15_000 });
  const preview = page.locator('chat-widget').getByRole('button', { name: /two-year warranty/ });
  await expect(preview).toBeVisible();
  await expect(page).toHaveTitle(`(1) ${title}`);
  await preview.click(); // the preview opens the chat
  await expect(widget.panel).toBeVisible();
  await expect(page).toHaveTitle(title);
  await widget.closer.click();
  await expect(widget.launcher).toBeVisible(); // the badge is gone: its name is plain again
});

test('a proactive message shows after its delay on a matching page, once per visitor', async ({ page, widget }) => {
  await page.goto(hostUrl('proactive.html'));
  const note = page.locator('chat-widget').getByRole('status').filter({ hasText: PROACTIVE });
  await expect(note).toBeVisible({ timeout: 5000 });
  await expect(page.locator('chat-widget').getByText('Only on the repairs page.')).toHaveCount(0);
  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
  await page.reload();
  await expect(widget.launcher).toBeVisible();
  // Not coming back is an absence, so it is looked for after a bounded wait, longer than its
  // delay (800 ms, counted from before the launcher shows)...
  await page.waitForTimeout(1500);
  await expect(page.locator('chat-widget').getByText(PROACTIVE)).toHaveCount(0);

  // ...with a positive control: the same reload without the dismissal on record shows it
  // within that same window, so the wait above was long enough to have seen it come back.
  const forgotten = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':proactive')).map((k) => (localStorage.removeItem(k), k)));
  expect(forgotten).toHaveLength(1);
  await page.reload();
  await expect(widget.launcher).toBeVisible();
  await expect(note).toBeVisible({ timeout: 1500 });
  await expect(page.locator('chat-widget').getByText(PROACTIVE)).not.toHaveCount(0); // what the check above looked for
});
