/**
 * Plain-text helpers shared by retrieval and the extractive engine: terms (with stop
 * words dropped and a light plural fold), sentences, and HTML to text.
 */

// Small stop-word lists for the languages the product ships phrases for; they keep
// "what is the ..." from matching every passage.
const STOP = new Set(`a an and are as at be but by can could do does did for from had has have how i if in into is it its
me my no not of on or our please so than that the their them then there these they this to too us was we were what when
where which who why will with would you your yours about any some tell know want get use using much many need
der die das und ist ein eine einen wie was wer wo ich du sie es nicht mit für auf den dem des zu im in von bitte kann
le la les un une des et est que qui quoi comment pour dans sur avec je tu il elle nous vous pas du au aux ce cette
el la los las un una y es que qué cómo como para en con por yo tú se lo del al mi`.split(/\s+/));

/** Lower-cases, drops stop words and one-letter tokens, folds a trailing plural "s". */
export function normTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (t.length < 2 || STOP.has(t)) return null;
  if (t.length > 4 && t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1);
  return t;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’_-][\p{L}\p{N}]+)*/gu;

/**
 * Word tokens; a hyphenated word also yields its parts and its joined form, so "Wi-Fi"
 * is found by "wifi" and "fi", and "e-mail" by "email".
 */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const w = m[0].replace(/['’]s$/i, '');
    out.push(w);
    if (/[-_]/.test(w)) out.push(w.replace(/[-_]/g, ''), ...w.split(/[-_]/));
  }
  return out;
}

export function terms(text: string): string[] {
  return tokens(text).map(normTerm).filter((t): t is string => t !== null);
}

/** Splits prose into sentences; list items and headings count as their own sentences. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)/, '').trim())
    .filter(Boolean)
    // A sentence ends at . ! ? followed by a space, so "2.4 GHz" and "v1.2" stay whole.
    .flatMap((line) => line.split(/(?<=[.!?。]["')\]]?)\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** HTML to Markdown-ish text: headings stay headings, blocks become lines, scripts vanish. */
export function htmlToText(html: string): { text: string; title: string | null } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() || null;
  const text = html
    .replace(/<(script|style|noscript|template|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<h([1-6])[^>]*>/gi, (_m, n: string) => `\n${'#'.repeat(Number(n))} `)
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|li|tr|section|article|header|footer|blockquote|pre)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*\n+/g, '\n\n')
    .trim();
  return { text, title: title ? htmlToText(title).text : null };
}

/** Markdown inline syntax removed, for answers built from passages. */
export function plainInline(s: string): string {
  return s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`{1,3}([^`]+)`{1,3}/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}
