// The host page cannot change the widget: on a page with hostile global CSS and on a page with
// a strict CSP, the widget has the same boxes, font sizes and picture as on the plain page, it
// works, and (strict CSP) the browser reports no violation.
import type { Page, TestInfo } from '@playwright/test';
import { BOT_NAME } from './support/config.ts';
import { differingPixels } from './support/png.ts';
import { expect, test, type Widget } from './fixtures.ts';

interface Look {
  boxes: Record<string, { x: number; y: number; width: number; height: number } | null>;
  styles: Record<string, Record<string, string>>;
  shot: Buffer;
}

const QUESTION = 'How much does the kettle cost?';

/** Opens the widget on a host page, asks the same question, and measures what shows. */
async function look(page: Page, widget: Widget, file: string, info: TestInfo): Promise<Look> {
  // A new visitor each time (the same bot, so the same config and answer).
  await page.goto(`${process.env.E2E_HOST}/${file}?bot=look`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await widget.open();
  const answer = await widget.finished(await widget.send(QUESTION));
  await expect(answer.getByRole('link', { name: 'Pricing and delivery' })).toBeVisible();
  await page.mouse.move(0, 0); // no hover state in the picture

  const parts = {
    launcher: widget.closer,
    panel: widget.panel,
    heading: widget.panel.getByRole('heading', { name: BOT_NAME }),
    composer: widget.composer,
    send: widget.sendButton,
    answer,
    source: answer.getByRole('link', { name: 'Pricing and delivery' }),
  };
  const boxes: Look['boxes'] = {};
  const styles: Look['styles'] = {};
  for (const [name, locator] of Object.entries(parts)) {
    boxes[name] = await locator.boundingBox();
    styles[name] = await locator.evaluate((el) => {
      const s = getComputedStyle(el);
      return { fontSize: s.fontSize, fontFamily: s.fontFamily, lineHeight: s.lineHeight, boxSizing: s.boxSizing, padding: s.padding, fontStyle: s.fontStyle, textTransform: s.textTransform };
    });
  }
  const shot = await widget.panel.screenshot({ animations: 'disabled', caret: 'hide' });
  await info.attach(`${file}.png`, { body: shot, contentType: 'image/png' });
  return { boxes, styles, shot };
}

function expectSame(actual: Look, expected: Look) {
  for (const name of Object.keys(expected.boxes)) {
    const [a, e] = [actual.boxes[name], expected.boxes[name]];
    expect(a, `${name} is shown`).not.toBeNull();
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(a![k], `${name}.${k}`).toBeCloseTo(e![k], 0);
  }
  expect(actual.styles).toEqual(expected.styles);
  // The same picture: at most a few anti-aliased pixels may differ (0.1% of the panel), which
  // a changed font, size, colour or spacing is far beyond.
  const { width, height } = expected.boxes.panel!;
  expect(differingPixels(actual.shot, expected.shot), 'pixels that differ (see the attachments)').toBeLessThanOrEqual(width * height * 0.001);
}

test('hostile global CSS changes nothing in the widget', async ({ page, widget }, info) => {
  const basic = await look(page, widget, 'basic.html', info);
  const hostile = await look(page, widget, 'hostile-css.html', info);
  // The page's own rules did apply to the page.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
  expectSame(hostile, basic);
  expect(basic.styles.composer.fontSize).toBe('14px');
});

test('a strict CSP page runs the widget with no violation', async ({ page, widget }, info) => {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      true,
    );
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && consoleCsp.push(m.text()));

  const basic = await look(page, widget, 'basic.html', info);
  const strict = await look(page, widget, 'strict-csp.html', info);
  expect(violations).toEqual([]);
  expect(consoleCsp).toEqual([]);
  expectSame(strict, basic);

  // The listener works: an inline style attribute is refused and reported on this page.
  await page.evaluate(() => document.body.setAttribute('style', 'color: red'));
  await expect.poll(() => violations.join('\n')).toContain('style-src');
});
