import type { ContactSubmission } from '../api';
import { formatTime } from '../format';
import type { Inbox } from '../state';
import { ContactValue, contactFields } from './contact-value';
import { text } from '../text';

/** What the visitor sent through the contact form, field by field, as text. */
export function ContactSubmissions({ inbox, submissions }: { inbox: Inbox; submissions: ContactSubmission[] }) {
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
        </div>
      ))}
    </section>
  );
}
