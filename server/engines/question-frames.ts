/**
 * What a question asks about, read from its words (issue 20): its parts when it asks several
 * things, two named things asked the same, several things of a kind (a list), the thing it is
 * about or asks which one of, a property asked yes or no, a definition, code. compose()
 * (extractive.ts) holds the units it chooses to these.
 */
import { escapeRegExp, terms } from '../knowledge/text.ts';

export { questionParts } from '../knowledge/question-parts.ts';

/**
 * A name the question explains in parentheses ("D1 read misses (D1mr)", "the LL cache (last
 * level)"): the words before and inside say one thing, and a page that says either says it.
 * Each pair's terms, as one set.
 */
export function parenthesisAliases(question: string, language = 'en'): Set<string>[] {
  return [...question.matchAll(/((?:[\p{L}\p{N}][\p{L}\p{N}._:-]*\s+){1,4})\(([^()]{1,60})\)/gu)].map((m) => new Set(terms(`${m[1]} ${m[2]}`, language)));
}

/**
 * Two things of the knowledge's rarest words joined by "and"/"or" ("connectionTimeout and
 * keepAliveTimeout", "the Basic and Plus plans"): the question asked of each, and their terms.
 */
export function namedPair(question: string, weights: ReadonlyMap<string, number>, language: string): { parts: string[]; terms: string[] } | null {
  const m = /(?<![\p{L}\p{N}])([\p{L}\p{N}][\p{L}\p{N}._-]*) (?:and|or) (?:(my|the|your|our|its|their|a|an) )?-{0,2}([\p{L}\p{N}][\p{L}\p{N}._-]*)(?![\p{L}\p{N}])/u.exec(question);
  // Options are named with their dashes ("--freelist-vol and --freelist-big-blocks"): the
  // second's dashes are skipped, and the first's stand before it in both parts.
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

/**
 * Questions that ask for several things of a kind ("Which methods must a logger implement?",
 * "What are the kitchen rules?", "What fields does it contain?"): the answer is the list, not
 * the sentence that names the subject of the list. The plural is the noun the verb follows
 * ("which CPU architectures can…"), not a verb's s ("which hook runs…"). "What do I need to set
 * up / configure / install / prepare…?" asks for what a setup takes, which pages list ("there are
 * several things to configure… 1. Run a git-daemon."); "what do I need to return?" asks for one.
 * A plural the question's own verb follows is asked for as several ("which client requests let
 * my program…", "which phones support eSIM?"): the verb without its s, from a short list of
 * common verbs, tells the plural noun from a singular's verb ("which hook runs first?").
 */
export const ASKS_SEVERAL = /\b(?:which|what)\s+(?:[\w.-]+\s+){0,2}?(?!(?:does|is|was|has|this|its)\b)[a-z-]{2,}[^su\s]s(?:\s+(?:can|do|does|did|are|is|were|was|will|would|should|must|have|has|could|of|in|for|from|to|on|that|i|we|you)\b|\s*\?)|\bwhat (?:are|were) (?:the|your|its|my|our|their)\b|\b(?:what|which) (?:kinds?|types?|sorts?) of\b|\bsteps\b|\bwhat(?:'s|’s| is| are) (?:inside|in)\s+(?:the\s+|an?\s+)?\S+\s*\?$|\bwhat (?:must|should|do|does) (?:i|we|you|a member|members) (?:do|bring|need to do|have to do|need to (?:set up|configure|install|prepare|bring|provide|enable|have ready))\b|\bwhich\s+(?:[\w.-]+\s+){0,2}?(?!(?:does|is|was|has|this|its)\b)[a-z-]{2,}[^su\s']s\s+(?:(?:also|already|still|actually|really|then)\s+)?(?:am|accept|allow|apply|belong|call|cause|change|come|contain|count|emit|exist|get|give|go|happen|have|help|include|let|make|match|need|produce|provide|read|receive|require|return|run|show|stop|support|take|trigger|use|work|write)\b/i;
/** "What is X?", "What does X do?", "What are Xs for?", "What does the --quiet option do?", "What does 'excess' mean for Volta Protect?": X, the thing to define. */
export const DEFINES = /^(?:so,?\s+)?what(?:\s+exactly)?(?:'s| is| are| does| do)\s+(?:an?\s+|the\s+)?['"`‘“]?(-{0,2}[\p{L}\p{N}][\p{L}\p{N}._\/-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}._\/-]*){0,2}?)['"`’”]?(?:\s+(?:(?:actually\s+|really\s+)?(?:do|does)(?:\s+under the hood)?|mean(?:\s+(?:for|in|on|under|with|to)\s+[^?]{1,40}?)?|for|used for|good for))?(?:\s+(?:exactly|precisely))?\s*\??$/iu;
/** How rare the thing asked for must be, against the part's rarest word, to be required. */
export const FOCUS_SHARE = 0.8;
/** What a "what is the X of…" / "which X…" / "how big is the X…" question asks for: X. */
export const FOCUS = /^(?:(?:and|so|ok|okay),?\s+)?(?:what(?:'s| is| are| was)\s+(?:the|your|its|their|a|an)\s+|which\s+|how (?:big|large|small|long|wide|tall|heavy|old|fast|high|deep)\s+(?:is|are|was|were)\s+(?:the|your|its|their|a|an|my)\s+)([\p{L}][\p{L}-]*)/iu;
/**
 * "Which charity do you give it to?", "Which collection agency do you use?": one thing of a
 * class, by its name. The class word is the last before the verb; singular (several things
 * are a list, and ASKS_SEVERAL reads those).
 */
export const WHICH_ONE = /^(?:(?:and|so|ok|okay),?\s+)?which\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+)\s+(?:do|does|did|is|was|can|could|should|will|would|has|must)\b/iu;
/**
 * Where the text names its thing only as one of a class ("donated to charity", "pass the
 * balance to a collection agency"): no name, figure or code follows within a few words.
 */
export const indefinitely = (text: string, word: string) => {
  const at = [...text.matchAll(wordAt(word))];
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
 * The word with an ending of up to three letters, as a whole word. A question asks this of
 * every candidate unit: the expression is made once per word (matchAll copies it, so sharing
 * a global one is safe). Bounded; a full cache only loses the reuse.
 */
const wordAt = (word: string) => {
  let re = wordAtCache.get(word);
  if (!re) {
    if (wordAtCache.size >= WORD_AT_CACHE_MAX) wordAtCache.clear();
    wordAtCache.set(word, (re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}\\p{L}{0,3}(?![\\p{L}\\p{N}])`, 'giu')));
  }
  return re;
};
const wordAtCache = new Map<string, RegExp>();
const WORD_AT_CACHE_MAX = 1000;
/**
 * "Is the connection encrypted?", "Is Wi-Fi calling included?": a yes/no question about a
 * property; the property (its last word, an adjective or participle) is what is asked. An
 * adjective is known by its ending, "-ous", "-proof", "-free", "-safe", "-friendly" as much as
 * "-able" ("Are the booths soundproof?", "Is the café gluten-free?"), and a place or a case may
 * follow it ("Is it case-insensitive on Windows?").
 */
