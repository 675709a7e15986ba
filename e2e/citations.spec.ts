// Sources under an answer when the bot does not include links: titles only, nothing to click.
import { expect, test } from './fixtures.ts';

test('with links off, sources show their titles and no links', async ({ openWidget, widget, sendMessage }) => {
  await openWidget('links-off.html');
  const answer = await sendMessage('How long is the warranty?');
  await expect(widget.text(answer)).toContainText('two-year warranty');
  const sources = answer.getByRole('list', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveText(['Warranty']);
  await expect(sources.getByRole('link')).toHaveCount(0);
  await expect(answer.getByRole('link')).toHaveCount(0);
});
