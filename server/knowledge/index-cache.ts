/**
 * Built indexes kept in the data dir (`<data>/index/<bot id>.idx`), so a restart reads the
 * arrays back instead of indexing the knowledge again. A file is used only when its key
 * matches: the hash of the passages (ids, titles, headings, texts), the bot's language and
 * the indexing code (text.ts, search-index.ts and the versions of the stemmer and stop-word
 * packages). Anything else — another key, a short or damaged file — is a miss, never an error.
 *
 * Layout: a 4-byte little-endian header length, a JSON header (format, key, terms, array
 * lengths), then the arrays, each starting at a multiple of 4 bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { IndexData } from './search-index.ts';

/**
 * 2: a passage with a numbered list is indexed with the term "step" (knowledge.ts fieldTerms).
 * 3: "-tion"/"-sion" nouns keep the verb's last letter ("connection" → "connect", text.ts).
 * 4: the terms of a definition list's entries ("pull <repository>::") are indexed as headings.
 * 5: an option's synopsis line opens the passage of its description (knowledge.ts chunk).
 * 6: an option's synopsis on a line of its own is indexed as a heading (knowledge.ts fieldTerms).
 * 7: a one-letter key of a key combination is a term with its modifier ("Ctrl + U" → "ctrl+u", text.ts tokens).
 * 8: a code listing cut between passages is closed and opened again at the cut (knowledge.ts chunk).
 * 9: one line of counts under a ruled header is a table (sources/pdf.ts columnsOf).
 * 10: a count with thousands separators ("2,276,334") is one term, without them (text.ts tokens).
 * 14: a paragraph right before a numbered list's first item stays in its passage (knowledge.ts chunk).
 */
const FORMAT = 14;

/**
 * The files whose code makes an index's terms: the sources when run from TypeScript, the
 * compiled files in the built server (dist/). Reading only the .ts names once missed every
 * change in a built server, which then kept serving indexes of the old stemming.
 */
export function indexCodeFiles(): URL[] {
  return ['text', 'search-index'].flatMap((name) => ['.ts', '.js'].map((ext) => new URL(`./${name}${ext}`, import.meta.url)).filter((u) => existsSync(u)).slice(0, 1));
}

/** The indexing code's own hash: a change to how terms are made or stored invalidates every file. */
const CODE = (() => {
  const h = createHash('sha256').update(`format ${FORMAT}`);
  const files = indexCodeFiles();
  if (files.length < 2) h.update('indexing code unreadable');
  for (const file of files) {
    try {
      h.update(readFileSync(file));
    } catch {
      h.update(`${file} unreadable`);
    }
  }
  const require = createRequire(import.meta.url);
  for (const pkg of ['@orama/stemmers', 'stopword']) {
    try {
      h.update(`${pkg}@${(require(`${pkg}/package.json`) as { version: string }).version}`);
    } catch {
      h.update(`${pkg} unknown`);
    }
  }
  return h.digest('hex');
})();

export interface Indexed { id: string; title: string; heading: string; text: string }

/** The key of an index over these passages in this language with this code. */
export function indexKey(passages: Indexed[], language: string): string {
  const h = createHash('sha256').update(CODE).update(`\0${language}\0`);
  for (const p of passages) h.update(`${p.id}\0${p.title}\0${p.heading}\0${p.text}\0\0`);
  return h.digest('hex');
}

const fileOf = (dir: string, name: string) => join(dir, `${name.replace(/[^\w.-]/g, '_')}.idx`);

const align = (n: number) => (n + 3) & ~3;

export function writeIndex(dir: string, name: string, key: string, data: IndexData): void {
  const arrays = [data.offsets, data.docs, data.tfs, data.lengths];
  const header = Buffer.from(JSON.stringify({ format: FORMAT, key, terms: data.terms, lengths: arrays.map((a) => a.length) }));
  const start = align(4 + header.length);
  const size = arrays.reduce((at, a) => align(at + a.byteLength), start);
  const out = Buffer.alloc(size);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  let at = start;
  for (const a of arrays) {
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, at);
    at = align(at + a.byteLength);
  }
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a crash mid-write leaves the old file or none, never half of one.
  const file = fileOf(dir, name);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, out);
  renameSync(tmp, file);
}

/** The stored index when its key matches; null otherwise. */
export function readIndex(dir: string, name: string, key: string): IndexData | null {
  let buf: Buffer;
  try {
    buf = readFileSync(fileOf(dir, name));
  } catch {
    return null;
  }
  try {
    const headerLength = buf.readUInt32LE(0);
    const header = JSON.parse(buf.subarray(4, 4 + headerLength).toString('utf8')) as { format: number; key: string; terms: string[]; lengths: number[] };
    if (header.format !== FORMAT || header.key !== key) return null;
    // One aligned copy of the arrays' bytes; the typed arrays are views into it.
    const start = align(4 + headerLength);
    const body = new Uint8Array(buf.length - start);
    body.set(buf.subarray(start));
    let at = 0;
    const view = <T>(Kind: new (b: ArrayBuffer, o: number, l: number) => T, length: number): T => {
      if (at + length * 4 > body.byteLength) throw new Error('short file');
      const v = new Kind(body.buffer, at, length);
      at = align(at + length * 4);
      return v;
    };
    const [o, d, t, l] = header.lengths;
    const data: IndexData = { terms: header.terms, offsets: view(Uint32Array, o), docs: view(Uint32Array, d), tfs: view(Float32Array, t), lengths: view(Float32Array, l) };
    if (data.offsets.length !== data.terms.length + 1 || data.offsets[data.terms.length] !== data.docs.length) throw new Error('inconsistent');
    return data;
  } catch {
    return null;
  }
}
