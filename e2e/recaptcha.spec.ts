// Bot protection with a test site key. The widget requests the provider's real script URL;
// this test serves e2e/pages/recaptcha-stub.js for it (network-level stubbing of a third
// party, the same JS API). The server checks each token with the local siteverify stand-in.
import { fileURLToPath } from 'node:url';
import { RECAPTCHA_SECRET, RECAPTCHA_SITE_KEY } from './support/config.ts';
import { env, expect, test } from './fixtures.ts';

const stub = fileURLToPath(new URL('./pages/recaptcha-stub.js', import.meta.url));

test('each turn sends a fresh token that the server verifies', async ({ page, request, openWidget, sendMessage, widget }) => {
  const scripts: string[] = [];
  await page.route('https://www.google.com/recaptcha/api.js*', (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ path: stub, contentType: 'text/javascript' });
  });
  const verifierCalls = async () => (await (await request.get(`${env.control}/verifier/calls`)).json()) as Array<Record<string, string>>;
  const before = (await verifierCalls()).length;

  await openWidget('recaptcha.html');
  await expect.poll(() => scripts).toEqual([`https://www.google.com/recaptcha/api.js?render=${RECAPTCHA_SITE_KEY}`]);

  // A turn only succeeds with a token the verifier accepts.
  await expect(widget.text(await sendMessage('How much does the kettle cost?'))).toContainText('89 euros');
  await expect(widget.text(await sendMessage('How long is the warranty?'))).toContainText('two-year warranty');

  const calls = (await verifierCalls()).slice(before);
  expect(calls).toEqual([
    expect.objectContaining({ secret: RECAPTCHA_SECRET, response: 'good' }),
    expect.objectContaining({ secret: RECAPTCHA_SECRET, response: 'good' }),
  ]);
  // One execute per turn, with the bot's site key.
  expect(await page.evaluate(() => (window as unknown as { grecaptcha: { __calls: unknown[] } }).grecaptcha.__calls)).toEqual([
    { siteKey: RECAPTCHA_SITE_KEY, action: 'chat' },
    { siteKey: RECAPTCHA_SITE_KEY, action: 'chat' },
  ]);
  expect(scripts).toHaveLength(1);
});
