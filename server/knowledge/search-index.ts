/**
 * A compact BM25 index over passages: postings in typed arrays, scores accumulated into one
 * reusable array, the best few picked without sorting every hit. It replaces MiniSearch's
 * `search()`, which builds a result object for every matching passage and sorts them all
 * (p99 37 ms over 10,000 passages, on the event loop).
 * MiniSearch's radix tree (SearchableMap) is still what finds the words a typo or a word
 * start stands for. The arrays are the persisted form too (index-cache.ts), so loading an
 * index is reading a file, not rebuilding it.
 */
import SearchableMap from 'minisearch/SearchableMap';

/** A passage's fields as terms (already normalized by text.ts). */
export interface FieldTerms { title: string[]; heading: string[]; text: string[] }

/** One term of a query; `weight` is the caller's (current question 1, earlier turns less). */
export interface QueryTerm { term: string; weight: number }

export interface Expansion {
  term: number;
  factor: number;
  /** For a typo's correction: the spelling one slip away that stems to the term (what was meant). */
  spelling?: string;
}

export interface Hit {
  doc: number;
  /** BM25 over all query terms, each times its weight and its expansion's factor. */
  score: number;
  /** For query term i, the best factor with which the passage matched it (0: not at all). */
  matched: Float32Array;
}

/** Field weights: a word in a page title says more about the page than one in its body. */
const BOOST = { title: 2, heading: 1.5, text: 1 };
const K1 = 1.2;
const B = 0.75;
/** Expansions of a word the index does not know: at most this many, and worth less than a match. */
const MAX_EXPANSIONS = 6;
const PREFIX_FACTOR = 0.6;
const FUZZY_FACTOR = [1, 0.75, 0.5];
/** How many passages of a typo's candidate are read for the company it keeps (SearchIndex.together). */
const TOGETHER_SCAN = 2000;

/** The arrays an index is made of; what index-cache.ts writes and reads. */
export interface IndexData {
  terms: string[];
  /** offsets[t]..offsets[t+1] are term t's postings. */
  offsets: Uint32Array;
  docs: Uint32Array;
  tfs: Float32Array;
  /** Weighted length of each passage. */
  lengths: Float32Array;
}

class Growable {
  ids = new Uint32Array(1 << 16);
  tfs = new Float32Array(1 << 16);
  length = 0;
  push(id: number, tf: number) {
    if (this.length === this.ids.length) {
      const ids = new Uint32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
      const tfs = new Float32Array(this.tfs.length * 2);
      tfs.set(this.tfs);
      this.tfs = tfs;
    }
    this.ids[this.length] = id;
    this.tfs[this.length++] = tf;
  }
}

/** How many passages are indexed between two yields of `indexing` (a few ms of work). */
const BATCH = 256;

/**
 * Builds the arrays from each passage's field terms. A generator that yields every BATCH
 * passages, so a rebuild while serving can give the event loop back (see `buildIndexAsync`).
 */
export function* indexing(passages: Iterable<FieldTerms>): Generator<void, IndexData> {
  const ids = new Map<string, number>();
  const terms: string[] = [];
  // Doc-major first (term id, weighted tf per passage), then a counting sort into term-major.
  const pairs = new Growable();
  const docStart: number[] = [0];
  const lengths: number[] = [];
  const perDoc = new Map<number, number>();
  for (const f of passages) {
    perDoc.clear();
    let length = 0;
    for (const field of ['title', 'heading', 'text'] as const) {
      const boost = BOOST[field];
      for (const t of f[field]) {
        let id = ids.get(t);
        if (id === undefined) {
          id = terms.length;
          ids.set(t, id);
          terms.push(t);
        }
        perDoc.set(id, (perDoc.get(id) ?? 0) + boost);
        length += boost;
      }
    }
    for (const [id, tf] of perDoc) pairs.push(id, tf);
    docStart.push(pairs.length);
    lengths.push(length);
    if (lengths.length % BATCH === 0) yield;
  }
  const df = new Uint32Array(terms.length);
  for (let i = 0; i < pairs.length; i++) df[pairs.ids[i]]++;
  const offsets = new Uint32Array(terms.length + 1);
  for (let t = 0; t < terms.length; t++) offsets[t + 1] = offsets[t] + df[t];
  const fill = offsets.slice(0, terms.length);
  const docs = new Uint32Array(pairs.length);
  const tfs = new Float32Array(pairs.length);
  for (let d = 0; d < lengths.length; d++) {
    for (let i = docStart[d]; i < docStart[d + 1]; i++) {
      const at = fill[pairs.ids[i]]++;
      docs[at] = d;
      tfs[at] = pairs.tfs[i];
    }
  }
  return { terms, offsets, docs, tfs, lengths: Float32Array.from(lengths) };
}

