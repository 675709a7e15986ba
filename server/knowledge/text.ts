/**
 * Plain-text helpers shared by retrieval and the extractive engine: terms (stop words
 * dropped, stemmed), the search terms of a question, sentences, and HTML to text.
 */
import { stemmer as stemDe } from '@orama/stemmers/german';
import { stemmer as stemEn } from '@orama/stemmers/english';
import { stemmer as stemEs } from '@orama/stemmers/spanish';
import { stemmer as stemFr } from '@orama/stemmers/french';
import { ara, deu, eng, fra, spa } from 'stopword';

// Stop words keep "what is the ..." from matching every passage. The lists of the `stopword`
// package cover every language the product ships phrases for (en, de, fr, es, ar); its English
// and German lists also drop words that carry meaning in a help center ("take", "never",
// "Jahr", "zurück"), which are kept. Our own additions are question framing the package lacks.
const KEEP = new Set(`take make never only over under same still after before between like way more most out up off come came
said through jahr jahre jahren tag tage tagen monat lange heute morgen suche startseite zurück schlecht mittel offen`.split(/\s+/));
const OWN = `a an and are as at be but by can could do does did for from had has have how i if in into is it its me my no not of on or our
please pls plz thx so than that the their them then there these they this to too us was we were what whats when where which who why will with would
you your yours about any some tell know want use using need get much many thing things anything something hi hello thanks thank
explain possible able wondering wonder question someone anyone offer offers provide provides
i've i'm i'd i'll you've you're you'd you'll we've we're we'd it's that's there's what's here's let's
around
just really actually basically simply exactly maybe perhaps already ever kindly specifically
bitte kann können gibt frage danke hallo
comment quel quelle quels quelles puis peux merci bonjour
cómo qué cuál cuánto cuánta puedo puede gracias hola
هل كيف ماذا متى لماذا أين يمكن يمكنني شكرا مرحبا`.split(/\s+/);
/** Slips in short question words, common enough to list: stop words, and read as the word meant. */
const QUESTION_SLIPS = new Map([['wich', 'which'], ['whcih', 'which'], ['wat', 'what'], ['waht', 'what'], ['whta', 'what'], ['hwo', 'how'], ['teh', 'the'],
  ['wen', 'when'], ['wher', 'where'], ['cna', 'can'], ['yuo', 'you']]);
const STOP = new Set([...eng, ...deu, ...fra, ...spa, ...ara, ...OWN, ...QUESTION_SLIPS.keys()].map((w) => w.toLowerCase()).filter((w) => !KEEP.has(w)));

const STOP_OF: Record<string, Set<string>> = { en: new Set(eng), de: new Set(deu), fr: new Set(fra), es: new Set(spa), ar: new Set(ara) };
/** A stop word of the language ("of", "the"; "und" in German), as typed in any case. */
export const isStopWord = (word: string, language = 'en') => (STOP_OF[language.toLowerCase().split('-')[0]] ?? STOP).has(word.toLowerCase());

type Stemmer = (word: string) => string;
const STEMMERS: Record<string, Stemmer> = { en: englishStem, de: stemDe, fr: stemFr, es: stemEs, ar: foldArabic };

/**
 * Porter stems leave irregular forms apart ("stolen" ≠ "steal", "sent" ≠ "send"): the past
 * forms of common irregular English verbs are mapped to the verb first. A list of the
 * language, not of any knowledge base.
 */
const IRREGULAR = new Map<string, string>();
for (const line of `arise arose arisen|be was were been|bear bore borne|beat beat beaten|become became|begin began begun|bend bent|bind bound
bite bit bitten|bleed bled|blow blew blown|break broke broken|breed bred|bring brought|build built|burn burnt|buy bought|catch caught
choose chose chosen|cling clung|creep crept|deal dealt|dig dug|draw drew drawn|dream dreamt|drink drank drunk|drive drove driven
eat ate eaten|fall fell fallen|feed fed|feel felt|fight fought|find found|flee fled|fly flew flown|forbid forbade forbidden
forget forgot forgotten|forgive forgave forgiven|freeze froze frozen|give gave given|go went gone|grind ground|grow grew grown|hang hung
hear heard|hide hid hidden|hold held|keep kept|kneel knelt|know knew known|lay laid|lead led|lean leant|leave left|lend lent
lie lay lain|light lit|lose lost|make made|mean meant|meet met|pay paid|prove proven|ride rode ridden|ring rang rung|rise rose risen
run ran|say said|see saw seen|seek sought|sell sold|send sent|shake shook shaken|shine shone|shoot shot|show shown|shrink shrank shrunk
sing sang sung|sink sank sunk|sit sat|sleep slept|slide slid|speak spoke spoken|speed sped|spend spent|spin spun|stand stood
steal stole stolen|stick stuck|sting stung|stink stank stunk|strike struck|swear swore sworn|sweep swept|swim swam swum|swing swung
take took taken|teach taught|tear tore torn|tell told|think thought|throw threw thrown|understand understood|wake woke woken
wear wore worn|weave wove woven|weep wept|win won|wind wound|write wrote written`.split(/[|\n]/)) {
  const [verb, ...forms] = line.trim().split(/\s+/);
  for (const f of forms) IRREGULAR.set(f, verb);
}

