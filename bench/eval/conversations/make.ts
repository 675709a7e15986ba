// The generator of bench/eval/conversations: a question asked after unrelated earlier turns
// (a topic switch), and a question made elliptical (a follow-up) by naming its thing in a first
// turn and pointing back at it ("it", "its", "that", "there") in the second. Mechanical and
// seeded: the same question, key and seed always give the same variants; a question whose
// thing cannot be swapped for a pronoun grammatically gives no follow-up.
import { hash, random } from '../wrapped/wrap.ts';
import { isEnglishWord } from '../../../server/knowledge/english-words.ts';

/**
 * Which half a question's variants belong to: "tune" (misses may be read) or "check" (counted
 * only). All of one question's variants of a type go together, so a rule fitted to a question
 * seen on tune cannot pass for one that carries; high bits, as FNV-1a's lowest is only the
 * parity of the key's characters.
 */
export const half = (key: string): 'tune' | 'check' => ((hash(key) >>> 16) % 2 === 0 ? 'tune' : 'check');

/** Earlier visitor turns drawn from `pool` (questions about other files), 1 or 2 of them. */
export function switched(key: string, seed: number, pool: readonly string[], turns: 1 | 2): string[] {
  const next = random(hash(`${key}/${seed}`));
  const picked: string[] = [];
  while (picked.length < Math.min(turns, pool.length)) {
    const q = pool[Math.floor(next() * pool.length)];
    if (!picked.includes(q)) picked.push(q);
  }
  return picked;
}

/** How visitors turn to a new question in a conversation. */
const OPENERS = ['Also, ', 'Another question: ', 'One more thing: ', 'Different question: ', 'Oh, and ', 'And ', 'Next question: ', 'Unrelated, but ', 'By the way, ', 'Ok thanks. ', 'Got it. ', 'Great, thanks! '];

/** The question opened as a turn to something new ("Also, which …?", "Got it. How …?"); after a comma or "and" it goes on in small letters. */
export function opened(question: string, key: string, seed: number): string {
  const opener = OPENERS[Math.floor(random(hash(`${key}/${seed}/opener`))() * OPENERS.length)];
  const small = /[,a-z] $/.test(opener) && !/^I\b/.test(question) && !/^\p{Lu}{2}|^\p{Lu}\p{Ll}*\p{Lu}/u.test(question);
  return `${opener}${small ? question[0].toLowerCase() + question.slice(1) : question}`;
}

/** A thing named in a question: where it stands (with its determiner and kind noun) and how it reads alone. */
export interface Named {
  start: number;
  end: number;
  /** "the --squash option", "the Sloop Room", "maxParamLength". */
  phrase: string;
  /** The words of the name itself, for its rarity. */
  name: string;
}

