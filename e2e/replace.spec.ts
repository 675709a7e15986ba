// A `replace` event swaps the text already shown: the server redacts an e-mail address that the
// answer streamed, and the user ends up seeing (and, after a reload, reading) only the redacted text.
import { expect, test } from './fixtures.ts';

test('a replace event swaps the streamed answer for its redacted text', async ({ page, openWidget, widget }) => {
  await openWidget('basic.html', { bot: 'replace' });
  const answer = await widget.send('What is the email address for repairs?');

  // While streaming, the raw address is on screen for a few chunks (polled often: it is brief)...
  await expect
    .poll(() => widget.text(answer).textContent(), { intervals: [25], timeout: 10_000 })
    .toContain('repairs@aurora-kettles.example');
  // ...then the replace event swaps the whole text.
  await widget.finished(answer);
  await expect(widget.text(answer)).toHaveText(
    'Our email address for repairs is [email removed] and a technician answers within one working day.',
  );

  await page.reload();
  await widget.open();
  await expect(widget.text(widget.answers.nth(1))).toContainText('[email removed]');
  await expect(widget.panel).not.toContainText('repairs@aurora-kettles.example');
});
