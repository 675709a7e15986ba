import type { AgentMe } from '../api';
import { fieldText } from '../format';

type Field = AgentMe['bots'][number]['contact_fields'][number];

/** The contact form's fields of every bot by name (issue 22): the label a column or row is named by, and its type. */
export function contactFields(me: AgentMe | null): Map<string, Field> {
  const out = new Map<string, Field>();
  for (const b of me?.bots ?? []) for (const f of b.contact_fields ?? []) if (!out.has(f.name)) out.set(f.name, f);
  return out;
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** A value as text; an e-mail address (by the field's type, or its look) as a mailto link. Line breaks are kept by CSS. */
export function ContactValue({ value, field }: { value: unknown; field?: Field }) {
  const shown = fieldText(value);
  if ((field?.type === 'email' || !field) && EMAIL.test(shown.trim())) return <a href={`mailto:${encodeURIComponent(shown.trim()).replace('%40', '@')}`}>{shown}</a>;
  return <span class="field-text">{shown}</span>;
}
