// The contact form (our extension): which fields, when it is offered, validation, submission.
import { computed, signal, type Signal } from '@preact/signals';
import { invalidContactFields } from '../protocol/contact.ts';
import type { Api } from './api';
import type { BotConfig, ContactField } from './types';

// A bot that enables the form without defining fields still gets a usable one. Its labels
// are UI strings (`field.<name>`), so they follow the bot's language.
const DEFAULT_FIELDS: ContactField[] = [
  { name: 'name', type: 'text', required: false },
  { name: 'email', type: 'email', required: true },
  { name: 'message', type: 'textarea', required: true },
];

/** Names of the fields whose values fail their definition: the same rules the server applies. */
export const invalidFields = invalidContactFields;

interface Deps { client: Api; session(): string; conversation(): string | null; config: Signal<BotConfig | null>; answered: Signal<boolean> }

export function contact(d: Deps) {
  const off = signal(false);
  const open = signal(false);
  const done = signal<string | null>(null);
  /** The thank-you line shows until the visitor writes again (then it has been read). */
  const thanks = signal(false);
  let autoShown = false;
  const enabled = computed(() => !!d.config.value?.contact_form_enabled && !off.value);
  const trigger = computed(() => d.config.value?.contact_form_trigger || 'button');
  const fields = computed(() => {
    const f = d.config.value?.contact_form_fields;
    return Array.isArray(f) && f.length ? f.filter((x) => x && typeof x.name === 'string') : DEFAULT_FIELDS;
  });
  /** `always`, `after_response` (once an answer finished) or `never`; only for the button trigger modes. */
  const button = computed(() => {
    if (!enabled.value || trigger.value === 'auto' || done.value) return false;
    const show = d.config.value?.contact_form_button_display || 'after_response';
    return show === 'always' || (show === 'after_response' && d.answered.value);
  });

  /** The form can be offered now: enabled, and not sent yet. */
  const offered = computed(() => enabled.value && done.value === null);

  return {
    off, open, done, thanks, offered, fields, button,
    /** The visitor writes again: the thank-you line has been read. */
    wrote: () => void (thanks.value = false),
    /** Trigger `auto`/`both`: offered once, when the bot cannot help (no agent online, or a failed answer). */
    auto() {
      if (enabled.value && trigger.value !== 'button' && !autoShown && !done.value) open.value = autoShown = true;
    },
    /** Resolves to the names of invalid fields (empty on success or on a non-field failure). */
    async submit(values: Record<string, string>): Promise<string[] | 'failed'> {
      const bad = invalidFields(fields.value, values);
      if (bad.length) return bad;
      const r = await d.client.contact(d.session(), d.conversation(), values);
      if (r.ok) {
        done.value = r.data?.success_message || d.config.value?.contact_form_success_message || '';
        thanks.value = true;
        open.value = false;
        return [];
      }
      const named = r.error.body?.fields;
      if (Array.isArray(named) && named.length) return named.map(String);
      if (r.error.code === 'not_found' || r.error.code === 'bad_request') {
        off.value = true;
        open.value = false;
      }
      return 'failed';
    },
    reset() {
      open.value = false;
      done.value = null;
      thanks.value = false;
      autoShown = false;
    },
  };
}
export type Contact = ReturnType<typeof contact>;
