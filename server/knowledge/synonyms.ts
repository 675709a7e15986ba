/**
 * Words and phrases visitors of a help centre use for the same thing, when the pages use
 * another: "money back" for a refund, "abroad" for roaming, "hang on to my number" for keeping
 * it. General support vocabulary, not any one site's: a group joins the search only through
 * the words of it that the knowledge actually uses. English only; other languages search as
 * written.
 */
import { escapeRegExp, normTerm } from './text.ts';

const GROUPS: string[][] = [
  ['refund', 'money back', 'reimburse', 'reimbursement', 'repay', 'repayment'],
  ['cancel', 'cancellation', 'terminate', 'termination', 'end my', 'quit', 'unsubscribe'],
  ['price', 'cost', 'fee', 'charge', 'rate', 'pricing', 'expensive', 'cheap', 'pricey', 'pricier', 'costly', 'costlier'],
  // Paying is done to a bill; visitors also settle it or pay it off.
  ['pay', 'settle', 'pay off'],
  // A payment the bank did not honour: bounced, declined, refused.
  ['bounce', 'bounced', 'declined', 'refuse', 'refused', 'rejected'],
  ['cash', 'banknote', 'banknotes', 'paper money', 'coins'],
  ['cryptocurrency', 'crypto', 'bitcoin', 'ethereum'],
  ['buy', 'purchase', 'order'],
  ['deliver', 'delivery', 'ship', 'shipping', 'dispatch'],
  ['abroad', 'overseas', 'foreign', 'international', 'roaming', 'travel', 'traveling', 'travelling', 'trip', 'holiday', 'vacation'],
  ['password', 'passcode', 'passphrase'],
  ['login', 'log in', 'sign in', 'signin'],
  ['register', 'sign up', 'signup', 'join', 'enroll', 'enrol', 'subscribe'],
  ['delete', 'remove', 'erase', 'get rid of'],
  ['broken', 'damaged', 'faulty', 'defective', 'break', 'damage', 'cracked', 'smashed', 'not working', 'stopped working'],
  ['support', 'help desk', 'helpdesk', 'customer service', 'assistance'],
  ['bill', 'invoice', 'statement', 'billing'],
  ['discount', 'reduction', 'cheaper', 'deal', 'promo', 'coupon', 'reduced'],
  ['contact', 'reach', 'get in touch', 'talk to'],
  ['free', 'no charge', 'no cost', 'complimentary', 'at no extra cost', 'for nothing'],
  ['keep', 'hang on to', 'hold on to', 'retain'],
  ['limit', 'cap', 'maximum', 'max', 'ceiling', 'allowance'],
  ['increase', 'raise', 'put up', 'go up', 'goes up'],
  ['notify', 'notice', 'warn', 'tell', 'inform', 'let me know', 'alert'],
  ['lost', 'misplaced', 'lose', 'forget', 'forgot', 'forgotten', 'left behind'],
  ['belongings', 'stuff', 'property', 'possessions'],
  ['hotspot', 'tethering', 'tether', 'share my internet', 'share my data', 'personal hotspot'],
  ['child', 'children', 'kid', 'kids'],
  ['bicycle', 'bike'],
  // Platforms by their other names, as downloads and APIs name them ("darwin_amd64", "win32").
  ['macos', 'mac', 'os x', 'osx', 'darwin'],
  ['windows', 'win32'],
  ['phone', 'mobile', 'cellphone', 'handset', 'smartphone'],
  ['number', 'phone number'],
  ['switch', 'move', 'transfer', 'port', 'porting'],
  ['guarantee', 'warranty'],
  ['pause', 'suspend', 'freeze', 'put on hold'],
  ['complain', 'complaint', 'dispute', 'overcharged'],
  ['deadline', 'time limit', 'within'],
  ['closed', 'shut', 'not open'],
  ['opening hours', 'hours', 'open'],
  ['late', 'overdue', 'unpaid', 'missed payment'],
  ['card', 'badge', 'key card', 'keycard', 'fob'],
  ['colleague', 'coworker', 'co-worker', 'guest', 'visitor', 'friend', 'someone else'],
  ['speed', 'fast', 'slow', 'faster', 'slower', 'performance', 'throughput'],
  ['error', 'problem', 'issue', 'bug', 'fault'],
  ['setting', 'option', 'config', 'configuration', 'parameter', 'knob'],
  ['default', 'usual', 'usually', 'normally', 'by default', 'out of the box', 'if i leave', 'unless i change', 'unless i say otherwise', 'unless told otherwise', "if i don't set", "if i don't change", 'and nothing else', 'with no arguments', 'without arguments', 'with no options', 'without any options'],
  ['quit', 'exit', 'stop', 'close', 'shut down'],
  ['folder', 'directory'],
  ['merge', 'combine', 'concatenate', 'put together'],
  ['enable', 'enabled', 'turn on', 'turned on', 'switch on', 'activate'],
  ['disable', 'disabled', 'turn off', 'turned off', 'switch off', 'deactivate'],
  ['payload', 'body'],
  ['empty', 'zero-length', 'blank'],
  ['encrypted', 'encryption', 'secure', 'security', 'safe'],
  ['stored', 'store', 'kept', 'saved', 'located', 'hosted'],
  // Software documentation says a hook or a command "is executed"; visitors say it runs.
  ['run', 'execute', 'executed'],
  ['permanently', 'for good', 'forever'],
  // What is left of an allowance, and what carries over to the next period.
  ['unused', 'leftover', 'left over', 'remaining'],
  ['rollover', 'roll over', 'carry over', 'carry forward'],
  // Units by their abbreviations: pages write "10 GB", visitors "gigabytes".
  ['gigabyte', 'gb'],
  ['megabyte', 'mb'],
  ['footage', 'recording', 'recordings'],
  ['cctv', 'camera', 'cameras', 'surveillance'],
  ['book', 'booking', 'reserve', 'reservation'],
  // "How early can I book?" asks how far in advance.
  ['advance', 'beforehand', 'how early', 'how far ahead'],
  ['cover', 'covered', 'pay out'],
  ['simultaneously', 'concurrently', 'at the same time'],
  ['restart', 'refresh', 'reschedule'],
  ['attach', 'hook onto', 'latch onto'],
  ['mythology', 'myth', 'legend', 'folklore'],
  ['binary', 'binaries', 'executable', 'executables'],
  // A reference says "at runtime"; visitors say while it is running.
  ['runtime', 'while running', 'while it is running', 'while the app is running', 'while the server is running', 'on the fly'],
  // A version history says a release "came out" or a function was "added"; visitors say either.
  ['release', 'released', 'come out', 'came out', 'launch', 'launched'],
  ['added', 'introduced', 'introduce'],
];

