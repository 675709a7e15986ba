// Human handoff end to end (issue 5, "Proof"): an agent is signed in at /agent (a second browser
// page), the end user asks for a person in the widget, the agent reads the thread and replies,
// the reply appears in the widget without a reload (history polling), and the agent closes.
import { AGENT, AGENT_LABEL } from './support/config.ts';
import { env, expect, test } from './fixtures.ts';

test('an agent in /agent answers a user who asked for a person; the reply appears live', async ({ browser, page, openWidget, widget, sendMessage }) => {
  test.slow(); // two pages and two polling intervals (inbox 3 s, widget 5 s)

  // The agent signs in first: the widget offers a person only while one is online.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agent.goto(`${env.api}/agent`);
  const presence = agent.waitForResponse((r) => r.url().endsWith('/v1/agent/presence') && r.ok());
  await agent.getByLabel('Agent token').fill(env.agentToken);
  await agent.getByRole('button', { name: 'Sign in' }).click();
  const waiting = agent.getByRole('navigation', { name: /^Waiting for a human \(\d+\)$/ });
  await expect(waiting).toBeVisible();
  await presence;

  // The end user gets an answer from the bot, then asks for a person.
  await openWidget('basic.html', { bot: 'handoff' });
  // A question the page answers in so many words (whether a receipt is required, it does not say).
  const question = 'When does the warranty start?';
  await expect(widget.text(await sendMessage(question))).toContainText('Keep your receipt');
  await widget.panel.getByRole('button', { name: 'Talk to a person' }).click();
  await expect(widget.panel.getByText('A person will join shortly.')).toBeVisible();

  // The agent sees the conversation, named by the first message, and reads the thread.
  const item = waiting.getByRole('button', { name: new RegExp(`^${question.replace(/[?]/g, '\\?')}`) });
  await expect(item).toBeVisible();
  await item.click();
  const thread = agent.getByRole('list', { name: 'Conversation thread' });
  await expect(thread.getByRole('listitem').filter({ hasText: question })).toBeVisible();
  await expect(thread.getByRole('listitem').filter({ hasText: 'Keep your receipt' })).toBeVisible();

  const reply = 'Hello, this is Ana. A card statement works as proof of purchase too.';
  await agent.getByRole('textbox', { name: 'Reply' }).fill(reply);
  await agent.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread.getByRole('listitem').filter({ hasText: reply })).toBeVisible();

  // The user sees it without reloading, marked as the agent's.
  const answer = widget.answers.filter({ hasText: reply });
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(answer).toContainText(`${AGENT.name} · ${AGENT_LABEL}`);
  // Issue 14: once a person has answered, the widget no longer says one "will join shortly".
  await expect(widget.panel.getByText(`You are chatting with ${AGENT.name}.`)).toBeVisible();
  await expect(widget.panel.getByText('A person will join shortly.')).toHaveCount(0);

  // The agent closes: the conversation leaves the waiting list.
  await agent.getByRole('button', { name: 'Close conversation' }).click();
  await expect(item).toHaveCount(0);
  // The visitor is told (issue 14), not left waiting in a conversation nobody is in.
  await expect(widget.panel.getByText('This conversation was closed. Send a message to start again.')).toBeVisible({ timeout: 15_000 });
  await agentContext.close();
});
