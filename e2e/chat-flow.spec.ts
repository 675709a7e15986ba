// The main flow of issue 4: open the bubble, welcome and suggestions, click one, watch the
// answer stream in (status hint, growing text, sources with working links), continue, reload.
import { BOT_NAME, SUGGESTIONS, WELCOME } from './support/config.ts';
import { expect, test } from './fixtures.ts';

test('a suggested question streams an answer with sources; the thread survives a reload', async ({ page, openWidget, widget, sendMessage }) => {
  await openWidget('basic.html', { bot: 'flow' });
  await expect(widget.panel).toHaveAccessibleName(BOT_NAME);
  await expect(widget.answers.first()).toHaveText(WELCOME);
  for (const q of SUGGESTIONS) await expect(widget.panel.getByRole('button', { name: q })).toBeVisible();

  await widget.panel.getByRole('button', { name: SUGGESTIONS[0] }).click();
  await expect(widget.userMessages.first()).toHaveText(SUGGESTIONS[0]);
  await expect(widget.panel.getByRole('button', { name: SUGGESTIONS[1] })).toBeHidden();
  const answer = widget.answers.nth(1);

  // The status hint shows while the answer streams...
  await expect(answer.getByText(/^(Searching|Writing)…$/)).toBeVisible();
  // ...and the text grows: at least two different partial lengths are seen before it ends.
  const partial = new Set<number>();
  await expect
    .poll(
      async () => {
        const now = await answer.evaluate((el) => ({ busy: el.getAttribute('aria-busy'), len: el.querySelector('.md')?.textContent?.length ?? 0 }));
        if (now.busy !== 'true') return 'ended before two partial texts were seen';
        if (now.len > 0) partial.add(now.len);
        return partial.size;
      },
      { intervals: [40], timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(2);

  await widget.finished(answer);
  await expect(answer.getByText(/^(Searching|Writing)…$/)).toHaveCount(0);
  await expect(widget.text(answer)).toContainText('The Aurora Kettle costs 89 euros including VAT.');
  // The last chunk can land before `done` ends the busy state, so the largest partial length
  // may be the whole answer; the smallest one seen while busy must be shorter.
  expect(Math.min(...partial)).toBeLessThan((await widget.text(answer).innerText()).length);

  // Sources: the cited page's title, a link that opens the page in a new tab.
  const sources = answer.getByRole('list', { name: 'Sources' });
  const link = sources.getByRole('link', { name: 'Pricing and delivery' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'Pricing and delivery' })).toBeVisible();
  await tab.close();

  // Continue the conversation.
  const second = await sendMessage('And how do I descale it?');
  await expect(widget.text(second)).toContainText('Descale the kettle once a month');
  await expect(second.getByRole('link', { name: 'Descaling and care' })).toBeVisible();

  // Reload: the conversation comes back from history, sources included.
  await page.reload();
  await widget.open();
  await expect(widget.userMessages).toHaveText([SUGGESTIONS[0], 'And how do I descale it?']);
  await expect(widget.answers).toHaveCount(3);
  await expect(widget.text(widget.answers.nth(1))).toContainText('89 euros');
  await expect(widget.text(widget.answers.nth(2))).toContainText('once a month');
  await expect(widget.answers.nth(1).getByRole('link', { name: 'Pricing and delivery' })).toBeVisible();
  await expect(widget.panel.getByRole('button', { name: SUGGESTIONS[1] })).toHaveCount(0);
});
