/**
 * Whether a word is English spelt right, by Hunspell's English dictionary (dictionary-en, read
 * with nspell). Typo correction asks it first: a real word the pages happen not to use
 * ("folder", "talking", "refuses") is the visitor's own word, not a slip for the nearest word the
 * pages do use ("older", "taking", "reuses"); "corrected", it asks about something else.
 *
 * The dictionary takes about a third of a second and ~13 MB to load, so it is read once per
 * process, only for English knowledge: in the background after a knowledge base loads
 * (KnowledgeBase.gatherSurface), or else on the first question that needs it.
 */
import { readFileSync } from 'node:fs';
import nspell from 'nspell';
import { slipsOf } from './search-index.ts';

let checker: ReturnType<typeof nspell> | null | undefined;

function load(): ReturnType<typeof nspell> | null {
  try {
    // dictionary-en's own entry reads the same two files with a top-level await, which a
    // synchronous caller cannot wait for; they sit beside it.
    const entry = import.meta.resolve('dictionary-en');
    return nspell({ aff: readFileSync(new URL('index.aff', entry)), dic: readFileSync(new URL('index.dic', entry)) });
  } catch {
    // Without the dictionary every word is corrected as before: a worse answer, not a failure.
    return null;
  }
}

/**
 * The dictionary spells American English; a British spelling ("programme", "fibre", "colour",
 * "customise", "licence", "catalogue", "travelled") is a word spelt right too.
 */
const BRITISH: [RegExp, string][] = [
  [/mme$/, 'm'], [/our(s|ed|ing|ite|ites|able)?$/, 'or$1'], [/is(e|es|ed|ing|ation|ations)$/, 'iz$1'], [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/ogue(s?)$/, 'og$1'], [/(?<=[^l][aeiou])ll(ed|ing|er|ers)$/, 'l$1'], // travelled; not the slip "calller"
  // Listed: "-re" and "-ence" are also how a slip ends ("ordre", "usre", "sence").
  [/^((?:centi|milli|kilo)?met|lit|cent|fib|theat|calib|spect|sab|meag|lust|somb)re(s?)$/, '$1er$2'], [/^(lic|def|off|pret)ence$/, '$1ense'],
];

/** True when the word, as typed (any case), is an English word; false when unknown or the dictionary is missing. */
export function isEnglishWord(word: string): boolean {
  if (checker === undefined) checker = load();
  if (!checker) return false;
  return checker.correct(word) || checker.correct(word.toLowerCase());
}

/**
 * True when the word is English in its British spelling only. Not a slip to spell otherwise;
 * still one the search may match to the American form the pages use ("customise", "customize").
 */
export function isBritishSpelling(word: string): boolean {
  const w = word.toLowerCase();
  return BRITISH.some(([re, to]) => re.test(w) && isEnglishWord(w.replace(re, to)));
}

/**
 * The English word a misspelt one stands for ("kinsd" → kinds, "ofyen" → often): the one English
 * word among the spellings of the likeliest kind of slip (SearchIndex's slipsOf), not on its first
 * letter; of several, the one `fits` (one the knowledge has a word for: "bedge" is badge, a key
 * card, not budge); null when there is none, or several and nothing says which was meant.
 */
export function englishSpelling(word: string, fits: (w: string) => boolean = () => false): string | null {
  const found = englishSpellings(word);
  const fitting = found.length > 1 ? found.filter(fits) : found;
  return fitting.length === 1 ? fitting[0] : null;
}

/** The English words among the spellings of the likeliest kind of slip (see englishSpelling). */
function englishSpellings(word: string): string[] {
  let best = Infinity;
  let found: string[] = [];
  slipsOf(word, 'abcdefghijklmnopqrstuvwxyz', null, (candidate, kind) => {
    // A slip on the first letter is the rarest: a word the dictionary lacks that is one there
    // ("scrypt", "crypt") is more likely a word of its own.
    if (kind > Math.min(best, 1) || !isEnglishWord(candidate)) return;
    if (kind < best) [best, found] = [kind, []];
    found.push(candidate);
  });
  return found;
}

/**
 * A contraction typed without its apostrophe ("isnt", "dont", "ive", "youre"), spelt with it: as
 * typed it is no word of the pages, so typo correction made it another ("isnt" → instance, "doesnt"
 * → "do sent") or it weighed as the question's rarest word ("wont", "ive"). The apostrophe goes
 * before an auxiliary's ending when the dictionary spells the result; a bare form that is a word
 * itself ("well", "were", "ill", "shed") stays, but a negation is read as one even then ("cant",
 * "wont" are words nobody asks a question with).
 */
export function withApostrophes(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}_'’.-])(\p{L}+?)(nt|ve|re|ll|m)(?![\p{L}\p{N}_'’-])/gu, (word, stem: string, ending: string) => {
    const negation = ending === 'nt';
    if (!negation && isEnglishWord(word)) return word;
    const spelt = negation ? `${stem}n't` : `${stem}'${ending}`;
    // "i'm" is spelt "I'm".
    return isEnglishWord(spelt) || isEnglishWord(`${spelt[0].toUpperCase()}${spelt.slice(1)}`) ? spelt : word;
  });
}