export function buildIndex(passages: Iterable<FieldTerms>): IndexData {
  const run = indexing(passages);
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
  }
}

/** The same, giving the event loop back between batches: open streams keep flowing. */
export async function buildIndexAsync(passages: Iterable<FieldTerms>): Promise<IndexData> {
  const run = indexing(passages);
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Scratch space shared by every search (searches never interleave: they are synchronous):
 * a score per passage and the list of passages touched, so a search allocates nothing in
 * proportion to the index (young-generation GC was most of the tail over 100,000 passages).
 */
/** The `limit` largest offers by key, by a bounded insertion (touched can be most of the index). */
function bounded(limit: number) {
  const list: { doc: number; key: number; score: number }[] = [];
  let floor = 0;
  return {
    list,
    offer(doc: number, key: number, score = key) {
      if (limit <= 0 || (list.length === limit && key <= floor)) return;
      if (list.length < limit) list.push({ doc, key, score });
      else list[limit - 1] = { doc, key, score };
      for (let j = list.length - 1; j > 0 && list[j - 1].key < list[j].key; j--) [list[j - 1], list[j]] = [list[j], list[j - 1]];
      floor = list[list.length - 1].key;
    },
  };
}

const NONE: ReadonlySet<number> = new Set();
let scores = new Float64Array(0);
/** Per passage, what the query's rarest word alone scores (search's `rare`). */
let rareScores = new Float64Array(0);
let touched = new Uint32Array(0);

/** Keys next to each other on a QWERTY keyboard. */
const NEAR: Record<string, string> = {
  q: 'wa', w: 'qeas', e: 'wrsd', r: 'etdf', t: 'ryfg', y: 'tugh', u: 'yihj', i: 'uojk', o: 'ipkl', p: 'ol',
  a: 'qwsz', s: 'weadzx', d: 'erfsxc', f: 'rtdgcv', g: 'tyfhvb', h: 'yugjbn', j: 'uihknm', k: 'iojlm', l: 'opk',
  z: 'asx', x: 'zsdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhjm', m: 'njk',
};
const VOWEL = /[aeiou]/;

/** Two words of one length that differ in one letter: could a finger have made that change? */
function slipOfTheFinger(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const [x, y] = [a[i], b[i]];
  if (x === undefined || y === undefined) return true;
  return (NEAR[x] ?? '').includes(y) || (VOWEL.test(x) && VOWEL.test(y));
}

/**
 * Are two words one stem under other prefixes, one of which turns or redoes its meaning
 * ("unsubscribe" and "subscribe", "uninstall", "reactivate" and "deactivate")? Two letters apart,
 * they look like a slip, but the visitor asked for another thing: "how do I unsubscribe?"
 * answered with how to subscribe is a wrong answer with a citation.
 */
export function negatedForm(a: string, b: string): boolean {
  // A word may start with letters of a prefix that are its own ("install"): read with and without it.
  return readings(a).some(([pa, ra]) => readings(b).some(([pb, rb]) => {
    // Either may carry an ending the other lacks ("reactivate", "deactivated"): surface words are compared too.
    const [short, long] = ra.length <= rb.length ? [ra, rb] : [rb, ra];
    return pa !== pb && short.length >= 4 && long.startsWith(short) && long.length - short.length <= 3;
  }));
}
const readings = (w: string): [string, string][] => {
  const p = NEGATING_PREFIX.exec(w)?.[0];
  return p ? [[p.replace('-', ''), w.slice(p.length)], ['', w]] : [['', w]];
};
const NEGATING_PREFIX = /^(?:un|dis|non-?|de|re|anti-?|in|im|ir|il|mis)/;

/**
 * Every spelling one slip away from a word of four letters or more, each with how likely that slip
 * is (0 likeliest): a letter left out, two neighbours swapped or a letter typed twice (0); an
 * extra letter in a word of five letters or more, or a key next to the right one or a vowel for
 * another (1); a slip on the first letter (2). Of a word of three letters, only the likeliest. Each candidate is visited once. `spellings` (letter triples the words
 * meant are spelt with, when known) skips candidates no such word is spelt like.
 */
export function slipsOf(word: string, letters: string, spellings: ReadonlySet<string> | null, visit: (candidate: string, kind: number) => void): void {
  const w = word.toLowerCase();
  const n = w.length;
  if (n < 3 || [...w].some((c) => !letters.includes(c))) return;
  // A word of three letters is mostly a word with a letter left out ("fre", "nme", "txt") or two
  // swapped; only those slips, past its first letter. One in capitals is an abbreviation ("API").
  if (n === 3) {
    if (word === word.toUpperCase()) return;
    for (let i = 0; i + 1 < n; i++) if (w[i] !== w[i + 1]) visit(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2), 0);
    for (let i = 1; i <= n; i++) for (const x of letters) visit(w.slice(0, i) + x + w.slice(i), 0);
    return;
  }
  const seen = new Set<string>();
  const add = (c: string, kind: number) => {
    if (seen.has(c)) return;
    seen.add(c);
    visit(c, kind);
  };
  const onFirst = (i: number, kind: number) => (i === 0 ? 2 : kind);
  for (let i = 0; i + 1 < n; i++) if (w[i] !== w[i + 1]) add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2), 0);
  for (let i = 0; i < n; i++) {
    const c = w.slice(0, i) + w.slice(i + 1);
    // A letter typed twice ("leavinng") is a common slip; another extra letter less so, and in
    // a short word it mostly makes another word.
    if (w[i] === w[i - 1] || w[i] === w[i + 1]) add(c, 0);
    else if (n >= 5) add(c, onFirst(i, 1));
  }
  // A letter put in at i, or put in place of letter i (a letter of the alphabet each: most of
  // the candidates): its triples are checked before the candidate is visited (most letters make
  // a triple no word has). A letter taken out or two swapped are few and all visited: the
  // triple they make may be in no word of the pages ("stoppsed" → "stopped").
  const fits = (before: string, x: string, after: string) => !spellings
    || ((before.length < 2 || spellings.has(before.slice(-2) + x)) && (!before.length || !after.length || spellings.has(before.slice(-1) + x + after[0]))
      && (after.length < 2 || spellings.has(x + after.slice(0, 2))));
  for (let i = 0; i <= n; i++) {
    const before = w.slice(Math.max(0, i - 2), i);
    const after = w.slice(i, i + 2);
    for (const x of letters) if (fits(before, x, after)) add(w.slice(0, i) + x + w.slice(i), onFirst(i, 0));
  }
  // A key next to the right one, when nothing likelier is found ("quist" → quiet, "csot" → cost):
  // in four-letter words too, since a word a dictionary knows is not corrected at all.
  for (let i = 0; i < n; i++) {
    const before = w.slice(Math.max(0, i - 2), i);
    const after = w.slice(i + 1, i + 3);
    const near = (NEAR[w[i]] ?? '') + (VOWEL.test(w[i]) ? 'aeiou' : '');
    for (const x of near) if (x !== w[i] && fits(before, x, after)) add(w.slice(0, i) + x + w.slice(i + 1), onFirst(i, 1));
  }
}

