// Network failures. `page.route` injects them (the only use of routing in this suite): the real
// server answers, and the route cuts its stream short or fails the connection.
import { expect, test } from './fixtures.ts';

const STREAM = '**/v1/public/chat/stream';

test('a stream cut mid-answer keeps what arrived, says so, and Retry sends the same text', async ({ page, openWidget, widget }) => {
  await openWidget('basic.html', { bot: 'drop' });
  await page.route(
    STREAM,
    async (route) => {
      const response = await route.fetch();
      // Everything up to the first content event, then the body ends: no `done`, no `error`.
      const frames = (await response.text()).split('\n\n');
      const firstContent = frames.findIndex((f) => f.includes('"type":"content"'));
      await route.fulfill({ response, body: `${frames.slice(0, firstContent + 1).join('\n\n')}\n\n` });
    },
    { times: 1 },
  );
  const question = 'How long is the warranty?';
  const answer = await widget.finished(await widget.send(question));
  await expect(widget.text(answer)).toHaveText(/^The Aurora Kettle has/);
  await expect(widget.text(answer)).not.toContainText('day of purchase');
  const alert = answer.getByRole('alert');
  await expect(alert).toContainText('The answer was interrupted.');
  await expect(widget.userMessages).toHaveText([question]);
  await expect(widget.composer).toBeEditable();

  await alert.getByRole('button', { name: 'Retry' }).click();
  const full = await widget.finished(widget.answers.last());
  await expect(widget.text(full)).toContainText('Keep your receipt: the warranty starts on the day of purchase.');
  await expect(widget.userMessages).toHaveText([question]);
  await expect(widget.panel.getByRole('alert')).toHaveCount(0);
});

test('a connection that fails before the stream puts the typed text back into the composer', async ({ page, openWidget, widget }) => {
  await openWidget('basic.html', { bot: 'drop' });
  await page.route(STREAM, (route) => route.abort('internetdisconnected'), { times: 1 });
  const question = 'How do I descale the kettle?';
  await widget.composer.fill(question);
  await widget.sendButton.click();
  await expect(widget.panel.getByRole('alert')).toHaveText('No connection. Check your network.');
  await expect(widget.composer).toHaveValue(question);
  await expect(widget.userMessages).toHaveCount(0);

  // The connection is back: sending the recovered text works.
  await widget.sendButton.click();
  await expect(widget.panel.getByRole('alert')).toHaveCount(0);
  const answer = await widget.finished(widget.answers.last());
  await expect(widget.text(answer)).toContainText('Descale the kettle once a month');
  await expect(widget.composer).toHaveValue('');
});
