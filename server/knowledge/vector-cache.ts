/**
 * Passage vectors kept in the data dir beside the built indexes (`<data>/index/<bot id>.vectors`),
 * keyed by the model and a hash of each passage's embedded text: a restart, a reload, or a
 * crawl that fetches an unchanged page again asks the endpoint only for passages it has not
 * seen. Another model, another format, a damaged file: a miss, never an error.
 *
 * Layout: one or more segments, each a 4-byte little-endian header length, a JSON header
 * (format, model, dims, the hashes in row order), then the vectors as float32 rows from a
 * multiple of 4 (index-cache.ts's layout; a file of one segment is what earlier versions wrote,
 * and they read a file of several as a miss). A pass that embedded a few new passages appends
 * them as a segment instead of writing every row again (hundreds of MB at 100,000 passages);
 * a later segment's row wins over an earlier one of the same hash. A segment cut short (a crash
 * while appending) is left out, with everything after it.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FORMAT = 1;

/** What a passage's vector is keyed by: its embedded text (128 bits of SHA-256, hex). */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

export interface StoredVectors {
  dims: number;
  vectors: Map<string, Float32Array>;
  /** Rows in the file, the overwritten and the forgotten included: what a rewrite would save. */
  rows: number;
  /** False when the file ends in a segment cut short: the next write must rewrite it, not append. */
  whole: boolean;
}

const fileOf = (dir: string, name: string) => join(dir, `${name.replace(/[^\w.-]/g, '_')}.vectors`);
const align = (n: number) => (n + 3) & ~3;

/** The stored vectors of this model; null when there are none (or not of this model). */
export function readVectors(dir: string, name: string, model: string): StoredVectors | null {
  let buf: Buffer;
  try {
    buf = readFileSync(fileOf(dir, name));
  } catch {
    return null;
  }
  let dims = 0;
  let rows = 0;
  let whole = true;
  const vectors = new Map<string, Float32Array>();
  for (let at = 0; at < buf.length;) {
    const segment = segmentAt(buf, at);
    if (!segment) {
      whole = false;
      break;
    }
    const { header, start, end } = segment;
    // Another model or length anywhere: not this model's vectors.
    if (header.format !== FORMAT || header.model !== model || !(header.dims > 0) || (dims && header.dims !== dims)) return null;
    dims = header.dims;
    // One aligned copy per segment; each vector is a view into it.
    const copy = new Float32Array(header.hashes.length * dims);
    new Uint8Array(copy.buffer).set(buf.subarray(start, end));
    header.hashes.forEach((h, i) => vectors.set(h, copy.subarray(i * dims, (i + 1) * dims)));
    rows += header.hashes.length;
    at = end;
  }
  return dims ? { dims, vectors, rows, whole } : null;
}

type Header = { format: number; model: string; dims: number; hashes: string[] };

/** The segment starting at byte `at`; null when it is cut short or unreadable. */
function segmentAt(buf: Buffer, at: number): { header: Header; start: number; end: number } | null {
  if (buf.length - at < 4) return null;
  const headerEnd = at + 4 + buf.readUInt32LE(at);
  if (headerEnd > buf.length) return null;
  let header: Header;
  try {
    header = JSON.parse(buf.subarray(at + 4, headerEnd).toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(header?.hashes)) return null;
  const start = align(headerEnd);
  const end = start + header.hashes.length * header.dims * 4;
  return Number.isFinite(end) && end <= buf.length ? { header, start, end } : null;
}

/** One segment of these vectors (a vector of another length is skipped). */
function segment(model: string, dims: number, vectors: ReadonlyMap<string, Float32Array>): Buffer {
  const kept = [...vectors].filter(([, v]) => v.length === dims);
  const header = Buffer.from(JSON.stringify({ format: FORMAT, model, dims, hashes: kept.map(([h]) => h) }));
  const start = align(4 + header.length);
  const out = Buffer.alloc(start + kept.length * dims * 4);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  kept.forEach(([, v], i) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).copy(out, start + i * dims * 4));
  return out;
}

/** Writes these vectors as the bot's only stored ones (a vector of another length is skipped). */
export function writeVectors(dir: string, name: string, model: string, dims: number, vectors: ReadonlyMap<string, Float32Array>): void {
  const out = segment(model, dims, vectors);
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a crash mid-write leaves the old file or none, never half of one.
  const file = fileOf(dir, name);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, out);
  renameSync(tmp, file);
}

/**
 * Adds these vectors to the stored ones as a segment (of the model and length already stored:
 * the caller knows from readVectors or its own last write). Every segment is a multiple of 4
 * bytes long, so the next one starts aligned.
 */
export function appendVectors(dir: string, name: string, model: string, dims: number, vectors: ReadonlyMap<string, Float32Array>): void {
  appendFileSync(fileOf(dir, name), segment(model, dims, vectors));
}
