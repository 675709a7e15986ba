// Network failures. `page.route` injects them (the only use of routing in this suite): the real
// server answers, and the route cuts its stream short or fails the connection.
import { expect, test } from './fixtures.ts';

const STREAM = '**/v1/public/chat/stream';

/** Serves the real stream only up to its first content event, then ends the body: no `done`, no `error`. */
async function cutAfterFirstContent(page: import('@playwright/test').Page) {
  await page.route(
    STREAM,
    async (route) => {
      const response = await route.fetch();
      const frames = (await response.text()).split('\n\n');
      const firstContent = frames.findIndex((f) => f.includes('"type":"content"'));
      await route.fulfill({ response, body: `${frames.slice(0, firstContent + 1).join('\n\n')}\n\n` });
    },
    { times: 1 },
  );
}

test('a stream cut mid-answer resumes where it stopped (Last-Event-ID) and the whole answer arrives once', async ({ page, openWidget, widget }) => {
  await openWidget('basic.html', { bot: 'drop' });
  await cutAfterFirstContent(page);
  const resumed = page.waitForRequest((r) => r.url().includes('/v1/public/chat/streams/') && /:\d+$/.test(r.headers()['last-event-id'] ?? ''));
  // Two facts, so the answer is two sentences long: long enough to be cut after its first words.
  const question = 'How long is the warranty, and when does it start?';
  const answer = await widget.finished(await widget.send(question));
  await resumed;
  await expect(widget.text(answer)).toHaveText(/^The Aurora Kettle has/);
  await expect(widget.text(answer)).toContainText('Keep your receipt: the warranty starts on the day of purchase.');
  await expect(widget.panel.getByRole('alert')).toHaveCount(0);
  await expect(widget.userMessages).toHaveText([question]);
});

test('against a server without resumable streams (404) a cut keeps what arrived, says so, and Retry sends the same text', async ({ page, openWidget, widget }) => {
  await openWidget('basic.html', { bot: 'drop' });
  await cutAfterFirstContent(page);
  await page.route('**/v1/public/chat/streams/**', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'not_found', message: 'No such endpoint' }) }), { times: 1 });
  // Two facts, so the answer is two sentences long: long enough to be cut after its first words.
  const question = 'How long is the warranty, and when does it start?';
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

test('a page reload mid-answer reattaches to the turn and shows the whole answer once', async ({ page, openWidget, widget }) => {
  await openWidget('basic.html', { bot: 'drop' });
  // Two facts, so the answer is two sentences long: long enough to be cut after its first words.
  const question = 'How long is the warranty, and when does it start?';
  const answer = await widget.send(question);
  await expect(widget.text(answer)).toHaveText(/^The Aurora Kettle has/);
  await page.reload();
  await widget.open();
  await expect(widget.userMessages).toHaveText([question]);
  const again = await widget.finished(widget.answers.last());
  await expect(widget.text(again)).toHaveText(/^The Aurora Kettle has/);
  await expect(widget.text(again)).toContainText('Keep your receipt: the warranty starts on the day of purchase.');
  await expect(widget.panel.getByRole('alert')).toHaveCount(0);
  // Reopening after the answer is stored shows it from history, not twice.
  await page.reload();
  await widget.open();
  await expect(widget.panel.getByText('Keep your receipt: the warranty starts on the day of purchase.')).toHaveCount(1);
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
