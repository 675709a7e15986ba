// Image upload on a bot that allows it: pick a file, see the preview, send, and find the image
// again in the thread after a reload (the server's history `image_preview`).
import { makePng } from './support/png.ts';
import { expect, test } from './fixtures.ts';

test('an attached image is previewed, sent, and shown again after a reload', async ({ page, openWidget, widget }) => {
  await openWidget('basic.html', { bot: 'image' });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    widget.panel.getByRole('button', { name: 'Attach image' }).click(),
  ]);
  await chooser.setFiles({ name: 'my-kettle.png', mimeType: 'image/png', buffer: makePng(96, 64, [14, 116, 144]) });

  // Before sending: a thumbnail with its name and a way to take it back.
  const thumb = widget.panel.getByRole('img', { name: 'Your image' });
  await expect(thumb).toBeVisible();
  await expect(widget.panel.getByText('my-kettle.png')).toBeVisible();
  await expect(widget.panel.getByRole('button', { name: 'Remove image' })).toBeVisible();

  const answer = await widget.finished(await widget.send('How much does this kettle cost?'));
  await expect(widget.text(answer)).toContainText('89 euros');
  await expect(widget.panel.getByRole('button', { name: 'Remove image' })).toHaveCount(0);
  const sent = widget.userMessages.first().getByRole('img', { name: 'Your image' });
  await expect(sent).toBeVisible();

  await page.reload();
  await widget.open();
  const restored = widget.userMessages.first().getByRole('img', { name: 'Your image' });
  await expect(restored).toBeVisible();
  await expect(widget.userMessages.first()).toContainText('How much does this kettle cost?');
  await expect(restored).toHaveAttribute('src', /^data:image\/(png|jpeg|webp);base64,/);
  // It really decoded, in the picture's proportions (the server may store a smaller preview).
  const [w, h] = await restored.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(w).toBeGreaterThan(0);
  expect(w / h).toBeCloseTo(96 / 64, 1);
});