/**
 * British and American spellings of one word meet ("colour"/"color", "optimise"/"optimize",
 * "licence"/"license", "cancelled"/"canceled", "centre"/"center"): listed stems, not a rule,
 * since "hour", "four", "rise" and "promise" must stay as they are.
 */
const BRITISH: [RegExp, string][] = [
  [/^(colo|behavio|favo|hono|labo|neighbo|flavo|humo|rumo|harbo|vapo|armo|endeavo|odo|savo|vigo|parlo)ur(s|ed|ing|ite|ites|able|ful)?$/, '$1r$2'],
  [/^(optim|organ|recogn|real|author|custom|initial|serial|normal|synchron|priorit|minim|maxim|final|personal|categor|summar|util|visual|standard|central|local|capital|special|apolog|critic|emphas|memor|modern|neutral|sanit|stabil|symbol|tokenis|tokeniz)is(e|es|ed|ing|ation|ations|er|ers)$/, '$1iz$2'],
  [/^(analy|paraly|cataly)s(e|es|ed|ing)$/, '$1z$2'],
  [/^(cent|met|lit|fib|theat|calib|sab|spect|lust)re(s|d)?$/, '$1er$2'],
  [/^(licen|defen|offen|preten)ce(s)?$/, '$1se$2'],
  [/^(cancel|travel|label|model|signal|fuel|level|channel|tunnel|total|dial|marshal|quarrel|counsel|jewel)l(ed|ing|er|ers)$/, '$1$2'],
  [/^(catalog|dialog|analog|prolog|epilog)ue(s|d)?$/, '$1$2'],
  [/^programme(s|d)?$/, 'program$1'],
];
const BRITISH_WORDS = new Map([['grey', 'gray'], ['tyre', 'tire'], ['tyres', 'tires'], ['aluminium', 'aluminum'], ['mould', 'mold'], ['plough', 'plow'], ['kerb', 'curb'], ['pyjamas', 'pajamas']]);

function american(word: string): string {
  const w = BRITISH_WORDS.get(word);
  if (w) return w;
  for (const [re, to] of BRITISH) if (re.test(word)) return word.replace(re, to);
  return word;
}

function englishStem(word: string): string {
  word = american(word);
  // Porter drops a doubled final consonant before a suffix ("adding" → "ad") but leaves the
  // three-letter stem of the bare word ("add", "adds"): that stem is cut the same way, so all meet.
  let stem = stemEn(IRREGULAR.get(word) ?? word);
  // The stemmer's "-ion" step drops the "s" or "t" Porter keeps ("connection" → "connec",
  // "protection" → "protec", "encryption" → "encryp"), so the noun never met its verb
  // ("connect", "protect", "encrypt"): the letter is put back.
  const ion = /^(.+[st])ions?$/.exec(word);
  if (ion && stem === ion[1].slice(0, -1)) stem = ion[1];
  return /^[a-z]([b-df-hj-kmnp-rtv-y])\1$/.test(stem) ? stem.slice(0, 2) : stem;
}

/**
 * Arabic: no stemmer we trust (the Snowball port in @orama/stemmers cuts roots too short,
 * "بطارية" → "طار"), so a light fold: no diacritics or tatweel, one alef, final ya and ta
 * marbuta unified, and the article with its attached conjunction or preposition removed.
 */
function foldArabic(word: string): string {
  const w = word.replace(/[\u064B-\u0652\u0640]/g, '').replace(/[أإآ]/g, 'ا').replace(/ى/g, 'ي').replace(/ة/g, 'ه');
  const m = /^(?:[وفبكل]?ال|لل)(.{3,})$/.exec(w);
  return m ? m[1] : w;
}

/** The language's stemmer; languages without one get the plural fold of "s" only. */
function stemmerFor(language: string): Stemmer {
  return STEMMERS[language.toLowerCase().split('-')[0]] ?? ((t) => (t.length > 4 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t));
}

/**
 * Stems are cached: the same few thousand words make up a knowledge base, and a stemmer call
 * costs far more than a Map lookup. Bounded; a full cache only loses the reuse.
 */
const stemCache = new Map<string, Map<string, string>>();
const STEM_CACHE_MAX = 200_000;

