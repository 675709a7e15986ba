/**
 * Contact-form validation, run by the widget before it sends and by the server on what
 * arrives, so both say the same about the same values. No imports beyond the limits: the
 * widget bundles this file.
 */
import type { ContactField } from './schemas.ts';
import { MAX_CONTACT_FIELD_CHARS, MAX_CONTACT_TEXTAREA_CHARS } from './limits.ts';

/** One "@", no spaces, and a dot in the domain followed by a top-level part of 2+ characters. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
/** Digits with the usual separators and an optional leading "+"; at least 5 digits in all. */
const TEL = /^\+?[\d\s().\-/]{5,30}$/;

/** A sent value; own properties only, so a field named "constructor" is not Object's. */
export const sentValue = (values: Record<string, unknown>, name: string): unknown => (Object.hasOwn(values, name) ? values[name] : undefined);

/** A field definition as either side has it (a field without a type is a text field). */
type FieldDef = Pick<ContactField, 'name'> & Partial<Pick<ContactField, 'type' | 'required' | 'options'>>;

/** Whether one value passes its field's definition (an empty optional value passes). */
function contactValueOk(def: FieldDef, raw: unknown): boolean {
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (value === undefined || value === null || value === '') return !def.required;
  if (typeof value !== 'string') return false;
  const max = def.type === 'textarea' ? MAX_CONTACT_TEXTAREA_CHARS : MAX_CONTACT_FIELD_CHARS;
  if (value.length > max) return false;
  if (def.type === 'email') return EMAIL.test(value);
  if (def.type === 'tel') return TEL.test(value) && value.replace(/\D/g, '').length >= 5;
  if (def.type === 'select') return (def.options ?? []).includes(value);
  return true;
}

/** Names of every failing field, so a form can mark them all at once. */
export function invalidContactFields(defs: readonly FieldDef[], values: Record<string, unknown>): string[] {
  return defs.filter((def) => !contactValueOk(def, sentValue(values, def.name))).map((def) => def.name);
}
