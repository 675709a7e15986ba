// Thumbs on an answer (issue 5): pressed state is saved on the server and comes back after a reload.
import { expect, test } from './fixtures.ts';

test('feedback on an answer survives a reload', async ({ page, openWidget, widget, sendMessage }) => {
  await openWidget('basic.html', { bot: 'feedback' });
  const answer = await sendMessage('How do I descale the kettle?');
  const helpful = answer.getByRole('button', { name: 'Helpful', exact: true });
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await expect(answer.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'false');

  const saved = () => page.waitForResponse((r) => /\/v1\/public\/messages\/[^/]+\/feedback$/.test(r.url()) && r.request().method() === 'POST');
  let save = saved();
  await helpful.click();
  expect((await save).status()).toBe(200);
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await widget.open();
  const restored = widget.answers.nth(1);
  await expect(widget.text(restored)).toContainText('Descale the kettle');
  await expect(restored.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(restored.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'false');

  // Changing one's mind is saved too.
  save = saved();
  await restored.getByRole('button', { name: 'Not helpful' }).click();
  expect((await save).status()).toBe(200);
  await page.reload();
  await widget.open();
  await expect(widget.answers.nth(1).getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
  await expect(widget.answers.nth(1).getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute('aria-pressed', 'false');
});
