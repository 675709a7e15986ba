// A `notice` event shows a non-blocking banner: here the bot's knowledge folder cannot be
// read, so the server warns (`rag_unavailable`) and still answers from its inline document.
import { expect, test } from './fixtures.ts';

test('a notice shows its banner above a normal answer, and it can be dismissed', async ({ openWidget, widget, sendMessage }) => {
  await openWidget('notice.html');
  const answer = await sendMessage('How much does the kettle cost?');
  const banner = widget.panel.getByRole('status').filter({ hasText: 'Sources are unavailable; this answer may be less accurate.' });
  await expect(banner).toBeVisible();
  await expect(widget.text(answer)).toContainText('89 euros');
  // The thread stays usable under the banner.
  await expect(widget.composer).toBeEditable();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
});
