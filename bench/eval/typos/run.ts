// A typo collection made by a generator (bench/eval/typos/README.md): every dev-half answerable
// question of kinds direct, several-facts, table and list of the six untuned sets is asked clean,
// then in VARIANTS misspelt versions made from a fixed seed (one or two realistic slips in the
// question's content words). A generator cannot be tuned to one question: the slips are drawn,
// not chosen. Each variant falls by a hash into the half "tune" (its misses may be looked at) or
// "check" (only counted).
//   npx tsx bench/eval/typos/run.ts [--misses] [--list] [--set NAME]
//   --misses  the tune half's variants that the slips broke (clean right, typo'd not)
//   --list    every tune-half variant as generated, with its verdict
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nspell from 'nspell';
import { eng } from 'stopword';
import { rng as random } from '../../seeded.ts';
import { KnowledgeBase } from '../../../server/knowledge/knowledge.ts';
import { askAsServer } from '../ask.ts';

// The generator's own dictionary (Hunspell's American English, as typed or lower-cased), not the
// engine's isEnglishWord: a change to the engine must not change the variants it is measured on.
const entry = import.meta.resolve('dictionary-en');
const dictionary = nspell({ aff: readFileSync(new URL('index.aff', entry)), dic: readFileSync(new URL('index.dic', entry)) });
const isEnglishWord = (w: string) => dictionary.correct(w) || dictionary.correct(w.toLowerCase());

const SEED = 20261127;
const VARIANTS = 3;
const SETS = ['fastify-docs', 'git-howto', 'harbor-cowork-policies', 'nodejs-api', 'valgrind-manual', 'volta-mobile-faq'];
const KINDS = new Set(['direct', 'several-facts', 'table', 'list']);

type Question = { id: string; kind: string; split: string; ask: string; source: string | null; expect: string[] };
type Slip = { kind: SlipKind; from: string; to: string };
type SlipKind = 'dropped' | 'doubled' | 'swapped' | 'neighbour' | 'space' | 'pattern';
type Variant = { set: string; q: Question; index: number; ask: string; slips: Slip[]; half: 'tune' | 'check' };

// ---- deterministic randomness -------------------------------------------------------------

/** FNV-1a: a stable 32-bit hash of a string (seeds and the tune/check split). */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

// ---- slips --------------------------------------------------------------------------------

/** Keys next to each other on a QWERTY keyboard (a finger landing one key off). */
const NEAR: Record<string, string> = {
  q: 'wa', w: 'qeas', e: 'wrsd', r: 'etdf', t: 'ryfg', y: 'tugh', u: 'yihj', i: 'uojk', o: 'ipkl', p: 'ol',
  a: 'qwsz', s: 'weadzx', d: 'erfsxc', f: 'rtdgcv', g: 'tyfhvb', h: 'yugjbn', j: 'uihknm', k: 'iojlm', l: 'opk',
  z: 'asx', x: 'zsdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhjm', m: 'njk',
};

/** Words closed compounds end in, where a visitor may put a space ("data base", "key word"). */
const COMPOUND_ENDS = new Set(['out', 'off', 'up', 'in', 'on', 'over', 'line', 'lines', 'time', 'times', 'space', 'name', 'names', 'word', 'words',
  'base', 'ware', 'work', 'book', 'port', 'mark', 'point', 'load', 'loads', 'path', 'page', 'box', 'head', 'hold', 'side', 'where', 'ever',
  'self', 'wide', 'day', 'phone', 'phones', 'code', 'set', 'tree', 'room', 'less', 'stamp', 'stamps', 'shot', 'ride', 'back', 'print', 'board']);

/** Misspellings people make knowing the word (spelling, not typing): each a rewrite of a part. */
const PATTERNS: [RegExp, (m: string) => string][] = [
  [/ie/, () => 'ei'], [/ei/, () => 'ie'], // recieve, beleive
  [/able$/, () => 'ible'], [/ible$/, () => 'able'], // accessable, compatable
  [/ance$/, () => 'ence'], [/ence$/, () => 'ance'], [/ant$/, () => 'ent'], [/ent$/, () => 'ant'], // existance, dependant
  [/(?<=.)([bcdfglmnprstz])\1/, (m) => m[0]], // adress, comit, occured
  [/(?<=[^aeiou])[aei](?=[^aeiou]+[aeiou])/, (m) => ({ a: 'e', e: 'a', i: 'e' })[m]!], // seperate, definate
];