/** Code-like words: options, identifiers with dots, calls, snake_case, camelCase, dashed names. */
const CODE = /^(?:--?\p{L}[\p{L}\p{N}-]*(?:=\S+)?|[\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)+(?:\(\))?|[\p{L}\p{N}_]+\(\)|\p{Ll}+\p{Lu}[\p{L}\p{N}]*|\p{L}+(?:-\p{L}+)+)$/u;
/** A capitalised word not opening the question, or a number after one ("Volta Plus 50", "Flex 10"). */
const CAPITAL = /^\p{Lu}[\p{L}\p{N}.-]*$/u;
/** What a named thing is, said after its name ("the exposeHeadRoutes option", "the Sloop Room"). */
const KIND = /^(?:option|method|hook|event|flag|setting|property|plan|room|command|tool|script|module|function|class|signal|constant|parameter|field|header|package|bundle|tier|mode|plugin|decorator|utility|program|helper|binary|package|policy|pass|card|service|add-on|addon|contract|subscription)$/i;
/** Words that may stand before a thing's phrase: the thing is then a noun phrase of its own. */
const BEFORE = /^(?:of|in|on|for|from|with|at|to|by|about|into|under|over|via|without|through|per|is|are|was|does|do|did|can|could|will|would|should|may|must|has|have|what|which|how|when|where|why|who|use|using|set|setting|call|calling|pass|passing|enable|disable|install|run|running|configure|book|booking|cancel|get|change|register|add|support|include|accept|load|give|gives|need|if|that|than|i|we|you)$/i;
/** Words that may follow it: a verb, a preposition, a conjunction, or the end. */
const AFTER = /^(?:in|on|for|from|with|at|to|by|about|into|under|over|via|without|per|is|are|was|does|do|did|can|could|will|would|should|may|must|has|have|had|but|if|when|than|while|use|uses|take|takes|return|returns|cost|costs|include|includes|mean|means|work|works|support|supports|accept|accepts|print|prints|read|reads|produce|produces|record|records|allow|allows|need|needs|do|default|run|runs|come|comes|get|gets|give|gives|offer|offers|map|maps|start|starts|handle|handles|report|reports|show|shows|set|sets|create|creates|look|looks|match|matches|apply|applies|happen|happens)$/i;
const DETERMINER = /^(?:the|a|an)$/i;
const PREPOSITION_OF_PLACE = /^(?:in|at|from)$/i;
const AUXILIARY = /^(?:does|did|can|could|will|would|should|may|must|might)$/i;
/** A plural verb next to the thing: "it" would not agree with it. */
const PLURAL_VERB = /^(?:are|were)$/i;

