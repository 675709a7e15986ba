// A single-page app whose router replaces <body> on navigation: the widget comes back by
// itself with its open panel, its conversation and the text being typed.
import { expect, hostUrl, test } from './fixtures.ts';

test('the widget survives a SPA navigation that removes it from the page', async ({ page, widget }) => {
  await page.goto(hostUrl('spa.html'));
  await widget.open();
  await widget.finished(await widget.send('How much does the kettle cost?'));
  await widget.composer.fill('and the warranty?');
  await page.getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByRole('heading', { name: 'Shop' })).toBeVisible();
  expect(page.url()).toMatch(/\/spa\/shop$/);
  await expect(widget.panel).toBeVisible();
  await expect(widget.userMessages).toHaveText(['How much does the kettle cost?']);
  await expect(widget.composer).toHaveValue('and the warranty?');
  expect(await widget.hosts()).toBe(1);
  await widget.sendButton.click();
  await expect(widget.text(await widget.finished(widget.answers.nth(2)))).toContainText('two-year warranty');
});
