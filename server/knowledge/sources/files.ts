/**
 * Binary files of a knowledge folder (PDF, DOCX): `collect()` in knowledge.ts hands each one
 * here and awaits its documents (KnowledgeBase.load, which the server awaits before it listens).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileId, fileTitle, type SourceDocument } from './document.ts';

/** Larger than text files' cap: manuals with pictures are often a few megabytes. */
export const MAX_BINARY_BYTES = 25 * 1024 * 1024;

type Reader = (bytes: Buffer, id: string, title: string) => Promise<SourceDocument[]>;

// Loaded at the first file of their type: PDF.js alone adds over a second to every start
// (measured: importing pdf.ts under tsx), which a server without PDFs need not pay.
const READERS: Record<string, () => Promise<Reader>> = {
  '.pdf': async () => (await import('./pdf.ts')).readPdf,
  '.docx': async () => (await import('./docx.ts')).readDocx,
};
export const SOURCE_EXTENSIONS = Object.keys(READERS);

// One file at a time: PDF.js parses on the main thread, and a folder of manuals parsed at
// once would hold them all in memory together.
let queue: Promise<unknown> = Promise.resolve();

/** The documents of a PDF or DOCX file, or null when the file is not one (read it as text). */
export function readSourceFile(file: string, root: string): Promise<SourceDocument[]> | null {
  const read = READERS[extname(file).toLowerCase()];
  if (!read) return null;
  const run = async () => {
    if ((await stat(file)).size > MAX_BINARY_BYTES) throw new Error(`file too large (over ${MAX_BINARY_BYTES / 1024 / 1024} MB)`);
    return (await read())(await readFile(file), fileId(file, root), fileTitle(file));
  };
  const done = queue.then(run);
  queue = done.catch(() => undefined);
  return done;
}