/** Lower-cases, drops stop words and one-letter tokens, stems (the bot's language; default English). */
export function normTerm(term: string, language = 'en'): string | null {
  const t = term.toLowerCase();
  // A negative contraction ("can't", "doesn't", "won't") is a stop word as "can", "does" and
  // "not" are: kept, it weighed like the rarest word of a knowledge that writes "cannot". So is
  // a pronoun's ("they've", "it'll"), as "they", "have" and "will" are.
  if ((t.length < 2 && !/^\d$/.test(t)) || STOP.has(t) || /n['’]t$|^\p{L}+['’](?:ve|ll|re|d|m)$/u.test(t)) return null;
  const stem = cachedStem(t, language);
  // "needs" and "whats" are stop words once stemmed.
  return STOP.has(stem) ? null : stem;
}

/** A lower-cased token's stem, through stemCache; hyphenated and numeric tokens stay whole: "wi-fi", "2.4", "v2". */
function cachedStem(t: string, language: string): string {
  let cache = stemCache.get(language);
  if (!cache) stemCache.set(language, (cache = new Map()));
  let stem = cache.get(t);
  if (stem === undefined) {
    stem = /^[\p{L}]+$/u.test(t) ? stemmerFor(language)(t) || t : t;
    if (cache.size >= STEM_CACHE_MAX) cache.clear();
    cache.set(t, stem);
  }
  return stem;
}

/** The letters of a language's words: what a letter left out or mistyped may have been. */
const LETTERS: Record<string, string> = { de: 'äöüß', fr: 'àâçéèêëîïôùûüÿœ', es: 'áéíóúñü' };
export function lettersOf(language = 'en'): string {
  const code = language.toLowerCase().split('-')[0];
  return code === 'ar' ? '' : `abcdefghijklmnopqrstuvwxyz${LETTERS[code] ?? ''}`;
}

/**
 * normTerm for a word of letters, without the cache: a typo's candidate spellings (hundreds per
 * misspelt word, nearly all no word at all) would fill it with forms nobody writes.
 */
export function stemOnce(word: string, language = 'en'): string | null {
  if (STOP.has(word)) return null;
  const stem = stemmerFor(language)(word) || word;
  return STOP.has(stem) ? null : stem;
}

