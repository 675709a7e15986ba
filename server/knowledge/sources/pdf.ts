/**
 * PDF files: text per page with Mozilla's PDF.js (pdfjs-dist), the parser Firefox ships.
 * Each page is its own document (so a passage never spans pages), all citing the file.
 * Title: the document's metadata, else its first line of text, else the file name.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { SourceDocument } from './document.ts';

/** Pages after this many are not read: a bound on the time and memory one file can take. */
export const MAX_PDF_PAGES = 2000;

// Standard fonts and CMaps ship inside pdfjs-dist; without them PDF.js warns and may
// mis-map glyphs of non-embedded fonts (Helvetica, CJK) to text.
const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const OPTIONS = {
  standardFontDataUrl: join(PDFJS_DIR, 'standard_fonts') + '/',
  cMapUrl: join(PDFJS_DIR, 'cmaps') + '/',
  cMapPacked: true,
  // Untrusted input: no code generated from font programs, no system fonts, no noise on stderr.
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  verbosity: VerbosityLevel.ERRORS,
};

interface TextRun { str: string; hasEOL: boolean; height: number; transform: number[] }

/**
 * A paragraph that is a section title: one short line without a sentence's end, set in a
 * larger font than the page's body text or numbered like a section ("4.2.7. Fishy argument
 * values"). The chunker cuts passages at it and reads what follows under it.
 */
const SECTION_NUMBER = /^\d+(?:\.\d+)*\.?\s+\p{Lu}/u;
/** How far past the page's left margin (in PDF units, 1/72 inch) an item's text starts. */
const INDENT = 12;
/** An item of a numbered list: "1. ", "2) ". */
const LIST_NUMBER = /^(\d{1,2})[.)]\s/;
/** A rule drawn with characters ("--------", "======") between a program's output lines. */
const RULE_LINE = /^[-=_*~]{8,}$/;
/** A cell of program output that is a count: "2,521,927", "0", "99%", or "." for none. */
const FIGURE = /^(?:[\d][\d,.]*%?|\.)$/;
/**
 * A program's output laid out in columns ("Ir I1mr ILmr … file:function" over lines of counts,
 * cg_annotate's tables): a PDF gives it as lines of words, which joined into a paragraph made
 * one run of numbers nobody could read a cell from. A header line of three or more words, then
 * two or more lines with at least as many words, most of them figures, is a table: a Markdown
 * one, so each line becomes a row that names its columns ("Ir: 2,521,927; …; file:function:
 * concord.c:hash"). A last column of words (a function's name) takes what is left of a line;
 * past a last column of figures, the rest (an annotated line of source) is a cell of its own.
 * Null when the lines are not such a table; lines before the header stay prose.
 */
function columnsOf(lines: string[]): { before: string[]; table: string } | null {
  const kept = lines.filter((l) => !RULE_LINE.test(l));
  const ruled = kept.length < lines.length;
  const words = kept.map((l) => l.split(' '));
  const figures = (ws: string[]) => ws.filter((w) => FIGURE.test(w)).length;
  for (let h = 0; h < kept.length - (ruled ? 1 : 2); h++) {
    const header = words[h];
    const k = header.length;
    if (k < 3 || figures(header) > 0 || /[.!?;]$/.test(kept[h])) continue;
    const rows: string[][] = [];
    for (let r = h + 1; r < kept.length && words[r].length >= k && figures(words[r].slice(0, k)) * 2 >= k; r++) rows.push(words[r]);
    // One row is a table too when rules frame the output ("PROGRAM TOTALS" under its ruled
    // header): prose never draws them.
    if (rows.length < (ruled ? 1 : 2)) continue;
    // Rows beyond the table's lines (prose after it) are not read as rows.
    if (h + 1 + rows.length < kept.length) return null;
    const exact = rows.filter((r) => r.length === k);
    const wordsLast = exact.length > 0 && exact.filter((r) => !FIGURE.test(r[k - 1])).length * 2 > exact.length;
    const cellsOf = (r: string[]) => (r.length === k ? r : wordsLast ? [...r.slice(0, k - 1), r.slice(k - 1).join(' ')] : [...r.slice(0, k), r.slice(k).join(' ')]);
    const line = (cs: string[]) => `| ${cs.map((c) => c.replace(/\|/g, '/')).join(' | ')} |`;
    const table = [line(header), line(header.map(() => '---')), ...rows.map((r) => line(cellsOf(r)))].join('\n');
    return { before: kept.slice(0, h), table };
  }
  return null;
}

