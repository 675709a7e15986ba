/**
 * The default engine: no model. It answers with the units (sentences, list items, table rows)
 * of the best passages that answer the question, in their original order, so every word of
 * the answer is grounded in a cited source. When none answers, it says so by returning
 * `unanswered` before any text, and the turn says "don't know" (chat/turn.ts).
 */
import { codeNamesIn, entryAsked, MIN_RELEVANCE, sectionAsked } from '../knowledge/knowledge.ts';
import type { Passage } from '../knowledge/passage.ts';
import { askedPart, askedWords, asksAsHeading, escapeRegExp, FAQ_ENTRY, looksLikeName, plainInline, questionAfterCase, surfaceWords, terms } from '../knowledge/text.ts';
import { entryDescription, entryTerm, keyCells, namesKey, splitSentences, units, type Unit } from '../knowledge/units.ts';
import { withPhrasesAsWords } from '../knowledge/synonyms.ts';
import { ANSWER_TYPES, ASKS_OPTION, NAMES_CODE, ASKS_WHY, EVERY_PLATFORM, GIVES_REASON, ASKS_KNOWN, SAYS_UNKNOWN, HOW_ADJECTIVE, POSIX, SECTION_NUMBER, UNIX_LIKE, isPlatform } from './answer-types.ts';
import { pause, type Engine, type EngineRequest, type EngineResult } from './engine.ts';
import { ACTION, ASKS_HOW, ASKS_PROPERTY, EITHER, heldToAction, ASKS_SEVERAL, DURATION_OF, BOUND_WORDS, DEFINES, FOCUS, FOCUS_SHARE, indefinitely, namedPair, parenthesisAliases, questionParts, SUBJECT, SUBJECT_SHARE, SUPPORTS, GO_TOGETHER, WANTS_CODE, WANTS_CODE_ALL, WHICH_ONE, WHO_OF } from './question-frames.ts';

const MAX_SENTENCES = 4;
export const MIN_SENTENCE = 0.45;
const MAX_CHARS = 700;
const WORDS_PER_CHUNK = 4;

const matches = (q: string, t: string) => t === q || (q.length >= 4 && t.startsWith(q) && q.length >= t.length * PREFIX_SHARE) || (t.length >= 4 && q.startsWith(t) && t.length >= q.length * PREFIX_SHARE);
/** A word that starts another counts as it only when it is most of it ("configur", "config"; not "pass" for "password"). */
const PREFIX_SHARE = 0.6;

interface Pick {
  passage: number; index: number; unit: Unit; covers: Set<string>; score: number; factor: number;
  /** The covered question words found outside parentheses. */
  inMain: Set<string>;
  /** Where each covered question word stands in the unit's word sequence. */
  at: Map<string, number[]>;
  /** A table row whose key cell the question names (knowledge/units.ts keyCells). */
  keyed?: string[];
  /** An entry of a reference whose term the question names (knowledge/units.ts entryTerm). */
  entry?: string[];
  /** For a row, how many of the question's words the headers over its figures say (the least over the figures). */
  bound?: number;
}

/**
 * The rules by which compose sets a unit aside as no answer to a part of the question, whatever
 * its share of the part's words (named where compose makes them). Listed so the evaluation can
 * say which rule set aside a unit that would have answered, and measure each rule by leaving it
 * out (bench/eval/losses.ts).
 */
export const RULES = ['focus', 'subject', 'oneOf', 'property', 'sides', 'pairSides', 'unanswered', 'shadowed', 'code', 'signature', 'needs', 'named', 'own', 'versions', 'numbers', 'option'] as const;
export type RuleName = (typeof RULES)[number];

/** One part of a question as compose weighed it (ComposeProbe.trace). */
export interface PartTrace {
  segment: string;
  /** Each unit that says some of the part's words: its share of them, and the first rule that set it aside. */
  units: { text: string; score: number; setAside?: RuleName }[];
  /** The units no rule set aside, best first. */
  ranked: string[];
  /** The unit that answers the part (it covers at least MIN_SENTENCE of it), if one does. */
  answer?: string;
}

/** For the evaluation's diagnostics only: what compose read and weighed, and rules left out (without). */
export interface ComposeProbe {
  /** The text of every passage retrieval offered, relevant enough to answer from or not. */
  offered?: string[];
  /** The text of every unit of the passages compose read (those relevant enough to answer from). */
  read?: string[];
  /** Set when compose answered nothing because the question names a thing the pages never mention. */
  unknownNames?: string[];
  trace?: PartTrace[];
  without?: ReadonlySet<RuleName>;
}

interface Sentence extends Unit {
  words: string[];
  /** Its terms outside parentheses, in order (repeats kept, for words that stand together): an aside says less about what the sentence is about. */
  seq: string[];
  main: Set<string>;
}

/**
 * A passage's units (sentences, list items with their lead-in, table rows with their
 * headers: knowledge/units.ts) as plain text with their distinct terms. The same few
 * passages answer many questions, and splitting and tokenizing them on every turn was a
 * tenth of the server's CPU time per chat turn (bench/server-load.mjs); so each passage
 * text is split once. Bounded: a knowledge base larger than the cap only loses the reuse.
 */
const sentenceCache = new Map<string, Sentence[]>();
const SENTENCE_CACHE_MAX = 5000;

/** Terms are stemmed in the bot's language, as retrieval stems them (knowledge.ts). */
export function sentencesOf(passage: string, language = 'en'): Sentence[] {
  const key = `${language}\0${passage}`;
  let list = sentenceCache.get(key);
  if (!list) {
    list = units(passage).map((u) => {
      const seq = terms(u.text.replace(/\([^)]*\)/g, ' '), language);
      return { ...u, words: [...new Set(terms(u.text, language))], seq, main: new Set(seq) };
    });
    if (sentenceCache.size >= SENTENCE_CACHE_MAX) sentenceCache.clear();
    sentenceCache.set(key, list);
  }
  return list;
}

/**
 * A row's key cells as terms (knowledge/units.ts keyCells), read once per cached unit rather
 * than per question: a unit of sentencesOf belongs to one language, so the unit is the key.
 */
const keyCellsCache = new WeakMap<Unit, string[][]>();
function keyCellsOf(unit: Sentence, language: string): string[][] {
  let keys = keyCellsCache.get(unit);
  if (!keys) keyCellsCache.set(unit, (keys = keyCells(unit, (t) => terms(t, language))));
  return keys;
}

/** A unit's words as compose() reads them (its own, with its items' or the sentence's before), and those of them outside parentheses. */
interface Reading {
  words: readonly string[];
  main: Iterable<string>;
}
/** Per cached passage (sentencesOf), its units' readings: they depend on the passage alone, not on the question. */
const readingCache = new WeakMap<Sentence[], Reading[]>();
function readingsOf(list: Sentence[]): Reading[] {
  let readings = readingCache.get(list);
  if (!readings) {
    readings = list.map((unit, index) => {
      // A lead-in is read with its items: "The plans include:" answers "which plans are there?"
      // through the items' words as much as its own.
      // A sentence that goes on from the one before ("For example, Memcheck adds 16 bytes…"
      // after "The redzone size depends on the tool.") is read with it: chosen, it brings it.
      const inGroup = unit.kind === 'lead' ? memberOf(list, unit.group) : null;
      const words = inGroup ? [...unit.words, ...list.filter((u) => inGroup(u) && u !== unit).flatMap((u) => u.words)] : leansOnPrior(list, index) ? [...unit.words, ...list[index - 1].words] : unit.words;
      // A lead-in's items are its own words too: only a parenthesis is an aside.
      // An item that leads a list nested in it ("- Returns: <Object> Options object") is an item
      // first: its nested items' words are an aside to it, as a parenthesis is ("hash" in one
      // field and "password" in another do not make it about hashing passwords).
      const main = inGroup && unit.parent === undefined ? [...unit.main, ...list.filter((u) => inGroup(u) && u !== unit).flatMap((u) => [...u.main])] : unit.main;
      return { words, main };
    });
    readingCache.set(list, readings);
  }
  return readings;
}

/**
 * The terms of a passage's page title and heading, which its units are read under. The same
 * passages come back question after question; bounded like sentenceCache.
 */
const contextCache = new Map<string, string[]>();
function contextTermsOf(p: Passage, language: string): string[] {
  const key = `${language}\0${p.title} ${p.heading}`;
  let list = contextCache.get(key);
  if (!list) {
    if (contextCache.size >= SENTENCE_CACHE_MAX) contextCache.clear();
    contextCache.set(key, (list = terms(`${p.title} ${p.heading}`, language)));
  }
  return list;
}

