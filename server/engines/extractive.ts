/**
 * The default engine: no model. It answers with the units (sentences, list items, table rows)
 * of the best passages that answer the question, in their original order, so every word of
 * the answer is grounded in a cited source. When none answers, it says so by returning
 * `unanswered` before any text, and the turn says "don't know" (chat/turn.ts).
 */
import { MIN_RELEVANCE } from '../knowledge/knowledge.ts';
import type { Passage } from '../knowledge/passage.ts';
import { askedPart, askedWords, asksAsHeading, looksLikeName, plainInline, surfaceWords, terms } from '../knowledge/text.ts';
import { keyCells, namesKey, units, type Unit } from '../knowledge/units.ts';
import { withPhrasesAsWords } from '../knowledge/synonyms.ts';
import { pause, type Engine, type EngineRequest, type EngineResult } from './engine.ts';

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
 * Questions that ask for a quantity (a price, a duration, a size, a count, a version): an
 * answer without a number in it is a neighbour of the answer, not the answer ("use the
 * charger in the box" for "what voltage is the charger?").
 */
const ASKS_QUANTITY = /\b(how (much|many|long|often|far|big|large|old|fast|soon|high|heavy)|what (is|are|'s) the (price|cost|fee|size|limit|maximum|minimum|voltage|wattage|capacity|weight|version|port|timeout)|(price|cost|fee|charge|voltage|wattage|capacity|percentage)\b)/i;
/** The adjective of a quantity question ("how big", "how long"): the kind of answer, not a word it must contain. */
const HOW_ADJECTIVE = /\bhow (big|large|small|long|old|fast|far|heavy|high|often|soon|wide|tall|late|early)\b/gi;
/** "How can I see how many times…" asks for a way, not a number: the quantity is inside what is wanted. */
const ASKS_WAY = /\b(?:how (?:can|do|does|should|would|could)|where (?:can|do|does)|what (?:command|option|flag|setting)s?)\b[^?]*\bhow (?:much|many|long|often)\b/i;
const HAS_NUMBER = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|hundred|thousand|free|unlimited|no charge|half|once|twice|daily|weekly|monthly|yearly|annually)\b/i;

/**
 * The parts of a question that asks several things ("what does it cost, and how long does
 * it take?"), each as its own text; none for a simple question.
 */
export function questionParts(question: string, language = 'en'): string[] {
  const parts = question
    .split(/[,;]\s*(?:and\s+|or\s+)?(?=(?:what|when|where|which|who|how|is|are|do|does|can|will)\b)|\s+(?:and|or|und|et|y)\s+(?=(?:what|when|where|which|who|how|is|are|do|does|can|will|was|wie|wann|quand|cuándo)\b)|\?\s+(?=\S)/i)
    .filter((p) => terms(p, language).length > 0);
  // A statement after a question ("Where's your store in Miami? I need the address.") says
  // why the visitor asks; it is not a second question to answer on its own: the question is
  // then the one part asked.
  const asked = parts.filter((p, i) => i === 0 || ASKS.test(p.trim()) || (i === parts.length - 1 && /\?\s*$/.test(p)));
  return asked.length > 1 || asked.length < parts.length ? asked : [];
}
/** A part that asks: it opens with a question word or an inverted verb. */
const ASKS = /^(?:(?:and|or|also|so|but|plus),?\s+)?(?:what|when|where|which|who|whom|whose|why|how|is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had|any|wie|wann|was|wo|quand|comment|où|cuándo|cómo|dónde|qué)\b/i;

/**
 * Two things of the knowledge's rarest words joined by "and"/"or" ("connectionTimeout and
 * keepAliveTimeout", "the Basic and Plus plans"): the question asked of each, and their terms.
 */
function namedPair(question: string, weights: ReadonlyMap<string, number>, language: string): { parts: string[]; terms: string[] } | null {
  const m = /(?<![\p{L}\p{N}])([\p{L}\p{N}][\p{L}\p{N}._-]*) (?:and|or) (?:(my|the|your|our|its|their|a|an) )?([\p{L}\p{N}][\p{L}\p{N}._-]*)(?![\p{L}\p{N}])/u.exec(question);
  // "The difference between A and B" asks about both at once.
  if (!m || /\b(between|differ\w*|compar\w*|versus|vs)\b/i.test(question)) return null;
  const top = Math.max(0, ...weights.values());
  const [x, det, y] = [m[1], m[2], m[3]];
  const [a, b] = [terms(x, language)[0], terms(y, language)[0]];
  if (!a || !b || a === b || (weights.get(a) ?? 0) < top * PAIR_SHARE || (weights.get(b) ?? 0) < top * PAIR_SHARE) return null;
  // "my photo ID and my invoices": the first thing starts at its own "my", so the second
  // part asks of "my invoices", not of "my photo invoices".
  let start = m.index;
  if (det) {
    const own = new RegExp(`\\b${det}\\s+(?:\\S+\\s+){0,3}$`, 'i').exec(question.slice(0, m.index));
    if (own) start = own.index;
  }
  const before = question.slice(0, start);
  const after = question.slice(m.index + m[0].length);
  return { parts: [`${question.slice(0, m.index)}${x}${after}`, `${before}${det ? `${det} ` : ''}${y}${after}`], terms: [a, b] };
}
/** How rare each of the two must be, against the question's rarest word. */
const PAIR_SHARE = 0.6;

const MAX_ITEMS = 12;
/** What a row named by its key scores above the unit floor, so it leads the units that merely pass it. */
const KEYED_ROW = 0.05;
/** What two question words standing together in a unit add to its score: a tie-breaker (more hurt the dev half). */
const TOGETHER = 0.01;
/** What a question word found only inside a parenthesis of the unit counts. */
const ASIDE_SHARE = 0.5;
/** A month's name as a date writes it, capitalized: "may", "march" and "sep" are mostly other words. */
const CAPITAL_MONTHS = /\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b/;
const matcher = (re: RegExp) => (text: string) => re.test(text);
/**
 * Numbers that name a thing rather than measure it: versions ("v0.11.3", "Added in: v20.1"),
 * addresses ("8.8.8.8"), names with digits ("X11", "IPv6", "utf8", "base64"), references ("#1168").
 */
const NAMING_NUMBERS = /#\d+\b|\bv?\d+(?:\.\d+){2,}\b|\bv\d+(?:\.\d+)?\b|\b(?:added|changed|deprecated|removed) in:?\s*|\b\p{L}+\d[\p{L}\d]*\b/giu;
/** Words that state a bound. */
const UPPER_BOUND = /\b(maximum|max|up to|at most|no more than|not more than|limit(ed|s)?|cap(ped)?|or fewer|or less|largest|highest|exceed(s|ing)?|more than|above|over|bigger|larger|longer)\b|≤|<=|</i;
const LOWER_BOUND = /\b(minimum|min|at least|no less than|not less than|or more|smallest|lowest|below|under|less than|fewer than|shorter|smaller)\b|≥|>=|>/i;
/** A bound stated with its figure: "up to 5", "at most 10", "a maximum of 3", "limited to 100"; or a threshold something happens at: "when the charges reach $50". */
const STATED_BOUND = /\b(?:up to|at most|no more than|not more than|a maximum of|maximum of|max(?:imum)?\s*[:=]?|limit(?:ed)? (?:is|of|to|at)|capped at|reach(?:es)?|hits?|exceeds?|at least|a minimum of|minimum of|min(?:imum)?\s*[:=]?)\s*(?:of\s+)?[\d$€£]/i;
/** Standards and other numbered names ("RFC 5952", "ISO 8601", "PEP 8"); currency codes are amounts. */
const NUMBERED_NAMES = /\b(?!(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|INR|CNY)\b)[A-Z]{2,5}[ -]\d+\b/gu;
/** A quantity, once version numbers, addresses and numbered names are set aside. */
const hasQuantity = (text: string) => HAS_NUMBER.test(text.replace(SECTION_NUMBER, ' ').replace(NAMING_NUMBERS, ' ').replace(NUMBERED_NAMES, ' '));
/** The number of a numbered rule, section or FAQ entry that starts a unit ("3.6 When you leave…", "5.3. Memcheck's errors…"): a name, not a quantity. */
const SECTION_NUMBER = /^\s*\d+(?:\.\d+)+\.?\s/;
/** Numbered entries anywhere in a unit, as a table of contents runs them on ("Background 1.1. How do you…? 1.2. Where…"). */
const ENTRY_NUMBERS = /(?:^|\s)\d+(?:\.\d+)+\.?(?=\s+["'“]?\p{Lu})/gu;
/** Whole-word, case-insensitive: does the text name one of these? */
const names = (list: string[]) => matcher(new RegExp(`(?<![\\p{L}\\p{N}])(${list.join('|')})(?![\\p{L}\\p{N}])`, 'iu'));
// Small gazetteers of the classes visitors ask "which …?" about; general, not any site's.
const FORMATS = ['pdf', 'html?', 'markdown', 'md', 'csv', 'json', 'xml', 'docx?', 'txt', 'plain text', 'zip', 'png', 'jpe?g', 'gif', 'svg', 'webp', 'mp3', 'mp4', 'epub', 'odt', 'xlsx?', 'pptx?', 'rtf', 'enex', 'ya?ml', 'tar', 'gz(ip)?', 'ics', 'vcf'];
const COUNTRIES = ['germany', 'austria', 'switzerland', 'france', 'belgium', 'netherlands', 'luxembourg', 'denmark', 'sweden', 'norway', 'finland', 'iceland', 'ireland', 'united kingdom', 'uk', 'great britain', 'spain', 'portugal', 'italy', 'greece', 'poland', 'czech( republic|ia)?', 'slovakia', 'hungary', 'romania', 'bulgaria', 'croatia', 'slovenia', 'estonia', 'latvia', 'lithuania', 'malta', 'cyprus', 'united states', 'usa', 'us', 'canada', 'mexico', 'brazil', 'argentina', 'chile', 'colombia', 'peru', 'japan', 'china', 'india', 'south korea', 'korea', 'australia', 'new zealand', 'singapore', 'south africa', 'turkey', 'israel', 'egypt', 'morocco', 'saudi arabia', 'united arab emirates', 'uae', 'eu', 'european union'];
const LANGUAGES = ['english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'dutch', 'danish', 'swedish', 'norwegian', 'finnish', 'polish', 'czech', 'greek', 'turkish', 'russian', 'ukrainian', 'arabic', 'hebrew', 'hindi', 'chinese', 'mandarin', 'japanese', 'korean'];
const PAYMENTS = ['credit cards?', 'debit cards?', 'cards?', 'paypal', 'bank transfers?', 'direct debit', 'sepa', 'apple pay', 'google pay', 'invoices?', 'cash', 'cheques?', 'checks?', 'visa', 'mastercard', 'american express', 'amex', 'klarna', 'bitcoin', 'gift cards?', 'autopay'];
const PLATFORMS = ['windows', 'macos', 'mac', 'os x', 'linux', 'ios', 'ipados', 'android', 'chrome ?os', 'chromebook', 'web', 'browser', 'chrome', 'firefox', 'safari', 'edge', 'freebsd', 'solaris', 'posix', 'unix'];
/** A platform's name as the visitor writes it ("Linux", "macOS"). */
const isPlatform = matcher(new RegExp(`^(?:${PLATFORMS.join('|')})$`, 'i'));
/** A text about every platform, or every one but those it names ("on all other platforms"). */
const EVERY_PLATFORM = /\b(?:on |for )?(?:all|every|any) (?:other )?(?:platforms?|operating systems?)\b/i;
/** Units of a measure: how a question names them, and how a figure in any unit of the same measure is written. */
const TIME_UNITS = 'ms|milliseconds?|µs|microseconds?|ns|nanoseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|business days|working days|weeks?|months?|years?|yrs?';
/** A span of time with its unit: "5 business days", "two weeks". */
const SPAN_OF_TIME = new RegExp(`\\d[\\d,.]*\\s*(?:${TIME_UNITS})\\b|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|a few|several)\\s+(?:${TIME_UNITS})\\b`, 'i');
/** Two capitalised words mid-sentence ("Julian Seward"), neither of them the question's own ("the Callgrind Format" names no one for "who maintains Callgrind?"). */
const namesSomeone = (text: string, question: string) => {
  const own = new Set((question.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()));
  return [...text.matchAll(/(?<=\S\s+)(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}+)/gu)].some((m) => !own.has(m[1].toLowerCase()) && !own.has(m[2].toLowerCase()));
};
/** A capitalised word mid-sentence that is not the question's own ("insured by Helvetia"): a company is often named in one word. Not a unit's letters ("per MB"). */
const namesSomething = (text: string, question: string) => {
  const own = new Set((question.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()));
  return [...text.matchAll(/(?<=[\p{L}\p{N},]\s+)\p{Lu}\p{Ll}[\p{L}\p{N}-]*/gu)].some((m) => !own.has(m[0].toLowerCase()));
};
/** Classes of organisation a visitor asks "which … ?" of; the answer is one by name. */
const ORGANISATIONS = 'compan(?:y|ies)|provider|carrier|operator|partner|bank|firm|agency|vendor|supplier|courier|insurer|manufacturer|processor|organi[sz]ation|charity|contractor|landlord';
const UNIT_FAMILIES: [string, string][] = [
  ['ms|milliseconds|microseconds|nanoseconds|seconds|minutes|hours|days|business days|working days|weeks|months|years', TIME_UNITS],
  ['bytes|kilobytes|megabytes|gigabytes|terabytes|bits|kb|mb|gb|tb|kib|mib|gib', 'bytes?|bits?|kb|mb|gb|tb|kib|mib|gib|kilobytes?|megabytes?|gigabytes?|terabytes?'],
];
/**
 * An amount of money: a figure with its currency ("$15", "25 euros", "EUR 9.99"), or a price
 * column's figure ("Price: 30"), or free. A sentence with only other figures ("up to 30
 * people after 6:00 pm") does not say what something costs.
 */
const CURRENCY = '[$€£¥₹]|US\\$|(?:usd|eur|gbp|chf|jpy|cad|aud|sek|nok|dkk|pln)\\b|euros?\\b|dollars?\\b|pounds?\\b|cents?\\b|francs?\\b|kr\\b';
const AMOUNT = new RegExp(`(?:${CURRENCY})\\s?\\d|\\d[\\d,.]*\\s?(?:${CURRENCY})|\\b(?:price|cost|fee|amount|charge)s?\\s*[:=]\\s*\\d|\\b(?:free|no charge|no extra cost|at no cost|nothing|included at no)\\b`, 'i');
const hasAmount = (text: string) => AMOUNT.test(text) || /^(Free|Nothing)\b/.test(text);
/**
 * Questions that ask for a kind of fact, what an answer of that kind contains, and (for a
 * class of names) the question's own word for the class, which is not content to cover.
 */
const ANSWER_TYPES: [{ test(question: string): boolean }, (text: string, question: string) => boolean, string?][] = [
  [{ test: (q) => ASKS_QUANTITY.test(q) && !ASKS_WAY.test(q) }, hasQuantity],
  // An amount of money is written in digits (or is free): "three plans: Free, Pro" names no price.
  [/\bhow much\b(?! (data|time|space|storage|memory|longer|faster|slower|more))|\b(price|cost|fee|charge)s?\b/i, matcher(/\d|\b(free|no charge|nothing|no extra cost)\b|^(Free|Nothing)\b/)],
  // Asked for an amount ("how much does it cost to hire…?", "what is the fee…?"), a figure with
  // its currency answers. Not "a full charge", "cost in speed", "put the prices up".
  [/\bhow much\b(?! (?:data|time|space|storage|memory|weight|longer|faster|slower|more|speed))[^?]*\b(?:cost|costs|charge|charged|pay|paid|price|fee)\b(?! in\b)|\bwhat(?:'s| is| are| does| do| will)\b[^?]*\b(?:price|cost|fee|charge)s?\b(?! in\b)|\bhow much (?:is|are) (?:the|a|an|it|my|your)\b/i, hasAmount],
  [/\b(what|which) (time of (the )?day|time)\b|\bat what time\b/i, matcher(/\d{1,2}(:\d{2}|\s?(am|pm|a\.m\.|p\.m\.))|\b(noon|midnight|o'clock)\b/i)],
  [/\b(which|what) (month|date|day of the (week|month))\b|\bon what (date|day)\b/i, (text) => CAPITAL_MONTHS.test(text) || /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\b\d{1,2}(st|nd|rd|th)\b/i.test(text)],
  // "What is the maximum number of servers…?": a number the text gives as a bound, not any number.
  [/\b(largest|highest|maximum|max)\b.*\b(value|number|size|amount|count|length)\b|\bhow many\b.*\bat most\b/i, (text) => hasQuantity(text) && UPPER_BOUND.test(text)],
  [/\b(smallest|lowest|minimum|min)\b.*\b(value|number|size|amount|count|length)\b|\bhow many\b.*\bat least\b/i, (text) => hasQuantity(text) && LOWER_BOUND.test(text)],
  [/\b(percent|percentage)\b/i, matcher(/%|\bper ?cent\b/i)],
  // "What statusCode does the response get?", "Which port…?": a number is the answer. Not the
  // verb: "what are the steps to port my number?" asks for a procedure.
  [/\b(which|what)\b[^?]*\b(status ?codes?|(?<!\b(?:to|I|we|you|can|do) )port( number)?s?|http status)\b/i, matcher(/\d{2,}/)],
  // "What's its default value?": a value (a number, true/false, none), not a sentence about defaults.
  [/\bdefault ([\w-]+ )?(value|setting)s?\b|\bwhat('s| is) (the |its |their )?default\s*\??$/i, (text) => hasQuantity(text) || /\b(true|false|null|none|undefined|off|on|enabled|disabled|empty|infinity|unlimited)\b/i.test(text)],
  // "Which formats…", "Which countries…": the answer names things of that class.
  [/\b(which|what)( file)? formats?\b|\bwhat (can|do) i export\b/i, names(FORMATS), 'format'],
  [/\b(which|what) countr(y|ies)\b/i, names(COUNTRIES), 'country'],
  [/\b(which|what) languages?\b/i, names(LANGUAGES), 'language'],
  [/\b(which|what) (payment methods?|methods? of payment|ways? (can i |to )?pay)\b|\bhow can i pay\b/i, names(PAYMENTS)],
  // "Is there a limit on …?": only a text that states one (or says there is none) answers.
  [/\bis there (?:a|an|any) (?:\w+ )?(?:limit|maximum|max|cap|minimum|ceiling)\b/i, (text) => STATED_BOUND.test(text) || /\b(unlimited|no limit|without (?:a |any )?limit|not limited)\b/i.test(text)],
  // "How long …?": a duration or a length with its unit, not any number.
  [{ test: (q) => /\bhow long\b/i.test(q) && !ASKS_WAY.test(q) }, matcher(/\d[\d,.]*\s*(?:-\s*)?(?:ms|milliseconds?|seconds?|secs?|s\b|minutes?|mins?|hours?|hrs?|h\b|days?|weeks?|months?|years?|yrs?|business days|working days|characters?|chars?|bytes?|kb|mb|gb|cm|mm|m\b|km|meters?|metres?|inches|feet|ft)\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|sixty|ninety|a|an|a few|several)\s+(?:\w+\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|\b(?:instantly|immediately|right away|at once|overnight|forever|indefinitely|until)\b|-\s*(?:year|month|day|week|hour|minute)\b/i)],
  // "How often…?": a frequency ("every 5 seconds", "twice a year", "daily"), not any number
  // ("the 1, 5 and 15 minute load averages" says nothing of how often they change).
  [{ test: (q) => /\bhow often\b/i.test(q) && !ASKS_WAY.test(q) }, matcher(/\b(?:every|each|per|once|twice|thrice|hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually|continuously|constantly|periodically|whenever)\b|\btimes? (?:a|an|per|each|in)\b/i)],
  // "How many milliseconds / days / megabytes…?": a figure in a unit of that measure ("-1 to
  // use the default timeout" has a number, but not in milliseconds).
  ...UNIT_FAMILIES.map(([asked, written]) => [new RegExp(`\\bhow many (?:${asked})\\b`, 'i'), matcher(new RegExp(`\\d[\\d,.]*\\s*(?:-\\s*)?(?:${written})(?![\\p{L}])|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|a|an|a few|several)\\s+(?:${written})(?![\\p{L}])`, 'iu'))] as [RegExp, (text: string) => boolean]),
  // "When was 2.39.0 released?", "When did you open?": a point in time (a year, a date, a
  // month), not a sentence that uses the verb ("failed to release contents…"); a version
  // ("2.39.0") is not a date.
  [/\bwhen (?:was|were|did)\b/i, (text) => /\b(?:1[89]|20)\d{2}\b|\b\d{1,2}[-/]\d{1,2}[-/]\d{2,4}\b|\b(?:ago|yesterday|last (?:week|month|year))\b/i.test(text) || CAPITAL_MONTHS.test(text)],
  // "When will url.parse() be removed?", "When is the next drill?": a point in time, a
  // version, or how long until then ("within 5 business days", "the next business day").
  // ("When is the hook executed?" asks for the event, "when the client closes…": not this.)
  [/\bwhen will\b|\bwhen(?:'s| is| are) (?:the|your|my) (?:next|coming|upcoming)\b/i, (text) => /\b(?:1[89]|20)\d{2}\b|\b\d{1,2}[-/]\d{1,2}[-/]\d{2,4}\b|\bv?\d+\.\d+|\bversion \d|\bv\d+\b|\b(?:next|following|same)\s+(?:\w+\s+)?(?:day|week|month|year|release|version|major|minor|billing)\b|\b(?:immediately|right away|at once|instantly|within|until|overnight|soon|future|later)\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|noon|midnight)\b|\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/i.test(text) || CAPITAL_MONTHS.test(text) || SPAN_OF_TIME.test(text)],
  // "What's the URL of…?", "Which website…?": an address on the web answers, not a sentence about URLs.
  [/\b(?:what(?:'s|’s| is| are)|which|where(?:'s|’s| is| can i find))\s+(?:the\s+|your\s+|its\s+)?(?:url|urls|web ?site|homepage|home page|web address|link)\b/i, matcher(/https?:\/\/|\bwww\.|\b[\w-]+\.(?:com|org|net|io|dev|app|info|edu|gov|de|uk|fr|es|eu)\b(?:\/\S*)?/i), 'url website homepage link'],
  // "What is the e-mail address…?": an e-mail address answers.
  [/\b(?:what(?:'s|’s| is)|which)\s+(?:the\s+|your\s+|its\s+)?(?:e-?mail|email)(?:\s+address)?\b|\b(?:e-?mail|email) address (?:do|should|can) (?:i|we) (?:use|write|send)\b/i, matcher(/[\w.+-]+@[\w-]+\.[\w.]+/), 'address'],
  // "Who maintains Callgrind?", "Who is the landlord…?", "Who (originally) wrote git-contacts?":
  // a person or an organisation by name. The verb may be in the past (who made or wrote it).
  [/^(?:(?:and|so|ok|okay),?\s+)?who(?:(?:'s|’s| is| are| was| were)\s+(?:the|your|their|its)\b|\s+(?:[a-z]+ly\s+)?(?!does\b|is\b|was\b|has\b|needs\b|pays\b|gets\b|needed\b)(?:[a-z]+(?:s|ed)|wrote|made|built|began|led|ran)\b)/i, (text, question) => /[\w.+-]+@[\w-]+\.[\w.]+|\b(?:Inc|Ltd|LLC|GmbH|AG|SA|plc|Foundation|Project|Team|Group|Corporation|Corp|Company)\b/.test(text) || namesSomeone(text, question)],
  // "Which of your locations is the biggest?", "Which plan is the cheapest?": one thing ranked
  // above the others; only a text that ranks or compares ("the largest", "more than") says
  // which. A row of one location's hours does not.
  [/^(?:(?:and|so|ok|okay),?\s+)?(?:which|what)\b[^?]*\b(?:is|are|was|were)\s+(?:the\s+)?(?:biggest|largest|smallest|cheapest|fastest|slowest|quietest|busiest|newest|oldest|best|worst|most|least|nearest|closest)\b/i, matcher(/\b(?:\w+est|best|worst|most|least|more|less|fewer|than)\b/i)],
  // "Which satellite company carries my calls?": a company by its name, not "a satellite network".
  [new RegExp(`^(?:(?:and|so|ok|okay),?\\s+)?(?:which|what)\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:${ORGANISATIONS})\\b`, 'iu'), (text, question) => /\b(?:Inc|Ltd|LLC|GmbH|AG|SA|plc|Corp)\b/.test(text) || namesSomething(text, question)],
  [/\b(which|what) (platforms?|operating systems?|browsers?|systems?)\b/i, names(PLATFORMS), 'platform system browser'],
  // "Which Perl version…?", "the minimum TypeScript version": a version number answers.
  // A numbered entry's own number ("3.4. I tried running a Java program…", a table of
  // contents' "1.1. How do you…") is not a version.
  [/\b(which|what|minimum|oldest|latest|newest)\b[^?]*\bversions?\b(?! (of|control))/i, (text) => /\bv?\d+\.\d+(\.\d+)?\b|\bv\d+\b|\bversion \d/i.test(text.replace(ENTRY_NUMBERS, ' '))],
];
/**
 * Questions that ask for several things of a kind ("Which methods must a logger implement?",
 * "What are the kitchen rules?", "What fields does it contain?"): the answer is the list, not
 * the sentence that names the subject of the list. The plural is the noun the verb follows
 * ("which CPU architectures can…"), not a verb's s ("which hook runs…").
 */
const ASKS_SEVERAL = /\b(?:which|what)\s+(?:[\w.-]+\s+){0,2}?(?!(?:does|is|was|has|this|its)\b)[a-z-]{2,}[^su\s]s(?:\s+(?:can|do|does|did|are|is|were|was|will|would|should|must|have|has|could|of|in|for|from|to|on|that|i|we|you)\b|\s*\?)|\bwhat (?:are|were) (?:the|your|its)\b|\b(?:what|which) (?:kinds?|types?|sorts?) of\b|\bsteps\b|\bwhat (?:must|should|do|does) (?:i|we|you|a member|members) (?:do|bring|need to do|have to do)\b/i;
/** A unit that lists things: a lead-in with its items, an item, or a sentence of three or more comma-separated things. */
const ENUMERATES = /(?:,[^,.;]{1,60}){2,}/;
/** What listing things adds to a unit's score when the question asks for several. */
const LIST_BONUS = 0.1;
/** A question word found only in the unit's page title or heading counts fully: a heading is what its sentences are about. */
const CONTEXT_SHARE = 1;
const MAX_LIST_CHARS = 900;
/** A negation, in a question or in a unit. */
const NEGATION = /\b(not|no|never|cannot|without|except|excluded?)\b|n't\b/i;
/** What saying "not" adds to a unit's score when the question asks about what is not. */
const NEGATION_BONUS = 0.1;
/** "What is X?", "What does X do?", "What are Xs for?": X, the thing to define. */
const DEFINES = /^(?:so,?\s+)?what(?:'s| is| are| does| do)\s+(?:an?\s+|the\s+)?([\p{L}\p{N}][\p{L}\p{N}._\/-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}._\/-]*){0,2}?)(?:\s+(?:do|does|mean|for|used for|good for))?\s*\??$/iu;
/** What defining the thing asked about adds to a unit's score. */
const DEFINITION_BONUS = 0.1;
/** How rare the thing asked for must be, against the part's rarest word, to be required. */
const FOCUS_SHARE = 0.8;
/** What a "what is the X of…" / "which X…" / "how big is the X…" question asks for: X. */
const FOCUS = /^(?:(?:and|so|ok|okay),?\s+)?(?:what(?:'s| is| are| was)\s+(?:the|your|its|their|a|an)\s+|which\s+|how (?:big|large|small|long|wide|tall|heavy|old|fast|high|deep)\s+(?:is|are|was|were)\s+(?:the|your|its|their|a|an|my)\s+)([\p{L}][\p{L}-]*)/iu;
/**
 * "Which charity do you give it to?", "Which collection agency do you use?": one thing of a
 * class, by its name. The class word is the last before the verb; singular (several things
 * are a list, and ASKS_SEVERAL reads those).
 */
const WHICH_ONE = /^(?:(?:and|so|ok|okay),?\s+)?which\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+)\s+(?:do|does|did|is|was|can|could|should|will|would|has|must)\b/iu;
/**
 * Where the text names its thing only as one of a class ("donated to charity", "pass the
 * balance to a collection agency"): no name, figure or code follows within a few words.
 */
const indefinitely = (text: string, word: string) => {
  const at = [...text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\p{L}{0,3}(?![\\p{L}\\p{N}])`, 'giu'))];
  return at.length > 0 && at.every((m) => {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const generic = /(?:^|\s)(?:a|an|any|some|another|to|for|by|with|from)\s+(?:[\p{Ll}-]+\s+)?$/u.test(before);
    // "a nice value of -14", "a fee of $7": the figure after "of" says which one.
    const named = /^[\s,:;(]*(?:(?:called|named|such as|like|e\.g\.|i\.e\.|is|are)\s+)?["'“(]?(?:\p{Lu}|\d|`)|^\s+of\s+[-−+]?[$€£]?\d/u.test(after);
    return generic && !named;
  });
};
/**
 * "Is the connection encrypted?", "Is Wi-Fi calling included?": a yes/no question about a
 * property; the property (its last word, an adjective or participle) is what is asked.
 */
const ASKS_PROPERTY = /^(?:(?:and|so|ok|okay),?\s+)?(?:is|are|was|were)\s+(?!there\b|it\s+(?:ok|okay|possible|a problem)\b)[^?]*?\s([\p{L}-]+(?:ed|able|ible|ive|ful|less))\s*\??$/iu;
/**
 * The thing a question is about, as it names it: "where is the Volta store…", "who is the
 * landlord…", "when is the next fire drill…", "is there a waiting period…", "what upload speeds
 * do you get…". A unit that does not mention it answers a neighbouring question (the cities
 * with 5G for the store, the download speeds for the upload speeds).
 */
const SUBJECT = /^(?:(?:and|so|ok|okay|also),?\s+)?(?:(?:where|who|when)(?:'s|’s| is| are| was| were)\s+(?:the|your|its|their|a|an|my)\s+(?:next\s+|last\s+|first\s+)?|is there (?:a|an|any)\s+|are there (?:any\s+)?|(?:what|which)\s+(?=(?:[\p{L}\d-]+\s+){1,2}(?:do|does|did|can|could|should|will|would|must)\b))((?:[\p{L}\d-]+\s+){0,2}?[\p{L}\d-]+)(?=\s+(?:do|does|did|is|are|was|were|can|could|should|will|would|must|has|have|of|for|in|on|at|to|from|with|before|after|that|when|if)\b|\s*[?.!,]|\s*$)/iu;
/** How rare a word of that phrase must be, against the part's rarest word, to be required. */
const SUBJECT_SHARE = 0.5;
/** Words of a bound or an amount: "is there a limit…" is answered by "up to 5" (ANSWER_TYPES). */
const BOUND_WORDS = /^(?:unit|units|kind|kinds|type|types|sort|format|limit|limits|maximum|max|minimum|min|cap|ceiling|number|amount|way|option|setting|chance|problem|difference|reason)$/i;
/** A question that opens by asking why ("Why is…", "How come…"), not one that asks whether a why can be told ("Can Memcheck tell me why…?"). */
const ASKS_WHY = /^(?:(?:and|so|but|ok|okay),?\s+)?(?:why|how come)\b/i;
/** Words that give a cause, a purpose or a consequence: what an answer to "why…?" is made of. */
const GIVES_REASON = /\b(?:because|since|as a result|due to|owing to|thanks to|reasons?|so that|in order to|so as to|that way|this (?:means|is why|way)|which (?:means|is why)|therefore|thus|hence|otherwise|caus(?:e|es|ed|ing)|results? in|leads? to|to (?:avoid|prevent|ensure|keep|allow|protect|reduce|improve|save|support|stop|make sure|comply))\b/i;
/** A unit that states a default: "Default: `10000`", "Defaults to 5", "[default: high]". */
const DEFAULT_LINE = /^(?:default(?: value)?\s*[:：=]|defaults to\b)|\[default:\s*[^\]]+\]/i;
/** Questions that ask for code: a command, an example, the syntax. */
const WANTS_CODE = /\b(command|example|syntax|snippet|one-liner)s?\b/i;
const WANTS_CODE_ALL = new RegExp(WANTS_CODE.source, 'gi');
/** How close to its best unit another must come for a part to take it instead of a unit another part took. */
const SAME_UNIT_SWITCH = 0.95;
/** Below this many characters an answer sentence brings the one after it. */
const SHORT_SENTENCE = 160;
/**
 * A sentence that goes on from the one before ("It halves the speed…", "This means…", "For
 * example, …"): chosen, it brings the one before; after a chosen one, it comes along.
 */
const GOES_ON = /^(it|its|this|that|these|those|they|them|their|he|she|there(?!'s|’s| (?:is|are|was|were|will|may|might|can|could|must|should|has|have|had)\b)|such|so|thus|therefore|however|otherwise|but|instead|also|then|for example|for instance|in that case|in this case|if so|if not|note|in other words|as a result|because)\b/i;
/** Does the text unit at `index` go on from the text unit before it? */
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
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
): { text: string; used: string[] } | null {
  // The visitor names a thing these pages never mention ("a WebSocket endpoint", "the CEO"):
  // whatever the rest of the question matches is about something else.
  if (unknownNames.length) return null;
  // What is asked, without "Hi, I'm Ana (ana@…)." before it: the question's frames ("What
  // does X do?", "Which company…") are read from its start.
  question = askedPart(question, language);
  const relevant = passages.filter((p) => p.score >= MIN_RELEVANCE);
  if (relevant.length === 0) return null;
  // A second passage joins only when it is nearly as relevant as the best one.
  // "The default values of connectionTimeout and keepAliveTimeout": two named things, each
  // asked the same, each answered in its own section (read however it ranks).
  const pair = namedPair(question, weights, language);
  const namesSection = (p: Passage) => !!pair && terms(p.heading, language).some((t) => pair.terms.includes(t));
  const chosen = relevant.filter((p, i) => i === 0 || (i < 3 && p.score >= relevant[0].score * 0.6) || namesSection(p));
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
  const found = (q: string, ws: Iterable<string>) => {
    for (const t of ws) if (hits(q, t)) return true;
    return false;
  };
  const asked = askedWords(question, language);
  const topQuery = Math.max(...query.map(([, w]) => w));
  const candidates: Pick[] = [];
  const unitsOf: Sentence[][] = [];
  const contextOf: Set<string>[] = [];
  /** A unit's text with its list or table group (what a lead-in stands for). */
  const answerText = (c: Pick) => (c.unit.kind === 'lead' ? unitsOf[c.passage].filter((u) => u.group === c.unit.group).map((u) => u.text).join(', ') : c.unit.text);
  chosen.forEach((p, pi) => {
    // A unit is read under its page's title and heading ("It includes theft insurance"
    // on the Cobalt Care page is about Cobalt Care): their words count as the unit's own.
    const context = new Set(terms(`${p.title} ${p.heading}`, language));
    // An FAQ entry whose question is the visitor's ("What do I need for 5G?") is about all of it.
    const inContext = asksAsHeading(p.heading, asked, language) ? query.map(([q]) => q) : query.filter(([q]) => found(q, context)).map(([q]) => q);
    contextOf[pi] = new Set(inContext);
    const list = sentencesOf(p.text, language);
    unitsOf[pi] = list;
    list.forEach((unit, index) => {
      // A lead-in is read with its items: "The plans include:" answers "which plans are there?"
      // through the items' words as much as its own.
      // A sentence that goes on from the one before ("For example, Memcheck adds 16 bytes…"
      // after "The redzone size depends on the tool.") is read with it: chosen, it brings it.
      const words = unit.kind === 'lead' ? [...unit.words, ...list.filter((u) => u.group === unit.group && u !== unit).flatMap((u) => u.words)] : leansOnPrior(list, index) ? [...unit.words, ...list[index - 1].words] : unit.words;
      const covers = new Set(query.filter(([q]) => found(q, words)).map(([q]) => q));
      // Matched once here, so scoring (once per part of the question) only looks things up.
      // A lead-in's items are its own words too: only a parenthesis is an aside.
      const main = unit.kind === 'lead' ? [...unit.main, ...list.filter((u) => u.group === unit.group && u !== unit).flatMap((u) => [...u.main])] : unit.main;
      const inMain = new Set([...covers].filter((q) => found(q, main)));
      const at = new Map<string, number[]>();
      for (const q of inMain) at.set(q, unit.seq.flatMap((t, j) => (hits(q, t) ? [j] : [])));
      // A row is about the cell the visitor names, a code or a name the row is the entry of
      // ("ENOSPC", "FST_ERR_DEC_AFTER_START", "concord.c:insert"): its other cells say what the
      // question asks of it, in the table's words, not the visitor's ("what is that code
      // telling me?", "what went wrong?").
      const keyed = unit.kind === 'row' ? keyCells(unit, (t) => terms(t, language)).find((k) => namesKey(k, (t) => weightOf.get(t) ?? 0, topQuery)) : undefined;
      // A unit counts as much as its passage is relevant; among equals the earlier one wins.
      candidates.push({ passage: pi, index, unit, covers, score: 0, factor: ownSection[pi] ? 1 : p.score / chosen[0].score, inMain, at, keyed });
    });
  });
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
    return c.keyed && part.some(([q]) => c.keyed!.includes(q)) ? Math.max(score, MIN_SENTENCE + KEYED_ROW) : score;
  };
  for (const c of candidates) c.score = scoreFor(c, query, total);
  /** Per chosen passage, every term of its text, title and heading. */
  const passageWords = chosen.map((p, pi) => new Set([...unitsOf[pi].flatMap((u) => u.words), ...terms(`${p.title} ${p.heading}`, language)]));
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  const mentions = (c: Pick, n: string) => c.covers.has(n) || contextOf[c.passage].has(n);
  const picks: Pick[] = [];
  let chars = 0;
  const unitPick = (pi: number, index: number) => candidates.find((c) => c.passage === pi && c.index === index)!;
  const add = (c: Pick) => {
    if (picks.includes(c)) return;
    picks.push(c);
    chars += c.unit.text.length;
  };
  const several = ASKS_SEVERAL.test(question);
  // "What is not covered?" is answered by what the pages say is not ("does not cover:"), not
  // by what is: stop words drop the "not", so it weighs here.
  const negated = NEGATION.test(question);
  // A line of an example's code says little alone ("// Add an endpoint of your choice"): it
  // answers only a question that asks for code, a command or an example.
  const wantsCode = WANTS_CODE.test(question);
  // "What is git-jump?", "What does Massif do?": the sentence that has the thing as its
  // subject ("Git-jump is a script…") defines it; others only mention it.
  const defined = DEFINES.exec(question.trim())?.[1];
  const definedAt = defined ? new RegExp(`^(?:the\\s+)?${defined.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}\\b[^.;:]{0,40}?\\b(?:is|are|was|does|do|lets|helps|makes|provides|allows|gives|runs|turns|reads|writes|finds|shows|adds)\\b`, 'i') : null;
  const isQuestion = (u: Unit | undefined) => !!u && u.kind === 'text' && /\?["')\]]?$/.test(u.text);
  /** A question on the page; with no answer after it in its passage, it answers nothing. */
  const asksItself = (c: Pick) => isQuestion(c.unit) && !!unitsOf[c.passage][c.index + 1] && !isQuestion(unitsOf[c.passage][c.index + 1]);
  const unanswered = (c: Pick) => isQuestion(c.unit) && !asksItself(c);
  // A table's lead-in is read with its rows' words, so it covers what its best row covers: asked
  // of one row ("what Ir count does concord.c:hash show?"), that row answers, not the lead-in
  // with the first rows that fit. Asked for several, the lead-in still brings them all.
  const shadowedOf = new Map<Pick, boolean>();
  const shadowed = (c: Pick) => shadowedOf.get(c) ?? shadowedOf.set(c, isShadowed(c)).get(c)!;
  const isShadowed = (c: Pick) => c.unit.kind === 'lead' && unitsOf[c.passage].some((u, i) => u.group === c.unit.group && u.kind === 'row' && [...c.covers].every((q) => unitPick(c.passage, i).covers.has(q) || contextOf[c.passage].has(q)));
  const enumerates = (c: Pick) => (c.unit.kind === 'lead' ? unitsOf[c.passage].filter((u) => u.group === c.unit.group).length > 2 : c.unit.kind !== 'text' || ENUMERATES.test(c.unit.text));
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
        if (list[leadIn].text.length <= 200) add(unitPick(c.passage, leadIn));
      }
      // A step of a procedure says little alone ("Restart your iPhone."): all its steps come,
      // in order, when they fit.
      if (c.unit.step) {
        const steps = list.map((u, i) => [u, i] as const).filter(([u]) => u.group === c.unit.group && u.step);
        if (steps.reduce((a, [u]) => a + u.text.length, 0) <= MAX_LIST_CHARS) for (const [, i] of steps) add(unitPick(c.passage, i));
      }
    }
    // A sentence that goes on from the one before ("It halves Memcheck's speed.") brings it.
    if (leansOnPrior(list, c.index)) add(unitPick(c.passage, c.index - 1));
    add(c);
    // A short sentence rarely holds a whole answer ("Refunds take 5 days." goes on "Each refund
    // goes back to your card."): it brings the sentence after it when that one is about the
    // same thing (a shared word, or a word of the question); so does a longer one when the next
    // goes on from it ("This means…", "For example, …"). On the eval's dev half: right answers
    // 61% → 64%, wrong answers with a citation 60 → 53, answer length 1.3× → 1.7× the fact's
    // sentence (the issue's bound is 2×).
    const after = list[c.index + 1];
    const related = () => after.words.some((w) => list[c.index].words.includes(w)) || unitPick(c.passage, c.index + 1).covers.size > 0;
    // One that says nothing alone ("Yes.", a bare name) brings it whatever it is about.
    // A question on the page, or a numbered entry ("5.3. …"), opens the next entry of an FAQ
    // or a manual: it never comes along.
    if (c.unit.kind === 'text' && after?.kind === 'text' && !isQuestion(after) && !SECTION_NUMBER.test(after.text) && (c.unit.text.length < 25 || (c.unit.text.length < SHORT_SENTENCE && related()) || GOES_ON.test(after.text))) add(unitPick(c.passage, c.index + 1));
    // Asked for several things, a sentence that names the subject ("Returns the CPU
    // architecture.") brings the list that follows it ("Possible values are 'arm', 'x64', …").
    // The list may come a sentence or two later, after its lead-in ("… The currently supported
    // options are:").
    if (several && c.unit.kind === 'text' && !enumerates(c)) {
      for (let i = c.index + 1; i <= c.index + 3 && i < list.length; i++) {
        const next = unitPick(c.passage, i);
        if (next.unit.kind === 'item' || next.unit.kind === 'row') break;
        if (!enumerates(next)) continue;
        take(next);
        break;
      }
    }
    if (c.unit.kind === 'lead' || /[:：]$/.test(c.unit.text)) {
      let n = 0;
      for (let i = c.index + 1; i < list.length && n < MAX_ITEMS; i++) {
        const u = list[i];
        if (c.unit.kind === 'lead' ? u.group !== c.unit.group : n > 0) break;
        if (chars + u.text.length > MAX_LIST_CHARS) break;
        add(unitPick(c.passage, i));
        n++;
      }
    }
  };
  // A question of several parts ("how much is the late fee, and how much data does Basic
  // include?") is answered part by part; a simple question is one part.
  const parts = questionParts(question, language);
  // A part that asks the same of two named things ("When I start a Worker, what do maxRetries
  // and idleTimeout default to?") is two parts, one per thing, as a whole question of them is.
  const asking = (parts.length ? parts : [question]).map((text) => [text, namedPair(text, weights, language)] as const);
  const segmentsOwn = asking.flatMap(([text, p]): [string, string | null][] => (p ? p.parts.map((t, i) => [t, p.terms[i]]) : [[text, null]]));
  const segments = segmentsOwn.map(([t]) => t);
  const allNames: string[] = [];
  /** Names of platforms the question gives ("on Linux"): a unit about every platform, or all but another one, speaks of them too. */
  const platformNames = new Set<string>();
  type Fit = { c: Pick; score: number; rank: number };
  const bests: (Fit | undefined)[] = [];
  const fits: Fit[][] = [];
  for (const [si, segment] of segments.entries()) {
    // Of two named things, each part is answered by a unit about its own thing.
    const own = segmentsOwn[si][1];
    const segTerms = new Set(terms(withPhrasesAsWords(segment, language), language));
    const part = query.filter(([q]) => segTerms.has(q));
    const partTotal = part.reduce((a, [, w]) => a + w, 0);
    if (!partTotal) continue;
    // What kind of fact the part asks for (a quantity, a time, a month) and which things it
    // names ("under Cachegrind", "in France"): only units that carry such a fact and mention a
    // named thing (or sit under a heading that does) can answer. The rest answer a neighbouring
    // question (Memcheck's slowdown, the partner networks in general).
    const needs = ANSWER_TYPES.filter(([asks]) => asks.test(segment)).map(([, has]) => (text: string) => has(text, segment));
    const named = [...surfaceWords(segment, language)].filter(([stem, word]) => weightOf.has(stem) && looksLikeName(word, segment));
    const names = named.map(([stem]) => stem);
    allNames.push(...names);
    for (const [stem, word] of named) if (isPlatform(word)) platformNames.add(stem);
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
    const subject = subjectWords ? subjectWords.filter((w) => !BOUND_WORDS.test(w)).flatMap((w) => terms(w, language)).filter((t) => weightOf.has(t) && !typeWords.has(t) && weightOf.get(t)! >= topWeight * SUBJECT_SHARE) : [];
    // Asked which one ("which charity…?"), a unit that names it only as one of its class ("…and
    // then donated to charity") does not say which.
    const whichOne = several ? undefined : WHICH_ONE.exec(segment.trim())?.[1];
    const oneOf = whichOne && !/(?:[^su]s|ies)$/i.test(whichOne) ? whichOne : undefined;
    // A property asked about yes or no must be stated: a unit about the thing that does not
    // say it ("the debuginfo server must accept TCP connections…") does not answer "encrypted?".
    const propertyWord = ASKS_PROPERTY.exec(segment.trim())?.[1];
    const property = propertyWord ? terms(propertyWord, language).find((t) => weightOf.has(t)) : undefined;
    // Of a question of several parts, a passage less relevant to the whole question may be the
    // one about this part (the other part pulled the best passage up: "what does Pro cost, and
    // how long does shipping to the islands take?" finds the Pro page first, and the page on
    // shipping to the islands second): for this part a unit counts as much as its passage covers the part's
    // words against the passage that covers them best, when that is more than its passage's
    // relevance to the whole question.
    const partCover = passageWords.map((ws) => part.reduce((a, [q, w]) => (found(q, ws) ? a + w : a), 0));
    const bestCover = Math.max(...partCover) || 1;
    const partFactor = (c: Pick) => (segments.length > 1 ? Math.max(c.factor, partCover[c.passage] / bestCover) : c.factor);
    const fit = candidates
      .map((c) => ({ c, score: scoreFor(c, part, partTotal, partFactor(c)) }))
      .filter(({ c, score }) => score > 0 && (!focus || mentions(c, focus)) && subject.every((t) => mentions(c, t)) && (!oneOf || !indefinitely(answerText(c), oneOf)) && (!property || mentions(c, property)) && !unanswered(c) && (several || !shadowed(c)) && (c.unit.kind !== 'code' || wantsCode) && needs.every((has) => has(answerText(c))) && (!names.length || names.some((n) => mentions(c, n))) && (!own || mentions(c, own)))
      .map((f) => ({ ...f, rank: f.score + (several && enumerates(f.c) ? LIST_BONUS : 0) + (negated && NEGATION.test(answerText(f.c)) ? NEGATION_BONUS : 0) + (definedAt?.test(f.c.unit.text) ? DEFINITION_BONUS : 0) }))
      .sort((a, b) => b.rank - a.rank);
    // The passage floor (MIN_RELEVANCE) says a page is about the question; this one says a
    // unit of it answers: one that covers under MIN_SENTENCE of the question (words of the
    // page's title and heading count as its own) is a neighbour of the answer, not the answer.
    fits.push(fit);
    bests.push(fit.find((f) => f.score >= MIN_SENTENCE));
  }
  // Two parts that found the same unit ("how long can I pause, and what does pausing cost?"
  // both match "A paused membership costs $35") ask two things: a part with another unit as
  // good as that one takes it, so each fact gets its own sentence.
  bests.forEach((best, i) => {
    if (!best || !bests.some((b, j) => j !== i && b?.c === best.c)) return;
    const other = fits[i].find((f) => f.score >= MIN_SENTENCE && f.rank >= best.rank * SAME_UNIT_SWITCH && !bests.some((b) => b?.c === f.c));
    if (other) bests[i] = other;
  });
  for (const best of bests) {
    if (!best) continue;
    if (picks.length && chars + best.c.unit.text.length > MAX_CHARS) continue;
    take(best.c);
  }
  if (!picks.length) return null;
  // "…by default?", "the default value…": a passage that states its default on a line of its
  // own ("+ Default: `10000`", "Defaults to 5") gives that line with the answer.
  if (/\bdefault\b/i.test(question)) {
    for (const pi of new Set(picks.map((p) => p.passage))) {
      const i = unitsOf[pi].findIndex((u) => DEFAULT_LINE.test(u.text));
      if (i >= 0) add(unitPick(pi, i));
    }
  }
  const covered = new Set(picks.flatMap((p) => [...p.covers]));
  // Another unit joins only when it covers a part of the question the chosen ones do not (a
  // question of several parts has had one unit per part already).
  // Two named things, each answered from its section: nothing else is asked.
  const pairAnswered = !!pair && bests.length === 2 && bests.every(Boolean);
  for (const c of pairAnswered ? [] : ranked) {
    if (picks.includes(c) || unanswered(c) || (c.unit.kind === 'code' && !wantsCode) || picks.length >= MAX_SENTENCES + MAX_ITEMS || chars + c.unit.text.length > MAX_CHARS) continue;
    const adds = [...c.covers].filter((q) => !covered.has(q)).reduce((a, q) => a + (weightOf.get(q) ?? 0), 0) / total;
    if (adds < 0.15 || c.score < MIN_SENTENCE / 2) continue;
    for (const q of c.covers) covered.add(q);
    take(c);
  }
  // "Why…?" asks for a cause or a purpose: an answer that only states the fact asked about
  // ("Our 3G network was switched off on 31 December 2022" for "why did you switch it off?",
  // "Deprecated, use X instead" for "why was it deprecated?") is a neighbour of the answer.
  if (ASKS_WHY.test(question) && !picks.some((p) => GIVES_REASON.test(p.unit.text))) return null;
  // Every thing the question names is in the answer, or the answer is about something else.
  // A platform is named by a unit that speaks of all platforms ("a nice value of -14 on all
  // other platforms" than Windows answers "on Linux").
  if (allNames.some((n) => !picks.some((p) => mentions(p, n) || (platformNames.has(n) && EVERY_PLATFORM.test(p.unit.text))))) return null;
  // In the order of the page: the passage of the lead first, units in their own order.
  const order = [...new Set(picks.map((p) => p.passage))];
  picks.sort((a, b) => order.indexOf(a.passage) - order.indexOf(b.passage) || a.index - b.index);
  const paragraphs = new Map<number, string[]>();
  // Rows of one table stand on lines of their own, as a list, when there are several.
  const rowsIn = (pi: number) => picks.filter((p) => p.passage === pi && p.unit.kind === 'row').length;
  for (const p of picks) {
    let text = p.unit.kind === 'item' || (p.unit.kind === 'row' && rowsIn(p.passage) > 1) ? `- ${p.unit.text}` : p.unit.text;
    // Of two named things, each answer says which it is about when only its heading does.
    if (ownSection[p.passage] && !pair!.terms.some((t) => p.covers.has(t)) && !paragraphs.has(p.passage)) text = `${plainInline(chosen[p.passage].heading)}: ${text.replace(/^- /, '')}`;
    paragraphs.set(p.passage, [...(paragraphs.get(p.passage) ?? []), text]);
  }
  const used = [...paragraphs.keys()].map((pi) => chosen[pi].id);
  // List items stand on their own lines (Markdown), prose sentences run on.
  const render = (ss: string[]) => ss.reduce((acc, t, i) => (i === 0 ? t : acc + (t.startsWith('- ') || ss[i - 1].startsWith('- ') || ss[i - 1].endsWith(':') ? '\n' : ' ') + t), '');
  return { text: [...paragraphs.values()].map(render).join('\n\n'), used };
}

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
    const composed = compose(req.spelled ?? req.question, req.passages, req.weights, req.language, req.unknownNames, req.alternatives);
    if (!composed) return { used: [], unanswered: true };
    for (const piece of chunkText(composed.text)) {
      if (req.signal.aborted) return { used: [] };
      yield piece;
      await pause(this.delayMs, req.signal);
    }
    return { used: composed.used };
  }
}
