// The page's JS API in a real browser against the real server: on() returns an unsubscribe,
// open({message}) prefills, hide()/show() the launcher, setLocale/setTheme, and the desktop
// expand toggle.
import { expect, hostUrl, test } from './fixtures.ts';

test('the page drives the widget: prefill, events and unsubscribe, launcher hide/show, locale, theme', async ({ page, widget }) => {
  await page.goto(hostUrl('api.html'));
  await expect(widget.launcher).toBeVisible();
  await page.evaluate(() => {
    const w = window as any;
    w.__events = [];
    w.__stop = w.ChatWidget.on('message', (m: { role: string }) => w.__events.push(m.role));
    w.ChatWidget.open({ message: 'How long is the warranty?' });
  });
  await expect(widget.panel).toBeVisible();
  await expect(widget.composer).toHaveValue('How long is the warranty?');
  await widget.sendButton.click();
  await widget.finished(widget.answers.nth(1));
  await expect.poll(() => page.evaluate(() => (window as any).__events)).toEqual(['user', 'assistant']);
  await page.evaluate(() => (window as any).__stop());
  await widget.finished(await widget.send('How much does the kettle cost?'));
  expect(await page.evaluate(() => (window as any).__events)).toEqual(['user', 'assistant']); // unsubscribed

  await page.evaluate(() => (window as any).ChatWidget.close());
  await page.evaluate(() => (window as any).ChatWidget.hide());
  await expect(widget.launcher).toBeHidden();
  await page.evaluate(() => (window as any).ChatWidget.show());
  await expect(widget.launcher).toBeVisible();

  await page.evaluate(() => {
    (window as any).ChatWidget.setLocale('de');
    (window as any).ChatWidget.setTheme({ primary_color: '#16a34a', position: 'bottom-left' });
  });
  const de = page.getByRole('button', { name: 'Chat öffnen', exact: true });
  await expect(de).toBeVisible();
  expect(await de.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(22, 163, 74)');
  expect((await de.boundingBox())!.x).toBeLessThan(100); // moved to the left corner
});

test('desktop: the expand toggle makes the panel fill the window and back', async ({ page, widget }) => {
  await page.goto(hostUrl('api.html'));
  await widget.open();
  const small = (await widget.panel.boundingBox())!;
  await widget.panel.getByRole('button', { name: 'Expand chat' }).click();
  const viewport = page.viewportSize()!;
  const big = (await widget.panel.boundingBox())!;
  expect(big.width).toBeCloseTo(viewport.width - 40, 0);
  expect(big.width).toBeGreaterThan(small.width);
  await expect(widget.panel.getByRole('button', { name: 'Restore chat size' })).toHaveAttribute('aria-pressed', 'true');
  await widget.panel.getByRole('button', { name: 'Restore chat size' }).click();
  expect((await widget.panel.boundingBox())!.width).toBeCloseTo(small.width, 0);
});
