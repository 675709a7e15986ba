// The contact form (issue 5): shown after a first answer, validated like the server does,
// submitted, confirmed with the bot's success message, and stored with the conversation
// (read back through the agent API, as an agent would see it).
import { CONTACT_DONE, botId } from './support/config.ts';
import { env, expect, test } from './fixtures.ts';

test('the contact form validates, submits, and its entry is stored with the conversation', async ({ page, request, openWidget, widget, sendMessage }) => {
  await openWidget('basic.html', { bot: 'contact' });
  await expect(widget.panel.getByRole('button', { name: 'Contact us' })).toHaveCount(0); // after_response
  await sendMessage('How long is the warranty?');
  await widget.panel.getByRole('button', { name: 'Contact us' }).click();

  const form = widget.panel.getByRole('form', { name: 'Contact us' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Your name' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Your name' }).fill('Jo Tester');
  // Required e-mail missing: the form says which field and does not submit.
  await form.getByRole('button', { name: 'Submit' }).click();
  const email = form.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This field is required.')).toBeVisible();
  await email.fill('jo@example');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Please check this value.')).toBeVisible();

  await email.fill('jo@example.com');
  await form.getByRole('combobox', { name: 'Topic' }).selectOption('Repair');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(widget.panel.getByRole('status').filter({ hasText: CONTACT_DONE })).toBeVisible();
  await expect(form).toHaveCount(0);

  // Stored with this conversation.
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), `chat-widget:${botId('contact')}`);
  expect(stored.conversation_id).toBeTruthy();
  const res = await request.get(`${env.api}/v1/agent/conversations/${stored.conversation_id}`, {
    headers: { authorization: `Bearer ${env.agentToken}` },
  });
  expect(res.status()).toBe(200);
  const { contact_submissions } = await res.json();
  expect(contact_submissions).toEqual([
    expect.objectContaining({ fields: { name: 'Jo Tester', email: 'jo@example.com', topic: 'Repair' } }),
  ]);
});
