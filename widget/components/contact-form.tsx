import { useEffect, useRef, useState } from 'preact/hooks';
import { useStore } from '../context';
import { invalidFields } from '../contact';
import { tables, type Key } from '../i18n';
import type { ContactField } from '../types';

/**
 * The contact form (extension), opened as a sheet over the lower part of the panel: the
 * conversation stays readable above it and Submit stays in view (its fields scroll, the
 * buttons do not). Validates like the server does and marks each failing field, below the
 * field (outside its label), and the mark goes as soon as the value becomes valid.
 */
export function ContactForm() {
  const s = useStore();
  const l = s.l.value;
  const [values, setValues] = useState<Record<string, string>>({});
  const [bad, setBad] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const first = useRef<HTMLFormElement>(null);
  const open = s.contact.open.value;
  useEffect(() => {
    if (open) first.current?.querySelector<HTMLElement>('input,textarea,select')?.focus();
  }, [open]);
  if (!open) return null;

  const submit = async (e: Event) => {
    e.preventDefault();
    setSending(true);
    const r = await s.contact.submit(values);
    setSending(false);
    setFailed(r === 'failed');
    setBad(r === 'failed' ? [] : r);
  };
  const field = (f: ContactField) => {
    const id = `cw-f-${f.name}`;
    const invalid = bad.includes(f.name);
    const props = {
      id,
      name: f.name,
      required: !!f.required,
      value: values[f.name] || '',
      'aria-invalid': invalid,
      'aria-describedby': invalid ? `${id}-e` : undefined,
      onInput: (e: Event) => {
        const next = { ...values, [f.name]: (e.currentTarget as HTMLInputElement).value };
        setValues(next);
        // A marked field is checked again as it is typed in: corrected, its mark goes.
        if (bad.length) {
          const still = invalidFields(s.contact.fields.value, next);
          setBad(bad.filter((n) => n !== f.name || still.includes(n)));
        }
      },
    };
    return (
      <div class="field" key={f.name}>
        <label for={id}>{f.label || (`field.${f.name}` in tables.en ? l.t(`field.${f.name}` as Key) : f.name)}</label>
        {f.type === 'textarea' ? (
          <textarea rows={3} {...props} />
        ) : f.type === 'select' ? (
          <select {...props}>
            <option value="" />
            {(f.options || []).map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        ) : (
          <input type={(f.type === 'email' || f.type === 'tel' ? f.type : 'text') as 'text'} {...props} />
        )}
        {invalid && <small id={`${id}-e`}>{l.t(values[f.name]?.trim() ? 'invalid' : 'required')}</small>}
      </div>
    );
  };
  return (
    <form class="form" ref={first} noValidate onSubmit={submit} aria-label={l.t('contact')}>
      <div class="fields">
        {s.contact.fields.value.map(field)}
        {failed && <small role="alert">{l.t('error.server')}</small>}
      </div>
      <div class="row actions">
        <button type="submit" class="primary" disabled={sending}>
          {l.t('contactSend')}
        </button>
        <button type="button" onClick={() => (s.contact.open.value = false)}>
          {l.t('cancel')}
        </button>
      </div>
    </form>
  );
}