/** A part that names its thing only as a pronoun ("…, and which version added it?"). */
const POINTS_BACK = /\b(?:it|its|itself|they|them|their)\b/i;
/** A heading that is a name of code: a call ("reply.removeHeader(key)", ".send(data)") or a dotted name ("request.body"). */
/** The kind a reference labels an entry's heading with ("Class: ", "Static method: ", "Event: "). */
const CODE_KIND_LABEL = /^\s*(?:\p{L}+\s+){0,2}\p{L}+:\s+/u;
const namesCode = (heading: string) => /^\s*`?\.?[\p{L}_$][\w$]*(?:\.[\p{L}_$][\w$]*)*(?:\([^)]*\))?`?\s*$/u.test(heading) && /[.(]/.test(heading);
/** The thing a line opens with, after a list marker and an option's dashes. */
const ENTRY_OPENS = /^\s*(?:[-*+]\s+)?-{0,2}([\p{L}\p{N}][\p{L}\p{N}._-]*)/u;
/** The weight (IDF) under which a name is in most of the knowledge's passages (ln(1 + 1/0.58)). */
const COMMON_NAME = 1;
const MAX_ITEMS = 12;
/** What a row named by its key scores above the unit floor, so it leads the units that merely pass it. */
const KEYED_ROW = 0.05;
/**
 * What naming a row or an entry by its key adds to its score: more than words standing together
 * (TOGETHER) add, and than a place further down its passage takes (the entry of "dictionary"
 * in a list of options, below the history table whose rows mention it). 0.02 left that place.
 */
const KEYED_TIE = 0.05;
/** What a row holding the question's figures under the headers it names adds (more than a few rows' places)… */
const BOUND_TIE = 0.03;
/** …when the header says this many of the question's words; less when it says fewer. */
const BOUND_HEADER_WORDS = 3;
/** What two question words standing together in a unit add to its score: a tie-breaker (more hurt the dev half). */
const TOGETHER = 0.01;
/** What covering a follow-up's unsaid earlier words adds to a unit's rank: a tie-breaker. */
const EARLIER_TIE = 0.01;
/** What a question word found only inside a parenthesis of the unit counts. */
const ASIDE_SHARE = 0.5;
/** A unit that lists things: a lead-in with its items, an item, or a sentence of three or more comma-separated things. */
const ENUMERATES = /(?:,[^,.;]{1,60}){2,}/;
/** The counts a sentence may announce in words, from two (index 0). */
const COUNT_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/**
 * A sentence that announces how many things follow ("There are three special format specifiers
 * that can be used in the file name.", "…has the following four parts."): its count, spelled or
 * in digits.
 */
const ANNOUNCES_COUNT = new RegExp(String.raw`\b(?:there (?:are|exist)|the following) (${COUNT_WORDS.join('|')}|[2-9]|1[0-2])\b(?! (?:times|percent|per ?cent|seconds|minutes|hours|days|weeks|months|years|bytes|KB|MB|GB)\b)`, 'i');
/**
 * What announcing the count adds, asked for several, to a sentence's rank: it stands for all the
 * things it counts, an item of another list that mentions them for one ("There are special
 * format specifiers…" in a list of places for the commentary).
 */
const COUNTED_TIE = 0.02;
/** A heading that names a procedure: "How to make a claim", "How do I port my number?". */
const HOW_TO = /^\s*how (?:to|do i|can i|do you)\b/i;
/**
 * A sentence that leads to what follows it: it ends in a colon, in "e.g." or "for example", or
 * with no stop at all (a plain-text page's "This is done by" over its commands).
 */
const LEADS_TO_CODE = /(?:[:：]|\be\.g\.|\bfor (?:example|instance)[.,]?|\bas follows\.|\blike (?:this|so)\.|[\p{L}\p{N})'"`])$/u;
/** A lead-in whose object is the listing after it: "…like this:", "…with:", "as follows:", "e.g.", "run:". */
const NAMES_LISTING = /(?:\b(?:like|as in) (?:this|so|these)|\bas follows|\bthe following(?: \p{L}+){0,2}|\bfor (?:example|instance)|\be\.g|\b(?:with|by|run|type|enter|use|add|do|this|these|here|below))\s*[:：.,]?$/iu;
/** A sentence that takes a procedure on a step: "Now move…", "Next, …", "Finally, …". */
const PROCEEDS = /^(?:now|next|finally|afterwards|after that)\b/i;
/** A line of a listing that is a comment alone ("# jump to merge conflicts", "// main.mjs"). */
const CODE_COMMENT = /^(?:#(?!!)|\/\/|\/\*|\*|--\s|;)/;
/** How long a listing a lead-in brings, in characters of whole lines. */
const MAX_LISTING_CHARS = 500;
/** A lead-in to a list of choices, one of which applies: "…in one of the following ways:", "The value could be:", "must be one of:". */
const CHOICES = /\b(?:(?:one|any|either) of (?:the following|these|those)|(?:could|can|may|must|should) be(?: one of)?\s*[:：]$|the following (?:ways|values|choices|alternatives))/i;
/** What listing things adds to a unit's score when the question asks for several. */
const LIST_BONUS = 0.1;
/** A question word found only in the unit's page title or heading counts fully: a heading is what its sentences are about. */
const CONTEXT_SHARE = 1;
const MAX_LIST_CHARS = 900;
/** A negation, in a question or in a unit. */
const NEGATION = /\b(not|no|never|cannot|without|except|excluded?)\b|n't\b/i;
/** What saying "not" adds to a unit's score when the question asks about what is not. */
const NEGATION_BONUS = 0.1;
/**
 * "What happens if I call it twice?", "what happened to core.statinfo?": a question for what
 * follows from a case. Among units that say as much of it, the one that states what follows
 * ("Using this on a timer that has already called its callback will reactivate the timer.")
 * answers; the others say what the thing does ("Sets the timer's start time…").
 */
const ASKS_OUTCOME = /\bwh?at(?:'s| is| will| would)? happen(?:s|ed|ing)?\b/i;
/** A unit that states what follows ("will reactivate the timer", "…would be lost", "…otherwise it fails"). */
const STATES_OUTCOME = /\b(?:will|would|otherwise|then|results? in|causes?|leads? to)\b/i;
/** What stating what follows adds to a unit's rank when the question asks what happens: a tie-breaker among units that say as much. */
const OUTCOME_TIE = 0.02;
/** A rule that permits or forbids: what "is it allowed?" asks. */
const PERMITS = /\b(?:may(?: not)?|must not|mustn't|cannot|can't|forbidden|prohibited|banned|welcome|not (?:allowed|permitted))\b/i;
/** What defining the thing asked about adds to a unit's score. */
const DEFINITION_BONUS = 0.1;
/** The class a question names its thing by ("the --quiet option", "the onSend hook"): an entry names the thing alone. */
const CLASS_WORD = /\s+(?:option|flag|switch|setting|parameter|argument|method|function|command|property|field|hook|event)$/i;
/** A unit that states a default: "Default: `10000`", "Defaults to 5", "[default: high]". */
const DEFAULT_LINE = /^(?:default(?: value)?\s*[:：=]|defaults to\b)|\[default:\s*[^\]]+\]/i;
/** How close to its best unit another must come for a part to take it instead of a unit another part took. */
const SAME_UNIT_SWITCH = 0.95;
/** How close to a later part's best unit one from the passage of the earlier part's answer must come to be taken instead. */
const NEAR_TIE = 0.97;
/** The share of the question's weight a further unit must say that the answer does not, to join it (and, from another passage, that it does). */
const FILL_SHARE = 0.15;
/**
 * Of FILL_SHARE, what a sentence right before or after a chosen one in its paragraph must say
 * that the answer does not. On the dev half (without batch 8) any share from 0.01 to 0.5 of it
 * answered the same: 568 → 572 right, wrong answers with a citation 73 → 69.
 */
const BESIDE_SHARE = 0.5;
/** Below this many characters an answer sentence brings the one after it. */
const SHORT_SENTENCE = 160;
/** An option as a question writes it: "--track-fds", "-q". */
const OPTION_NAME = /(?<![\p{L}\p{N}_-])-{1,2}\p{L}[\p{L}\p{N}_-]*/gu;
/** How many sentences back a chosen one brings along the sentences it goes on from. */
const MAX_LEANS = 2;
/** A term with no sentence after it: an option and its values ("--tool=<name> [default: memcheck]"). */
const SIGNATURE = /^-{1,2}[\w-]+(?:[= ]<[^>]+>)?(?:\s*\[default:[^\]]*\])?$/;
/**
 * A sentence that goes on from the one before ("It halves the speed…", "This means…", "For
 * example, …"): chosen, it brings the one before; after a chosen one, it comes along.
 */
const GOES_ON = /^(it|its|this|that|these|those|they|them|their|he|she|there(?!'s|’s| (?:is|are|was|were|will|may|might|can|could|must|should|has|have|had)\b)|such|so|thus|therefore|however|otherwise|but|instead|also|then|for example|for instance|in that case|in this case|if so|if not|note|in other words|as a result|because)\b/i;
/**
 * An acronym the text spells out ("JIT" in "a just-in-time compiler"): words in a row, joined by
 * spaces or hyphens, whose first letters are the acronym's.
 */
const spelledOut = (word: string, text: string) => /^\p{Lu}{2,6}s?$/u.test(word) && new RegExp(`(?<![\\p{L}])${[...word.replace(/s$/, '')].map((l) => `${l}\\p{L}*`).join('[\\s-]+')}(?![\\p{L}])`, 'iu').test(text);
/** The numbers of a manual's or an FAQ's entries ("4.1. My program…", "2.7.3. Error-related Options"). */
const ENTRY_LABEL = /(?:^|\s)\d+(?:\.\d+)+\.?\s+["'“]?\p{Lu}/gu;
/** A unit that names two entries or more: a line of a table of contents. */
const listsEntries = (text: string) => (text.match(ENTRY_LABEL)?.length ?? 0) >= 2;
/**
 * The units of a list or table's group as its lead-in stands for them: the group's own, and those
 * of the lists nested in its items (an item with a list under it leads that list, units.ts).
 */
function memberOf(list: readonly Unit[], group: number): (u: Unit) => boolean {
  const nested = new Set(list.filter((u) => u.parent === group).map((u) => u.group));
  return (u) => u.group === group || nested.has(u.group);
}
/** Nouns of a measure or a value ("time", "price", "age"): a question asks for one by its value, which the answer need not name. */
const MEASURE_NOUN = /^(?:times?|days?|dates?|years?|months?|weeks?|hours?|minutes?|prices?|costs?|fees?|charges?|sizes?|colou?rs?|numbers?|percentages?|ages?|speeds?|rates?|amounts?|values?|levels?|lengths?|widths?|heights?|weights?|distances?|durations?|periods?|deadlines?|temperatures?)$/i;
/** Does the text unit at `index` go on from the text unit before it? */
/** The unit its paragraph opens with: back from a unit over the prose before it to the one that opens, or to the first after a list, a table or code. */
const openerOf = (list: readonly Unit[], index: number) => {
  let at = index;
  while (at > 0 && !list[at].opens && list[at - 1].kind === 'text') at--;
  return at;
};
const leansOnPrior = (list: readonly Unit[], index: number) => list[index].kind === 'text' && list[index - 1]?.kind === 'text' && GOES_ON.test(list[index].text);

/**
 * Chooses the units that answer the question; exported for unit tests. The unit that covers
 * most of the question (its words weighted by rarity, see SearchResult.weights) leads; a list's
 * lead-in brings its items, an item brings its lead-in, a table row carries its headers. Other
 * units join only when they cover a part of the question the chosen ones do not (a question
 * that asks for two facts), so the answer stops at the fact instead of padding it.
 */
export function compose(
  question: string, passages: Passage[], weights: Map<string, number>, language = 'en', unknownNames: readonly string[] = [],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(), earlier: readonly string[] = [], unknownWords: readonly string[] = [],
  following: ReadonlyMap<string, readonly Omit<Passage, 'score'>[]> = new Map(), probe?: ComposeProbe,
): { text: string; used: string[] } | null {
  // The visitor names a thing these pages never mention ("a WebSocket endpoint", "the CEO"):
  // whatever the rest of the question matches is about something else.
  probe?.offered?.push(...passages.map((p) => p.text));
  if (unknownNames.length) {
    if (probe) probe.unknownNames = [...unknownNames];
    return null;
  }
  // What is asked, without "Hi, I'm Ana (ana@…)." before it: the question's frames ("What
  // does X do?", "Which company…") are read from its start.
  question = askedPart(question, language);
  const relevant = passages.filter((p) => p.score >= MIN_RELEVANCE);
  if (relevant.length === 0) return null;
  // A second passage joins only when it is nearly as relevant as the best one.
  // "The default values of connectionTimeout and keepAliveTimeout": two named things, each
  // asked the same, each answered in its own section (read however it ranks).
  // Asked whether two named things go together, neither is a question of its own.
  const pair = GO_TOGETHER.test(question) ? null : namedPair(question, weights, language);
  // A manual's entry may open with its thing instead of a heading ("--freelist-vol=<number>
  // [default: 20000000]" under "Command-line options", "- idleTimeout <number> …").
  const opensWith = (p: Passage) => p.text.split('\n').some((line) => {
    const first = ENTRY_OPENS.exec(line)?.[1];
    return !!first && pair!.terms.includes(terms(first, language)[0]);
  });
  const namesSection = (p: Passage) => !!pair && (terms(p.heading, language).some((t) => pair.terms.includes(t)) || opensWith(p));
  // The entry of a name of code the question says ("request.port" and ".port" on the Request
  // page) is read however it ranks: what is asked of that name is there.
  const codeNames = codeNamesIn(question);
  // "What is git-jump?", "What does Massif do?": the sentence that has the thing as its
  // subject ("Git-jump is a script…") defines it; others only mention it.
  const defined = DEFINES.exec(question.trim())?.[1];
  // So does the entry of a list of commands or options that has its last word as its term
  // ("pull <repository>: Exactly like 'merge'…" for "what is git subtree pull for?").
  const definedAt = defined ? new RegExp(`^(?:the\\s+)?${escapeRegExp(defined).replace(/\s+/g, '\\s+')}\\b[^.;:]{0,40}?\\b(?:is|are|was|does|do|lets|helps|makes|provides|allows|gives|runs|turns|reads|writes|finds|shows|adds)\\b|^(?:--?)?${escapeRegExp(defined.split(/\s+/).at(-1)!)}\\b[^.]{0,80}?:\\s`, 'i') : null;
  // So does its entry in a list of options or terms ("--num-callers=<number> [default: 12]: Specifies
  // the maximum number…" for "what does the --num-callers option do?"), named without the class word.
  const entryAt = defined ? new RegExp(`^${escapeRegExp(defined.replace(CLASS_WORD, ''))}(?![\\p{L}\\p{N}-])[^:]{0,80}:\\s`, 'iu') : null;
  // A passage with the entry of the thing a question defines is read too, wherever it ranks
  // among the relevant: "add <local-commit>: Create the <prefix> subtree…" for "what does git
  // subtree add do?", below the examples and synopsis that say "git subtree add" more often.
  const definesHere = (p: Passage) => !!defined && sentencesOf(p.text, language).some((u) => u.kind !== 'code' && (definedAt!.test(u.text) || entryAt!.test(u.text)));
  // So is a passage with a table row keyed by the question's rarest thing (the row of
  // disableRequestLogging in a table of options, below the option's own section).
  const topWeight = Math.max(0, ...weights.values());
  const keyedHere = (p: Passage) => sentencesOf(p.text, language).some((u) => u.kind === 'row' && keyCellsOf(u, language).some((k) => namesKey(k, (t) => weights.get(t) ?? 0, topWeight)));
  const chosen = relevant.filter((p, i) => i === 0 || (i < 3 && p.score >= relevant[0].score * 0.6) || namesSection(p) || entryAsked(p, codeNames) || definesHere(p) || keyedHere(p));
  /** Per chosen passage: is it the section of one of the two named things? */
  const ownSection = chosen.map(namesSection);
  // "Which countries do you deliver to?": "countries" says what kind of answer is wanted
  // (names of countries), not a word the answer must contain.
  // So does the adjective of "how big / how long / how often": the answer is a size, a duration.
  const typeWords = new Set([
    ...ANSWER_TYPES.filter(([asks, , words]) => words && asks.test(question)).flatMap(([, , words]) => terms(words!, language)),
    ...[...question.matchAll(HOW_ADJECTIVE)].flatMap((m) => terms(m[1], language)),
    // and "example", "command" the kind of answer (code), not words it must contain.
    ...[...question.matchAll(WANTS_CODE_ALL)].flatMap((m) => terms(m[0], language)),
  ]);
  const query = (weights.size ? [...weights] : [...new Set(terms(question, language))].map((q) => [q, 1] as [string, number])).filter(([q]) => !typeWords.has(q));
  if (!query.length) return null;
  const total = query.reduce((a, [, w]) => a + w, 0) || 1;
  const weightOf = new Map(query);
  /** A question word is in a set of words when the word, a typo's word or a synonym is. */
  const altsOf = new Map(query.map(([q]) => [q, alternatives.get(q) ?? [q]]));
  const hits = (q: string, t: string) => altsOf.get(q)!.some((a) => matches(a, t));
  // Each word of the chosen passages is matched against the question once per compose, not
  // once per unit (and per lead-in, per part, per passage) that has it.
  const questionWordsOf = new Map<string, Set<string>>();
  const saysOf = (t: string) => {
    let qs = questionWordsOf.get(t);
    if (!qs) questionWordsOf.set(t, (qs = new Set(query.filter(([q]) => hits(q, t)).map(([q]) => q))));
    return qs;
  };
  const found = (q: string, ws: Iterable<string>) => {
    for (const t of ws) if (saysOf(t).has(q)) return true;
    return false;
  };
  /** The question words these words say, in the question's order. */
  const foundIn = (ws: Iterable<string>) => {
    // Most words say none: no set is made for a unit that says nothing.
    let says: Set<string> | undefined;
    for (const t of ws) for (const q of saysOf(t)) (says ??= new Set()).add(q);
    return says ? query.filter(([q]) => says.has(q)).map(([q]) => q) : [];
  };
  const asked = askedWords(question, language);
  const topQuery = Math.max(...query.map(([, w]) => w));
  const candidates: Pick[] = [];
  const unitsOf: Sentence[][] = [];
  const contextOf: Set<string>[] = [];
  /** Per chosen passage, the terms of its page title and heading (read twice below). */
  const contextTerms = chosen.map((p) => contextTermsOf(p, language));
  /** Per chosen passage, its units' picks by index (candidates holds them in that order). */
  const picksOf: Pick[][] = [];
  /** A unit's text with its list or table group (what a lead-in stands for). */
  const answerText = (c: Pick) => (c.unit.kind === 'lead' ? leadText(c) : c.unit.text);
  /** A lead-in's text with its group, joined once: each part's filters read it several times. */
  const leadTexts = new Map<Pick, string>();
  const leadText = (c: Pick) => leadTexts.get(c) ?? leadTexts.set(c, unitsOf[c.passage].filter(memberOf(unitsOf[c.passage], c.unit.group)).map((u) => u.text).join(', ')).get(c)!;
  // A question of several parts ("how much is the late fee, and how much data does Basic
  // include?") is answered part by part; a simple question is one part.
  const parts = questionParts(question, language);
  /** Of a question of several parts, the words (with their weights, and their sum) of each part that asks for several things. */
  const listParts = (parts.length > 1 ? parts.filter((seg) => ASKS_SEVERAL.test(seg)) : []).map((seg) => {
    const own = new Set(terms(withPhrasesAsWords(seg, language), language));
    const w = new Map(query.filter(([q]) => own.has(q)));
    return [w, [...w.values()].reduce((a, x) => a + x, 0)] as const;
  });
  /** The question's figures ("4" of "4 bookings per member per week", "0.10" of "$0.10"). */
  const figures = query.map(([q]) => q).filter((q) => /^\d+(?:[.,]\d+)*$/.test(q));
  chosen.forEach((p, pi) => {
    // A unit is read under its page's title and heading ("It includes theft insurance"
    // on the Cobalt Care page is about Cobalt Care): their words count as the unit's own.
    const context = new Set(contextTerms[pi]);
    // An FAQ entry whose question is the visitor's ("What do I need for 5G?") is about all of it.
    // Asked for several, the section named by the question ("## Application Hooks" for "what
    // application hooks are there?") is about all of it: its list is the answer.
    // So is the section one part names when that part asks for several ("what application hooks
    // are there?" beside another question): all of that part's words.
    const partSection = listParts.find(([w, sum]) => sectionAsked(p, w, sum, language));
    const inContext = asksAsHeading(p.heading, asked, language) || (ASKS_SEVERAL.test(question) && sectionAsked(p, weightOf, total, language)) ? query.map(([q]) => q) : query.filter(([q]) => found(q, context) || !!partSection?.[0].has(q)).map(([q]) => q);
    contextOf[pi] = new Set(inContext);
    const list = sentencesOf(p.text, language);
    unitsOf[pi] = list;
    probe?.read?.push(...list.map((u) => u.text));
    picksOf[pi] = [];
    const readings = readingsOf(list);
    list.forEach((unit, index) => {
      // A lead-in with its items, a sentence that goes on with the one before (readingsOf).
      const { words, main } = readings[index];
      const covers = new Set(foundIn(words));
      // Matched once here, so scoring (once per part of the question) only looks things up.
      const inMain = new Set([...covers].filter((q) => found(q, main)));
      // Asked for several things, a sentence of a reference entry's paragraph is about the entry's
      // term ("There are three special format specifiers that can be used in the file name."
      // under "--log-file=<filename>: Specifies that…"), as a sentence under a heading is about the
      // heading. (Asked for one thing, it let "This can be useful when trying to shake out…" of
      // --malloc-fill answer which byte value to use, which the entry never says.)
      const opener = openerOf(list, index);
      const entryOf = opener < index && list[opener].opens ? entryTerm(list[opener].text) : null;
      if (entryOf && unit.kind === 'text' && ASKS_SEVERAL.test(question)) for (const q of foundIn(terms(entryOf, language))) covers.add(q), inMain.add(q);
      const at = new Map<string, number[]>();
      for (const q of inMain) at.set(q, unit.seq.flatMap((t, j) => (saysOf(t).has(q) ? [j] : [])));
      // A row is about the cell the visitor names, a code or a name the row is the entry of
      // ("ENOSPC", "FST_ERR_DEC_AFTER_START", "concord.c:insert"): its other cells say what the
      // question asks of it, in the table's words, not the visitor's ("what is that code
      // telling me?", "what went wrong?").
      const keyed = unit.kind === 'row' ? keyCellsOf(unit, language).find((k) => namesKey(k, (t) => weightOf.get(t) ?? 0, topQuery)) : undefined;
      // So is an entry of a list of options or properties about the name it opens with
      // ("--gen-suppressions=<yes|no|all> [default: no]"), not the entry that mentions it.
      // A figure the question gives beside a header it names ("which room has 4 bookings per
      // member per week?") is this row's when its cell under that header holds it, not another
      // cell ("Seats: 4" of the room that allows 5 bookings).
      // How much of the question a header over one of its figures says, at best: the room whose
      // 4 is under "Bookings per member per week", not under "Longest single booking" (4 hours).
      const bound = unit.kind === 'row' && figures.length > 0 ? Math.min(...figures.map((n) => Math.max(0, ...unit.text.split('; ').map((pair) => {
        const at = pair.indexOf(': ');
        if (at <= 0 || !terms(pair.slice(at + 2), language).includes(n)) return 0;
        return new Set(terms(pair.slice(0, at), language).filter((t) => weightOf.has(t) && !figures.includes(t))).size;
      })))) : 0;
      const term = unit.kind !== 'row' && unit.kind !== 'code' ? entryTerm(unit.text) : null;
      const entry = term ? keyCells({ ...unit, cells: [term] }, (t) => terms(t, language)).find((k) => namesKey(k, (t) => weightOf.get(t) ?? 0, topQuery)) : undefined;
      // A unit counts as much as its passage is relevant; among equals the earlier one wins.
      const pick: Pick = { passage: pi, index, unit, covers, score: 0, factor: ownSection[pi] ? 1 : p.score / chosen[0].score, inMain, at, keyed, entry, bound };
      candidates.push(pick);
      picksOf[pi].push(pick);
    });
  });
  // Of a question of several parts, each asks for several things or for one on its own ("What
  // are the kitchen rules? And do Hot Desk members get a locker?"): read per part below.
  const severalAll = ASKS_SEVERAL.test(question);
  let several = severalAll;
  /** How much of these question words a unit covers (its page title and heading included), in [0,1], by relevance. */
  const scoreFor = (c: Pick, part: [string, number][], partTotal: number, factor = c.factor) => {
    // A word found only in a parenthesis ("Notion (Markdown and CSV export)") counts half.
    const share = (q: string) => (c.inMain.has(q) || contextOf[c.passage].has(q) ? 1 : ASIDE_SHARE);
    const own = part.reduce((a, [q, w]) => (c.covers.has(q) ? a + w * share(q) : contextOf[c.passage].has(q) ? a + w * CONTEXT_SHARE : a), 0);
    const hit = own / partTotal;
    // Words the question puts together ("the Team plan") that stand together in the unit
    // tell it from one that merely names them apart ("three plans: Free, Pro and Team").
    let together = 0;
    for (let i = 1; i < part.length; i++) {
      const as = c.at.get(part[i - 1][0]);
      const bs = c.at.get(part[i][0]);
      if (as && bs && as.some((j) => bs.includes(j + 1) || bs.includes(j + 2))) together += 1;
    }
    if (hit <= 0) return -1;
    const score = hit * factor + together * TOGETHER - c.index * 0.002;
    // A row the part names by its key answers it, however many other words the part has.
    // Among rows that say as much, it leads the row that only mentions it ("SIGPOLL: Synonym
    // for SIGIO" for "what does SIGIO mean?"): a row is about its key.
    if (c.keyed && part.some(([q]) => c.keyed!.includes(q))) return Math.max(score + KEYED_TIE, MIN_SENTENCE + KEYED_ROW);
    const tied = c.bound ? score + BOUND_TIE * Math.min(1, c.bound / BOUND_HEADER_WORDS) : score;
    // Asked for several things ("which getaddrinfo flags can I pass as hints?"), the entry the
    // question names ("hints <number> One or more supported getaddrinfo flags") is where they
    // go, not what they are: its list is another list (the options of dns.lookup()).
    return c.entry && !(several && c.unit.kind === 'item') && part.some(([q]) => c.entry!.includes(q)) ? tied + KEYED_TIE : tied;
  };
  for (const c of candidates) c.score = scoreFor(c, query, total);
  /** Per chosen passage, the question words any term of its text, title or heading says (what each part's cover is read from). */
  const passageSays = chosen.map((_, pi) => new Set(foundIn([...unitsOf[pi].flatMap((u) => u.words), ...contextTerms[pi]])));
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  const mentions = (c: Pick, n: string) => c.covers.has(n) || contextOf[c.passage].has(n);
  const picks: Pick[] = [];
  let chars = 0;
  const unitPick = (pi: number, index: number) => picksOf[pi][index];
  const add = (c: Pick) => {
    if (picks.includes(c)) return;
    picks.push(c);
    chars += c.unit.text.length;
  };
  /** Items given by their first sentence only (a list too long to give whole), with that sentence. */
  const heads = new Map<Pick, string>();
  /**
   * A lead-in's items: whole when they fit; when they do not and the question asks for several
   * things (the list is the answer), each by its first sentence ("curB current number of Bytes
   * allocated.") when those fit, so the answer names every item instead of stopping after two
   * long ones; else as many whole items as fit, in order. (A procedure's steps come whole or
   * not at all: see take().)
   */
  const addItems = (pi: number, indices: number[]) => {
    const items = indices.map((i) => unitPick(pi, i)).slice(0, MAX_ITEMS);
    const room = MAX_LIST_CHARS - chars;
    const headOf = (p: Pick) => headSentence(p.unit.text);
    if (several && items.reduce((a, p) => a + p.unit.text.length, 0) > room && items.length > 1 && items.reduce((a, p) => a + headOf(p).length, 0) <= room) {
      for (const p of items) {
        if (picks.includes(p)) continue;
        const head = headOf(p);
        if (head.length < p.unit.text.length) heads.set(p, head);
        picks.push(p);
        chars += head.length;
      }
      return;
    }
    for (const p of items) {
      if (chars + p.unit.text.length > MAX_LIST_CHARS) break;
      add(p);
    }
  };
  // "What is not covered?" is answered by what the pages say is not ("does not cover:"), not
  // by what is: stop words drop the "not", so it weighs here.
  const negated = NEGATION.test(question);
  const outcome = ASKS_OUTCOME.test(question);
  // A line of an example's code says little alone ("// Add an endpoint of your choice"): it
  // answers only a question that asks for code, a command or an example.
  const wantsCode = WANTS_CODE.test(question);
  // An FAQ's numbered entry may state the visitor's case instead of asking it ("4.5. Memcheck
  // doesn't report any errors and I know my program has errors."): it is the entry's question
  // all the same, and was taken for its own answer.
  const isQuestion = (u: Unit | undefined) => !!u && u.kind === 'text' && (/\?["')\]]?$/.test(u.text) || (FAQ_ENTRY.test(u.text) && !listsEntries(u.text)));
  /** A question on the page; with no answer after it in its passage, it answers nothing. */
  // Its answer may follow a run of questions that go on asking ("Could Memcheck record a
  // trail…? Or maybe just…?"), but not the next entry's ("1.1. How…? 1.2. Where…?" in a list of contents).
  const asksItself = (c: Pick) => {
    if (!isQuestion(c.unit)) return false;
    const after = unitsOf[c.passage].slice(c.index + 1);
    const first = after.findIndex((u) => !isQuestion(u) || SECTION_NUMBER.test(u.text));
    return first >= 0 && !isQuestion(after[first]);
  };
  // A line of a table of contents ("4.1. My program uses the C++ STL… 4.2. The stack traces…")
  // names entries; what answers is in the entries.
  const unanswered = (c: Pick) => (isQuestion(c.unit) && !asksItself(c)) || listsEntries(c.unit.text);
  // A table's lead-in is read with its rows' words, so it covers what its best row covers: asked
  // of one row ("what Ir count does concord.c:hash show?"), that row answers, not the lead-in
  // with the first rows that fit. Asked for several, the lead-in still brings them all.
  const shadowedOf = new Map<Pick, boolean>();
  const shadowed = (c: Pick) => shadowedOf.get(c) ?? shadowedOf.set(c, isShadowed(c)).get(c)!;
  // So is a lead-in whose table has a row the question names by its key ("concord.c:insert"):
  // the visitor's other words may be spread over the header and other rows.
  const isShadowed = (c: Pick) => c.unit.kind === 'lead' && unitsOf[c.passage].some((u, i) => u.group === c.unit.group && u.kind === 'row' && (!!unitPick(c.passage, i).keyed || [...c.covers].every((q) => unitPick(c.passage, i).covers.has(q) || contextOf[c.passage].has(q))));
  const enumerates = (c: Pick) => (c.unit.kind === 'lead' ? unitsOf[c.passage].filter(memberOf(unitsOf[c.passage], c.unit.group)).length > 2 : (c.unit.kind !== 'text' && c.unit.kind !== 'code') || ENUMERATES.test(c.unit.text) || ANNOUNCES_COUNT.test(c.unit.text));
  /** An entry of a term the question does not say. */
  const ofOtherEntry = (u: Unit) => {
    const term = entryTerm(u.text);
    return !!term && !terms(term, language).some((t) => weightOf.has(t));
  };
  /** The entry of an option the question does not name. */
  const opensOtherOption = (u: Unit) => /^-{1,2}\p{L}/u.test(u.text) && ofOtherEntry(u);
  /** A unit that starts the next entry of an FAQ or a manual (a question, a numbered entry, another option's entry): it does not go on from the one before. */
  const opensNextEntry = (u: Unit) => isQuestion(u) || SECTION_NUMBER.test(u.text) || opensOtherOption(u);
  /** An option's synopsis alone at the end of its passage: what describes it is elsewhere. */
  const endsOnSignature = (c: Pick) => c.index === unitsOf[c.passage].length - 1 && SIGNATURE.test(c.unit.text);
  /** Per chosen passage, the heads of its list's items that come in the passages after it. */
  const continued = new Map<number, string[]>();
  /** Per chosen passage, the lines of its last listing that the passage after it carries on (the listing was cut between them). */
  const continuedCode = new Map<number, string[]>();
  /**
   * Asked for several things, a paragraph that runs into a numbered list with no lead-in of its
   * own ("This section documents some cases known to be sub-optimal…" over "1. Two changes on
   * the same line…") introduces the list: the answer is its items. They are named by their
   * first sentence, as a long list's are (addItems), here and in the passages after it in the
   * section while the numbering goes on ("2. The multi-line matching…", past item 1's code).
   */
  const introducesSteps = (c: Pick): boolean => {
    const list = unitsOf[c.passage];
    let end = c.index + 1;
    while (end < list.length && list[end].kind === 'text' && !list[end].opens) end++;
    const first = list[end];
    if (first?.kind !== 'item' || !first.step || list.some((u, i) => u.group === first.group && (u.kind === 'lead' || i < end))) return false;
    const numbers = itemNumbers(chosen[c.passage].text);
    if (!numbers.length || numbers.some((n, i) => n !== i + 1)) return false;
    const items = list.map((u, i) => [u, i] as const).filter(([u]) => u.group === first.group && u.step).map(([, i]) => unitPick(c.passage, i));
    const later: string[] = [];
    let last = numbers.length;
    for (const next of following.get(chosen[c.passage].id) ?? []) {
      const steps = sentencesOf(next.text, language).filter((u) => u.kind === 'item' && u.step);
      const nums = itemNumbers(next.text);
      // Items, and only its: the numbering goes on where the list stopped (not a list of its own).
      if (!nums.length) continue;
      if (nums[0] !== last + 1 || nums.length !== steps.length) break;
      later.push(...steps.map((u) => headSentence(u.text)));
      last = nums.at(-1)!;
    }
    if (!later.length) return false;
    const size = [...items.map((p) => headSentence(p.unit.text)), ...later].reduce((a, h) => a + h.length, chars);
    if (items.length + later.length > MAX_ITEMS || size > MAX_LIST_CHARS) return false;
    for (let i = c.index + 1; i < end; i++) add(unitPick(c.passage, i));
    for (const p of items) {
      const head = headSentence(p.unit.text);
      if (head.length < p.unit.text.length) heads.set(p, head);
      if (!picks.includes(p)) picks.push(p);
      chars += head.length;
    }
    continued.set(c.passage, later);
    chars += later.reduce((a, h) => a + h.length, 0);
    return true;
  };
  /**
   * Asked for several things, a sentence that ends its paragraph announcing how many things
   * follow ("There are three special format specifiers that can be used in the file name.")
   * introduces the paragraphs after it as the things: the answer names each by its paragraph's
   * first sentence ("%p is replaced with the current process ID.", …), here and in the
   * passages after it under the same heading, as many as it announced.
   */
  const countsParagraphs = (c: Pick): boolean => {
    const m = ANNOUNCES_COUNT.exec(c.unit.text);
    const list = unitsOf[c.passage];
    if (!m || (c.index + 1 < list.length && !list[c.index + 1].opens)) return false;
    const spelled = COUNT_WORDS.indexOf(m[1].toLowerCase());
    const count = spelled >= 0 ? spelled + 2 : Number(m[1]);
    const heads: string[] = [];
    const read = (us: readonly Unit[], from: number) => {
      for (let i = from; i < us.length && heads.length < count; i++) {
        // Paragraphs, not a list or a table: those have their own lead-ins.
        if (us[i].kind === 'item' || us[i].kind === 'row' || us[i].kind === 'lead') return false;
        if (us[i].kind === 'text' && us[i].opens) heads.push(headSentence(us[i].text));
      }
      return true;
    };
    if (!read(list, c.index + 1)) return false;
    for (const next of following.get(chosen[c.passage].id) ?? []) if (heads.length >= count || !read(sentencesOf(next.text, language), 0)) break;
    const size = heads.reduce((a, h) => a + h.length, chars);
    if (heads.length < count || size > MAX_LIST_CHARS) return false;
    continued.set(c.passage, heads);
    chars = size;
    return true;
  };
  /** A unit with what it needs to be understood: a lead-in's items, an item's lead-in. */
  const take = (c: Pick): void => {
    const list = unitsOf[c.passage];
    // A question on the page (an FAQ's "How do you pronounce Valgrind?") matches the visitor's
    // words best of all, but what answers it is what follows.
    if (asksItself(c)) {
      // The answer is about what its question names ("Valgrind"), though it may not repeat it.
      const answer = unitPick(c.passage, c.index + 1);
      for (const q of c.covers) answer.covers.add(q);
      return take(answer);
    }
    if (c.unit.kind === 'item' || c.unit.kind === 'row') {
      const leadIn = list.findIndex((u) => u.group === c.unit.group && u.kind === 'lead');
      if (leadIn >= 0 && leadIn < c.index) {
        // Asked for several things, one item of a list is one of the answers: the list is the answer.
        if (several && c.unit.kind === 'item') return take(unitPick(c.passage, leadIn));
        // So is an item of a list of choices ("…in one of the following ways:", "The value could
        // be:"): alone, one choice reads as the only one.
        if (c.unit.kind === 'item' && CHOICES.test(list[leadIn].text)) return take(unitPick(c.passage, leadIn));
        if (list[leadIn].text.length <= 200) add(unitPick(c.passage, leadIn));
      }
      // So it is when the list has no lead-in: the sentence just before it introduces it.
      const first = list.findIndex((u) => u.group === c.unit.group);
      if (several && c.unit.kind === 'item' && leadIn < 0 && list[first - 1]?.kind === 'text') return take(unitPick(c.passage, first - 1));
      // A step of a procedure says little alone ("Restart your iPhone."): all its steps come,
      // in order, when they fit.
      // So are the items of a bulleted list that opens a section headed as a procedure ("How to
      // make a claim": "- File your claim…", "- Pay the excess…").
      const procedure = c.unit.kind === 'item' && leadIn < 0 && first === 0 && HOW_TO.test(chosen[c.passage].heading);
      if (c.unit.step || procedure) {
        // A step with steps nested under it ("4. … 1. N|Solid …") is a step of its list still.
        const steps = list.map((u, i) => [u, i] as const).filter(([u]) => (u.group === c.unit.group || u.parent === c.unit.group) && (u.step || procedure));
        if (steps.reduce((a, [u]) => a + u.text.length, 0) <= MAX_LIST_CHARS) for (const [, i] of steps) add(unitPick(c.passage, i));
      }
    }
    // A sentence that goes on from the one before ("It halves Memcheck's speed.") brings it,
    // and the one that one goes on from ("For example, …" after "This behavior can be observed
    // …" after the sentence that says what the behaviour is), a few sentences back at most.
    // Past the first, only within its paragraph: "It might be…" opening the next paragraph of
    // a list of cases goes on from its own case, not from the paragraph before.
    for (let i = c.index, back = 0; back < MAX_LEANS && leansOnPrior(list, i) && (back === 0 || !list[i].opens); i--, back++) add(unitPick(c.passage, i - 1));
    add(c);
    // Asked for several things, an entry of a reference ("VALGRIND_DO_LEAK_CHECK: does a full
    // leak check…"), or a sentence of its paragraph, brings the entries beside it that are told
    // as its variants, their own opening naming its term ("VALGRIND_DO_ADDED_LEAK_CHECK: same as
    // VALGRIND_DO_LEAK_CHECK but only…"): they answer the same question, each saying how it differs.
    const opener = openerOf(list, c.index);
    const term = several && c.unit.kind === 'text' && list[opener].opens ? entryTerm(list[opener].text) : null;
    if (term && term.length > 3) {
      const names = new RegExp(`(?<![\\w$.-])${escapeRegExp(term)}(?![\\w$-])`);
      list.forEach((u, i) => {
        const own = u.kind === 'text' && u.opens && i !== opener ? entryTerm(u.text) : null;
        if (own && own !== term && names.test(entryDescription(u.text)) && chars + u.text.length <= MAX_LIST_CHARS) add(unitPick(c.passage, i));
      });
    }
    // A short sentence rarely holds a whole answer ("Refunds take 5 days." goes on "Each refund
    // goes back to your card."): it brings the sentence after it when that one is about the
    // same thing (a shared word, or a word of the question); so does a longer one when the next
    // goes on from it ("This means…", "For example, …"). On the eval's dev half: right answers
    // 61% → 64%, wrong answers with a citation 60 → 53, answer length 1.3× → 1.7× the fact's
    // sentence (the issue's bound is 2×).
    const after = list[c.index + 1];
    const related = () => after.words.some((w) => list[c.index].words.includes(w)) || unitPick(c.passage, c.index + 1).covers.size > 0;
    // One that says nothing alone ("Yes.", a bare name, an option's signature that ends no
    // sentence: "--vgdb-error=<number> [default: 999]") brings it whatever it is about.
    // A question on the page, or a numbered entry ("5.3. …"), opens the next entry of an FAQ
    // or a manual: it never comes along. Nor does the entry of another option ("--show-emwarns=
    // <yes|no> [default: no]: When enabled, …").
    if (c.unit.kind === 'text' && after?.kind === 'text' && !opensNextEntry(after) && (c.unit.text.length < 25 || SIGNATURE.test(c.unit.text) || (entryDescription(c.unit.text).length < SHORT_SENTENCE && related()) || GOES_ON.test(after.text))) {
      add(unitPick(c.passage, c.index + 1));
      // Come along, it may lead to a listing as much as the chosen one ("…rebased on the new HEAD. This is done by").
      bringListing(c.passage, c.index + 1);
    }
    // Asked for several things, a sentence that names the subject ("Returns the CPU
    // architecture.") brings the list that follows it ("Possible values are 'arm', 'x64', …").
    // The list may come a sentence or two later, after its lead-in ("… The currently supported
    // options are:").
    // So does a short sentence with a list right after it that has no lead-in of its own, when
    // the list is about it ("The platform-specific file path of the null device." over "- \\.\\nul
    // on Windows", "- /dev/null on POSIX"): the sentence says what the items are, the items
    // what it is.
    if (!several && c.unit.kind === 'text' && c.unit.text.length < SHORT_SENTENCE && after?.kind === 'item' && !list.some((u) => u.group === after.group && u.kind === 'lead')) {
      const items = list.map((u, i) => [u, i] as const).filter(([u]) => u.group === after.group);
      const about = items.some(([u, i]) => u.words.some((w) => list[c.index].words.includes(w)) || unitPick(c.passage, i).covers.size > 0);
      if (about && items.length <= MAX_ITEMS && items.reduce((a, [u]) => a + u.text.length, chars) <= MAX_LIST_CHARS) for (const [, i] of items) add(unitPick(c.passage, i));
    }
    if (several && c.unit.kind === 'text' && (introducesSteps(c) || countsParagraphs(c))) return;
    if (several && c.unit.kind === 'text' && !enumerates(c)) {
      for (let i = c.index + 1; i <= c.index + 3 && i < list.length; i++) {
        const next = unitPick(c.passage, i);
        // A list right after it with no lead-in of its own ("You can hook into the lifecycle
        // as well." over "- onReady - onClose") is what it introduces.
        if (i === c.index + 1 && next.unit.kind === 'item' && !list.some((u) => u.group === next.unit.group && u.kind === 'lead')) {
          for (let j = i, n = 0; j < list.length && list[j].group === next.unit.group && n < MAX_ITEMS && chars + list[j].text.length <= MAX_LIST_CHARS; j++, n++) add(unitPick(c.passage, j));
          break;
        }
        if (next.unit.kind === 'item' || next.unit.kind === 'row') break;
        if (!enumerates(next)) continue;
        take(next);
        break;
      }
    }
    if (c.unit.kind === 'lead') {
      const items: number[] = [];
      // Its items, and those of lists nested in them ("- times <Object>" over "  - user…").
      const member = memberOf(list, c.unit.group);
      for (let i = c.index + 1; i < list.length && member(list[i]); i++) items.push(i);
      addItems(c.passage, items);
    } else if (list[c.index + 1]?.kind === 'code') bringListing(c.passage, c.index);
    else if (/[:：]$/.test(c.unit.text) && c.index + 1 < list.length && chars + list[c.index + 1].text.length <= MAX_LIST_CHARS) add(unitPick(c.passage, c.index + 1));
  };
  /**
   * A sentence that leads to a listing ("…invoke it like this:", "This is done by") brings it
   * when the listing is what answers: the question asks how, or for code, or the sentence's
   * own object is the listing ("like this:", "with:", "e.g."). One whose words answer
   * ("…libraries like joi or yup:") stands alone. As many whole lines as MAX_LISTING_CHARS
   * holds, not ending on a comment (what it says is of the line cut off after it).
   */
  const bringListing = (pi: number, at: number) => {
    const list = unitsOf[pi];
    if (list[at + 1]?.kind !== 'code') return;
    let end = at + 1;
    let n = 0;
    for (; end < list.length && list[end].kind === 'code' && (n += list[end].text.length + 1) <= MAX_LISTING_CHARS; end++);
    if (end < list.length && list[end].kind === 'code') while (end > at + 1 && CODE_COMMENT.test(list[end - 1].text)) end--;
    const asked = wantsCode || ASKS_HOW.test(question);
    // Asked how, a listing right after the answer that says what the sentence does not ("…from
    // Node.js v13.3.0 and above." over "fastify.register(import('./plugin.mjs'))") is the how.
    const says = new Set(unitPick(pi, at).covers);
    const tells = () => Array.from({ length: end - at - 1 }, (_, k) => unitPick(pi, at + 1 + k)).some((p) => [...p.covers].some((q) => !says.has(q)));
    // So does one that leads to it ("Getting the sources through git should be preferred:" over
    // "$ git clone https://…") when the listing names what the question asks of it.
    if (!((LEADS_TO_CODE.test(list[at].text) && (asked || NAMES_LISTING.test(list[at].text))) || ((asked || LEADS_TO_CODE.test(list[at].text)) && tells()))) return;
    for (let i = at + 1; i < end; i++) add(unitPick(pi, i));
    // A listing cut at the passage's end goes on in the next passage of its section ("…to
    // decompress the last chunk of input data:" over "const buffer = …" here and "zlib.unzip(
    // buffer, { finishFlush: … })" there): its lines come too, while the listing has room.
    const next0 = following.get(chosen[pi].id)?.[0];
    if (end === list.length && n <= MAX_LISTING_CHARS && next0) {
      const more: string[] = [];
      for (const u of sentencesOf(next0.text, language)) {
        if (u.kind !== 'code' || (n += u.text.length + 1) > MAX_LISTING_CHARS) break;
        more.push(u.text);
      }
      while (more.length && CODE_COMMENT.test(more.at(-1)!)) more.pop();
      if (more.length) {
        continuedCode.set(pi, more);
        chars += more.reduce((a, l) => a + l.length + 1, 0);
      }
    }
    // A procedure goes on after its listing ("Now move the extracted patches…"), and with its
    // next listing, while the answer has room.
    const next = list[end];
    if (asked && next?.kind === 'text' && (GOES_ON.test(next.text) || PROCEEDS.test(next.text)) && chars + next.text.length <= MAX_CHARS) {
      add(unitPick(pi, end));
      if (chars < MAX_CHARS) bringListing(pi, end);
    }
  };
  // A part that asks the same of two named things ("When I start a Worker, what do maxRetries
  // and idleTimeout default to?") is two parts, one per thing, as a whole question of them is.
  const asking = (parts.length ? parts : [question]).map((text) => [text, GO_TOGETHER.test(text) ? null : namedPair(text, weights, language)] as const);
  const segmentsOwn = asking.flatMap(([text, p]): [string, string | null][] => (p ? p.parts.map((t, i) => [t, p.terms[i]]) : [[text, null]]));
  const segments = segmentsOwn.map(([t]) => t);
  const earlierTerms = new Set(earlier);
  const allNames: string[] = [];
  /** Names of platforms the question gives ("on Linux"): a unit about every platform, or all but another one, speaks of them too. */
  const platformNames = new Set<string>();
  // A name with its version ("Fastify 3", "Node 18") is named by a unit that gives that
  // version as a version ("3.0.0", "3.x"): a release table's row ("Version: 3.0.0; Release
  // Date: …") seldom repeats the name its page is about. A bare "6" among other numbers is none.
  // A number after a slash ("HTTP/2", "OAuth/2") is part of the name itself: HTTP/2 is not HTTP,
  // and a unit that gives the name without that number ("Testing with HTTP injection") is about
  // another thing ("can inject send HTTP/2 requests?"). It is held to the number (`whole`).
  const versionOf = new Map<string, { term: string; re: RegExp; given: RegExp; whole?: string }>();
  for (const m of question.matchAll(/([\p{L}][\p{L}\p{N}.-]*)(\s+v?|\/)(\d+(?:\.\d+)*)(?![\p{L}\p{N}]|\.\d)/gu)) {
    const [, word, between, number] = m;
    const slashed = between === '/';
    const [name] = terms(word, language);
    // "2.39" is searched as "2" when the knowledge never says "2.39" (its pages say "v2.39").
    const term = terms(number, language).find((t) => weightOf.has(t));
    const re = new RegExp(`(?<![\\w.])v?${escapeRegExp(number)}${number.includes('.') ? '(?:\\.\\d+)*' : '(?:\\.(?:\\d+|x))+'}(?![\\w.]|\\.\\d)`, 'i');
    // The number as that name's number: after the name ("Windows 7", "Node.js 22", "node22") or
    // marked as a version ("v22"), not any 7 on the page ("a nice value of -7").
    const given = new RegExp(`${escapeRegExp(word)}[\\w.]{0,4}[\\s/-]*v?${escapeRegExp(number)}(?![\\w]|\\.\\d)|(?<![\\w.])v${escapeRegExp(number)}(?![\\w]|\\.\\d)`, 'i');
    if (name && term && looksLikeName(word, question)) versionOf.set(name, { term, re, given, whole: slashed ? m[0] : undefined });
  }
  // A version the question asks about as such ("version 4.3 of the terms", "release 1.8"): a
  // unit that gives another ("Version 4.2, effective 1 March 2025") is about another version.
  const versionsAsked = (segment: string) => [...segment.matchAll(/\b(?:version|release)\s+v?(\d+(?:\.\d+)+)(?![\w]|\.\d)/gi)].map((m) => new RegExp(`(?<![\\w.])v?${escapeRegExp(m[1])}(?![\\w]|\\.\\d)`, 'i'));
  /**
   * Does a unit (its text, and how it is named) name the thing, by its name or by its version?
   * Its page may give the version for it: "In Git 2.39, what does …?" is answered by a line of
   * the release notes titled "2.39.0", which never repeats "Git".
   */
  const namesByVersion = (c: Pick, n: string) => mentions(c, n) || [answerText(c), chosen[c.passage].heading, chosen[c.passage].title].some((t) => !!versionOf.get(n)?.re.test(t));
  /** The things a part names ("timeout.hasRef()", "Plus", the version of "Fastify 3"): what a later part's "it" stands for. */
  // An option or a name of code ("--valgrind-stacksize", "timeout.refresh()") is a name too,
  // in lower case: "what's the default --valgrind-stacksize, and when should I change it?".
  const namesOf = (segment: string): string[] => [
    ...[...surfaceWords(segment, language)].filter(([stem, word]) => weightOf.has(stem) && looksLikeName(word, segment)).flatMap(([stem]) => [stem, ...(versionOf.has(stem) ? [versionOf.get(stem)!.term] : [])]),
    ...[...segment.matchAll(OPTION_NAME)].map((m) => m[0]).concat(codeNamesIn(segment)).flatMap((name) => terms(name, language)).filter((t) => weightOf.has(t)),
  ];
  /** Of them, the Unix-like systems ("Linux", "macOS"): a unit about POSIX or Unix speaks of them ("On POSIX, it uses $HOME"). */
  const unixNames = new Set<string>();
  const speaksOfUnix = (c: Pick, n: string) => unixNames.has(n) && POSIX.test(leansOnPrior(unitsOf[c.passage], c.index) ? `${unitsOf[c.passage][c.index - 1].text} ${c.unit.text}` : c.unit.text);
  type Fit = { c: Pick; score: number; rank: number };
  /** The passages of the entries of the names of code the parts say, when a part was answered from them. */
  const entryPassages = new Set<number>();
  const bests: (Fit | undefined)[] = [];
  /** Per best: does its part ask for several things? */
  const bestSeveral: boolean[] = [];
  const fits: Fit[][] = [];
  for (const [si, segment] of segments.entries()) {
    // Of two named things, each part is answered by a unit about its own thing.
    const own = segmentsOwn[si][1];
    const segTerms = new Set(terms(withPhrasesAsWords(segment, language), language));
    // "What does timeout.hasRef() return, and which version added it?": the later part names
    // its thing only as "it", the thing the part before names; a unit about "version" alone
    // answers of another thing. (Only a named thing: "it" in "if I request a port late at
    // night, when does it start?" is not the night.)
    if (si > 0 && POINTS_BACK.test(segment)) for (const t of namesOf(segments[si - 1])) segTerms.add(t);
    // "What does it do?" after "Tell me about --sigill-diagnostics.": a question with no words
    // of its own was searched with the earlier turn's, and its "it" is what they name.
    if (si === 0 && POINTS_BACK.test(segment) && segTerms.size === 0) for (const [q] of query) segTerms.add(q);
    const part = query.filter(([q]) => segTerms.has(q));
    const partTotal = part.reduce((a, [, w]) => a + w, 0);
    if (!partTotal) continue;
    several = parts.length > 1 ? ASKS_SEVERAL.test(segment) : severalAll;
    // So does what is not: "What was it going to be called, and why didn't they keep that name?"
    // asks the name as it is, and only its second part about what was not.
    const partNegated = parts.length > 1 ? NEGATION.test(segment) : negated;
    // What kind of fact the part asks for (a quantity, a time, a month) and which things it
    // names ("under Cachegrind", "in France"): only units that carry such a fact and mention
    // every named thing (or sit under a heading that does) can answer. The rest answer a
    // neighbouring question (Memcheck's slowdown, the partner networks in general; what
    // path.basename() does on Windows for "is path.matchesGlob() case-insensitive on Windows?").
    // A row the part names by its key gives its figures under the table's own headers ("totFdB:
    // 111" for "how many bytes did freeX free?"): a figure there is the quantity asked for, and
    // the row is the thing named; the part's other names ("D1 read misses (D1mr)") are its columns.
    const keyedFigure = (c: Pick) => !!c.keyed && part.some(([q]) => c.keyed!.includes(q)) && /\d/.test(c.unit.text);
    // An option's synopsis that ends its passage ("--valgrind-stacksize=<number> [default: 1MB]",
    // its description cut off by a page break) says its default and nothing else: it answers a
    // part that asks for the default, not "when should I change it?".
    const asksDefault = /\bdefault\b/i.test(segment);
    const needs = ANSWER_TYPES.filter(([asks]) => asks.test(segment)).map(([, has]) => (text: string) => has(text, segment));
    // Asked which option does something, the unit must name one, in itself or in the rest of its
    // paragraph (a question on the page: in the paragraph that answers it): an FAQ's answer says
    // what happens before "You should try running with --smc-check=all".
    const asksOption = ASKS_OPTION.test(segment);
    const namesOption = (c: Pick) => {
      const list = unitsOf[c.passage];
      let text = answerText(c);
      const asksItself = /\?\s*$/.test(c.unit.text);
      for (let i = c.index + 1; c.unit.kind === 'text' && i < list.length && i <= c.index + 4 && list[i].kind === 'text' && (!list[i].opens || (asksItself && i === c.index + 1)); i++) text += ` ${list[i].text}`;
      return NAMES_CODE.test(text);
    };
    // A name most of the pages use ("Fastify" in Fastify's docs) is the knowledge's own subject,
    // which a page's sentences rarely repeat: beside a rarer name ("Fastify's default
    // http2SessionTimeout") it says nothing of which unit answers. Alone, it still keeps the
    // answer to its subject ("where do I report a vulnerability in Fastify?").
    // The names of the case a visitor tells before asking ("My little CLI that reads stdin with
    // readline never exits. How can I let it quit…?") set the scene: the sentence that answers
    // the question need not repeat them (it says "To exit without waiting for user input, call
    // process.stdin.unref()."). They still weigh in the part's words that a unit must cover.
    const asked = questionAfterCase(segment);
    const allNamed = [...surfaceWords(asked, language)].filter(([stem, word]) => weightOf.has(stem) && looksLikeName(word, asked));
    const rarer = allNamed.filter(([stem]) => weightOf.get(stem)! >= COMMON_NAME);
    const named = rarer.length ? rarer : allNamed;
    const names = named.map(([stem]) => stem);
    allNames.push(...names);
    for (const [stem, word] of named) if (isPlatform(word)) platformNames.add(stem);
    for (const [stem, word] of named) if (UNIX_LIKE.test(word)) unixNames.add(stem);
    // "Which company is your payment processor?": what is asked for (the company), when it is
    // among the part's rarest words, must be in the answer or its heading; "our payment
    // processor" without it is a near miss. A common word there ("which key…") is not held to it.
    // Asked for several ("what are the rules…?"), the answer is a list whose items need not repeat the class word.
    const focusWord = several ? undefined : FOCUS.exec(segment.trim())?.[1];
    const topWeight = Math.max(...part.map(([, w]) => w));
    const focus = focusWord ? terms(focusWord, language).find((t) => weightOf.has(t) && !typeWords.has(t) && weightOf.get(t)! >= topWeight * FOCUS_SHARE) : undefined;
    // The thing the question is about, in its own words: the rare ones must be in the answer.
    // "Which/what X Y…?" is answered by an X Y ("3.8" for "which Python version"), which need
    // not repeat the class word Y, but what narrows it (X: "upload" speeds) must be there.
    const subjectMatch = SUBJECT.exec(segment.trim());
    const subjectWords = subjectMatch?.[1].split(/\s+/).slice(0, /^\W*(?:(?:and|so|ok|okay|also),?\s+)?(?:what|which)\b/i.test(subjectMatch[0]) ? -1 : undefined);
    const rareOf = (words: string[]) => words.flatMap((w) => terms(w, language)).filter((t) => weightOf.has(t) && !typeWords.has(t) && weightOf.get(t)! >= topWeight * SUBJECT_SHARE);
    // So must what "does it support HTTP/3?" asks about (question-frames.ts SUPPORTS), and the
    // action of "how do I upload…?" (ACTION) when the pages never say it anywhere: they say
    // how to do other things to the thing ("register the dog with proof of vaccination").
    // Nor when the pages say it elsewhere: "how do I change the PIN…?" is not answered by what
    // the default PIN is (heldToAction). A verb of controlling ("how do I stop your e-mails?"
    // for "opt out") and what a price is of ("to send a text" under "Texts (each)") are not held to.
    const actionWord = ACTION.exec(segment.trim())?.[1];
    const supported = SUPPORTS.exec(segment.trim())?.[1];
    const versions = versionsAsked(segment);
    const givesVersions = (c: Pick) => versions.every((re) => re.test(answerText(c)) || re.test(chosen[c.passage].heading) || re.test(chosen[c.passage].title));
    // A name's number the unit has only elsewhere ("Does Node 22 support Windows 7?" against
    // "…on Windows, and a nice value of -7") is not that name's number.
    // A name whose number is its own ("HTTP/2") is held to it, in the part that names it, whether or not the unit has the number.
    const numbersNamed = (c: Pick) => [...versionOf.values()].every(({ term, re, given, whole }) => (whole ? !segment.includes(whole) || [answerText(c), chosen[c.passage].heading, chosen[c.passage].title].some((t) => given.test(t)) : !c.covers.has(term) || [answerText(c), chosen[c.passage].heading, chosen[c.passage].title].some((t) => given.test(t) || re.test(t))));
    // The class word of "which/what X Y…?" need not be repeated, but a thing's class the pages
    // never use ("Which Node book do you recommend?") names a kind of thing they have none of;
    // a measure ("what opening time…?") is given as a value, not by its name.
    const classWord = subjectWords?.length && subjectWords.length < subjectMatch![1].split(/\s+/).length ? subjectMatch![1].split(/\s+/).at(-1)! : undefined;
    const thingClass = classWord && !MEASURE_NOUN.test(classWord) && !BOUND_WORDS.test(classWord) ? classWord : undefined;
    const subject = [
      ...(subjectWords ? rareOf(subjectWords.filter((w) => !BOUND_WORDS.test(w))) : []),
      ...(thingClass ? rareOf([thingClass]).filter((t) => unknownWords.includes(t)) : []),
      ...(actionWord ? rareOf([actionWord]).filter((t) => unknownWords.includes(t) || heldToAction(segment.trim(), actionWord)) : []),
      ...rareOf([DURATION_OF.exec(segment.trim())?.[1] ?? '']),
      ...(supported ? rareOf(supported.split(/\s+/)) : []),
      ...rareOf((WHO_OF.exec(segment.trim())?.[1] ?? '').split(/\s+/)),
    ];
    // Offered two answers ("…in US time or in the local time?"), a unit that names neither
    // side's own words does not say which.
    const either = EITHER.exec(segment.trim());
    const [left, right] = either ? [either[1], either[2]].map((side) => new Set(terms(side, language).filter((t) => weightOf.has(t) && !typeWords.has(t)))) : [new Set<string>(), new Set<string>()];
    const sides = [...[...left].filter((t) => !right.has(t)), ...[...right].filter((t) => !left.has(t))];
    // Asked whether two things go together, a unit that names one of them alone does not say.
    const both = GO_TOGETHER.exec(segment.trim());
    const [one, other] = both ? [both[1], both[2]].map((side) => new Set(terms(side, language).filter((t) => weightOf.has(t) && !typeWords.has(t)))) : [new Set<string>(), new Set<string>()];
    const pairSides = [[...one].filter((t) => !other.has(t)), [...other].filter((t) => !one.has(t))].filter((side) => side.length);
    // Asked which one ("which charity…?"), a unit that names it only as one of its class ("…and
    // then donated to charity") does not say which.
    const whichOne = several ? undefined : WHICH_ONE.exec(segment.trim())?.[1];
    const oneOf = whichOne && !/(?:[^su]s|ies)$/i.test(whichOne) ? whichOne : undefined;
    // A property asked about yes or no must be stated: a unit about the thing that does not
    // say it ("the debuginfo server must accept TCP connections…") does not answer "encrypted?".
    const propertyWord = ASKS_PROPERTY.exec(segment.trim())?.[1];
    const property = propertyWord ? terms(propertyWord, language).find((t) => weightOf.has(t)) : undefined;
    // "Are calls allowed in the Quiet Zone?" is answered by what the rule says of the thing
    // without the word: "…silent at all times: no calls and no conversations", "Dogs are
    // welcome", "must not", "forbidden".
    const permission = !!propertyWord && /^(?:allowed|permitted)$/i.test(propertyWord);
    const statesPermission = (c: Pick) => PERMITS.test(c.unit.text) || [...answerText(c).matchAll(/\bno\s+([\p{L}-]+)/giu)].some((m) => terms(m[1], language).some((t) => c.covers.has(t) && part.some(([q]) => q === t)));
    // Of a question of several parts, a passage less relevant to the whole question may be the
    // one about this part (the other part pulled the best passage up: "what does Pro cost, and
    // how long does shipping to the islands take?" finds the Pro page first, and the page on
    // shipping to the islands second): for this part a unit counts as much as its passage covers the part's
    // words against the passage that covers them best, when that is more than its passage's
    // relevance to the whole question.
    const partCover = passageSays.map((says) => part.reduce((a, [q, w]) => (says.has(q) ? a + w : a), 0));
    const bestCover = Math.max(...partCover) || 1;
    const partFactor = (c: Pick) => (segments.length > 1 ? Math.max(c.factor, partCover[c.passage] / bestCover) : c.factor);
    // An elliptical follow-up ("what about a minute of calls out there?" after "what does data
    // cost per MB on a cruise ship?") leaves the earlier question's words unsaid; the unit that
    // answers it often says them ("Calls cost $3.00 per minute and data costs $5.00 per MB"
    // under "Cruise ships"). A unit scores its share of the part with them as well, at their
    // lower weight, when that is more: like retrieval, they only move units up, so a unit that
    // answers the new words without the old topic loses nothing.
    const unsaid = query.filter(([q]) => earlierTerms.has(q) && !segTerms.has(q));
    const withUnsaid = [...part, ...unsaid];
    const withUnsaidTotal = withUnsaid.reduce((a, [, w]) => a + w, 0);
    const unsaidTotal = withUnsaidTotal - partTotal;
    // The rules that set a unit aside as no answer to this part, each named (what each holds a
    // unit to is said above, where its inputs are made), so the evaluation can tell which rule set
    // aside a unit that would have answered (ComposeProbe; bench/eval/losses.ts).
    const rules: Record<RuleName, (c: Pick) => boolean> = {
      focus: (c) => !focus || mentions(c, focus),
      subject: (c) => subject.every((t) => mentions(c, t)),
      oneOf: (c) => !oneOf || !indefinitely(answerText(c), oneOf),
      property: (c) => !property || mentions(c, property) || (permission && statesPermission(c)),
      sides: (c) => !sides.length || sides.some((t) => mentions(c, t)),
      pairSides: (c) => pairSides.every((side) => side.some((t) => mentions(c, t))),
      unanswered: (c) => !unanswered(c),
      shadowed: (c) => several || !shadowed(c),
      code: (c) => c.unit.kind !== 'code' || wantsCode,
      signature: (c) => !endsOnSignature(c) || asksDefault,
      needs: (c) => needs.every((has) => has(answerText(c))) || keyedFigure(c),
      named: (c) => keyedFigure(c) || named.every(([n, word]) => namesByVersion(c, n) || (platformNames.has(n) && EVERY_PLATFORM.test(c.unit.text)) || spelledOut(word, answerText(c)) || speaksOfUnix(c, n)),
      own: (c) => !own || mentions(c, own),
      versions: (c) => givesVersions(c),
      numbers: (c) => numbersNamed(c),
      option: (c) => !asksOption || namesOption(c),
    };
    const setAside = (c: Pick) => RULES.find((name) => !probe?.without?.has(name) && !rules[name](c));
    // Only a unit that says something of the new words themselves, and they alone rank the
    // units that pass: the unit that answered the earlier question says all of its words and
    // little or nothing new.
    const weighed = candidates
      .map((c) => {
        const alone = scoreFor(c, part, partTotal, partFactor(c));
        const withEarlier = alone > 0 && unsaid.length ? scoreFor(c, withUnsaid, withUnsaidTotal, partFactor(c)) : -1;
        // Among units that say as much of the new words, the one about the earlier topic (the
        // Sloop Room's row, not the Skiff Room's, for "what's the hourly charge for it?").
        const earlierShare = withEarlier > 0 ? unsaid.reduce((a, [q, w]) => (c.covers.has(q) || contextOf[c.passage].has(q) ? a + w : a), 0) / unsaidTotal : 0;
        return { c, alone: alone + earlierShare * EARLIER_TIE, score: Math.max(alone, withEarlier) };
      });
    let fit = weighed
      .filter(({ c, score }) => score > 0 && !setAside(c))
      .map((f) => ({ c: f.c, score: f.score, rank: f.alone + (several && enumerates(f.c) ? LIST_BONUS + (f.c.unit.kind === 'text' && ANNOUNCES_COUNT.test(f.c.unit.text) ? COUNTED_TIE : 0) : 0) + (partNegated && NEGATION.test(answerText(f.c)) ? NEGATION_BONUS : 0) + (outcome && STATES_OUTCOME.test(f.c.unit.text) ? OUTCOME_TIE : 0) + (definedAt?.test(f.c.unit.text) || entryAt?.test(f.c.unit.text) ? DEFINITION_BONUS : 0) }))
      .sort((a, b) => b.rank - a.rank);
    probe?.trace?.push({ segment, units: weighed.filter((w) => w.score > 0).map((w) => ({ text: answerText(w.c), score: w.score, setAside: setAside(w.c) })), ranked: fit.map((f) => answerText(f.c)) });
    // A part that says a name of code whose entry is among the passages ("what does
    // request.port give me…?") is answered from that entry when a unit of it answers: a
    // summary elsewhere that lists the name among others says the part's other words more
    // often ("Request is a core object containing the following fields: … port, host, headers").
    // A section whose own heading says what else the part asks ("Supported getaddrinfo flags"
    // for "which getaddrinfo flags can I pass to dns.lookup()?") is a part of that entry.
    const segmentNames = codeNamesIn(segment);
    const entries = segmentNames.length ? chosen.map((p) => entryAsked(p, segmentNames)) : [];
    const entryTerms = new Set(chosen.flatMap((_, pi) => (entries[pi] ? contextTerms[pi] : [])));
    const ofEntry = (pi: number) => entries[pi] || terms(chosen[pi].heading, language).some((t) => !entryTerms.has(t) && part.some(([q]) => hits(q, t)));
    const inEntry = entries.some(Boolean) ? fit.filter((f) => ofEntry(f.c.passage)) : [];
    if (inEntry.some((f) => f.score >= MIN_SENTENCE)) {
      fit = inEntry;
      chosen.forEach((_, pi) => ofEntry(pi) && entryPassages.add(pi));
    }
    // A later part asks, as a rule, about what the part before was answered from ("How does make
    // coccicheck handle the *.cocci files by default, and how do I turn that off?"; "Does cg_merge
    // check…, and what does it check instead?"): of units that answer it about as well, the one
    // that goes on from that answer in its passage (the nearest after it, else before it) is the
    // one about the same thing, not a like sentence of another page or section.
    const prev = si > 0 ? bests[si - 1] : undefined;
    const top = fit.find((f) => f.score >= MIN_SENTENCE);
    if (prev && top) {
      const after = (f: Fit) => f.c.index > prev.c.index;
      const distance = (f: Fit) => Math.abs(f.c.index - prev.c.index);
      const near = fit.filter((f) => f.c.passage === prev.c.passage && f.c !== prev.c && f.score >= MIN_SENTENCE && f.rank >= top.rank * NEAR_TIE).sort((a, b) => Number(after(b)) - Number(after(a)) || distance(a) - distance(b))[0];
      if (near) fit = [near, ...fit.filter((f) => f !== near)];
    }
    // The passage floor (MIN_RELEVANCE) says a page is about the question; this one says a
    // unit of it answers: one that covers under MIN_SENTENCE of the question (words of the
    // page's title and heading count as its own) is a neighbour of the answer, not the answer.
    fits.push(fit);
    // A unit that says the page does not know it ("I know nothing about how to activate it",
    // "not yet documented") is the page's own "don't know": it answers nothing, and a lesser
    // unit under it would answer as if it did.
    const best = fit.find((f) => f.score >= MIN_SENTENCE);
    bests.push(best && SAYS_UNKNOWN.test(best.c.unit.text.replace(/\([^)]*\)/g, ' ')) && !ASKS_KNOWN.test(segment) ? undefined : best);
    const traced = probe?.trace?.at(-1);
    if (traced && bests.at(-1)) traced.answer = answerText(bests.at(-1)!.c);
    bestSeveral.push(several);
  }
  // Two parts that found the same unit ("how long can I pause, and what does pausing cost?"
  // both match "A paused membership costs $35") ask two things: a part with another unit as
  // good as that one takes it, so each fact gets its own sentence.
  bests.forEach((best, i) => {
    if (!best || !bests.some((b, j) => j !== i && b?.c === best.c)) return;
    const other = fits[i].find((f) => f.score >= MIN_SENTENCE && f.rank >= best.rank * SAME_UNIT_SWITCH && !bests.some((b) => b?.c === f.c));
    if (other) bests[i] = other;
  });
  for (const [i, best] of bests.entries()) {
    if (!best) continue;
    if (picks.length && chars + best.c.unit.text.length > MAX_CHARS) continue;
    several = bestSeveral[i];
    take(best.c);
  }
  several = severalAll;
  if (!picks.length) return null;
  // "…by default?", "the default value…": a passage that states its default on a line of its
  // own ("+ Default: `10000`", "Defaults to 5") gives that line with the answer.
  if (/\bdefault\b/i.test(question)) {
    for (const pi of new Set(picks.map((p) => p.passage))) {
      // Not when a unit given states it already (an option list's entry: the first default line
      // of its passage is another option's).
      if (picks.some((p) => p.passage === pi && DEFAULT_LINE.test(p.unit.text))) continue;
      // Nor the entry of an option the question does not name ("--show-emwarns=<yes|no>
      // [default: no]: …" under the description of the option asked about).
      const i = unitsOf[pi].findIndex((u) => DEFAULT_LINE.test(u.text) && !ofOtherEntry(u));
      if (i >= 0) add(unitPick(pi, i));
    }
  }
  const covered = new Set(picks.flatMap((p) => [...p.covers]));
  /** The question words the chosen passages' titles and headings say. */
  const headed = new Set(picks.flatMap((p) => [...contextOf[p.passage]]));
  // Another unit joins only when it covers a part of the question the chosen ones do not (a
  // question of several parts has had one unit per part already).
  // Two named things, each answered from its section: nothing else is asked.
  const pairAnswered = !!pair && bests.length === 2 && bests.every(Boolean);
  /** A sentence of a chosen sentence's paragraph right before or after it (not one that opens another entry after it). */
  const besideChosen = (c: Pick) => {
    if (c.unit.kind !== 'text') return false;
    const list = unitsOf[c.passage];
    const follows = !c.unit.opens && !opensNextEntry(c.unit);
    return picks.some((p) => p.passage === c.passage && p.unit.kind === 'text' && ((p.index === c.index - 1 && follows) || (p.index === c.index + 1 && !list[p.index].opens)));
  };
  for (const c of pairAnswered ? [] : ranked) {
    // Answered from the entry of the name asked about, the question asks nothing of the pages
    // that merely list or use that name.
    if (entryPassages.size && !entryPassages.has(c.passage)) continue;
    if (picks.includes(c) || unanswered(c) || (c.unit.kind === 'code' && !wantsCode) || picks.length >= MAX_SENTENCES + MAX_ITEMS || chars + c.unit.text.length > MAX_CHARS) continue;
    const adds = [...c.covers].filter((q) => !covered.has(q)).reduce((a, q) => a + (weightOf.get(q) ?? 0), 0) / total;
    // A sentence of the same paragraph right before or after a chosen one is about the same
    // thing: it joins for less ("6.3 Requests are free of charge." before "For a second copy…
    // we may charge a fee of $10.", which answered the question's other part; "By contrast,
    // git-jump provides… a column number" after what git grep does). Not a sentence after it
    // that opens the next entry of an FAQ or a manual, as for a short sentence's next (take()).
    const beside = besideChosen(c);
    if (adds < (beside ? FILL_SHARE * BESIDE_SHARE : FILL_SHARE) || c.score < MIN_SENTENCE / 2) continue;
    // A unit of another passage joins only when it also says as much of what the answer is
    // about (the question words the chosen units or their headings say): one that only says a
    // word the answer lacks is about something else that happens to use it ("3.4 A card that
    // stops working…" beside the answer to "how do I stop your marketing e-mails?", "Declaration
    // merging is not very smart, meaning…" beside what an error code means).
    const elsewhere = !picks.some((p) => p.passage === c.passage);
    const shared = [...c.covers].filter((q) => covered.has(q) || headed.has(q)).reduce((a, q) => a + (weightOf.get(q) ?? 0), 0) / total;
    // Not from a passage retrieval ranks above the answer's lead: the lead may be the neighbour.
    if (elsewhere && shared < FILL_SHARE && c.passage > picks[0].passage) continue;
    for (const q of c.covers) covered.add(q);
    // Joined for being beside the answer, it comes alone: what it goes on from, or brings, is
    // not what it joined for.
    if (beside && adds < FILL_SHARE) add(c);
    else take(c);
  }
  // "Why…?" asks for a cause or a purpose: an answer that only states the fact asked about
  // ("Our 3G network was switched off on 31 December 2022" for "why did you switch it off?",
  // "Deprecated, use X instead" for "why was it deprecated?") is a neighbour of the answer.
  if (ASKS_WHY.test(question) && !picks.some((p) => GIVES_REASON.test(p.unit.text))) return null;
  // Every thing the question names is in the answer, or the answer is about something else.
  // A platform is named by a unit that speaks of all platforms ("a nice value of -14 on all
  // other platforms" than Windows answers "on Linux").
  // A name with its explanation in parentheses ("D1 read misses (D1mr)") is named by either.
  const aliases = parenthesisAliases(question, language);
  // A row named by its key with its figures names the question's other things as its columns
  // ("D1 write misses" as "D1mw" in the row of concord.c:new_word_node), as a part reads it.
  const keyedRow = picks.some((p) => p.keyed && /\d/.test(p.unit.text));
  const named = (n: string) => keyedRow || picks.some((p) => namesByVersion(p, n) || (platformNames.has(n) && EVERY_PLATFORM.test(p.unit.text)) || speaksOfUnix(p, n));
  if (allNames.some((n) => !named(n) && !aliases.some((a) => a.has(n) && [...a].some((t) => t !== n && named(t))))) return null;
  // In the order of the page: the passage of the lead first, units in their own order.
  const order = [...new Set(picks.map((p) => p.passage))];
  picks.sort((a, b) => order.indexOf(a.passage) - order.indexOf(b.passage) || a.index - b.index);
  const paragraphs = new Map<number, string[]>();
  // Rows of one table stand on lines of their own, as a list, when there are several.
  const rowsIn = (pi: number) => picks.filter((p) => p.passage === pi && p.unit.kind === 'row').length;
  for (const p of picks) {
    const own = heads.get(p) ?? p.unit.text;
    let text = p.unit.kind === 'item' || p.unit.parent !== undefined || (p.unit.kind === 'row' && rowsIn(p.passage) > 1) ? `- ${own}` : own;
    // Of two named things, each answer says which it is about when only its heading does.
    const pairHeading = ownSection[p.passage] && !pair!.terms.some((t) => p.covers.has(t));
    // "How do I remove a header?": under ".removeHeader(key)" the answer says "Remove the value
    // of a previously set header." and never which method does it; the heading, a name of code
    // the visitor did not say, says it.
    // So does one labelled with its kind ("Class: zlib.Unzip" for "which zlib class…?"): what
    // tells it apart is its last member, which the visitor may leave unsaid beside its module.
    const codeHeading = () => {
      const name = chosen[p.passage].heading.replace(CODE_KIND_LABEL, '');
      return namesCode(name) && !terms(name.replace(/\(.*$/, '').split('.').at(-1)!, language).some((t) => weightOf.has(t) || unitsOf[p.passage][p.index].words.includes(t));
    };
    if (!paragraphs.has(p.passage) && (pairHeading || codeHeading())) text = `${plainInline(pairHeading ? chosen[p.passage].heading : chosen[p.passage].heading.replace(CODE_KIND_LABEL, ''))}: ${text.replace(/^- /, '')}`;
    const before = paragraphs.get(p.passage) ?? [];
    // Lines of code stand in a fenced block, the lines of one listing in one block.
    if (p.unit.kind === 'code') {
      const last = before.at(-1);
      const prior = picks[picks.indexOf(p) - 1];
      if (last?.startsWith('```') && prior?.passage === p.passage && prior.index === p.index - 1) before[before.length - 1] = `${last.slice(0, -4)}\n${own}\n\`\`\``;
      else before.push(`\`\`\`\n${own}\n\`\`\``);
      paragraphs.set(p.passage, before);
      continue;
    }
    paragraphs.set(p.passage, [...before, text]);
  }
  for (const [pi, later] of continued) if (paragraphs.has(pi)) paragraphs.get(pi)!.push(...later.map((h) => `- ${h}`));
  for (const [pi, lines] of continuedCode) {
    const ps = paragraphs.get(pi);
    if (ps?.at(-1)?.startsWith('```')) ps[ps.length - 1] = `${ps.at(-1)!.slice(0, -4)}\n${lines.join('\n')}\n\`\`\``;
  }
  const used = [...paragraphs.keys()].map((pi) => chosen[pi].id);
  // List items stand on their own lines (Markdown), prose sentences run on.
  const render = (ss: string[]) => ss.reduce((acc, t, i) => (i === 0 ? t : acc + (t.startsWith('- ') || t.startsWith('```') || ss[i - 1].startsWith('- ') || ss[i - 1].startsWith('```') || ss[i - 1].endsWith(':') ? '\n' : ' ') + t), '');
  return { text: [...paragraphs.values()].map(render).join('\n\n'), used };
}

/** An item by its first sentence (a list too long to give whole). */
const headSentence = (text: string) => splitSentences(text)[0] ?? text;
/** A numbered list item's line ("1. Two changes…", "  2) Run…"): its number. */
const ITEM_NUMBER = /^[ \t]{0,3}(\d{1,3})[.)][ \t]+\S/gm;
/** The numbers of a passage's numbered items, in order. */
export const itemNumbers = (text: string): number[] => [...text.matchAll(ITEM_NUMBER)].map((m) => Number(m[1]));

/** Splits text into chunks of a few words, keeping every character (whitespace included). */
export function chunkText(text: string, words = WORDS_PER_CHUNK): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [];
  const lead = text.match(/^\s*/)?.[0] ?? '';
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += words) out.push(tokens.slice(i, i + words).join(''));
  if (lead && out.length) out[0] = lead + out[0];
  return out;
}

export class ExtractiveEngine implements Engine {
  private readonly delayMs: number;
  constructor(delayMs: number) {
    this.delayMs = delayMs;
  }

  async *answer(req: EngineRequest): AsyncGenerator<string, EngineResult> {
    const composed = compose(req.spelled ?? req.question, req.passages, req.weights, req.language, req.unknownNames, req.alternatives, req.earlier, req.unknownWords, req.following);
    if (!composed) return { used: [], unanswered: true };
    for (const piece of chunkText(composed.text)) {
      if (req.signal.aborted) return { used: [] };
      yield piece;
      await pause(this.delayMs, req.signal);
    }
    return { used: composed.used };
  }
}
