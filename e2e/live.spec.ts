// Issue 21, live conversation, in Chromium against a real server of this spec's own (its own
// agent and presence, so "Away" and the closing tab are not disturbed by other specs' agents):
// the agent's reply reaches the widget by the live channel (no polling request is made),
// typing shows both ways, the status line tells one truth at each step of claim → reply →
// hand back → close, "Away" and the closed console tab take the person off offer, and against a
// server without the channel (its 404) the widget still gets the reply by polling.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { startSmtp } from '../server/test/smtp.ts';
import { expect, test, Widget } from './fixtures.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BOT = '0e2e0000-0000-4000-8000-000000000421';
const LIA = { name: 'Lia', token: 'e2e-agent-token-lia-live' };
let server: ServerProcess;
/** The host page with the one-line embed: served by this spec on loopback, another origin than the API. */
let host: Server;
let page_ = '';
let tmp = '';
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'chat-e2e-live-'));
  smtp = await startSmtp();
  const config = {
    agents: [LIA],
    smtp: smtp.config(),
    bots: [{
      id: BOT, name: 'Aurora live help', allowed_domains: ['localhost'], welcome_message: 'Hi! Ask me about the Aurora Kettle.',
      suggested_questions: [],
      handoff: { enabled: true, trigger: 'button', agent_label: 'Aurora support', offline_message: 'Nobody is online right now.', email_replies: true },
      contact_form: { enabled: true, fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] },
      knowledge: { documents: [{ id: 'price', title: 'Price', url: '', text: 'The Aurora Kettle costs 89 euros including VAT.' }] },
      engine: { type: 'extractive', chunk_delay_ms: 0 },
    }],
  };
  writeFileSync(join(tmp, 'config.json'), JSON.stringify(config));
  mkdirSync(join(tmp, 'data'));
  mkdirSync(join(root, 'test-results'), { recursive: true });
  server = await startServerProcess(root, join(tmp, 'config.json'), join(tmp, 'data'), join(root, 'test-results', 'e2e-live-server.log'));
  host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Aurora</title></head><body><h1>Aurora</h1><script src="${server.url}/widget.js" data-bot-id="${BOT}" async></script></body></html>`,
  ));
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  page_ = `http://localhost:${(host.address() as AddressInfo).port}/live.html`;
});
test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
  await server?.stop();
  await smtp?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const agentApi = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/v1/agent${path}`, {
    method, headers: { authorization: `Bearer ${LIA.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return res.json();
};
const available = async () =>
  ((await (await fetch(`${server.url}/v1/public/bots/${BOT}/config`, { headers: { origin: new URL(page_).origin } })).json()) as { handoff_available: boolean }).handoff_available;

/** The host page with the one-line embed, pointing at this spec's server. */
async function visitor(page: Page): Promise<Widget> {
  await page.goto(page_);
  const widget = new Widget(page);
  await widget.open();
  return widget;
}

async function signInConsole(page: Page) {
  await page.goto(`${server.url}/agent`);
  await page.getByLabel('Agent token').fill(LIA.token);
  const beat = page.waitForResponse((r) => r.url().endsWith('/v1/agent/presence') && r.request().method() === 'POST' && r.ok());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await beat;
}

/** The conversation the visitor is in (its id, from the widget's storage). */
const conversationOf = (page: Page) => page.evaluate((bot) => JSON.parse(localStorage.getItem(`chat-widget:${bot}`) ?? '{}').conversation_id as string, BOT);

