// The operator console finished (issue 22), end to end in Chromium against the real server:
// an admin's deletion leaves a second operator's console at once, with no failed request;
// the visitor panel shows the page the chat started on; a search marks its match; a tag is
// added and filtered on; a conversation is assigned to another agent, who finds it under
// "Mine"; the numbers count what the flow did.
import type { Page } from '@playwright/test';
import { ADMIN, AGENT } from './support/config.ts';
import { env, expect, hostUrl, test } from './fixtures.ts';

async function signInToConsole(page: Page, token: string) {
  await page.goto(`${env.api}/agent`);
  await expect(page).toHaveTitle('Agent console');
  await expect(page.getByRole('heading', { name: 'Agent console' })).toBeVisible();
  await page.getByLabel('Agent token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

/** Every answer of 400 or more and every request that never got one, on this page. */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // The live channel is closed by the page itself on navigation: not a failure of the app.
    if (!r.url().includes('/v1/agent/events')) failed.push(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) failed.push(`console: ${m.text()} (${m.location().url})`);
  });
  return failed;
}

const shots = process.env.CONSOLE_SCREENSHOTS === '1';

test('a deletion by one admin leaves a second operator\'s console at once, and the open thread says so without a failed request', async ({ browser, openWidget, sendMessage, widget }) => {
  test.slow(); // two consoles and a visitor

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const failed = failedRequests(agent);
  await signInToConsole(agent, env.agentToken);
  await expect(agent.getByText('Live', { exact: true })).toBeVisible();

  const question = `Can I get the kettle lid replaced, order ${Date.now() % 100000}?`;
  await openWidget('basic.html', { bot: 'console-live' });
  await sendMessage(question);
  await widget.panel.getByRole('button', { name: 'Talk to a person' }).click();
  await expect(widget.panel.getByText('A person will join shortly.')).toBeVisible();

  // The waiting list titles it by what the visitor asked (not by the bot's answer).
  const waiting = agent.getByRole('navigation', { name: /^Waiting for a human/ });
  const item = waiting.getByRole('button', { name: new RegExp(`^${question.replace(/[?]/g, '\\?')}`) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(agent.getByRole('heading', { name: question })).toBeVisible();

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const admin = await adminContext.newPage();
  await signInToConsole(admin, env.adminToken);
  await admin.getByRole('link', { name: 'Conversations' }).click();
  await admin.getByRole('searchbox', { name: 'Search messages' }).fill(question);
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await admin.getByRole('list', { name: 'Matching conversations' }).getByRole('button', { name: new RegExp(`^${question.replace(/[?]/g, '\\?')}`) }).click();
  await admin.getByRole('button', { name: 'More actions' }).click();
  await admin.getByRole('button', { name: 'Delete conversation…' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Delete conversation?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  // The admin sees what was deleted.
  await expect(admin.locator('.outcome')).toHaveText(/^Conversation deleted: \d+ messages, 0 contact submissions\.$/);

  // The other console: gone from the list at once, the open thread says who deleted it, once.
  await expect(item).toHaveCount(0);
  await expect(agent.locator('.outcome')).toHaveText(`${ADMIN.name} deleted this conversation.`);
  await expect(agent.getByText('That conversation is no longer available.')).toHaveCount(0);
  expect(failed).toEqual([]);
  await agentContext.close();
  await adminContext.close();
});

test('the visitor panel, a search that marks its match, a tag, assignment to another agent and "Mine", and the numbers of it all', async ({ browser, openWidget, sendMessage, page }) => {
  test.slow();
  const tag = `vip-${Date.now() % 100000}`;
  const question = 'Does the kettle have a descaling programme for hard water?';
  await openWidget('basic.html', { bot: 'console' });
  await sendMessage(question);
  const pageTitle = await page.title();

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const admin = await adminContext.newPage();
  const failed = failedRequests(admin);
  await signInToConsole(admin, env.adminToken);
  await admin.getByRole('link', { name: 'Conversations' }).click();
  // Stemmed, the last word a prefix: "descaled progr" finds "descaling programme".
  await admin.getByRole('searchbox', { name: 'Search messages' }).fill('descaled progr');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await admin.getByRole('list', { name: 'Matching conversations' }).getByRole('button', { name: new RegExp(`^${question.replace(/[?]/g, '\\?')}`) }).first().click();

  const thread = admin.getByRole('list', { name: 'Conversation thread' });
  const marks = thread.locator('mark');
  await expect(marks.first()).toBeVisible();
  expect(await marks.allTextContents()).toEqual(expect.arrayContaining(['descaling', 'programme']));
  await expect(marks.first()).toBeInViewport();

  // The visitor panel: the page the chat started on (from the widget's first turn), and the browser.
  const panel = admin.getByRole('complementary', { name: 'Visitor' });
  const started = panel.getByRole('link', { name: pageTitle });
  await expect(started).toBeVisible();
  expect(await started.getAttribute('href')).toBe(hostUrl('basic.html'));
  await expect(panel).toContainText(/Chrome \d+ on (Windows|Linux|macOS)/);

  // A tag, added and filtered on.
  await admin.getByRole('textbox', { name: 'Add tag' }).fill(tag);
  await admin.getByRole('textbox', { name: 'Add tag' }).press('Enter');
  await expect(admin.getByRole('group', { name: 'Tags' }).getByRole('button', { name: `#${tag}` })).toBeVisible();
  if (shots) await admin.screenshot({ path: 'docs/screenshots/console-conversation.png' });
  await admin.getByRole('group', { name: 'Tags' }).getByRole('button', { name: `#${tag}` }).click();
  await expect(admin).toHaveURL(new RegExp(`tag=${tag}`));
  const tagged = admin.getByRole('list', { name: 'Matching conversations' }).getByRole('listitem');
  await expect(tagged).toHaveCount(1);
  await expect(tagged).toContainText(`#${tag}`);

  // Assigned to another agent.
  await tagged.getByRole('button').click();
  await admin.getByRole('button', { name: 'More actions' }).click();
  await admin.getByLabel('Assign to').selectOption(AGENT.name);
  await admin.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(admin.locator('.thread-head .meta')).toContainText(`with ${AGENT.name} since just now`);

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInToConsole(agent, env.agentToken);
  await agent.getByRole('link', { name: 'Conversations' }).click();
  await agent.getByRole('checkbox', { name: 'Mine' }).check();
  await agent.getByLabel('Tag').fill(tag);
  await agent.getByRole('button', { name: 'Apply filters' }).click();
  await expect(agent).toHaveURL(/mine=true/);
  await expect(agent.getByRole('list', { name: 'Matching conversations' }).getByRole('button', { name: new RegExp(`^${question.replace(/[?]/g, '\\?')}`) })).toBeVisible();
  await agentContext.close();

  // The numbers count it: the tag, and at least this conversation today; no sideways scroll at 1024 px.
  await admin.getByRole('link', { name: 'Numbers' }).click();
  const headline = admin.getByRole('definition').first();
  await expect(headline).toBeVisible();
  const figure = (label: string) => admin.locator('dl.headline div').filter({ has: admin.getByText(label, { exact: true }) }).locator('dd');
  expect(Number(await figure('Conversations').textContent())).toBeGreaterThanOrEqual(1);
  await expect(figure('Answered by the bot alone')).toHaveText(/^\d+% \(\d+ of \d+\)$/);
  await expect(admin.getByRole('region', { name: 'Tags' })).toContainText(`#${tag} 1`);
  await expect(admin.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(admin.locator('.legend').first()).toContainText(/Conversations: \d+/);
  await expect(admin.locator('figure.chart canvas').first()).toBeVisible();
  if (shots) await admin.screenshot({ path: 'docs/screenshots/console-numbers.png' });
  await admin.setViewportSize({ width: 1024, height: 800 });
  await expect.poll(() => admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(failed).toEqual([]);
  await adminContext.close();
});
