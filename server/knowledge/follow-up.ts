/**
 * Whether a question needs the conversation before it to be understood. An elliptical
 * follow-up ("and for the frame?", "how much is it?", "what about Windows?") is searched with
 * the earlier turns' words; a self-contained question is searched alone, so an unrelated
 * earlier turn can neither pull it back to the old topic nor dilute its own words.
 */
import { askedPart, looksLikeName, questionTerms, surfaceWords } from './text.ts';

/** Openings that lean on what came before, in the shipped languages. */
const CONTINUES = /^\s*(and|also|but|so|or|what about|how about|what if|same for|und|aber|auch|was ist mit|et|mais|aussi|et pour|y|pero|también|¿y|y si|و)\b/iu;
/** Words that point back at something named earlier. */
const POINTS_BACK = /\b(it|its|it's|that|this|those|these|they|them|their|there|one|ones|same|else|instead|then|er|sie|es|das|dies|dafür|dazu|davon|il|elle|ils|cela|ça|celui|celle|ello|eso|esto|ese|esa)\b/iu;

/** Pronouns that stand for a thing, not a place or a time ("there", "then") nor a determiner ("that plan"). */
const PRONOUN = /\b(?:it|its|them|their|they)\b/i;

/** The question points back at something named before ("its default", "install it"). */
export function pointsBack(question: string, language = 'en'): boolean {
  return backPointers(askedPart(question, language), language).length > 0;
}

/**
 * The words of an asked text that point back at an earlier turn. A pronoun in a later clause
 * than a name of the question's own stands for that name ("Which options should a GUI front end
 * pass when it wants XML output?", "If I order a physical SIM, … once I activate it …"): the
 * question is self-contained, and the earlier turn's subject would only pull it to the old
 * topic. In the name's own clause it is something else ("Does Nulgrind support it?").
 */
function backPointers(asked: string, language: string): string[] {
  return [...asked.matchAll(new RegExp(POINTS_BACK.source, 'giu'))]
    .filter((m) => !(PRONOUN.test(m[0]) && namedInEarlierClause(asked.slice(0, m.index), language)))
    .map((m) => m[0]);
}

/** Where one clause ends and the next begins. */
const CLAUSE_BREAK = /[,;]|\b(?:and|but|or|when|once|if|so|then|before|after|while|because|until)\b/giu;

/** The text names a thing of its own (a name or an identifier, not the visitor's "I") before its last clause. */
function namedInEarlierClause(text: string, language: string): boolean {
  const last = [...text.matchAll(CLAUSE_BREAK)].at(-1);
  return !!last && namesOwn(text.slice(0, last.index), language);
}

/**
 * A follow-up that asks a question of its own, with a question word or a verb ("and how do I
 * install it?", "And what does the low setting mean?"), asks something new of the thing before:
 * it takes the earlier question's subject, not what that question asked of it ("the default
 * value"). "What about Plus?" and "and on the frame?" are the reverse: the earlier question,
 * asked of another thing.
 */
export function asksItsOwn(question: string, language = 'en'): boolean {
  const asked = askedPart(question, language).trim();
  return CLAUSE.test(asked) && !ABOUT.test(asked);
}

/**
 * The stems of the words a question writes as names ("the Sloop Room", "http2SessionTimeout")
 * or identifiers ("--leak-resolution", "request.ips", "console.profile()"): of equally rare
 * words, what a later "it" stands for.
 */
export function namedIn(question: string, language = 'en'): Set<string> {
  const named = [...surfaceWords(question, language)].filter(([, word]) => looksLikeName(word, question)).map(([stem]) => stem);
  const identifiers = question.match(/(?<![\p{L}\p{N}])--?\p{L}[\p{L}\p{N}-]*|[\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)+(?:\(\))?|[\p{L}\p{N}]+\(\)/gu) ?? [];
  return new Set([...named, ...identifiers.flatMap((w) => questionTerms(w, language))]);
}

/** The question is about the thing the one before was about: it points back at it, or goes on with a question of its own ("And what does…?"). */
export function sameSubject(question: string, language = 'en'): boolean {
  const asked = askedPart(question, language);
  // "And what is not covered by Volta Protect?" goes on to a thing it names itself.
  return pointsBack(question, language) || (CONTINUES.test(asked) && asksItsOwn(question, language) && !namesOwn(asked, language));
}

/** The text names a thing (a name or an identifier), not only the visitor's "I". */
function namesOwn(text: string, language: string): boolean {
  const named = namedIn(text, language);
  named.delete('i');
  return named.size > 0;
}

export function needsContext(question: string, language = 'en'): boolean {
  const own = questionTerms(question, language);
  if (own.length === 0) return true;
  const asked = askedPart(question, language);
  const pointers = backPointers(asked, language);
  if (CONTINUES.test(asked) && (own.length < 4 || pointers.length > 0 || !CLAUSE.test(asked))) return true;
  if (FRAGMENT.test(asked)) return true;
  if (language.toLowerCase().startsWith('en') && BARE.test(asked)) return true;
  // A short question that points back ("how long does it take?") has too few words of its own.
  if (own.length <= 2 && pointers.length) return true;
  // "What's the hourly charge for it once my hours run out?": "it" and "them" stand for a thing
  // named before, however many words of its own the question has, unless the question names
  // it first itself (backPointers).
  return pointers.some((w) => PRONOUN.test(w)) || (language.toLowerCase().startsWith('en') && [STANDS_FOR, BACK_THERE].some((re) => {
    // As a pronoun, after a name in an earlier clause it is that name ("What stack size does
    // Valgrind give…, and what range does that come to?").
    const m = re.exec(asked);
    return !!m && !namedInEarlierClause(asked.slice(0, m.index), language);
  }));
}

/**
 * "that" standing for a thing, not a relative ("the file that configures it") nor a
 * conjunction ("say that"): after a verb of the question or a preposition ("How much is that
 * at Midtown?", "Which value does that map to?", "for that"), or last ("can I book that?").
 */
const STANDS_FOR = /\b(?:is|are|was|were|does|do|did|can|could|will|would|should|of|for|on|about|with|in|at|from|by|to)\s+that\b(?!\s+(?:the|a|an|i|you|we|my|your|our)\b)|\bthat\s*\??\s*$/i;
/** "there" last as a place named before ("What does it cost there?", "when I'm there?"), not "what hooks are there?". */
const BACK_THERE = /(?<!\b(?:is|are|was|were|be)\s+)\bthere\s*\??\s*$/i;

/**
 * "What about Plus?" after "How much does the Basic plan cost?" asks the same question of
 * another thing: it is the earlier question with that thing swapped in ("How much does the
 * Plus plan cost?"), searched and answered as that. What is swapped out: the phrase of the
 * same preposition ("in Mexico" for "in Canada"), else the words ending in the same head
 * ("day pass" for "guest passes"), else, for a name, the earlier question's last name or
 * identifier ("Basic" for "Plus", "setTimeout()" for "setInterval"); a phrase of a
 * preposition the earlier question lacks ("for kids") is added to it. English openers only;
 * null when the message is not such an ellipsis or nothing is sure to be swapped.
 */
function restated(question: string, earlier: string | undefined, language = 'en'): string | null {
  if (!earlier || language.toLowerCase().split('-')[0] !== 'en') return null;
  const m = ABOUT.exec(askedPart(question, language).trim());
  if (!m) return null;
  const thing = (m[1] ?? m[2] ?? m[3] ?? m[4]).trim();
  const words = thing.split(/\s+/);
  if (words.length > 5) return null;
  const prep = words.length > 1 && PREPOSITION.test(words[0]) ? words[0].toLowerCase() : null;
  const core = words.slice(prep ? 1 : 0);
  const det = core.length > 1 && DETERMINER.test(core[0]);
  const size = core.length - (det ? 1 : 0);
  const tokens = [...earlier.matchAll(/[\p{L}\p{N}][\p{L}\p{N}._()'-]*[\p{L}\p{N})]|[\p{L}\p{N}]/gu)].map((t) => ({ text: t[0], at: t.index! }));
  const isFunction = (i: number) => FUNCTION_WORD.test(tokens[i].text) || PREPOSITION.test(tokens[i].text);
  /** Up to `size` words ending at `last`, not across a function word; with its determiner when the new thing has one. */
  const spanTo = (last: number): [number, number] => {
    let first = last;
    while (first > 0 && last - first + 1 < size && !isFunction(first - 1)) first--;
    if (det && first > 0 && DETERMINER.test(tokens[first - 1].text)) first--;
    return [first, last];
  };
  let span: [number, number] | null = null;
  let replacement = prep ? core.join(' ') : thing;
  const p = prep ? lastIndex(tokens, (t) => t.text.toLowerCase() === prep) : -1;
  if (p >= 0) {
    let last = p + 1;
    while (last + 1 < tokens.length && !PREPOSITION.test(tokens[last + 1].text) && !/^(and|or|but|if|when)$/i.test(tokens[last + 1].text)) last++;
    if (last < tokens.length) [span, replacement] = [[p, last], thing];
  } else if (prep) {
    // A phrase the earlier question has no like of ("for kids" after "how much does it cost?") narrows it.
    return `${earlier.trim().replace(/[?.!\s]+$/, '')} ${thing}?`;
  }
  const head = questionTerms(core.at(-1)!, language)[0];
  const h = span || !head ? -1 : tokens.findIndex((t) => questionTerms(t.text, language)[0] === head);
  if (!span && h >= 0) span = spanTo(h);
  // A name for a name ("Plus" for "Basic"); anything else ("what about cancelling?") is left
  // to the search with the earlier turns, as a guess here could ask something never asked.
  const isName = (w: string, i: number) => (i > 0 && /^\p{Lu}/u.test(w) && w !== 'I') || /[._()]|\p{Ll}\p{Lu}/u.test(w);
  const named = span || !core.some((w) => isName(w, 1)) ? -1 : lastIndex(tokens, (t, i) => isName(t.text, i));
  if (!span && named >= 0) span = spanTo(named);
  if (!span) return null;
  const start = tokens[span[0]].at;
  const end = tokens[span[1]].at + tokens[span[1]].text.length;
  return `${earlier.slice(0, start)}${replacement}${earlier.slice(end)}`;
}
/** The question restated against the latest earlier one, itself restated when it was such an ellipsis too. */
export function restatedFollowUp(question: string, earlierQuestions: readonly string[], language = 'en'): string | null {
  const [last, before] = [earlierQuestions.at(-1), earlierQuestions.at(-2)];
  return restated(question, last === undefined ? undefined : (restated(last, before, language) ?? last), language);
}
function lastIndex<T>(list: readonly T[], test: (item: T, i: number) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i], i)) return i;
  return -1;
}
/**
 * A phrase of a preposition alone ("on the frame?", "at Northgate?", "for setInterval?"): no
 * question word, no verb; only the question before says what it asks.
 */
const FRAGMENT = /^((?:in|on|for|from|with|at|to|by|under|over|during|via|inside|outside)\s+(?!.*\b(?:how|what|when|where|which|who|why|is|are|was|were|do|does|did|can|could|will|would|should|may|must|has|have)\b).+?)\s*\?$/i;
/** A question word or an auxiliary verb: the message is a question of its own, not a phrase. */
const CLAUSE = /\b(?:how|what|when|where|which|who|why|whom|whose|is|are|was|were|do|does|did|can|could|will|would|should|may|might|must|has|have|had)\b/i;
/**
 * A few words with no question word and no verb ("Nulgrind?", "The Clipper Room?", "only the
 * data read misses?"): the question before, asked of them. English only.
 */
const BARE = /^(?!.*\b(?:how|what|when|where|which|who|why|whom|whose|is|are|was|were|be|do|does|did|can|could|will|would|should|may|might|must|has|have|had|need|want|get|i|you|we)\b)\S+(?:\s+\S+){0,4}\s*\?$/i;
/** "What about X?", "How about X?", "And for X?", "Same for X?", a fragment as above, and "And X?" of a few words with no verb (as BARE). */
const ABOUT = new RegExp(String.raw`^(?:and\s+)?(?:what|how)\s+about\s+(.+?)\s*\??$|^(?:and|same)\s+for\s+(.+?)\s*\??$|${FRAGMENT.source}|^and\s+(${BARE.source.slice(1, -6)})\s*\?$`, 'i');
const PREPOSITION = /^(in|on|for|from|with|at|to|by|under|over|during|via|inside|outside)$/i;
const DETERMINER = /^(a|an|the|my|your|our|their|his|her|its|this|that|these|those)$/i;
const FUNCTION_WORD = /^(a|an|the|my|your|our|their|his|her|its|this|that|these|those|of|and|or|is|are|was|were|be|do|does|did|can|could|will|would|should|i|you|we|it|there|how|what|when|where|which|who|why|much|many|long)$/i;