type Phrase = { re: RegExp; head: string };

/**
 * A phrase as visitors write it: its verb in any form ("signed up", "switching on", "shuts
 * down", "hanging on to"), and "my" as any owner, with or without a noun of theirs ("share
 * the internet", "share my phone's internet").
 */
function phraseRe(phrase: string): RegExp {
  const [first, ...rest] = phrase.split(' ');
  // A final consonant after one vowel doubles before -ed and -ing ("shut" → "shutting").
  const doubled = /[^aeiou][aeiou][bdgkmnprt]$/.test(first) ? `|${first.at(-1)}(?:ed|ing)` : '';
  const verb = rest.length && /^[a-z]{2,}$/.test(first)
    ? `${escapeRegExp(first.replace(/e$/, ''))}(?:${first.endsWith('e') ? 'e|es|ed|ing' : '|s|es|ed|ing'}${doubled})`
    : escapeRegExp(first);
  // A phrase that ends on "my" ("end my") needs the owner: "in the end the price…" ends nothing.
  // The owner's noun ("my phone's internet") is kept (group 1): a thing of the question's own.
  const others = rest.map((w, i) => (w !== 'my' ? escapeRegExp(w) : i === rest.length - 1 ? '(?:my|your|our)' : "(?:my|your|our|the)(?:\\s+([\\p{L}\\p{N}]+)['’]s)?"));
  // A verb and its particle take their object between them ("send the bike back", "turn it
  // off", "put the prices up"): a pronoun, or a determiner and up to two words, kept (group 1)
  // as the thing acted on. ("Turn left on Main Street" has no object: it enables nothing.)
  if (rest.length === 1 && PARTICLE.test(rest[0]) && /^[a-z]{2,}$/.test(first)) {
    return new RegExp(`\\b${verb}(?:\\s+(${OBJECT}))?\\s+${others[0]}\\b`, 'giu');
  }
  return new RegExp(`\\b${[verb, ...others].join('\\s+')}\\b`, 'giu');
}
/** What stands between a verb and its particle: "it", "them", "the bike", "my old phone". */
const OBJECT = "(?:it|them|this|that|everything|(?:the|a|an|my|your|our|their|his|her|its|this|that|these|those)(?:\\s+[\\p{L}\\p{N}'’-]+){1,2})";
/** The particles of English phrasal verbs ("switch on", "send back", "shut down"). */
const PARTICLE = /^(?:on|off|up|down|back|out|away|over)$/;
const PHRASES: Phrase[] = [];
const BY_STEM = new Map<string, Set<string>>();
for (const group of GROUPS) {
  const words = group.filter((w) => !w.includes(' '));
  const stems = [...new Set(words.map((w) => normTerm(w, 'en')).filter((s): s is string => !!s))];
  for (const s of stems) {
    const set = BY_STEM.get(s) ?? new Set<string>();
    for (const o of stems) if (o !== s) set.add(o);
    BY_STEM.set(s, set);
  }
  for (const phrase of group.filter((w) => w.includes(' '))) PHRASES.push({ re: phraseRe(phrase), head: words[0] });
}

const isEnglish = (language: string) => language.toLowerCase().split('-')[0] === 'en';

/** The question with each known phrase replaced by a word of its group ("get my money back" → "get my refund"). */
export function withPhrasesAsWords(question: string, language = 'en'): string {
  if (!isEnglish(language)) return question;
  return PHRASES.reduce((q, p) => q.replace(p.re, (_, kept: unknown) => (typeof kept === 'string' ? `${p.head} ${kept}` : p.head)), question).replace(UNSET, 'default');
}

/**
 * A value the visitor does not give is the default: "what's it set to if I don't pass it?",
 * "what colours does it use if I don't configure any?", "when the caller doesn't specify one".
 * The verbs are those of giving a setting its value; "if I don't pay" asks something else.
 */
const UNSET = /\b(?:if|when|unless|in case)\s+(?:i|you|we|one|they|(?:the|a|an|my|your)\s+[\p{L}-]+)\s+(?:do(?:es)?n['’]?t|do(?:es)? not|did(?:n['’]?t| not)|never)\s+(?:set|pass|give|specify|provide|configure|supply|choose|pick|select|define|change|override)(?:\s+(?:it|them|one|any(?:thing)?|a value|a \p{L}+|an \p{L}+|the \p{L}+))?\b/giu;

/** Stems that mean the same as this stem in support language (not including itself). */
export function synonymsOf(stem: string, language = 'en'): string[] {
  return isEnglish(language) ? [...(BY_STEM.get(stem) ?? [])] : [];
}
