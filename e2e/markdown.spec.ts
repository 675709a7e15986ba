// A model answer with a list that starts at 3, a fenced code block inside a list item and a
// table wider than the bubble, on the strict-CSP host page: the copy button works from the
// keyboard and writes the code to the real clipboard, the table scrolls inside the bubble and
// is reachable by keyboard, and nothing violates the page's CSP.
import { expect, test } from './fixtures.ts';
import { MARKDOWN_CODE, MARKDOWN_QUESTION } from './support/config.ts';

test('code blocks copy and wide tables scroll under a strict CSP', async ({ page, context, visit, widget }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
      true,
    );
  });
  await visit('strict-csp.html', { bot: 'markdown' });
  await widget.open();
  const answer = await widget.finished(await widget.send(`Show me the ${MARKDOWN_QUESTION}`));
  const body = widget.text(answer);

  // The loose list keeps its numbers; the fence stays inside its item, with its language.
  await expect(body.locator('ol')).toHaveAttribute('start', '3');
  await expect(body.locator('ol > li')).toHaveCount(2);
  const figure = body.locator('ol > li figure');
  await expect(figure.locator('figcaption > span').first()).toHaveText('sh');
  await expect(figure.locator('pre > code')).toHaveText(MARKDOWN_CODE);

  // Copy from the keyboard: the button is focusable, labelled, and writes the exact code.
  const copy = answer.getByRole('button', { name: 'Copy code' });
  await copy.focus();
  await expect(copy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(figure.locator('figcaption [aria-live="polite"]')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN_CODE);

  // Tab goes on to the table's scroll region (Chromium may stop first on the code block itself,
  // a scroller it makes focusable); the arrow keys scroll the region sideways.
  const region = answer.getByRole('region', { name: /^Table: Head 1/ });
  const isFocused = () => region.evaluate((el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el);
  for (let i = 0; i < 2 && !(await isFocused()); i++) await page.keyboard.press('Tab');
  await expect(region).toBeFocused();
  const size = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(size.scroll).toBeGreaterThan(size.client);
  // The table scrolls inside the bubble instead of widening it past the panel.
  const [bubble, panel] = await Promise.all([answer.boundingBox(), widget.panel.boundingBox()]);
  expect(bubble!.x + bubble!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  expect(violations).toEqual([]);
});