function isTitle(lines: string[], height: number, body: number): boolean {
  if (lines.length !== 1) return false;
  const l = lines[0];
  if (l.length > 100 || /[.!?:;,]$/.test(l) || !/\p{L}{3}/u.test(l)) return false;
  return SECTION_NUMBER.test(l) || (body > 0 && height >= body * 1.15);
}

/**
 * Lines of a page joined into paragraphs: a line break inside a paragraph is a space (so a
 * sentence wrapped over two lines stays one sentence), a vertical gap taller than about one
 * and a half lines starts a new paragraph. Section titles come out as Markdown headings.
 */
export function pageText(items: readonly object[]): { text: string; firstLine: string; lastHeading: string | null } {
  const paragraphs: { lines: string[]; height: number; x: number | null }[] = [{ lines: [], height: 0, x: null }];
  let line = '';
  let lineX: number | null = null;
  const lineXs: number[] = [];
  let lineY: number | null = null;
  let lineHeight = 0;
  let lastY: number | null = null;
  let lastHeight = 0;
  /** Characters per run height (to a tenth): the body size is the height most are set in. */
  const counts = new Map<number, number>();
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    line = '';
    if (!text) return;
    if (lastY !== null && lineY !== null && lastY - lineY > 1.6 * (lastHeight || 10)) paragraphs.push({ lines: [], height: 0, x: null });
    const p = paragraphs.at(-1)!;
    if (!p.lines.length) p.x = lineX;
    if (lineX !== null) lineXs.push(Math.round(lineX));
    lineX = null;
    p.lines.push(text);
    p.height = Math.max(p.height, lineHeight);
    lastY = lineY;
  };
  for (const item of items) {
    if (!('str' in item)) continue; // marked-content markers carry no text
    const run = item as TextRun;
    if (line === '') {
      lineY = run.transform[5];
      lineHeight = 0;
      if (run.height) lastHeight = run.height;
    }
    if (run.height && run.str.trim()) {
      lineHeight = Math.max(lineHeight, run.height);
      // Weighed by its characters: many short runs of code ("--leak-check=full", "all") set
      // smaller than the prose are not the body text.
      const h = Math.round(run.height * 10) / 10;
      counts.set(h, (counts.get(h) ?? 0) + run.str.trim().length);
    }
    if (lineX === null && run.str.trim()) lineX = run.transform[4];
    line += run.str;
    if (run.hasEOL) endLine();
  }
  endLine();
  // The body size: the height most of the page's characters are set in.
  const body = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  let lastHeading: string | null = null;
  // A word broken at a hyphen over a gap ("--leak-check-" … "heuristics=stdstring,…") goes on
  // in the next paragraph: one paragraph.
  const kept: typeof paragraphs = [];
  for (const p of paragraphs.filter((q) => q.lines.length)) {
    const last = kept.at(-1);
    if (last && /\p{L}-$/u.test(last.lines.at(-1)!) && /^\p{Ll}/u.test(p.lines[0])) last.lines.push(...p.lines);
    else kept.push(p);
  }
  const texts = kept.map((p) => p.lines.reduce((acc, l) => (!acc ? l : acc.endsWith('-') ? acc + l : `${acc} ${l}`), ''));
  const numberOf = (i: number) => Number(LIST_NUMBER.exec(texts[i] ?? '')?.[1] ?? NaN);
  // After a lead-in ("…reads options from three places:"), "1. The file ~/.valgrindrc",
  // "2. …" are the items of a list, whatever their font; a "1. Background" that no "2." follows
  // is a chapter's title.
  const listItems = new Set<number>();
  for (let i = 0; i < texts.length; i++) {
    const n = numberOf(i);
    if (!n) continue;
    if ((n === 1 && texts[i - 1]?.endsWith(':') && numberOf(i + 1) === 2) || (listItems.has(i - 1) && numberOf(i - 1) === n - 1)) listItems.add(i);
  }
  // Bullets drawn rather than written (Valgrind's manuals) leave their items indented past the
  // page's text: after a lead-in ("…specified in one of the following ways:"), such paragraphs
  // are the items of a list ("- a comma separated list of…", "- all to activate…").
  const xCounts = new Map<number, number>();
  for (const x of lineXs) xCounts.set(x, (xCounts.get(x) ?? 0) + 1);
  // The left margin: the leftmost start that more than one line shares (a page may hold more
  // item lines than prose lines).
  const margin = Math.min(...[...xCounts].filter(([, n]) => n > 1).map(([x]) => x), Infinity);
  const bulleted = new Set<number>();
  for (let i = 1; i < kept.length; i++) {
    const indented = (kept[i].x ?? margin) >= margin + INDENT && !isTitle(kept[i].lines, kept[i].height, body) && !LIST_NUMBER.test(texts[i]);
    if (indented && (texts[i - 1].endsWith(':') || bulleted.has(i - 1))) bulleted.add(i);
  }
  const text = kept
    .map((p, i) => {
      if (bulleted.has(i)) return `- ${texts[i]}`;
      const columns = p.lines.length > 2 ? columnsOf(p.lines) : null;
      if (columns) return [...(columns.before.length ? [columns.before.join(' ')] : []), columns.table].join('\n\n');
      if (listItems.has(i) || !isTitle(p.lines, p.height, body)) return texts[i];
      lastHeading = texts[i];
      return `## ${texts[i]}`;
    })
    .join('\n\n');
  return { text, firstLine: paragraphs[0].lines[0] ?? '', lastHeading };
}

