/**
 * Passage vectors kept in the data dir beside the built indexes (`<data>/index/<bot id>.vectors`),
 * keyed by the model and a hash of each passage's embedded text: a restart, a reload, or a
 * crawl that fetches an unchanged page again asks the endpoint only for passages it has not
 * seen. Another model, another format, a short or damaged file: a miss, never an error.
 *
 * Layout (as index-cache.ts): a 4-byte little-endian header length, a JSON header (format,
 * model, dims, the hashes in row order), then the vectors as float32 rows from a multiple of 4.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FORMAT = 1;

/** What a passage's vector is keyed by: its embedded text (128 bits of SHA-256, hex). */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

export interface StoredVectors { dims: number; vectors: Map<string, Float32Array> }

const fileOf = (dir: string, name: string) => join(dir, `${name.replace(/[^\w.-]/g, '_')}.vectors`);
const align = (n: number) => (n + 3) & ~3;

/** The stored vectors of this model; null when there are none (or not of this model). */
export function readVectors(dir: string, name: string, model: string): StoredVectors | null {
  try {
    const buf = readFileSync(fileOf(dir, name));
    const headerLength = buf.readUInt32LE(0);
    const header = JSON.parse(buf.subarray(4, 4 + headerLength).toString('utf8')) as { format: number; model: string; dims: number; hashes: string[] };
    if (header.format !== FORMAT || header.model !== model || !(header.dims > 0)) return null;
    const start = align(4 + headerLength);
    if (buf.length - start !== header.hashes.length * header.dims * 4) return null;
    // One aligned copy; each vector is a view into it.
    const rows = new Float32Array(header.hashes.length * header.dims);
    new Uint8Array(rows.buffer).set(buf.subarray(start));
    const vectors = new Map<string, Float32Array>();
    header.hashes.forEach((h, i) => vectors.set(h, rows.subarray(i * header.dims, (i + 1) * header.dims)));
    return { dims: header.dims, vectors };
  } catch {
    return null;
  }
}

/** Writes these vectors as the bot's only stored ones (a vector of another length is skipped). */
export function writeVectors(dir: string, name: string, model: string, dims: number, vectors: ReadonlyMap<string, Float32Array>): void {
  const kept = [...vectors].filter(([, v]) => v.length === dims);
  const header = Buffer.from(JSON.stringify({ format: FORMAT, model, dims, hashes: kept.map(([h]) => h) }));
  const start = align(4 + header.length);
  const out = Buffer.alloc(start + kept.length * dims * 4);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  kept.forEach(([, v], i) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).copy(out, start + i * dims * 4));
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a crash mid-write leaves the old file or none, never half of one.
  const file = fileOf(dir, name);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, out);
  renameSync(tmp, file);
}
