import type { ContactSubmission } from '../api';
import { fieldText, formatTime } from '../format';
import { text } from '../text';

/** What the visitor sent through the contact form, field by field, as text. */
export function ContactSubmissions({ submissions }: { submissions: ContactSubmission[] }) {
  if (submissions.length === 0) return null;
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
                <dt>{name}</dt>
                <dd>{fieldText(value)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