/** Content words: the words of the question that matter, not its framing ("what", "does"). */
const FRAMING = new Set([...eng, 'does', 'doing', 'done', 'what', 'whats', 'when', 'where', 'which', 'there', 'tell', 'know', 'want', 'need',
  'please', 'will', 'also', 'happens', 'happen', 'give', 'gives', 'exactly', 'anything', 'something', 'thing', 'things', 'able', 'used', 'uses']);

/** Words a visitor types out (letters only, 4+): code names, paths and numbers are pasted, not typed. */
function contentWords(ask: string): { word: string; at: number }[] {
  const out: { word: string; at: number }[] = [];
  for (const m of ask.matchAll(/[^\s]+/g)) {
    const bare = m[0].replace(/^[("'`[]+|[)"'`\],.?!:;]+$/g, '');
    if (!/^[A-Za-z]{4,}$/.test(bare) || /[a-z][A-Z]/.test(bare) || FRAMING.has(bare.toLowerCase())) continue;
    out.push({ word: bare, at: m.index + m[0].indexOf(bare) });
  }
  return out;
}

/** One slip of a kind in a word, or null when the kind does not apply to it. */
function slip(word: string, kind: SlipKind, r: () => number, next: string | null): string | null {
  const n = word.length;
  const pick = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo));
  switch (kind) {
    case 'dropped': {
      const i = pick(1, n);
      return word.slice(0, i) + word.slice(i + 1);
    }
    case 'doubled': {
      const i = pick(1, n);
      return word.slice(0, i + 1) + word[i] + word.slice(i + 1);
    }
    case 'swapped': {
      const i = pick(1, n - 1);
      return word[i] === word[i + 1] ? null : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
    case 'neighbour': {
      const i = pick(1, n);
      const keys = NEAR[word[i].toLowerCase()] ?? '';
      return keys ? word.slice(0, i) + keys[Math.floor(r() * keys.length)] + word.slice(i + 1) : null;
    }
    case 'space': {
      // An extra space in a closed compound ("time out", "white space", "user name"; not
      // "deli very": the second part is one of the words compounds end in), else a missing
      // one before the next word ("valueof").
      const splits = [...Array(n).keys()].filter((i) => i >= 3 && COMPOUND_ENDS.has(word.slice(i).toLowerCase()) && isEnglishWord(word.slice(0, i)));
      if (splits.length) {
        const i = splits[Math.floor(r() * splits.length)];
        return `${word.slice(0, i)} ${word.slice(i)}`;
      }
      return next ? `${word}\u0000` : null; // joined to the next word by the caller
    }
    case 'pattern': {
      const fits = PATTERNS.filter(([re]) => re.test(word));
      if (!fits.length) return null;
      const [re, to] = fits[Math.floor(r() * fits.length)];
      return word.replace(re, to);
    }
  }
}

const KINDS_OF_SLIP: SlipKind[] = ['dropped', 'doubled', 'swapped', 'neighbour', 'space', 'pattern'];

/** A misspelt version of a question: one or two slips, each in a different content word. */
function variant(ask: string, r: () => number): { ask: string; slips: Slip[] } | null {
  const words = contentWords(ask);
  if (!words.length) return null;
  const count = words.length > 1 && r() < 0.4 ? 2 : 1;
  const chosen = [...words].sort(() => r() - 0.5).slice(0, count).sort((a, b) => b.at - a.at);
  let out = ask;
  const slips: Slip[] = [];
  for (const { word, at } of chosen) {
    for (let attempt = 0; attempt < 12; attempt++) {
      const kind = KINDS_OF_SLIP[Math.floor(r() * KINDS_OF_SLIP.length)];
      const rest = out.slice(at + word.length);
      const next = /^ [A-Za-z]/.test(rest) ? rest : null;
      let to = slip(word, kind, r, next);
      // A slip that makes another real word ("form" for "from") is a different problem (a word
      // spelt right in the wrong place); this collection is about words no dictionary has.
      if (!to || to === word || (!to.includes(' ') && !to.includes('\u0000') && isEnglishWord(to))) continue;
      if (to.endsWith('\u0000')) {
        out = out.slice(0, at) + word + rest.slice(1);
        to = `${word}${rest.slice(1).split(/[^A-Za-z]/)[0]}`;
      } else out = out.slice(0, at) + to + rest;
      slips.push({ kind, from: word, to });
      break;
    }
  }
  return slips.length ? { ask: out, slips } : null;
}

/** VARIANTS distinct misspelt versions of a question, the same on every run. */
function variantsOf(set: string, q: Question): Variant[] {
  const out: Variant[] = [];
  const r = random(hash(`${SEED}:${set}:${q.id}`));
  for (let tries = 0; out.length < VARIANTS && tries < VARIANTS * 10; tries++) {
    const v = variant(q.ask, r);
    if (!v || v.ask === q.ask || out.some((o) => o.ask === v.ask)) continue;
    const index = out.length;
    out.push({ set, q, index, ...v, half: hash(`${SEED}:half:${set}:${q.id}:${index}`) % 2 ? 'check' : 'tune' });
  }
  return out;
}

// ---- asking and judging ------------------------------------------------------------------

/** Asks as the server does for a question with no earlier turns (bench/eval/ask.ts). */
function ask(kb: KnowledgeBase, message: string, language: string): { text: string; answered: boolean } {
  const answer = askAsServer(kb, language, message);
  return { text: answer?.text ?? '', answered: !!answer };
}

const rightFor = (q: Question, a: { text: string; answered: boolean }) => a.answered && q.expect.every((e) => new RegExp(e, 'i').test(a.text));

const args = process.argv.slice(2);
const only = args.includes('--set') ? args[args.indexOf('--set') + 1] : null;
const here = fileURLToPath(new URL('.', import.meta.url));
type Result = Variant & { cleanRight: boolean; right: boolean; answered: boolean; text: string };
const results: Result[] = [];
let questions = 0;
let cleanRight = 0;
for (const set of SETS.filter((s) => !only || s === only)) {
  const dir = join(here, '..', 'sets', set);
  const meta = JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8'));
  const language = meta.language ?? 'en';
  const kb = await KnowledgeBase.load({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language });
  await kb.gatherSurface();
  const all: Question[] = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8'));
  for (const q of all.filter((x) => x.split === 'dev' && x.source && KINDS.has(x.kind))) {
    const clean = rightFor(q, ask(kb, q.ask, language));
    questions++;
    if (clean) cleanRight++;
    for (const v of variantsOf(set, q)) {
      const a = ask(kb, v.ask, language);
      results.push({ ...v, cleanRight: clean, right: rightFor(q, a), answered: a.answered, text: a.text });
    }
  }
}

const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)}%` : '–');
const line = (label: string, rs: Result[]) => {
  const clean = rs.filter((r) => r.cleanRight).length;
  const right = rs.filter((r) => r.right).length;
  const broken = rs.filter((r) => r.cleanRight && !r.right);
  const wrongCited = rs.filter((r) => !r.right && r.answered).length;
  return `${label.padEnd(12)} ${String(rs.length).padStart(5)}  clean right ${String(clean).padStart(4)}  typo'd right ${String(right).padStart(4)}  ratio ${(clean ? right / clean : 0).toFixed(3)}`
    + `  broken ${String(broken.length).padStart(3)} (${broken.filter((r) => r.answered).length} wrong-cited)  typo'd wrong-cited ${wrongCited}`;
};

