import { formatTime } from '../format';
import { ContactValue, contactFields } from './contact-value';
import type { Inbox } from '../state';
import { text } from '../text';
import { CsvButton } from './csv-button';

/** Everyone who sent the contact form, newest first, with a way to their conversation and a CSV. */
export function ContactsView({ inbox }: { inbox: Inbox }) {
  const c = inbox.insights;
  const items = c.contactItems.value;
  const fields = contactFields(inbox.me.value);
  // The form's order and labels first (issue 22), then any other field a submission has.
  const names = [...new Set([...fields.keys(), ...items.flatMap((s) => Object.keys(s.fields))])].filter((n) => items.some((s) => n in s.fields));
  return (
    <main class="pane wide" aria-labelledby="contacts-heading">
      <h2 id="contacts-heading">{text.views.contacts}</h2>
      <CsvButton inbox={inbox} path="/v1/agent/contacts.csv" name="contacts.csv" />
      {c.contacts.error.value && <p class="error" role="alert">{c.contacts.error.value}</p>}
      {!c.contacts.data.value ? (
        <p class="hint">{text.loading}</p>
      ) : items.length === 0 ? (
        <p class="hint">{text.noContacts}</p>
      ) : (
        <table class="data">
          <caption class="visually-hidden">Contact form submissions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Bot</th>
              {names.map((n) => <th scope="col" key={n}>{fields.get(n)?.label ?? n}</th>)}
              <th scope="col">Conversation</th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s.id}>
                <td><time dateTime={s.created_at}>{formatTime(s.created_at)}</time></td>
                <td>{s.bot_name}</td>
                {names.map((n) => <td key={n}><ContactValue value={s.fields[n]} field={fields.get(n)} /></td>)}
                <td>
                  {s.conversation_id ? (
                    <button type="button" class="quiet" onClick={() => {
                      inbox.go('conversations', { status: 'all' });
                      void inbox.openConversation(s.conversation_id!);
                    }}>Open</button>
                  ) : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {c.contactNext.value && <button type="button" class="quiet" onClick={() => void c.moreContacts()}>{text.loadMore}</button>}
    </main>
  );
}