type Token = { text: string; at: number };
/** Words with what sticks to them ("concord.c:insert", "reply.code()"), without the punctuation that ends a clause. */
const tokensOf = (s: string): Token[] => [...s.matchAll(/[^\s?,;!]+?(?=(?:['’]s?)?[?,;:!.]*(?:\s|$))/gu)].map((m) => ({ text: m[0], at: m.index! }));

/** The things a question names as code words or capitalised names, each as a noun phrase it could be replaced in. */
export function namedThings(question: string): Named[] {
  const tokens = tokensOf(question.replace(/[’]/g, "'"));
  const out: Named[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i].text;
    // A quoted word is a value or a term ("a 'CNAME' entry"), not a thing to point back at.
    if (/^["'‘“]/.test(word)) continue;
    let last = i;
    // A code word stands alone; a dashed word of English words ("split-out", "multi-line") is no name.
    if (CODE.test(word) && /\p{L}/u.test(word) && !/^\p{L}+(?:-\p{L}+)+$/u.test(word)) {
      // an option, an identifier, a call
    } else if (/^\p{L}+(?:-\p{L}+)+$/u.test(word) && !word.split('-').every((w) => isEnglishWord(w))) {
      // "git-jump", "valgrind-listener"
    } else if (i > 0 && CAPITAL.test(word) && tokens[i].text !== 'I' && !/^\p{Lu}{1,3}$/u.test(word)) {
      // a capitalised name; a short acronym ("MB", "ID", "QR") is a unit or a word, not a thing
      while (last + 1 < tokens.length && (CAPITAL.test(tokens[last + 1].text) || /^\d+$/.test(tokens[last + 1].text))) last++;
    } else continue;
    const name = question.slice(tokens[i].at, tokens[last].at + tokens[last].text.length);
    // A plural ("Data Boosts", "Windows") is not an "it".
    if (/\p{Lu}/u.test(name[0]) && /[^su]s$/.test(name)) continue;
    let end = last;
    if (end + 1 < tokens.length && KIND.test(tokens[end + 1].text)) end++;
    let first = i;
    if (first > 0 && DETERMINER.test(tokens[first - 1].text)) first--;
    out.push({ start: tokens[first].at, end: tokens[end].at + tokens[end].text.length, phrase: question.slice(tokens[first].at, tokens[end].at + tokens[end].text.length), name });
    i = last;
  }
  return out;
}

/**
 * The question with `thing` pointed back at, or null when that would not read as English:
 * "X's Y" and "the Y of X" become "its Y", "in X" / "at X" (a capitalised place) "there",
 * elsewhere "it" (or "that"). The thing must stand as a noun phrase of its own (what is before
 * and after it is a verb, a preposition, a conjunction or the question's edge), be named once,
 * not be plural, and leave a question of at least three words.
 */
export function pointedBack(question: string, thing: Named, useThat: boolean): string | null {
  const before = question.slice(0, thing.start);
  let after = question.slice(thing.end);
  if (question.toLowerCase().split(thing.name.toLowerCase()).length > 2) return null;
  if (/s$/i.test(thing.phrase) && KIND.test(thing.phrase.split(/\s+/).at(-1)!.replace(/s$/i, '')) && !KIND.test(thing.phrase.split(/\s+/).at(-1)!)) return null;
  const prev = tokensOf(before).at(-1)?.text;
  const next = tokensOf(after)[0]?.text;
  // With another code word beside it, "it" could stand for either.
  if (namedThings(question).some((t) => t.name !== thing.name && CODE.test(t.name))) return null;
  if ((prev && PLURAL_VERB.test(prev)) || (next && PLURAL_VERB.test(next))) return null;
  let out: string;
  if (/^['’]s?\b/.test(after)) {
    after = after.replace(/^['’]s?/, '');
    out = `${before}its${after}`;
  } else {
    // After an auxiliary the thing is the subject and the verb may be any ("must it implement");
    // after a form of "be", a participle ("is it executed").
    const rest = tokensOf(after);
    const verbEnds = rest.length < 2 || /^[?,.;:!]/.test(after.slice(rest[0].at + rest[0].text.length).trim()) || /^(?:in|on|for|from|with|at|to|by|about|into|under|over|via|without|per|if|when|the|a|an)$/i.test(rest[1].text);
    const follows = !next || /^[?,.;:!]/.test(after.trim()) || AFTER.test(next) || (prev !== undefined && AUXILIARY.test(prev) && verbEnds) || (prev !== undefined && /^(?:is|was)$/i.test(prev) && /ed$/i.test(next));
    // "the --squash option of git subtree": the thing goes on past its name.
    if (!follows || /^of$/i.test(next ?? '')) return null;
    const ofPhrase = /\bthe((?:\s+[^\s,?]+){1,3}?)\s+of\s+$/i.exec(before);
    if (ofPhrase && !/\b(?:the|of|a|an)\b/i.test(ofPhrase[1])) out = `${before.slice(0, ofPhrase.index)}its${ofPhrase[1]}${after}`;
    // "in Japan", "at Midtown": a place without an article is pointed back at as "there".
    else if (prev && PREPOSITION_OF_PLACE.test(prev) && /^\p{Lu}/u.test(thing.phrase)) {
      const kept = /^from$/i.test(prev) ? before : before.slice(0, before.length - prev.length - 1);
      out = `${kept.replace(/\s+$/, '')} there${after}`;
    } else {
      if (prev !== undefined && !BEFORE.test(prev)) return null;
      // A pronoun the question already has would stand for two things: the other one, or none.
      const has = (w: string) => new RegExp(`\\b${w}\\b`, 'i').test(question);
      const pronoun = useThat && !has('that') ? 'that' : !has('it') ? 'it' : !has('that') ? 'that' : null;
      if (!pronoun) return null;
      out = `${before}${before ? pronoun : pronoun[0].toUpperCase() + pronoun.slice(1)}${after}`;
    }
  }
  out = out.replace(/\s+/g, ' ').trim();
  if (out.split(/\s+/).length < 4) return null;
  return out;
}

/** What the first turn says to name the thing: "Tell me about the Sloop Room." or "What is maxParamLength?". */
export function opening(thing: Named, pick: number): string {
  const phrase = thing.phrase.replace(/^(?:a|an)\s+/i, 'the ');
  // "What is Japan?" is not what a visitor asks of a place or a bare proper name.
  return pick < 0.5 || /^\p{Lu}/u.test(phrase) ? `Tell me about ${phrase}.` : `What is ${phrase}?`;
}

/** A follow-up: the first turn naming the thing, then the question pointing back at it; null when none can be made. */
export function followUp(question: string, key: string, seed: number, rarest: (things: Named[]) => Named | null): { before: string; ask: string } | null {
  const thing = rarest(namedThings(question));
  if (!thing) return null;
  const next = random(hash(`${key}/${seed}/follow`));
  const [openPick, thatPick, andPick] = [next(), next(), next()];
  const asked = pointedBack(question, thing, thatPick < 0.3);
  if (!asked) return null;
  // Half the follow-ups go on with "And …" as visitors often do.
  const ask = andPick < 0.5 ? `And ${/^I\b/.test(asked) ? asked : asked[0].toLowerCase() + asked.slice(1)}` : asked;
  return { before: opening(thing, openPick), ask };
}

/** What kind of name a thing has: an option, a call, a dotted identifier, a camelCase word, or a capitalised name with its kind noun. */
export function shapeOf(thing: Named): string {
  const kind = thing.phrase.split(/\s+/).at(-1)!;
  const noun = KIND.test(kind) && kind !== thing.name.split(/\s+/).at(-1) ? kind.toLowerCase() : '';
  if (/^--?\p{L}/u.test(thing.name)) return `option ${noun}`;
  if (/\(\)$/.test(thing.name)) return `call ${noun}`;
  if (/[._]/.test(thing.name)) return `identifier ${noun}`;
  if (/^\p{Ll}+\p{Lu}/u.test(thing.name)) return `camel ${noun}`;
  if (/^\p{Lu}/u.test(thing.name)) return `capital ${noun}`;
  return `other ${noun}`;
}

/**
 * A "What about X?" follow-up: the first turn is the question asked of a sibling (a thing of
 * the same shape another dev question names: "the Schooner Room" for "the Sloop Room",
 * "--track-origins" for "--log-socket"), the second names the question's own thing alone. The
 * answer wanted is the question's. Null when the question's thing is named twice, beside
 * another name of code, or no sibling of its shape and family is known.
 */
export function whatAbout(question: string, thing: Named, siblings: readonly Named[], key: string, seed: number): { before: string; ask: string } | null {
  if (question.toLowerCase().split(thing.name.toLowerCase()).length > 2) return null;
  // Beside another name of code, "And X?" could stand for either.
  if (namedThings(question).some((t) => t.name !== thing.name && CODE.test(t.name))) return null;
  const shape = shapeOf(thing);
  // Of one family: a capitalised name without a kind noun shares its first word ("Volta Protect
  // Lite", "Volta Protect Standard"), a dotted name its module ("dns.lookup()", "dns.resolveAny()").
  const family = (t: Named) => (shape === 'capital ' ? t.name.split(/\s+/)[0] : /^(?:call|identifier)/.test(shape) ? t.name.split('.')[0] : '');
  const kin = (s: Named) => shapeOf(s) === shape && family(s) === family(thing);
  const same = [...new Map(siblings.filter((s) => kin(s) && !s.name.toLowerCase().includes(thing.name.toLowerCase()) && !question.toLowerCase().includes(s.name.toLowerCase())).map((s) => [s.name, s])).values()];
  if (!same.length) return null;
  const next = random(hash(`${key}/${seed}/about`));
  const sibling = same[Math.floor(next() * same.length)];
  const at = question.indexOf(thing.name);
  const before = `${question.slice(0, at)}${sibling.name}${question.slice(at + thing.name.length)}`;
  const phrase = thing.phrase.replace(/^(?:a|an)\s+/i, 'the ');
  const ask = next() < 0.5 ? `What about ${phrase}?` : `And ${phrase}?`;
  return { before, ask };
}
