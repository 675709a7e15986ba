import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { json, sse, sseResponse } from '../test/helpers';
import { renderWidget } from '../test/render';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const done = { type: 'done', conversation_id: 'c1', assistant_message_id: 'a1', citations: [] };
const answered = { 'POST /chat/stream$': () => sseResponse(sse({ type: 'content', content: 'An answer.' }, done)) };
async function ask(text = 'Question') {
  fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await screen.findByText('An answer.');
}
const agentReply = { id: 'g1', role: 'assistant', content: 'Hi, I am **Ana**.', citations: null, feedback: null, image_preview: null, created_at: 'x', agent_name: 'Ana' };

describe('handoff', () => {
  test('button → request → polling with `after` shows the agent reply with the agent label', async () => {
    const { net } = await renderWidget(
      { handoff_enabled: true, handoff_trigger: 'button', handoff_agent_label: 'Support team' },
      {
        ...answered,
        'POST /conversations/c1/handoff$': () => json({ conversation_id: 'c1', conversation_status: 'handoff', handoff_available: true }),
        'GET /conversations/c1/messages$': () => json({ conversation_status: 'handoff', messages: [agentReply] }),
      },
    );
    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Talk to a person' }));
    await screen.findByText('Ana · Support team');
    expect((await screen.findByText('Ana')).tagName).toBe('STRONG');
    const poll = net.calls.find((c) => c.url.pathname.endsWith('/messages'))!;
    expect(poll.url.searchParams.get('after')).toBe('a1');
    expect(net.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/handoff'))!.body.session_id).toMatch(/-/);
    expect(screen.queryByRole('button', { name: 'Helpful' })).not.toBeNull(); // the bot answer keeps feedback…
    expect(screen.getAllByRole('button', { name: 'Helpful' })).toHaveLength(1); // …the agent reply has none
  });

  test('no agent online: no person is offered, and the offline line is not put under every answer (issue 21)', async () => {
    await renderWidget({ handoff_enabled: true, handoff_available: false, handoff_offline_message: 'We are back at 9am.' }, answered);
    await ask();
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
    expect(screen.queryByText('We are back at 9am.')).toBeNull();
  });

  test('trigger auto: no button; a handoff_offline notice opens the contact form (auto), says it once, and its reply gets no thumbs', async () => {
    await renderWidget(
      { handoff_enabled: true, handoff_trigger: 'auto', contact_form_enabled: true, contact_form_trigger: 'auto' },
      { 'POST /chat/stream$': () => sseResponse(sse({ type: 'notice', code: 'handoff_offline', level: 'info', message_key: 'notice.handoff_offline' }, { type: 'content', content: 'An answer.' }, done)) },
    );
    await ask('I want a human');
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull();
    // The bot's reply says it; neither a banner nor the status line says it again (issue 21).
    expect(screen.getAllByText('An answer.')).toHaveLength(1);
    expect(screen.queryByText('No one is available right now.')).toBeNull();
    expect(document.querySelector('.banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Contact us' })).toBeTruthy();
  });

  test('a server without the extension (404) hides the button quietly', async () => {
    await renderWidget({ handoff_enabled: true }, answered);
    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Talk to a person' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Talk to a person' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a handoff_active notice ends with done and no empty assistant bubble', async () => {
    await renderWidget({ handoff_enabled: true }, {
      'POST /chat/stream$': () => sseResponse(sse({ type: 'notice', code: 'handoff_active', level: 'info', message_key: 'notice.handoff_active' }, { type: 'done', conversation_id: 'c1', assistant_message_id: '' })),
      'GET /conversations/c1/messages$': () => json({ conversation_status: 'handoff', messages: [] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Still there?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // One line tells it (issue 21): the status line, not a banner as well.
    await screen.findByText('A person will join shortly.');
    await waitFor(() => expect(document.querySelectorAll('.msg:not(.user)')).toHaveLength(1)); // only the welcome
    expect(document.querySelector('.banner')).toBeNull();
  });
});

describe('feedback', () => {
  test('thumbs up, then clear; a 404 hides the affordance', async () => {
    let status = 200;
    const { net } = await renderWidget({}, { ...answered, 'POST /messages/a1/feedback$': () => json({}, status) });
    await ask();
    const up = screen.getByRole('button', { name: 'Helpful' });
    fireEvent.click(up);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(net.calls.filter((c) => c.url.pathname.endsWith('/feedback'))).toHaveLength(1));
    fireEvent.click(up);
    await waitFor(() => expect(net.calls.at(-1)!.body).toMatchObject({ feedback: null }));
    expect(up.getAttribute('aria-pressed')).toBe('false');
    status = 404;
    fireEvent.click(screen.getByRole('button', { name: 'Not helpful' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Not helpful' })).toBeNull());
  });
});

describe('contact form', () => {
  const fields = [
    { name: 'email', label: 'Email', type: 'email' as const, required: true },
    { name: 'topic', label: 'Topic', type: 'select' as const, required: false, options: ['Billing', 'Sync'] },
  ];
  test.each([
    ['always', false, true],
    ['after_response', false, false],
    ['after_response', true, true],
    ['never', true, false],
  ] as const)('display %s (answered: %s) → button %s', async (display, answer, shown) => {
    await renderWidget({ contact_form_enabled: true, contact_form_button_display: display }, answered);
    if (answer) await ask();
    else fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(!!screen.queryByRole('button', { name: 'Contact us' })).toBe(shown);
  });

  test('the default fields (a bot that defines none) are labelled in the bot language', async () => {
    await renderWidget({ language: 'de', contact_form_enabled: true, contact_form_button_display: 'always', contact_form_fields: null });
    fireEvent.click(screen.getByRole('button', { name: 'Chat öffnen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Kontakt' }));
    for (const name of ['Name', 'E-Mail', 'Ihre Nachricht']) expect(screen.getByRole('textbox', { name })).toBeTruthy();
  });

  test('validates fields, marks server-rejected ones, then shows the success message', async () => {
    let reply = json({ error: 'invalid_fields', message: 'bad', fields: ['topic'] }, 400);
    const { net } = await renderWidget(
      { contact_form_enabled: true, contact_form_button_display: 'always', contact_form_fields: fields, contact_form_success_message: 'Thanks, we will write soon.' },
      { 'POST /bots/[^/]+/contact$': () => reply },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('This field is required.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Please check this value.');
    expect(net.calls.filter((c) => c.url.pathname.endsWith('/contact'))).toHaveLength(0);
    fireEvent.input(email, { target: { value: 'ada@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Topic/ }).getAttribute('aria-invalid')).toBe('true'));
    reply = json({ id: 'x', success_message: null }, 201);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thanks, we will write soon.');
    expect(net.calls.at(-1)!.body).toMatchObject({ fields: { email: 'ada@example.test' } });
  });
});

describe('contact form, issue 21', () => {
  const fields = [{ name: 'email', label: 'Email', type: 'email' as const, required: true }];
  test('a mark sits below its field, outside the label, and goes as soon as the value is valid', async () => {
    await renderWidget({ contact_form_enabled: true, contact_form_button_display: 'always', contact_form_fields: fields });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const mark = await screen.findByText('This field is required.');
    expect(mark.closest('label')).toBeNull();
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.input(email, { target: { value: 'ada@' } });
    expect(email.getAttribute('aria-invalid')).toBe('true'); // still not valid: still marked
    expect(screen.getByText('Please check this value.')).toBeTruthy();
    fireEvent.input(email, { target: { value: 'ada@example.test' } });
    await waitFor(() => expect(screen.queryByText('Please check this value.')).toBeNull());
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  test('the thank-you line replaces the form, and goes once the visitor writes again', async () => {
    await renderWidget(
      { contact_form_enabled: true, contact_form_button_display: 'always', contact_form_fields: fields, contact_form_success_message: 'Thanks, we will write soon.' },
      { ...answered, 'POST /bots/[^/]+/contact$': () => json({ id: 'x', success_message: null }, 201) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thanks, we will write soon.');
    expect(screen.queryByRole('form', { name: 'Contact us' })).toBeNull();
    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'One more thing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('An answer.');
    expect(screen.queryByText('Thanks, we will write soon.')).toBeNull();
  });
});

describe('images', () => {
  const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'pic', { type });
  test('jpeg/png/webp only, 4 MB at most, preview, remove, and sent as bare base64', async () => {
    const { net } = await renderWidget({ allow_user_images: true }, answered);
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    fireEvent.change(input, { target: { files: [file('image/gif')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Only JPEG, PNG or WebP images.');
    fireEvent.change(input, { target: { files: [file('image/png', 4 * 1024 * 1024 + 1)] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Image too large (max 4 MB).');
    fireEvent.change(input, { target: { files: [file('image/png')] } });
    await screen.findByRole('button', { name: 'Remove image' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.paste(screen.getByRole('textbox', { name: 'Message' }), { clipboardData: { files: [file('image/webp')] } });
    await screen.findByRole('button', { name: 'Remove image' });
    fireEvent.input(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'What is this?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('An answer.');
    const sent = net.streams()[0].body;
    expect(sent.image_media_type).toBe('image/webp');
    expect(sent.image_data).toBe('AAAAAAAAAAAAAA==');
    expect(screen.getByRole('img', { name: 'Your image' }).getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
  });

  test('without allow_user_images there is no attach button', async () => {
    await renderWidget({}, {});
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.queryByRole('button', { name: 'Attach image' })).toBeNull();
  });
});
