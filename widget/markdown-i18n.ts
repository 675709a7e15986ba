// Labels of the controls the Markdown renderer adds (copy button, table region). They live in
// the lazy chunk rather than in i18n.ts so that widget.js does not carry them before the chat
// opens. English is the source of the key set; every other table is typed against it.
const en = {
  copy: 'Copy',
  copyCode: 'Copy code',
  copied: 'Copied',
  copyFailed: 'Could not copy; the code is selected.',
  table: 'Table',
};

export type Labels = typeof en;

export const labelTables: Record<string, Labels> = {
  en,
  de: { copy: 'Kopieren', copyCode: 'Code kopieren', copied: 'Kopiert', copyFailed: 'Kopieren nicht möglich; der Code ist markiert.', table: 'Tabelle' },
  fr: { copy: 'Copier', copyCode: 'Copier le code', copied: 'Copié', copyFailed: 'Copie impossible ; le code est sélectionné.', table: 'Tableau' },
  es: { copy: 'Copiar', copyCode: 'Copiar el código', copied: 'Copiado', copyFailed: 'No se pudo copiar; el código está seleccionado.', table: 'Tabla' },
  ar: { copy: 'نسخ', copyCode: 'نسخ الشيفرة', copied: 'تم النسخ', copyFailed: 'تعذّر النسخ؛ الشيفرة محدّدة.', table: 'جدول' },
};

/** The labels for a language code such as "de" or "de-AT" (the widget's `lang`); unknown → English. */
export function labels(code: string | null | undefined): Labels {
  return labelTables[String(code || 'en').toLowerCase().split(/[-_]/)[0]] ?? en;
}