console.log(`typo collection: seed ${SEED}, ${questions} dev questions (direct, several-facts, table, list), ${results.length} variants; clean right ${cleanRight}/${questions} (${pct(cleanRight, questions)})`);
console.log('ratio = typo\'d right / clean right (over the variants of a half); broken = clean right, typo\'d not (wrong-cited: it answered, wrongly)\n');
for (const half of ['tune', 'check'] as const) console.log(line(half, results.filter((r) => r.half === half)));
console.log(line('both', results));
console.log('\nper slip kind (variants with at least one such slip, both halves):');
for (const k of KINDS_OF_SLIP) console.log(line(`  ${k}`, results.filter((r) => r.slips.some((s) => s.kind === k))));
console.log('\nper set (both halves):');
for (const s of SETS) if (results.some((r) => r.set === s)) console.log(line(`  ${s.split('-')[0]}`, results.filter((r) => r.set === s)));

const tune = results.filter((r) => r.half === 'tune');
const shown = (r: Result) => `${r.set} ${r.q.id} | ${r.ask}\n    slips: ${r.slips.map((s) => `${s.kind} ${s.from}→${s.to}`).join(', ')}\n    → ${r.answered ? r.text.replace(/\s+/g, ' ').slice(0, 160) : "(don't know)"}`;
if (args.includes('--misses')) {
  console.log('\ntune half, broken by the slips (clean right, typo\'d not):');
  for (const r of tune.filter((x) => x.cleanRight && !x.right)) console.log(shown(r));
}
if (args.includes('--list')) {
  console.log('\ntune half, every variant:');
  for (const r of tune) console.log(`${r.right ? 'right ' : r.cleanRight ? 'BROKEN' : 'wrong '} ${shown(r)}`);
}