test('claim → typing both ways → reply → hand back → close: the reply comes live, and one truthful line at each step', async ({ page, browser }) => {
  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const agent = await consoleContext.newPage();
  await signInConsole(agent);

  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const widget = await visitor(page);
  const bar = widget.panel.locator('.bar');
  const question = 'How much does the kettle cost?';
  await expect(widget.text(await widget.finished(await widget.send(question)))).toContainText('89 euros');
  // Nothing connects to the live channel before a person is involved.
  expect(requests.filter((r) => r.url().includes('/live?'))).toHaveLength(0);

  // Asked → waiting: the live channel opens.
  const opened = page.waitForRequest((r) => r.url().includes('/live?'));
  await widget.panel.getByRole('button', { name: 'Talk to a person' }).click();
  await opened;
  await expect(bar).toHaveText('A person will join shortly.');
  const id = await conversationOf(page);

  // The agent opens it in the console and types: the visitor sees "Lia is typing…".
  await agent.getByRole('button', { name: new RegExp(`^${question.replace('?', '\\?')}`) }).first().click();
  // The thread has loaded (the console tells typing only for a conversation it knows is with a person).
  await expect(agent.getByRole('list', { name: 'Conversation thread' }).getByText(question)).toBeVisible();
  const reply = agent.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Hello, this is Lia.');
  await expect(widget.panel.getByText('Lia is typing…')).toBeVisible();
  // Claimed (by the reply being written or by the claim): "Ana is here", and the waiting line is gone.
  await agentApi('POST', `/conversations/${id}/claim`);
  await expect(bar).toHaveText('You are chatting with Lia.');

  // The visitor types: the console shows it (no preview: this bot does not allow one).
  await widget.composer.fill('Is it in stock');
  await expect(agent.getByText('The visitor is typing…')).toBeVisible();

  // The reply arrives by the channel: no history poll (`after=`) was needed for it.
  const sent = 'Yes, the kettle is in stock and ships tomorrow.';
  await reply.fill(sent);
  await agent.getByRole('button', { name: 'Send reply' }).click();
  const answer = widget.answers.filter({ hasText: sent });
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('Lia · Aurora support');
  await expect(widget.panel.getByText('Lia is typing…')).toHaveCount(0);
  expect(requests.filter((r) => r.url().includes('/messages?') && r.url().includes('after='))).toHaveLength(0);
  // No thumbs on a person's answer; the console learns the visitor has seen it.
  await expect(answer.getByRole('button', { name: 'Helpful' })).toHaveCount(0);
  await expect(agent.getByText('Seen by the visitor')).toBeVisible();

  // Handed back: one line says so, nothing of the person remains.
  await agentApi('POST', `/conversations/${id}/handback`);
  await expect(bar).toHaveText('You are chatting with the assistant again.');

  // The visitor asks for a person again; claimed, then closed.
  await widget.finished(await widget.send('Thanks, one more question'));
  await widget.panel.getByRole('button', { name: 'Talk to a person' }).click();
  await expect(bar).toHaveText('A person will join shortly.');
  await agentApi('POST', `/conversations/${id}/claim`);
  await expect(bar).toHaveText('You are chatting with Lia.');
  await agentApi('POST', `/conversations/${id}/close`);
  await expect(bar).toHaveText('This conversation was closed. Send a message to start again.');
  // Its beacon ends the tab's presence (see the contact-form test below).
  await agent.close({ runBeforeUnload: true });
  await consoleContext.close();
});

test('Away, sign-out and the closed console tab: no person is offered any more', async ({ page, browser }) => {
  const consoleContext = await browser.newContext();
  const agent = await consoleContext.newPage();
  await signInConsole(agent);
  await expect.poll(available).toBe(true);

  // Away: the presence ends at once; a visitor who loads the widget now is offered no person.
  const left = agent.waitForResponse((r) => new URL(r.url()).pathname === '/v1/agent/presence' && r.request().method() === 'DELETE' && r.ok());
  await agent.getByRole('button', { name: 'Away' }).click();
  await left;
  expect(await available()).toBe(false);
  const widget = await visitor(page);
  await widget.finished(await widget.send('How much does the kettle cost?'));
  await expect(widget.panel.getByRole('button', { name: 'Contact us' })).toBeVisible();
  await expect(widget.panel.getByRole('button', { name: 'Talk to a person' })).toHaveCount(0);

  // Back from Away: offered again.
  const back = agent.waitForResponse((r) => r.url().endsWith('/v1/agent/presence') && r.request().method() === 'POST' && r.ok());
  await agent.getByRole('button', { name: 'Away' }).click();
  await back;
  expect(await available()).toBe(true);

  // Closing the tab: its beacon ends the presence.
  await agent.close({ runBeforeUnload: true });
  await expect.poll(available).toBe(false);

  // Signing in again, then out: the presence ends with the sign-out.
  const again = await consoleContext.newPage();
  await signInConsole(again);
  expect(await available()).toBe(true);
  const out = again.waitForResponse((r) => new URL(r.url()).pathname === '/v1/agent/presence' && r.request().method() === 'DELETE' && r.ok());
  await again.getByRole('button', { name: 'Sign out' }).click();
  await out;
  expect(await available()).toBe(false);
  await consoleContext.close();
});