/** A modifier key and its "+" just before a key ("Ctrl + ", "Meta+"). */
const KEY_COMBINATION = /\b(ctrl|alt|meta|shift|cmd|option)\s*\+\s*$/i;
/** A word; a dot between digits joins ("2.4", "v1.2", "5.0.0" stay whole). */
const TOKEN = /[\p{L}\p{N}]+(?:(?:['’_-]|\.(?=\p{N})|(?<=\p{N}),(?=\p{N}{3}(?!\p{N})))[\p{L}\p{N}]+)*/gu;

/**
 * Word tokens; a hyphenated word also yields its parts and its joined form, so "Wi-Fi"
 * is found by "wifi" and "fi", and "e-mail" by "email"; a version ("5.0.0") its major number.
 */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const w = m[0].replace(/['’]s$/i, '');
    // A one-letter command-line option ("-m", "-P") is a word of its own: the letter alone is
    // too short to search, and "What is -m for?" would lose the one word that says which option.
    if (/^\p{L}$/u.test(w) && text[m.index - 1] === '-' && /^(?:|[\s(\[`'"“,])$/u.test(text.slice(Math.max(0, m.index - 2), m.index - 1))) {
      out.push(`-${w}`);
      continue;
    }
    // So is a one-letter key of a key combination ("Ctrl + U", "Meta+B"), as the combination:
    // the letter alone is too short to search, and every row of a table of keybindings says "Ctrl".
    const combo = /^\p{L}$/u.test(w) ? KEY_COMBINATION.exec(text.slice(Math.max(0, m.index - 12), m.index)) : null;
    if (combo) {
      out.push(`${combo[1]}+${w}`.toLowerCase());
      continue;
    }
    // A count with thousands separators ("2,276,334") is one number, found as written or without
    // them: its groups ("276") are not the visitor's numbers.
    if (/^\d{1,3}(?:,\d{3})+$/.test(w)) {
      out.push(w.replace(/,/g, ''));
      continue;
    }
    out.push(w);
    if (/[-_]/.test(w)) out.push(w.replace(/[-_]/g, ''), ...w.split(/[-_]/));
    // A version is also found by its major number ("Fastify 5" finds "5.0.0").
    else if (/^v?\d+(\.\d+)+$/i.test(w)) out.push(w.split('.')[0]);
  }
  return out;
}

/**
 * A numbered entry as an FAQ (DocBook's question list) writes it: a number of two levels or
 * more, each closed by a dot ("4.5. "), then a sentence. A contract's clauses ("1.1 Every
 * member…") have no closing dot and are answers themselves.
 */
export const FAQ_ENTRY = /^\d+(?:\.\d+)+\.\s+["'“]?\p{Lu}/u;

/** Articles, pronouns and the like: the only words askedWords drops. */
const SLIGHT = new Set('a an the i me my mine you your yours we us our it its they them their he she his her to of for in on at by with and or do does did is are be was were am so just please'.split(' '));
/** Is `heading` an FAQ's question that the visitor asked: all its words (two or more beyond its question word) among `asked`? */
export function asksAsHeading(heading: string, asked: ReadonlySet<string>, language = 'en'): boolean {
  // "How long does it take?" leans on its page's topic: any "how long does X take?" has its words.
  if (!/\?\s*$/.test(heading) || /\b(?:it|this|that|they|them|these|those)\b/i.test(heading)) return false;
  // A search asks this of each passage it finds: a heading's words are read once.
  const key = `${language}\0${heading}`;
  let words = headingWords.get(key);
  if (!words) {
    if (headingWords.size >= HEADING_CACHE_MAX) headingWords.clear();
    headingWords.set(key, (words = askedWords(heading, language)));
  }
  let own = 0;
  for (const w of words) {
    if (!asked.has(w)) return false;
    if (!QUESTION_WORDS.has(w)) own++;
  }
  return own >= 2;
}
const headingWords = new Map<string, Set<string>>();
const HEADING_CACHE_MAX = 20_000;
const QUESTION_WORDS = new Set(['what', 'when', 'where', 'which', 'who', 'whom', 'whose', 'why', 'how', 'can', 'could', 'will', 'would', 'should', 'may', 'might', 'must', 'has', 'have', 'had']);

/**
 * The words of a question as an FAQ would write it, stemmed: only articles, pronouns and the
 * like are dropped, so "What do I need for 5G?" keeps "need", which the search's stop words drop.
 */
export function askedWords(text: string, language = 'en'): Set<string> {
  const out = new Set<string>();
  for (const t of tokens(text)) {
    const w = t.toLowerCase();
    if (w.length < 2 && !/^\d$/.test(w)) continue;
    if (SLIGHT.has(w)) continue;
    // Stemmed through the cache normTerm fills: retrieval and the engine ask this of every question.
    out.add(cachedStem(w, language));
  }
  return out;
}

/** A text as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function terms(text: string, language = 'en'): string[] {
  const out: string[] = [];
  for (const t of tokens(text)) {
    const n = normTerm(t, language);
    if (n !== null) out.push(n);
  }
  return out;
}

/** A word whose first letter may be a capital ("Order" or "order"), for an expression that minds case. */
const anyFirst = (w: string) => `[${w[0]}${w[0].toUpperCase()}]${w.slice(1)}`;
/** Words that name a visitor's case number ("order 48213", "booking ref ZX7K2P"). */
const CASE_WORDS = ['order', 'ticket', 'customer', 'account', 'invoice', 'case', 'reference', 'ref', 'booking', 'member', 'membership', 'confirmation', 'tracking', 'contract', 'claim'];

/**
 * Personal data and links in a visitor's question: an e-mail address, a URL, a phone number,
 * an order or customer number. They name the visitor's case, not the topic, and their parts
 * ("gmail", "com", digits) would otherwise steer the search towards pages that merely
 * contain the same fragments.
 */
const PERSONAL = [
  // A sentence that is nothing but one ("Order 55120.", "Customer number 904417904417.", "(case
  // #48213)") goes whole: its words name the visitor's case, not what they ask about.
  new RegExp(String.raw`(?<=^|[.!?(]\s*|\n)\s*(?:[Mm]y\s+)?(?:${CASE_WORDS.map(anyFirst).join('|')})(?:\s+(?:number|no\.?|id|ID|ref|reference))?\s*(?:(?:is|was)\s+)?[:#]?\s*(?=[A-Z-]*\d)[A-Z\d][A-Z\d-]{3,}(?=\s*(?:[.!?)]|$))`, 'gu'),
  // A case number after the words that name it ("booking ref ZX7K2P", "account ID AC-77120"): a
  // code of capitals and digits, with a digit. The words stay: "order" may be what is asked about.
  new RegExp(String.raw`(?<=\b(?:${CASE_WORDS.map(anyFirst).join('|')})`
    + String.raw`(?:\s+(?:number|no\.?|id|ID|ref|reference))?\s*(?:(?:is|was)\s+)?[:#]?\s*)(?=[A-Z-]*\d)[A-Z\d][A-Z\d-]{3,}(?![\p{L}\p{N}])`, 'gu'),
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, // e-mail
  /\b(?:https?:\/\/|www\.)\S+/giu, // URL
  /(?<![\p{L}\p{N}])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|de|fr|es|uk|eu|example)(?:\/\S*)?(?![\p{L}\p{N}])/giu, // bare domain
  // A phone or long number with separators (7+ characters); not a date as tables and release
  // notes write it ("2019-02-25"), which is what the visitor asks about.
  /(?<![\d-])(?!\d{4}-\d{2}-\d{2}(?![\d-]))\+?\(?\d[\d\s().\/-]{5,}\d/gu,
  /(?<![\p{L}\p{N}])(?:#[A-Z]{0,4}-?|[A-Z]{1,4}-?)\d{5,}(?![\p{L}\p{N}])/giu, // order, ticket or customer number: "#48213", "INV-20931"
  // A bare number is the visitor's case only where their words say so ("order 48213", "ticket
  // no. 55120"): alone it may be the topic, a number the pages give ("the 19182 in Memcheck's
  // messages", "port 12345").
  /(?<=\b(?:order|ticket|customer|account|invoice|case|reference|ref|booking|member|membership|confirmation|tracking|contract|id|number|no\.?)\s*(?:number|no\.?|id)?\s*(?:(?:is|was)\s+)?[:#]?\s*)\d{5,}(?![\p{L}\p{N}])/giu,
];

/** What names the visitor's details ("my email is …", "my order number:"): their case, not the topic. */
const DETAILS = /\b(?:my|our) (?:(?:account|login|contact|billing) )?(?:e-?mail(?: address)?|phone(?: number)?|mobile(?: number)?|number|account(?: number)?|order(?: number)?|customer (?:id|number)|ticket(?: number)?|member(?:ship)? (?:id|number)|user ?name)(?:\s+is|\s*:)/giu;

/** A name as a visitor writes their own: one to three capitalised words ("Ana", "James O'Connor", "Dr. Anna Schmidt"). */
const NAME = String.raw`(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2}`;
/** Where a visitor works: a name, "&" or "and" inside it, a company's suffix ("Dupont & Fils", "Blue Harbor Inc.", "the Riverside school"). */
const ORG = String.raw`(?:the\s+)?\p{Lu}[\p{L}'’-]+(?:\s+(?:&|and)?\s*\p{Lu}[\p{L}'’-]+){0,3}(?:\s+(?:school|university|college|group|team))?\.?`;
/** A name after words that say it is one ("my name is …"), written small: a word, or two before a pause. */
const NAME_ANY_CASE = String.raw`(?!(?:wrong|incorrect|misspelt|misspelled|spelt|spelled|missing|not|shown|displayed|different|changed)\b)[\p{L}'’-]+(?:\s+[\p{L}'’-]+(?=\s*(?:[,.!?;:()]|\s(?:and|from|here)\b|$)))?`;
/** Where a question begins after a run of the visitor's details (", can I…", ", how…"). */
const QUESTION_AHEAD = String.raw`(?=[.?!\n]|,\s*(?:how|what|when|where|which|who|why|can|could|do|does|is|are|will|would|should)\b|$)`;

/**
 * A visitor introducing themself ("Hi, I'm Jana Novak", "This is Carlos Mendes from Acme",
 * "Markus Brandt here", "my name is …"): the name is their case, not the topic.
 */
const INTRODUCTION = new RegExp(String.raw`(?:\b(?:[Hh]i|[Hh]ello|[Hh]ey|[Gg]ood (?:morning|afternoon|evening))[,!]?\s+)?\b(?:[Ii] am|[Ii]['’]m|[Tt]his is|[Mm]y name is|[Ii]t['’]s)\s+${NAME}(?:\s+(?:from|at|of|with)\s+${ORG})?|(?:\p{Lu}[\p{L}'’-]+\s+){1,2}(?:(?:from|at|of|with)\s+${ORG}\s+)?here\b|^\s*(?:[Hh]i|[Hh]ello|[Hh]ey|[Gg]ood (?:morning|afternoon|evening))\b[,!]?`, 'gu');
/** An e-mail address or a phone number, ahead (what a name beside them is the visitor's). */
const CONTACT_AHEAD = String.raw`(?=[\p{L}\p{N}._%+-]+@|\+?\(?\d[\d\s().\/-]{5,}\d)`;
/**
 * The other ways a message carries whose it is, all the visitor's case and not the topic (case
 * matters in them: a name is told by its capitals, so none is matched ignoring case):
 * a salutation ("Dear support team,"), "my name's …" (small letters too), a form's labels
 * ("Name: Tom Becker, e-mail: …"), how to reach them and their address, a mail client's
 * signature, and a sign-off that closes the message ("Thanks, Maria", "Best regards,\nAna Ruiz", "-- Tom").
 * Unremoved, a name is a word the pages never use: it weighs like the rarest word, and one
 * that looks like a name makes the engine conclude the question is about something else.
 */
const SIGNATURE = [
  /^\s*(?:[Dd]ear|[Hh]ello|[Hh]i|[Hh]ey)\s+(?:[Ss]upport|[Tt]eam|[Ss]ir|[Mm]adam|[Aa]ll|[Ee]veryone|[Tt]here|[Ff]olks)(?:\s+(?:[Tt]eam|or\s+[Mm]adam))?\s*[,!:.]/u,
  /^\s*[Dd]ear\s+[^,\n]{1,40}[,\n]/u,
  // A name in capitals may have three words ("Nguyen Thi Lan", "José María García"); in small letters, one or two.
  new RegExp(String.raw`\b[Mm]y\s+name(?:\s+is|['’]s)\s+(?:${NAME}|${NAME_ANY_CASE})`, 'gu'),
  // How to reach them ("you can reach me at …", "call me on …") and where they live.
  /\b(?:you can |please )?(?:reach|contact|call|e-?mail|text|message) me(?: back)? (?:at|on|via|by|under)\b/giu,
  new RegExp(String.raw`\b(?:[Ii] live at|[Mm]y (?:postal |home |billing |street )?address is)\s[^.?!\n]*?${QUESTION_AHEAD}`, 'gu'),
  // A mail client's signature: a "--" line and what follows it, "Sent from my iPhone".
  /\n\s*--\s*\n[\s\S]*$/u,
  /\s*\b[Ss]ent from my [\p{L}\p{N} ]{1,25}$/u,
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:[Ff]ull\s+)?[Nn]ame\s*[:：]\s*${NAME}`, 'gu'),
  /(?<![\p{L}\p{N}])(?:[Ee]-?mail|[Pp]hone|[Mm]obile|[Tt]el)(?:\s+(?:address|number))?\s*[:：]/gu,
  new RegExp(String.raw`(?:^|(?<=[.!?)\s]))(?:[Mm]any\s+thanks|[Tt]hanks(?:\s+again|\s+in\s+advance)?|[Tt]hank\s+you(?:\s+in\s+advance)?|[Tt]hx|[Cc]heers|[Bb]est(?:\s+regards|\s+wishes)?|[Kk]ind\s+regards|[Rr]egards|[Ss]incerely|[Gg]reetings)\s*[,!.]?\s*(?:${NAME})?[\s()\[\]<>,.;:–—-]*$`, 'u'),
  new RegExp(String.raw`\s(?:--|[–—])\s*${NAME}[\s()\[\]<>,.;:–—-]*$`, 'u'),
];

/** A name that opens the message beside the visitor's address ("Tom Becker, tom@…: how…"), found by the address. */
const NAME_BY_CONTACT = new RegExp(String.raw`^\s*${NAME}\s*[,(<:–—-]?\s*${CONTACT_AHEAD}`, 'u');

const PERSONAL_DATA = [NAME_BY_CONTACT, ...PERSONAL, ...SIGNATURE, INTRODUCTION, DETAILS];
export function withoutPersonalData(text: string): string {
  // One question is read through these twenty expressions several times over (its search
  // terms, its surface words, what of it asks, each of its parts): the last few are kept.
  let out = personalDataCache.get(text);
  if (out === undefined) {
    out = PERSONAL_DATA.reduce((t, re) => t.replace(re, ' '), text);
    if (personalDataCache.size >= PERSONAL_DATA_CACHE_MAX) personalDataCache.delete(personalDataCache.keys().next().value!);
    personalDataCache.set(text, out);
  }
  return out;
}
const personalDataCache = new Map<string, string>();
/** A few questions' worth: reuse within a turn, not across turns. */
const PERSONAL_DATA_CACHE_MAX = 16;

/**
 * What of a message asks: without the visitor's greeting, name and address, and starting at
 * the first sentence with words of its own. Whose words would otherwise be read as the
 * question's: "Hi there" and "This is Ana" as pointing back, and a question's opening ("And
 * for the frame?", "What is the…", "Which…") would no longer open the message after "Hi, I'm
 * Ana (ana@…)." (what is left of "my name is Ana and my phone is …." is "and .": no words).
 */
export function askedPart(question: string, language = 'en'): string {
  const pieces = withoutPersonalData(question).split(/(?<=[.!?])\s+/u);
  while (pieces.length > 1 && questionTerms(pieces[0], language).length === 0) pieces.shift();
  return pieces.join(' ').replace(/^[\s.,;:!?)\]–—-]+/u, '');
}

/**
 * The question a visitor asks after telling their case ("My headers schema marks 'X-Api-Key'
 * as required in capitals. Will the check still work?" asks the last sentence): from the first
 * sentence that asks to the end. The whole message when it opens by asking or never asks.
 */
export function questionAfterCase(question: string): string {
  const pieces = question.split(/(?<=[.!?])\s+/u);
  const first = pieces.findIndex((p) => /\?["')\]]*$/u.test(p.trim()));
  return first > 0 ? pieces.slice(first).join(' ') : question;
}

/**
 * What a visitor wraps a question in when they tell their case in their own words: asking
 * whether it is all right ("is it OK to…", "is there a better way to…"), whether it is
 * expected ("is that normal?", "how can that be?"), and when it happened to them ("five days
 * ago", "last year", "so it can't happen again", "on its own"). The pages answer the case, and
 * never in these words, which weighed as much as its subject and kept a sentence that answers
 * below the share of the question it must cover.
 */
const STORY = /\bis there (?:a|an|any) (?:better|easier|simpler|proper|recommended|right|good) way\b|\bis it (?:ok|okay|alright|all right|fine|a problem|a bad idea|a good idea)\b|\bis (?:that|this|it) (?:expected|normal|intended|ok|okay)\b|\bhow (?:can|could|is) (?:that|this) (?:be|happen)\b|\b(?:on (?:its|their|my|your) own|by (?:itself|themselves))\b|\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|\d+) (?:days?|weeks?|months?|years?) ago\b|\blast (?:week|month|year)\b|\b(?:happen|occur)s? again\b/;

/**
 * English question frames whose content word is not the topic: "how long does X take" asks
 * about X's duration, not about something long; "Different question: …" and "by the way" turn
 * to a new topic; "Two questions: …" only counts what follows; "right before" is "before"; "what kinds of X" asks for X; "what does X do under
 * the hood", "what is X good for" ask what X does. Only the frame goes;
 * "long battery life" stays.
 */
const FRAMES = new RegExp(`${/\bhow\s+(?:long|much|many|often|far|soon)\b|\b(?:different|another|other|new|unrelated|separate|quick|one more|last|final) (?:question|topic|thing)\b|\b(?:two|three|2|3|a few|a couple of|couple of|some|several|multiple|few) (?:(?:quick|short|small|little|more) )?(?:questions|things)\b|\b(?:changing|change of) (?:the )?subject\b|^\s*(?:unrelated|off[- ]topic)\s*[,:;—–-]\s*(?:but\b)?|\bon (?:another|a different) note\b|\bby the way\b|\bright(?= (?:before|after|away|now)\b)|(?<=\b(?:what|which)\s+)(?:kinds?|types?|sorts?)\s+of\b|\bunder the hood\b|\b(?:good|useful) for(?=\s*\??\s*$)|\b(?:i|we)(?:['’]d| would) (?:like|love) to\b|(?<=\bwhere\s+(?:should|can|could|do|would)\s+(?:i|we)\s+)(?:look|go|start)\b/.source}|${STORY.source}`, 'giu');

/**
 * A line that opens or closes a listing: ``` or ~~~ (Markdown), or a long dashed line (plain-text
 * docs such as Git's, which also underline titles and rule sections with dashes, so a dashed
 * line opens a listing only where it stands first before lines that go on).
 */
export const FENCE = /^\s*(?:`{3,}|~{3,}|-{10,}\s*$)/;
export const DASHED = /^\s*-{10,}\s*$/;

/** The terms a question searches with: without personal data and question frames. */
export function questionTerms(question: string, language = 'en'): string[] {
  return [...new Set(terms(withoutPersonalData(question).replace(FRAMES, ' '), language))];
}

/** Stop words long enough that a slip in them ("arround", "whould") is still recognisable. */
const LONG_STOP = [...STOP].filter((w) => w.length >= 5 && /^[a-z]+$/.test(w));
const LONG_STOP_SET = new Set(LONG_STOP);

/**
 * One slip apart: a letter missing, added, or two neighbours swapped; a letter changed only in
 * a long word (in a short one it makes another word: "theme" is not "there").
 */
function oneSlip(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return (a.length >= 7 && a.slice(i + 1) === b.slice(i + 1)) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The English stop word a misspelt one stands for ("arround" → around, "becuase" → because):
 * question framing, not a word the knowledge lacks; null for any other word. Asked only of
 * words the knowledge does not use, so a real word one slip from a stop word ("theme") is never
 * dropped when the pages use it.
 */
export function stopWordSlip(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 5 || LONG_STOP_SET.has(w)) return null;
  return LONG_STOP.find((s) => s[0] === w[0] && oneSlip(w, s)) ?? null;
}

/**
 * The question spelt as meant: each word of `fixes` (as typed → the word it stands for, found by
 * the search) replaced, and in English the listed slips of question words ("wich", "hwo"). The
 * extractive engine reads what kind of answer is asked for from the question's words ("which…",
 * "…by default?", "how often…"): misspelt, the frame went unread.
 */
export function spelledAsMeant(question: string, fixes: ReadonlyMap<string, string>, language = 'en'): string {
  const english = language.toLowerCase().startsWith('en');
  return question.replace(/\p{L}+/gu, (w) => {
    const lower = w.toLowerCase();
    const to = fixes.get(lower) ?? (english ? QUESTION_SLIPS.get(lower) : undefined);
    // As typed: "ENOSSPC" → ENOSPC, "Defalt" → Default.
    return to === undefined ? w : w.length > 1 && w === w.toUpperCase() ? to.toUpperCase() : /^\p{Lu}/u.test(w) ? to[0].toUpperCase() + to.slice(1) : to;
  });
}

/**
 * A word written as a name: an inner capital ("WebSocket"), all capitals ("CEO"), letters with
 * digits ("IPv6"), or a capital in the middle of the sentence ("with Bitcoin").
 */
export function looksLikeName(word: string, question: string): boolean {
  // A number joined to a word ("12-month", "24-hour", "3-pin") is a measure or a count, not a name.
  if (/^\d+(?:[.,]\d+)?-\p{Ll}+$/u.test(word)) return false;
  // An ordinal ("the 20th", "1st") is a day or a rank, not a name.
  if (/^\d+(?:st|nd|rd|th)$/iu.test(word)) return false;
  if (/\p{Lu}/u.test(word.slice(1)) || (/\p{L}/u.test(word) && /\d/.test(word))) return true;
  if (!/^\p{Lu}/u.test(word)) return false;
  const at = question.indexOf(word);
  return at > 0 && !/[.!?:]\s*$|^\s*$/.test(question.slice(0, at));
}

/** The question's own words by their stem (the surface form a typo is matched on). */
export function surfaceWords(question: string, language = 'en'): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of tokens(withoutPersonalData(question))) {
    const stem = normTerm(t, language);
    if (stem && !out.has(stem)) out.set(stem, t);
  }
  return out;
}

/** Splits prose into sentences; list items and headings count as their own sentences. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)/, '').trim())
    .filter(Boolean)
    // A sentence ends at . ! ? followed by a space, so "2.4 GHz" and "v1.2" stay whole.
    .flatMap((line) => line.split(/(?<=[.!?。]["')\]]?)\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** HTML to Markdown-ish text: headings stay headings, blocks become lines, scripts vanish. */
export function htmlToText(html: string): { text: string; title: string | null } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() || null;
  const text = html
    .replace(/<(script|style|noscript|template|head)[\s\S]*?<\/\1>/gi, ' ')
    // In HTML a line break in the source is a space (outside <pre>): only tags make blocks,
    // so a list item or paragraph wrapped in the source stays one line.
    .replace(/(<pre[\s\S]*?<\/pre>)|\s+/gi, (m, pre: string | undefined) => pre ?? ' ')
    .replace(/<pre[^>]*>/gi, '\n```\n').replace(/<\/pre>/gi, '\n```\n')
    // A table becomes one line per row with cells between pipes (as a Markdown table), so
    // knowledge/units.ts can name each cell by its column header; blocks inside a cell
    // (Word puts a paragraph in every cell) must not break its row.
    .replace(/<table[\s\S]*?<\/table>/gi, (t) => `\n\n${t
      .replace(/\s+/g, ' ')
      .replace(/<\/?(p|div|br|span|strong|em|b|i|code|a|ul|ol|li)\b[^>]*>/gi, ' ')
      .replace(/<tr[^>]*>/gi, '\n|')
      .replace(/<\/t[dh]>/gi, ' |')
      .replace(/<(?!\/?t[dhr]\b)[^>]+>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/[ \t]+/g, ' ')}\n\n`)
    .replace(/<h([1-6])[^>]*>/gi, (_m, n: string) => `\n${'#'.repeat(Number(n))} `)
    .replace(/<(\/?)(ul|ol|li)\b[^>]*>/gi, nestedItems())
    .replace(/<\/(p|div|h[1-6]|li|section|article|header|footer|blockquote|dd|dt)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n ?\u0001+/g, (m) => `\n${'  '.repeat(m.replace(/[^\u0001]/g, '').length)}`)
    .replace(/\n\s*\n\s*\n+/g, '\n\n')
    .trim();
  return { text, title: title ? htmlToText(title).text : null };
}

/**
 * Each <li> a line "- …", a nested list's items indented two spaces a level deeper ("  - protocol
 * <string>" under "- Returns: <Object> Options object"), as Markdown writes them: flat, the items
 * of a returned object read as more parameters. The indent is marked with U+0001 until spaces
 * are collapsed. For String.replace over the tags <ul>, <ol>, <li> and their ends.
 */
function nestedItems(): (tag: string, close: string, name: string) => string {
  let depth = 0;
  return (_tag, close, name) => {
    const n = name.toLowerCase();
    if (n !== 'li') {
      depth = Math.max(0, depth + (close ? -1 : 1));
      return ' ';
    }
    return close ? '\n\n' : `\n${'\u0001'.repeat(Math.max(0, depth - 1))}- `;
  };
}

/** Markdown inline syntax removed, for answers built from passages. */
/**
 * HTML written inside Markdown (an anchor before a heading's text, a line break, a <kbd>):
 * only tags of HTML's own elements go, so a type written "<string>" or "<pid>" stays.
 */
const INLINE_HTML = /<\/?(a|abbr|b|br|center|code|del|details|div|em|font|hr|i|img|ins|kbd|mark|p|s|small|span|strong|sub|summary|sup|u)\b[^>]*>/gi;

export function plainInline(s: string): string {
  return s
    .replace(INLINE_HTML, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`{1,3}([^`]+)`{1,3}/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}
