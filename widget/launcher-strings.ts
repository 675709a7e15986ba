// The launcher's accessible name, the one UI string the loader needs before the app (and its
// full string tables in i18n.ts, which take these from here) has loaded.
export const OPEN_LABEL: Record<string, string> = {
  en: 'Open chat',
  de: 'Chat öffnen',
  fr: 'Ouvrir le chat',
  es: 'Abrir chat',
  ar: 'افتح الدردشة',
};

/** The table key for a language code such as "de-AT"; unknown → en. */
export function langCode(code: string | null | undefined): string {
  const base = String(code || 'en').toLowerCase().split(/[-_]/)[0];
  return base in OPEN_LABEL ? base : 'en';
}
