// A 429 before the stream: the bot allows 2 messages a minute; the third shows the bot's own
// warning message, keeps the typed text in the composer and holds Send back for Retry-After.
import { WARNING } from './support/config.ts';
import { expect, test } from './fixtures.ts';

test("a 429 shows the bot's warning message and gives the text back", async ({ page, openWidget, widget, sendMessage }) => {
  // The page runs on Playwright's clock: time flows as usual until it is fast-forwarded below.
  await page.clock.install();
  await openWidget('rate-limited.html');
  await expect(widget.text(await sendMessage('How much does the kettle cost?'))).toContainText('89 euros');
  await expect(widget.text(await sendMessage('How long is the warranty?'))).toContainText('two-year warranty');

  // The panel has been open for a while now: the countdown must still start at Retry-After.
  // The page's clock jumps 2.5 s ahead (its due timers run) instead of the test sleeping 2.5 s.
  await page.clock.fastForward(2500);
  await widget.composer.fill('How do I descale the kettle?');
  const limited = page.waitForResponse((r) => r.url().endsWith('/chat/stream') && r.status() === 429);
  await widget.sendButton.click();
  const retryAfter = Number((await limited).headers()['retry-after']);
  await expect(widget.panel.getByRole('alert')).toContainText(WARNING);
  const line = (await widget.panel.getByRole('alert').textContent()) ?? '';
  const shown = Number(/You can send again in (\d+) s\./.exec(line)?.[1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(retryAfter);
  await expect(widget.composer).toHaveValue('How do I descale the kettle?');
  await expect(widget.sendButton).toBeDisabled();
  await expect(widget.userMessages).toHaveCount(2);
});
