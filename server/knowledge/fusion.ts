/**
 * The lexical ranking and the nearest passages by meaning, made one list by reciprocal-rank
 * fusion (Cormack et al. 2009): each passage scores Σ 1 / (RRF_K + rank) over the lists it is
 * in. Ranks, not scores, are summed because BM25 relevance and cosine similarity are on scales
 * that cannot be compared (and a model's cosines shift with the model).
 *
 * A passage's relevance (the score the engines and MIN_RELEVANCE read) stays the lexical one,
 * raised to its similarity when that is at least `minSimilarity`: a passage found only by
 * meaning is evidence as far as the model says it is near, and no further. One nearer than
 * `minSimilarity` and missed by the lexical search is left out: every question has nearest
 * passages, an unanswerable one too.
 */
import type { Passage } from './passage.ts';
import type { Nearest } from './vector-index.ts';

/** The usual constant: a first rank counts 1/61, a fifth 1/65, so agreement between the lists decides. */
export const RRF_K = 60;

/** A passage of the lexical ranking with its row in the index. */
export interface Ranked { doc: number; passage: Passage }

/**
 * The fused list, at most `limit` long. `lexical` is the lexical search's ranking (best first),
 * `nearest` the vector search's; `passageOf` gives a row's passage (score 0) for one only the
 * vectors found. Ties keep the lexical order first.
 */
export function fuse(lexical: readonly Ranked[], nearest: readonly Nearest[], passageOf: (doc: number) => Passage, limit: number, minSimilarity: number): Passage[] {
  const fused = new Map<number, { passage: Passage; score: number; order: number }>();
  lexical.forEach(({ doc, passage }, rank) => fused.set(doc, { passage, score: 1 / (RRF_K + rank + 1), order: rank }));
  nearest.forEach(({ doc, similarity }, rank) => {
    const known = fused.get(doc);
    if (similarity < minSimilarity) return;
    const relevance = Math.round(Math.min(1, similarity) * 1000) / 1000;
    if (known) {
      known.score += 1 / (RRF_K + rank + 1);
      known.passage = { ...known.passage, score: Math.max(known.passage.score, relevance) };
    } else {
      fused.set(doc, { passage: { ...passageOf(doc), score: relevance }, score: 1 / (RRF_K + rank + 1), order: lexical.length + rank });
    }
  });
  return [...fused.values()].sort((a, b) => b.score - a.score || a.order - b.order).slice(0, limit).map((f) => f.passage);
}