export class SearchIndex {
  readonly data: IndexData;
  private readonly ids: Map<string, number>;
  private readonly avgLength: number;
  /** Every known word, for typo and word-start lookups; built with the index, not by the first typo. */
  private readonly vocab: SearchableMap<number>;

  constructor(data: IndexData) {
    this.data = data;
    this.ids = new Map(data.terms.map((t, i) => [t, i]));
    let sum = 0;
    for (const l of data.lengths) sum += l;
    this.avgLength = data.lengths.length ? sum / data.lengths.length : 1;
    // Inserted in sorted order: the radix tree builds three times faster that way.
    this.vocab = SearchableMap.from(data.terms.map((t, i) => [t, i] as [string, number]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  }

  get size() {
    return this.data.lengths.length;
  }

  /** In how many passages a term occurs (0 for a term the index does not know). */
  df(term: string): number {
    const id = this.ids.get(term);
    return id === undefined ? 0 : this.data.offsets[id + 1] - this.data.offsets[id];
  }

  /** IDF of a term; one the knowledge never uses weighs like the rarest. */
  idf(term: string): number {
    return Math.log(1 + this.size / (this.df(term) + 0.5));
  }

  /**
   * The index terms a query term stands for. A known term is itself; an unknown one (a typo,
   * a word start) stands for the known words that start with it or lie within edit distance
   * 1 (4–7 letters; up to 5 letters only a letter missing or extra) or 2 (8 or more), the
   * closest and most frequent first. Known terms are not expanded,
   * so a typo tolerance never drowns an exact match.
   */
  expand(term: string): Expansion[] {
    const id = this.ids.get(term);
    if (id !== undefined) return [{ term: id, factor: 1 }];
    if (term.length < 4 || /^\d+$/.test(term)) return [];
    const found = new Map<number, number>();
    for (const [, t] of this.vocab.atPrefix(term)) found.set(t, PREFIX_FACTOR);
    // A known word that starts a longer unknown one: a stem plus a mistyped ending
    // ("subscripton" → "subscrip"), when it is most of the word.
    for (let k = term.length - 1; k >= Math.max(5, Math.ceil(term.length * 0.7)); k--) {
      const t = this.ids.get(term.slice(0, k));
      if (t !== undefined && !found.has(t)) found.set(t, PREFIX_FACTOR);
    }
    const distance = term.length >= 8 ? 2 : 1;
    for (const [word, [t, d]] of this.vocab.fuzzyGet(term, distance)) {
      // In short words a changed letter mostly makes another real word ("dark" is not a
      // typo of "mark"); a missing or extra letter mostly makes no word ("shre", "share").
      if (term.length <= 5 && word.length === term.length) continue;
      // In longer ones a changed letter is a slip only when a finger could make it: a key next
      // to the right one, or one vowel for another ("seperate"); "scrypt" is not "script".
      if (d === 1 && word.length === term.length && !slipOfTheFinger(term, word)) continue;
      if (negatedForm(term, word)) continue;
      if ((found.get(t) ?? 0) < FUZZY_FACTOR[d]) found.set(t, FUZZY_FACTOR[d]);
    }
    const df = (t: number) => this.data.offsets[t + 1] - this.data.offsets[t];
    return [...found].map(([t, factor]) => ({ term: t, factor }))
      .sort((a, b) => b.factor - a.factor || df(b.term) - df(a.term))
      .slice(0, MAX_EXPANSIONS);
  }

  /**
   * A typo of a word whose stem is much shorter than the word ("dedicaetd" for "dedicated",
   * stored as "dedic") is closer to the word than to its stem: the misspelt surface form is
   * matched against the surface words of the knowledge (`surface`: word → stem, made once
   * when first needed) and mapped to their stems; two swapped letters count as one slip. Words of 5+ letters.
   */
  expandSurface(word: string, surface: () => SearchableMap<string>): Expansion[] {
    const w = word.toLowerCase();
    if (w.length < 5 || /\d/.test(w)) return [];
    const found = new Map<number, number>();
    // Two letters swapped ("chnage") is one slip of the fingers, though two edits apart.
    for (let i = 0; i + 1 < w.length; i++) {
      const swapped = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
      const stem = surface().get(swapped);
      const t = stem === undefined ? undefined : this.ids.get(stem);
      if (t !== undefined) found.set(t, FUZZY_FACTOR[1]);
    }
    if (w.length < 6) return [...found].map(([term, factor]) => ({ term, factor }));
    for (const [word, [stem, d]] of surface().fuzzyGet(w, w.length >= 8 ? 2 : 1)) {
      if (d === 1 && word.length === w.length && !slipOfTheFinger(w, word)) continue;
      if (negatedForm(w, word)) continue;
      const t = this.ids.get(stem);
      if (t !== undefined && (found.get(t) ?? 0) < FUZZY_FACTOR[d]) found.set(t, FUZZY_FACTOR[d]);
    }
    return [...found].map(([term, factor]) => ({ term, factor })).sort((a, b) => b.factor - a.factor).slice(0, MAX_EXPANSIONS);
  }

  /**
   * The known words a misspelt one stands for, found from what the visitor typed rather than
   * from its stem: every spelling one slip away is stemmed, and the knowledge's stems among them
   * are the candidates. Stemmed first, a typo can land on another word ("maling" → "male", one
   * letter from "make"), though "mailing" is one letter from what was typed; and the word meant
   * may be in the knowledge in another form only ("leavinng" → "leaving" → "leave").
   * Slips are not equally likely: a letter left out, two neighbours swapped and a letter typed
   * twice are the common ones; an extra letter and a key next to the right one (or one vowel for
   * another) come next; a slip on the first letter is the rarest. Only candidates of the likeliest
   * kind found are kept, the most frequent in the knowledge first: "mailing" (a letter left out)
   * wins over "making" (k for l). `spellings` (the letter triples of the knowledge's words, when
   * known) skips candidates no word is spelt like, so few are stemmed.
   */
  correct(word: string, stem: (w: string) => string | null, letters: string, spellings: ReadonlySet<string> | null, isWord: (w: string) => boolean = () => true): Expansion[] {
    const tier = new Map<number, number>();
    const spelling = new Map<number, string>();
    slipsOf(word, letters, spellings, (c, kind) => {
      if (negatedForm(word.toLowerCase(), c)) return;
      const s = stem(c);
      const t = s === null ? undefined : this.ids.get(s);
      if (t !== undefined && kind < (tier.get(t) ?? Infinity) && isWord(c)) {
        tier.set(t, kind);
        spelling.set(t, c);
      }
    });
    if (!tier.size) return [];
    const best = Math.min(...tier.values());
    const df = (t: number) => this.data.offsets[t + 1] - this.data.offsets[t];
    // One word the likeliest slip makes is the word meant, matched as if spelt right ("clled" →
    // called); of several, none is sure, each weaker than an exact match.
    const likeliest = [...tier].filter(([, k]) => k === best);
    const factor = likeliest.length === 1 ? 1 : FUZZY_FACTOR[1];
    return likeliest.map(([t]) => ({ term: t, factor, spelling: spelling.get(t) }))
      .sort((a, b) => df(b.term) - df(a.term))
      .slice(0, MAX_EXPANSIONS);
  }

  /**
   * A typo's corrections (from correct()) in the company of the question's other words (`context`,
   * terms by id): of several, the one found in a passage with more of them comes first ("fre
   * alarm": fire, not the more frequent free), and one that keeps better company than all the
   * others is the word meant, matched as if spelt right.
   */
  inCompany(corrections: Expansion[], context: readonly number[]): Expansion[] {
    if (corrections.length < 2 || !context.length) return corrections;
    const near = new Map(corrections.map((e) => [e.term, this.together(e.term, context)]));
    const out = [...corrections].sort((a, b) => near.get(b.term)! - near.get(a.term)!).map((e) => ({ ...e }));
    if (near.get(out[0].term)! > near.get(out[1].term)!) out[0].factor = 1;
    return out;
  }

  /**
   * How much of `others` (terms, by id) a passage holding `term` holds at most, each weighed by
   * its IDF: how well a word fits the company of the others. The first passages of a common
   * term only, so a typo costs little.
   */
  together(term: number, others: readonly number[]): number {
    const { offsets, docs } = this.data;
    const idf = others.map((t) => this.idf(this.data.terms[t]));
    let best = 0;
    for (let i = offsets[term], end = Math.min(offsets[term + 1], offsets[term] + TOGETHER_SCAN); i < end; i++) {
      let sum = 0;
      others.forEach((t, k) => { if (t !== term && this.holds(t, docs[i])) sum += idf[k]; });
      if (sum > best) best = sum;
    }
    return best;
  }

  /** The passages (at most `limit`) that hold every one of the terms. */
  docsWith(terms: readonly number[], limit: number): number[] {
    const { offsets, docs } = this.data;
    const [rarest, ...rest] = [...terms].sort((a, b) => offsets[a + 1] - offsets[a] - (offsets[b + 1] - offsets[b]));
    const out: number[] = [];
    for (let i = offsets[rarest]; i < offsets[rarest + 1] && out.length < limit; i++) if (rest.every((t) => this.holds(t, docs[i]))) out.push(docs[i]);
    return out;
  }

  /** Does passage d hold term t? A binary search of its posting list. */
  private holds(t: number, d: number): boolean {
    const { offsets, docs } = this.data;
    let lo = offsets[t];
    let hi = offsets[t + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (docs[mid] === d) return true;
      if (docs[mid] < d) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** The id of a term the index knows, or undefined. */
  idOf(term: string): number | undefined {
    return this.ids.get(term);
  }

  termOf(id: number): string {
    return this.data.terms[id];
  }

  /** The `limit` best passages for already expanded query terms, best first. */
  /**
   * The best `limit` passages for a query; with `rare` (the index of the query's rarest word),
   * also the best `rareLimit` passages for that word alone: a passage titled by it ("### 
   * `trustProxy`" over its default and values) may say nothing else of the question and fall
   * behind the many that repeat its common words ("default", "set", "option").
   */
  search(query: { weight: number; expansions: Expansion[] }[], limit: number, rare = -1, rareLimit = 0, wanted: ReadonlySet<number> = NONE): Hit[] {
    const n = this.size;
    if (scores.length < n) {
      scores = new Float64Array(n);
      rareScores = new Float64Array(n);
      touched = new Uint32Array(n);
    }
    const { offsets, docs, tfs, lengths } = this.data;
    const norm = K1 / this.avgLength;
    let count = 0;
    query.forEach((q, qi) => {
      // A term of weight 0 ranks nothing, but is still reported as matched (a part of the question searched alone).
      if (q.weight === 0) return;
      for (const e of q.expansions) {
        const idf = Math.log(1 + n / (offsets[e.term + 1] - offsets[e.term] + 0.5));
        const w = q.weight * e.factor * idf * (K1 + 1);
        for (let i = offsets[e.term], end = offsets[e.term + 1]; i < end; i++) {
          const d = docs[i];
          const tf = tfs[i];
          const add = (w * tf) / (tf + K1 * (1 - B) + B * norm * lengths[d]);
          // Every contribution is positive, so a score of 0 means "not touched yet".
          if (scores[d] === 0) touched[count++] = d;
          scores[d] += add;
          if (qi === rare) rareScores[d] += add;
        }
      }
    });
    const best = bounded(limit);
    const rarest = bounded(rareLimit);
    // Passages the caller knows answer (an FAQ entry that asks the question) are candidates however they score.
    const kept: { doc: number; score: number }[] = [];
    for (let i = 0; i < count; i++) {
      const d = touched[i];
      best.offer(d, scores[d]);
      if (wanted.has(d)) kept.push({ doc: d, score: scores[d] });
      if (rareScores[d] > 0) rarest.offer(d, rareScores[d], scores[d]);
      scores[d] = 0;
      rareScores[d] = 0;
    }
    const picked = new Set(best.list.map((b) => b.doc));
    const hits: { doc: number; score: number }[] = [...best.list, ...rarest.list.filter((r) => !picked.has(r.doc))];
    for (const r of rarest.list) picked.add(r.doc);
    hits.push(...kept.filter((k) => !picked.has(k.doc)));
    return hits.map(({ doc, score }) => ({ doc, score, matched: this.matchedIn(doc, query) }));
  }

  /** Which query terms a passage matched, and how closely; a binary search per posting list. */
  private matchedIn(doc: number, query: { expansions: Expansion[] }[]): Float32Array {
    const out = new Float32Array(query.length);
    query.forEach((q, qi) => {
      for (const e of q.expansions) if (e.factor > out[qi] && this.holds(e.term, doc)) out[qi] = e.factor;
    });
    return out;
  }
}
