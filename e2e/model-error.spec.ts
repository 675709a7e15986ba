// An `error` event after the stream opened: the model stand-in fails the first request for this
// question, the widget shows the event's message and a Retry that then gets the answer.
import { FAIL_ONCE } from './support/config.ts';
import { expect, test } from './fixtures.ts';

test('an error event shows its message; Retry sends the question again and gets the answer', async ({ openWidget, widget, sendMessage }) => {
  await openWidget('openai.html');
  const question = `How much is the kettle? (${FAIL_ONCE})`;
  const failed = await sendMessage(question);
  const alert = failed.getByRole('alert');
  await expect(alert).toContainText('The assistant is unavailable right now. Please try again in a moment.');

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(widget.userMessages).toHaveText([question]);
  const answer = await widget.finished(widget.answers.last());
  await expect(widget.text(answer)).toContainText('The Aurora Kettle costs 89 euros including VAT');
  await expect(widget.panel.getByRole('alert')).toHaveCount(0);
  await expect(answer.getByRole('link', { name: 'Pricing and delivery' })).toBeVisible();
});
