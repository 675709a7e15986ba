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
 * Lines of a page joined into paragraphs: a line break inside a paragraph is a space (so a
 * sentence wrapped over two lines stays one sentence), a vertical gap taller than about one
 * and a half lines starts a new paragraph.
 */
export function pageText(items: readonly object[]): { text: string; firstLine: string } {
  const paragraphs: string[][] = [[]];
  let line = '';
  let lineY: number | null = null;
  let lastY: number | null = null;
  let lastHeight = 0;
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    line = '';
    if (!text) return;
    if (lastY !== null && lineY !== null && lastY - lineY > 1.6 * (lastHeight || 10)) paragraphs.push([]);
    paragraphs.at(-1)!.push(text);
    lastY = lineY;
  };
  for (const item of items) {
    if (!('str' in item)) continue; // marked-content markers carry no text
    const run = item as TextRun;
    if (line === '') {
      lineY = run.transform[5];
      if (run.height) lastHeight = run.height;
    }
    line += run.str;
    if (run.hasEOL) endLine();
  }
  endLine();
  const text = paragraphs
    .map((lines) => lines.reduce((acc, l) => (!acc ? l : acc.endsWith('-') ? acc + l : `${acc} ${l}`), ''))
    .filter(Boolean)
    .join('\n\n');
  return { text, firstLine: paragraphs[0][0] ?? '' };
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
    return pages.flatMap((p, i) => (p.text ? [{ id: `${id}#page=${i + 1}`, sourceId: id, title, url: '', text: p.text }] : []));
  } finally {
    await pdf.destroy();
  }
}
