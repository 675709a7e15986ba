// A 429 before the stream: the bot allows 2 messages a minute; the third shows the bot's own
// warning message, keeps the typed text in the composer and holds Send back for Retry-After.
import { WARNING } from './support/config.ts';
import { expect, test } from './fixtures.ts';

test("a 429 shows the bot's warning message and gives the text back", async ({ openWidget, widget, sendMessage }) => {
  await openWidget('rate-limited.html');
  await expect(widget.text(await sendMessage('How much does the kettle cost?'))).toContainText('89 euros');
  await expect(widget.text(await sendMessage('How long is the warranty?'))).toContainText('two-year warranty');

  await widget.composer.fill('How do I descale the kettle?');
  await widget.sendButton.click();
  await expect(widget.panel.getByRole('alert')).toContainText(WARNING);
  await expect(widget.panel.getByRole('alert')).toContainText(/You can send again in \d+ s\./);
  await expect(widget.composer).toHaveValue('How do I descale the kettle?');
  await expect(widget.sendButton).toBeDisabled();
  await expect(widget.userMessages).toHaveCount(2);
});