test('against a server without the live channel (its 404), the reply still arrives, by polling', async ({ page }) => {
  await agentApi('POST', '/presence');
  // What a server without the extension answers on the channel's path.
  await page.route('**/v1/public/conversations/*/live?*', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found","message":"Not found."}' }));
  const widget = await visitor(page);
  await widget.finished(await widget.send('How much does the kettle cost?'));
  const polled = page.waitForRequest((r) => r.url().includes('/messages?') && r.url().includes('after='));
  await widget.panel.getByRole('button', { name: 'Talk to a person' }).click();
  await polled;
  const id = await conversationOf(page);
  const sent = 'Hello from a server that only polls.';
  await agentApi('POST', `/conversations/${id}/messages`, { content: sent });
  // The poll runs every 5 s: the reply comes with the next one.
  await expect(widget.answers.filter({ hasText: sent })).toBeVisible({ timeout: 15_000 });
  await expect(widget.panel.locator('.bar')).toHaveText('You are chatting with Lia.');
  await agentApi('DELETE', '/presence');
});

test('nobody online: the contact form opens as a sheet with Submit in view; the operator answers it by e-mail from the console, and a reply to the visitor who left goes by e-mail', async ({ browser }) => {
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await visitorContext.newPage();
  expect(await available()).toBe(false);
  const widget = await visitor(page);
  const question = 'How much is the kettle, and can you mail me an offer?';
  await widget.finished(await widget.send(question));
  await widget.panel.getByRole('button', { name: 'Contact us' }).click();
  const form = widget.panel.getByRole('form', { name: 'Contact us' });
  // A sheet over the lower part: Submit is in view, and so is the conversation above it.
  await expect(form.getByRole('button', { name: 'Submit' })).toBeInViewport();
  await expect(widget.answers.last()).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('desktop-contact-sheet.png') });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('This field is required.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Email' }).fill('jo@example.test');
  await expect(form.getByText('This field is required.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(widget.panel.locator('.bar')).toHaveText('Thanks! We will get back to you.');
  // The visitor asks for a person by the API's own door (nobody was online to offer one), then leaves.
  const session = await page.evaluate((bot) => JSON.parse(localStorage.getItem(`chat-widget:${bot}`) ?? '{}') as { session_id: string; conversation_id: string }, BOT);
  const handoff = await fetch(`${server.url}/v1/public/conversations/${session.conversation_id}/handoff`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(page_).origin }, body: JSON.stringify({ session_id: session.session_id }),
  });
  expect(handoff.status).toBe(200);
  await visitorContext.close();

  // The operator answers the submission by e-mail from the console.
  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const agent = await consoleContext.newPage();
  await signInConsole(agent);
  await agent.getByRole('button', { name: new RegExp(`^${question.replace(/[?,]/g, '.')}`) }).first().click();
  await agent.getByText('Reply by e-mail').click();
  await agent.getByRole('textbox', { name: 'Subject' }).fill('Your kettle offer');
  await agent.getByRole('textbox', { name: 'E-mail text' }).fill('Hello Jo, the kettle is 89 euros. Lia');
  await agent.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(agent.getByText('E-mail sent to jo@example.test.')).toBeVisible();
  const answered = smtp.received.filter((m) => m.subject === 'Your kettle offer');
  expect(answered).toHaveLength(1);
  expect(answered[0].to).toEqual(['jo@example.test']);
  expect(answered[0].text).toBe('Hello Jo, the kettle is 89 euros. Lia');

  // The visitor is gone: the agent's reply in the thread goes by e-mail too, with the conversation so far.
  const reply = 'We can deliver it on Friday.';
  await agent.getByRole('textbox', { name: 'Reply' }).fill(reply);
  await agent.getByRole('button', { name: 'Send reply' }).click();
  await expect.poll(() => smtp.received.filter((m) => m.subject === 'Lia replied to your conversation with Aurora live help').length).toBe(1);
  const mailed = smtp.received.find((m) => m.subject === 'Lia replied to your conversation with Aurora live help')!;
  expect(mailed.to).toEqual(['jo@example.test']);
  expect(mailed.text).toContain(question);
  expect(mailed.text).toContain(`Lia:\n${reply}`);
  // Presence is per console tab: only the tab's own beacon as it closes ends it at once (a
  // DELETE without the tab's id does not, nor does closing the context), or Lia stays available
  // for the heartbeat's 60 s and the next test finds a person online (seen in CI runs).
  await agent.close({ runBeforeUnload: true });
  await consoleContext.close();
  await agentApi('DELETE', '/presence');
  await expect.poll(available).toBe(false);
});

test('on a phone the contact sheet keeps Submit and the conversation in view too', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 700 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await expect.poll(available).toBe(false);
  const widget = await visitor(page);
  await widget.finished(await widget.send('How much does the kettle cost?'));
  await widget.panel.getByRole('button', { name: 'Contact us' }).click();
  const form = widget.panel.getByRole('form', { name: 'Contact us' });
  await expect(form.getByRole('button', { name: 'Submit' })).toBeInViewport();
  await expect(widget.answers.last()).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('phone-contact-sheet.png') });
  await phone.close();
});