function metadataTitle(info: unknown, metadata: { get(name: string): unknown } | null): string | null {
  const fromInfo = (info as { Title?: unknown })?.Title;
  for (const t of [fromInfo, metadata?.get('dc:title')]) {
    if (typeof t === 'string' && t.trim()) return t.trim();
  }
  return null;
}

/** Reads a PDF into one document per page with text; throws a readable reason when it cannot. */
export async function readPdf(bytes: Uint8Array, id: string, fallbackTitle: string): Promise<SourceDocument[]> {
  // PDF.js takes ownership of the buffer it is given: hand it a copy.
  const task = getDocument({ ...OPTIONS, data: new Uint8Array(bytes) });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (e) {
    await task.destroy();
    const err = e as Error;
    if (err.name === 'PasswordException') throw new Error('the PDF is password-protected');
    throw new Error(`not a readable PDF (${err.message.replace(/\.$/, '')})`);
  }
  try {
    const pages: ReturnType<typeof pageText>[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PDF_PAGES); n++) {
      const page = await pdf.getPage(n);
      pages.push(pageText((await page.getTextContent()).items));
      page.cleanup();
    }
    const first = pages.find((p) => p.text);
    if (!first) throw new Error('the PDF has no text layer (a scan needs OCR first)');
    const { info, metadata } = await pdf.getMetadata().catch(() => ({ info: null, metadata: null }));
    const title = metadataTitle(info, metadata) ?? (first.firstLine.slice(0, 200) || fallbackTitle);
    // A section goes on over the page break: a page that does not open with a title is read
    // under the last title before it.
    let section: string | null = null;
    return pages.flatMap((p, i) => {
      if (!p.text) return [];
      const text = section && !p.text.startsWith('## ') ? `## ${section}\n\n${p.text}` : p.text;
      section = p.lastHeading ?? section;
      return [{ id: `${id}#page=${i + 1}`, sourceId: id, title, url: '', text }];
    });
  } finally {
    await pdf.destroy();
  }
}
