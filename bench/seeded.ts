// Shared by the bench scripts that draw something (questions, typos): the same draws every run.
import { createHash } from 'node:crypto';

/** A small seeded PRNG (mulberry32): the same questions (or typos) every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}


/** A stable 32-bit number for a key (the first bytes of its SHA-1): a seed per table, file or entry. */
export const hashOf = (key: string): number => createHash('sha1').update(key).digest().readUInt32BE(0);

/** Which half a generated question falls in by its key: "tune" (its misses may be read) or "check". */
export const halfOf = (key: string): 'tune' | 'check' => (hashOf(key) % 2 ? 'check' : 'tune');