export const ASKS_PROPERTY = /^(?:(?:and|so|ok|okay),?\s+)?(?:is|are|was|were)\s+(?!there\b|it\s+(?:ok|okay|possible|a problem)\b)[^?]*?\s([\p{L}-]+(?:ed|able|ible|ive|ful|less|ous|proof|free|safe|friendly))(?:\s+(?:on|in|for|with|by|at|to|from|under|over|during|inside|outside)\s+[^?]*?)?\s*\??$/iu;
/**
 * The thing a question is about, as it names it: "where is the Volta store…", "who is the
 * landlord…", "when is the next fire drill…", "is there a waiting period…", "what upload speeds
 * do you get…". A unit that does not mention it answers a neighbouring question (the cities
 * with 5G for the store, the download speeds for the upload speeds).
 */
export const SUBJECT = /^(?:(?:and|so|ok|okay|also),?\s+)?(?:(?:where|who|when)(?:'s|’s| is| are| was| were)\s+(?:the|your|its|their|a|an|my)\s+(?:next\s+|last\s+|first\s+)?|is there (?:a|an|any)\s+|are there (?:any\s+)?|(?:what|which)\s+(?=(?:[\p{L}\d-]+\s+){1,2}(?:do|does|did|can|could|should|will|would|must)\b))((?:[\p{L}\d-]+\s+){0,2}?[\p{L}\d-]+)(?=\s+(?:do|does|did|is|are|was|were|can|could|should|will|would|must|has|have|of|for|in|on|at|to|from|with|before|after|that|when|if)\b|\s*[?.!,]|\s*$)/iu;
/** How rare a word of that phrase must be, against the part's rarest word, to be required. */
export const SUBJECT_SHARE = 0.5;
/** Words of a bound or an amount: "is there a limit…" is answered by "up to 5" (ANSWER_TYPES). */
export const BOUND_WORDS = /^(?:unit|units|kind|kinds|type|types|sort|format|limit|limits|maximum|max|minimum|min|cap|ceiling|number|amount|way|option|setting|chance|problem|difference|reason)$/i;
/** Questions that ask for code: a command, an example, the syntax. */
export const WANTS_CODE = /\b(command|example|syntax|snippet|one-liner)s?\b/i;
/** A question that asks how to do something: a listing of commands or code is a way to. */
export const ASKS_HOW = /\bhow (?:do|can|should|would|could|must) (?:i|we|you|one)\b|\bhow to\b/i;
export const WANTS_CODE_ALL = new RegExp(WANTS_CODE.source, 'gi');
/**
 * The action a "how do I …?", "how much does it cost to …?" or "is there a fee to …?" question asks about ("how do I
 * upload my certificate?", "how much does it cost to unlock my phone?"): a unit that does not
 * say it describes the thing ("register the dog with proof of vaccination"), not how to do that.
 * A verb of finding out or getting ("how can I see how many…?", "how do I get a refund?")
 * names no action of its own.
 */
export const ACTION = /^(?:(?:and|so|ok|okay),?\s+)?(?:how (?:do|can|should|would|could|must) (?:i|we|you|one)|how much (?:does|do|will|would) (?:it|[\p{L}-]+) (?:cost|charge)(?: (?:me|you|us))? to|is there (?:a|an|any) (?:fee|charge|cost|price) (?:to|for))\s+(?:(?:actually|even|just|quickly|safely|still)\s+)?(?!(?:see|find|get|know|tell|check|make|do|use|have|go|keep|look|learn|show|view|read|give|put|let|take|deal|handle|work)\b)([\p{L}-]{3,})/iu;
/**
 * Is the action of a "how do I …?" question (ACTION) to be said by its answer (or the heading
 * over it) though the pages say it only elsewhere? "How do I change the PIN of my SIM card?"
 * is not answered by "The default PIN of a Volta SIM card is 1234". Not a verb of controlling a
 * behaviour, which an option or a command does without naming it ("how do I stop your
 * e-mails?" answered "opt out…", "how do I restrict them to the current directory?"), nor the
 * action a price is of ("how much does it cost to send a text…?" under "Texts (each)").
 */
export const heldToAction = (question: string, action: string) => !/^(?:(?:and|so|ok|okay),?\s+)?(?:how much|is there)\b/i.test(question) && !CONTROLS.test(action);
const CONTROLS = /^(?:stop|fix|solve|resolve|avoid|prevent|restrict|limit|turn|enable|disable|set)$/i;
/**
 * What "does X support Y?", "does X work in/with Y?", "can X run on Y?" asks of X: Y. A unit
 * about X that does not name Y ("git merge-tree --stdin is a new way to request merges" for
 * "does it work in a bare repository?") does not settle it.
 */
export const SUPPORTS = /^(?:(?:and|so|ok|okay),?\s+)?(?:does|do|can|will|is|are)\b[^?]*?\b(?:support(?:s|ed)?|work(?:s)?|run(?:s)?|compatible)\s+(?:(?:with|in|on|under|for|inside)\s+)?(?:(?:an?|the|my|your|our|its)\s+)?([^?]+?)\s*\??$/iu;
/**
 * The action "how long does it take to move my number back?" asks the duration of: a span of
 * time of another action on the same page ("a new SIM is usually active within 15 minutes")
 * does not answer it.
 */
export const DURATION_OF = /^(?:(?:and|so|ok|okay),?\s+)?how long (?:does|do|will|would|did) (?:it|[\p{L}-]+) take(?: (?:me|you|us|them))? to\s+([\p{L}-]{3,})/iu;
/**
 * "Does a day count in US time or in the local time?", "Is the locker included or extra?": a
 * yes/no question that offers two answers (the words just before "or", and a few after it). A
 * unit that names neither side ("With Travel Pass you pay $8 a day") does not say which. What
 * sets the scene may come first ("With Travel Pass, does…").
 */
export const EITHER = /^(?:(?:and|so|ok|okay),?\s+)?(?:[^,?]{1,40},\s*)?(?:is|are|was|were|does|do|did|can|could|will|would|should)\b[^?]*?((?:[\p{L}\p{N}-]+\s+)?[\p{L}\p{N}-]+)\s+or\s+((?:[\p{L}\p{N}-]+\s+){0,3}[\p{L}\p{N}-]+)/iu;
/**
 * "Who maintains diff-highlight?", "who wrote git subtree?": what the person is asked of. A unit
 * that names the maintainer of another thing ("cc'd to the git-jump maintainer, Jeff King")
 * names someone, but not of that thing.
 */
export const WHO_OF = /^(?:(?:and|so|ok|okay),?\s+)?who\s+(?:[a-z]+ly\s+)?(?!(?:does|is|was|has|are|were|can|could|should|will|would|do|did|needs|pays|gets)\b)(?:[a-z]+(?:s|ed)|wrote|made|built|began|led|ran)\s+(?:(?:the|this|that|your|its|their)\s+)?([^?,]+?)\s*(?:\?|,|$)/i;
/**
 * "Can I get the multi-line discount and the Autopay discount at the same time?", "can I use
 * --track-origins=yes together with --undef-value-errors=no?": whether two things go together.
 * A unit that names only one of them ("The multi-line discount depends on…") says nothing of
 * the two together. The sides are the few words before "and"/"with" and after it, up to a
 * preposition.
 */
export const GO_TOGETHER = /^(?:(?:and|so|ok|okay),?\s+)?(?:[^,?]{1,40},\s*)?(?:is|are|does|do|can|could|will|would|may)\b[^?]*?((?:[\p{L}\p{N}=-]+\s+){0,2}?[\p{L}\p{N}=-]+)\s+(?:and|with|plus)\s+(?:(?:the|a|an|my|your)\s+)?((?:[\p{L}\p{N}=-]+\s+){0,2}?[\p{L}\p{N}=-]+)(?=\s+(?:on|in|at|for|to|of|from|under|together|simultaneously|combined|both)\b|\s*\??$)[^?]*?\b(?:at the same time|simultaneously|together|combined|in combination|at once)\b/iu;
