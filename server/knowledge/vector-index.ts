/**
 * The passages' vectors in one Float32Array (row i is passage i), each of length 1, so a
 * cosine similarity is a dot product; the nearest passages to a question are found by reading
 * every row (no approximate index: at 100,000 passages × 768 dimensions a scan costs tens of
 * milliseconds, bench/vectors.mjs, and keeps results exact).
 */

export interface Nearest {
  /** The passage's row. */
  doc: number;
  /** Cosine similarity to the question, in [-1, 1]. */
  similarity: number;
}

/** The vector scaled to length 1, as a new Float32Array; null for a zero or non-finite vector. */
export function normalised(v: ArrayLike<number>): Float32Array | null {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  if (!(sum > 0) || !Number.isFinite(sum)) return null;
  const out = new Float32Array(v.length);
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) out[i] = v[i] * scale;
  return out;
}

export class VectorIndex {
  readonly count: number;

  /** `missing`: rows without a vector (all zero), skipped by `nearest`; none when absent. */
  constructor(readonly dims: number, private readonly rows: Float32Array, private readonly missing: Uint8Array | null = null) {
    this.count = rows.length / dims;
  }

  /** Rows from one vector per passage (normalised, of `dims`), undefined for a passage still without one. */
  static of(vectors: readonly (Float32Array | undefined)[], dims: number): VectorIndex {
    const rows = new Float32Array(vectors.length * dims);
    let missing: Uint8Array | null = null;
    vectors.forEach((v, i) => {
      if (v) rows.set(v, i * dims);
      else (missing ??= new Uint8Array(vectors.length))[i] = 1;
    });
    return new VectorIndex(dims, rows, missing);
  }

  /** The `k` rows most similar to `q` (normalised, `dims` long), most similar first. */
  nearest(q: Float32Array, k: number): Nearest[] {
    if (q.length !== this.dims || k <= 0) return [];
    const { dims, rows, missing } = this;
    const whole = dims & ~3;
    // The best k so far, kept sorted (k is small: a search's limit), worst last.
    const docs: number[] = [];
    const sims: number[] = [];
    for (let doc = 0, at = 0; doc < this.count; doc++, at += dims) {
      if (missing?.[doc]) continue;
      // Four sums at once: the additions no longer wait on each other (~25% faster than one sum).
      let a = 0, b = 0, c = 0, d = 0, j = 0;
      for (; j < whole; j += 4) {
        a += rows[at + j] * q[j];
        b += rows[at + j + 1] * q[j + 1];
        c += rows[at + j + 2] * q[j + 2];
        d += rows[at + j + 3] * q[j + 3];
      }
      for (; j < dims; j++) a += rows[at + j] * q[j];
      const dot = a + b + c + d;
      if (docs.length === k && dot <= sims[k - 1]) continue;
      let i = docs.length === k ? k - 1 : docs.length;
      while (i > 0 && sims[i - 1] < dot) {
        sims[i] = sims[i - 1];
        docs[i] = docs[i - 1];
        i--;
      }
      sims[i] = dot;
      docs[i] = doc;
    }
    return docs.map((doc, i) => ({ doc, similarity: sims[i] }));
  }
}
