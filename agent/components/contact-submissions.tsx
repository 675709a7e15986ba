import { useState } from 'preact/hooks';
import type { ContactSubmission, EmailSent, Result } from '../api';
import { formatTime } from '../format';
import type { Inbox } from '../state';
import { ContactValue, contactFields } from './contact-value';
import { text } from '../text';

type Reply = (id: string, body: { subject?: string; text: string }) => Promise<Result<EmailSent>> | undefined;

/** Issue 21: answer a submission by e-mail; the outcome (sent to whom, or why not) stays shown. */
function EmailReply({ id, reply }: { id: string; reply: Reply }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  async function send(e: Event) {
    e.preventDefault();
    if (!body.trim() || sending) return;
    setSending(true);
    const r = await reply(id, { ...(subject.trim() ? { subject: subject.trim() } : {}), text: body });
    setSending(false);
    if (!r) return;
    setOutcome(r.ok ? `${text.emailSent} ${r.data.to}.` : `${text.emailFailed} ${r.error.message ?? ''}`.trim());
    if (r.ok) setBody('');
  }
  return (
    <details class="email-reply">
      <summary>{text.emailReply}</summary>
      <form onSubmit={send}>
        <label for={`subject-${id}`}>{text.emailSubject}</label>
        <input id={`subject-${id}`} value={subject} onInput={(e) => setSubject(e.currentTarget.value)} />
        <label for={`email-${id}`}>{text.emailText}</label>
        <textarea id={`email-${id}`} rows={4} value={body} onInput={(e) => setBody(e.currentTarget.value)} />
        <button type="submit" disabled={sending}>{text.emailSend}</button>
      </form>
      {outcome && <p role="status">{outcome}</p>}
    </details>
  );
}

/** What the visitor sent through the contact form, field by field, as text; with `reply`, answered by e-mail from here. */
export function ContactSubmissions({ inbox, submissions, reply }: { inbox: Inbox; submissions: ContactSubmission[]; reply?: Reply }) {
  if (submissions.length === 0) return null;
  const fields = contactFields(inbox.me.value);
  return (
    <section class="contact" aria-labelledby="contact-heading">
      <h3 id="contact-heading">{text.contactHeading}</h3>
      {submissions.map((s) => (
        <div key={s.id} class="contact-entry">
          <p class="msg-meta">
            <time dateTime={s.created_at}>{formatTime(s.created_at)}</time>
          </p>
          <dl>
            {Object.entries(s.fields ?? {}).map(([name, value]) => (
              <div key={name}>
                <dt>{fields.get(name)?.label ?? name}</dt>
                <dd>
                  <ContactValue value={value} field={fields.get(name)} />
                </dd>
              </div>
            ))}
          </dl>
          {reply && <EmailReply id={s.id} reply={reply} />}
        </div>
      ))}
    </section>
  );
}
