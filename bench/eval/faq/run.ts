// Questions generated from the documents' own FAQ entries (bench/eval/faq/README.md): every
// heading, numbered entry or short line of the untuned sets' documents, as the source readers
// give them, that ends with "?" and has an answer after it (the text up to the next such entry
// or heading) is asked as written and in seeded mechanical rewordings. Right: the answer cites
// the entry's document and holds the distinctive content words of the answer's first sentence.
// Asked as the server asks (../ask.ts); split by a hash into a "tune" half (whose misses may be
// looked at) and a "check" half (counted only).
//   npx tsx bench/eval/faq/run.ts [--list] [--all] [--set NAME] [--seed N]
import { fileURLToPath } from 'node:url';
import { escapeRegExp, plainInline } from '../../../server/knowledge/text.ts';
import { rng as random, hashOf, halfOf } from '../../seeded.ts';
import { outcomeTally, rightShare } from '../tally.ts';
import { askAsServer, arg, documentSets } from '../ask.ts';

const seed = Number(arg('seed') ?? 20261127);

export type Entry = { question: string; answer: string };

const HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;
/** "4.1. My program uses…?" or "Q: Can I…?": a numbered or marked entry's question. */
const NUMBERED = /^\s*(?:\d+(?:\.\d+)*\.?|Q[:.])\s+\S/;
/** A table of contents lists several entries on one line ("1.1. How…? 1.2. Where…?"). */
const SEVERAL = /\?\s+\d+(?:\.\d+)+\.?\s+\S/;
/** A line of its own that asks: short, starts as a sentence, ends with "?". */
const SHORT_LINE_WORDS = 20;

/** A numbered entry two levels deep ("4.5. Memcheck doesn't report any errors…"), one per line. */
const SUBENTRY = /^\s*\d+\.\d+\.\s+\S/;
/**
 * What starts an entry: a question heading, numbered entry or short question line. In an FAQ
 * whose numbered entries ask (`numberedAsk`), an entry of the same depth that states the
 * visitor's problem ("4.5. Memcheck doesn't report any errors and I know my program has
 * errors.") is an entry too.
 */
function questionOf(line: string, numberedAsk = false): string | null {
  const h = HEADING.exec(line);
  const text = plainInline((h ? h[1] : line).trim());
  if (SEVERAL.test(text) || /\s\d+\.\d+\.\s/.test(text)) return null;
  if (numberedAsk && !h && SUBENTRY.test(line)) return text;
  if (!/\?$/.test(text)) return null;
  if (h || NUMBERED.test(line)) return text;
  return /^\p{Lu}/u.test(text) && text.split(/\s+/).length <= SHORT_LINE_WORDS ? text : null;
}

/** The FAQ entries of a document's text: each question with the text after it, up to the next entry or heading. */
export function entriesIn(text: string): Entry[] {
  const lines = text.split('\n');
  const numberedAsk = lines.some((l) => SUBENTRY.test(l) && questionOf(l) !== null);
  const out: Entry[] = [];
  let open: { question: string; body: string[] } | null = null;
  const close = () => {
    const answer = open?.body.join('\n').trim();
    if (open && answer && questionOf(answer.split('\n')[0], numberedAsk) === null) out.push({ question: open.question, answer });
    open = null;
  };
  for (const line of lines) {
    const q = questionOf(line, numberedAsk);
    if (q) {
      // A question repeated right under itself (a PDF's running entry title) is the same entry.
      if (open && open.question === q && !open.body.join('').trim()) continue;
      close();
      open = { question: q, body: [] };
    } else if (HEADING.test(line)) close();
    else open?.body.push(line);
  }
  close();
  return out;
}

const STOP = new Set('the a an of to and or in on for is are be by with per at as it its this that you your we our i my me can do does did not no yes if so but from will would there their they them then than have has had when what which who how why where was were been any all some just use used using also only into out up more most such these those here each other about after before under over very get got make'.split(' '));
const wordsOf = (s: string) => (s.match(/[\p{L}][\p{L}\p{N}'-]*/gu) ?? []).map((w) => w.toLowerCase().replace(/'s$/, ''));
const firstSentence = (s: string) => plainInline(s.replace(/\s+/g, ' ').trim()).split(/(?<=[.!?])\s+(?=[\p{Lu}"'(])/u);

/**
 * The answer's text as a visitor reads it first: a table's first body row (its header names
 * columns, not the answer), code lines skipped ("int static[5];" is an example, not the answer).
 */
function proseOf(answer: string): string {
  const lines = answer.split('\n').filter((l) => l.trim());
  const table = lines.findIndex((l) => /^\s*\|/.test(l));
  const code = (l: string) => /[;{}]\s*$|^\s*(```|\/\/|#include)/.test(l);
  const first = lines.findIndex((l) => !code(l));
  if (table >= 0 && table === first) return lines.slice(table + 1).find((l) => /^\s*\|/.test(l) && !/^\s*\|?\s*:?-{2,}/.test(l))?.split('|').join(' ') ?? '';
  return lines.slice(Math.max(first, 0)).filter((l) => !code(l)).join(' ');
}

/**
 * What an answer must say: 2-3 content words of the answer's first sentence the question does
 * not say, the rarest in the set first; a bare "Yes." or "No." is itself expected, with words
 * of the sentence after it.
 */
export function expectedOf(e: Entry, rarity: (w: string) => number): string[] | null {
  const sentences = firstSentence(proseOf(e.answer));
  const asked = new Set(wordsOf(e.question));
  const out: string[] = [];
  let i = 0;
  const yesNo = /^(yes|no)\b[.!,]?$/i.exec(sentences[0]?.replace(/!$/, '.') ?? '') ?? /^(yes|no)[.!]$/i.exec(sentences[0] ?? '');
  if (yesNo) {
    out.push(`\\b${yesNo[1]}\\b`);
    i = 1;
  }
  const content = [...new Set(wordsOf(sentences[i] ?? ''))].filter((w) => w.length >= 4 && !STOP.has(w) && !asked.has(w));
  const picked = content.sort((a, b) => rarity(a) - rarity(b)).slice(0, yesNo ? 2 : 3);
  if (picked.length < 2) return null;
  return [...out, ...picked.map((w) => escapeRegExp(w))];
}


/** A question whose subject is a pronoun of the page's topic ("How long does it take?"). */
const LEANS = /^[^,]{0,40}\b(?:it|this|that|they|them)\b[^,]{0,20}\?$/i;

const SWAP: Record<string, string> = { i: 'we', my: 'our', me: 'us', we: 'I', our: 'my', us: 'me', "i'm": "we're", "we're": "I'm" };
/** The mechanical rewordings: each takes a question (number dropped) and gives another, or itself when it does not apply. */
const REWORDINGS: Array<[string, (q: string) => string]> = [
  ['lower-case', (q) => q.toLowerCase()],
  ['I↔we', (q) => q.replace(/\b(I|my|me|we|our|us|I'm|we're)\b/gi, (w) => SWAP[w.toLowerCase()] ?? w)],
  ['can-I→possible', (q) => q.replace(/^Can (?:I|we|you) (.+)\?$/i, 'Is it possible to $1?')],
  ['how-do-I→way', (q) => q.replace(/^How (?:do|can|should) (?:I|we|you) (.+)\?$/i, "What's the way to $1?")],
  ['how-do-I→how-to', (q) => q.replace(/^How (?:do|can|should) (?:I|we|you) (.+)\?$/i, 'how to $1')],
  ['drop-clause', (q) => q.replace(/,[^,]*\?$/, '?')],
];
const bare = (q: string) => q.replace(/^\s*(?:\d+(?:\.\d+)*\.?|Q[:.])\s+/i, '');

/** Rewordings asked per entry: the entries are few (two sets have FAQs), their rewordings are many. */
const REWORDED = 4;
/** Up to REWORDED rewordings of a question: its number and "Q:" dropped, with one or two of the rewordings that change it, drawn. */
export function reworded(question: string, r: () => number): string[] {
  const q = bare(question);
  const apply = REWORDINGS.filter(([, f]) => f(q) !== q);
  const out = new Set<string>();
  if (q !== question) out.add(q);
  for (let n = 0; n < 8 && apply.length && out.size < REWORDED; n++) {
    const picks = apply.filter(() => r() < 0.5);
    const chosen = picks.length ? picks : [apply[Math.floor(r() * apply.length)]];
    // "how to X" already lower-cases the start; the two how-do-I forms exclude each other.
    const used = chosen.filter(([name], i) => !(name === 'how-do-I→how-to' && chosen.slice(0, i).some(([n]) => n === 'how-do-I→way')));
    out.add(used.reduce((s, [, f]) => f(s), q));
  }
  out.delete(question);
  return [...out].slice(0, REWORDED);
}

const { tallies, count } = outcomeTally();

async function main() {
  const lines: string[] = [];
  for await (const { set, language, docs, kb } of documentSets()) {
    // A PDF gives one document per page: an entry may run over a page, so a file is read whole.
    const files = new Map<string, string[]>();
    for (const doc of docs) (files.get(doc.sourceId ?? doc.id) ?? files.set(doc.sourceId ?? doc.id, []).get(doc.sourceId ?? doc.id)!).push(doc.text);
    const df = new Map<string, number>();
    for (const texts of files.values()) for (const w of new Set(wordsOf(texts.join('\n')))) df.set(w, (df.get(w) ?? 0) + 1);
    const freq = new Map<string, number>();
    for (const texts of files.values()) for (const w of wordsOf(texts.join('\n'))) freq.set(w, (freq.get(w) ?? 0) + 1);
    const entries = [...files].flatMap(([file, texts]) => entriesIn(texts.join('\n')).map((e) => ({ file, e })));
    if (!entries.length) continue;
    const seen = new Set<string>();
    for (const { file, e } of entries) {
      const expect = expectedOf(e, (w) => freq.get(w) ?? 0);
      // "How fast is it?" leans on its page's topic: asked alone it names nothing to answer about.
      if (!expect || seen.has(bare(e.question)) || LEANS.test(bare(e.question))) continue;
      seen.add(bare(e.question));
      const which = halfOf(`${set}/${file}/${bare(e.question)}/${seed}`);
      const r = random(hashOf(`${seed}/${set}/${file}/${e.question}`));
      const asks: Array<[string, string]> = [['written', e.question], ...reworded(e.question, r).map((q): [string, string] => ['reworded', q])];
      for (const [form, ask] of asks) {
        const a = askAsServer(kb, language, ask) as { text: string; used?: string[] } | null;
        const cites = !!a && (a.used ?? []).some((id) => id.startsWith(file) || id.includes(file));
        const right = !!a && cites && expect.every((x) => new RegExp(x, 'i').test(a.text));
        const outcome = right ? 'right' : a ? 'wrong' : 'dontKnow';
        for (const name of [`${which} all ${form}`, `${which} set ${set} ${form}`]) count(name, outcome);
        if (which === 'tune' && (process.argv.includes('--all') || (process.argv.includes('--list') && !right))) {
          lines.push(`${right ? 'RIGHT   ' : a ? 'WRONG   ' : 'NO-ANSWR'} ${set} ${file} ${form} /${expect.join('/ /')}/${a && !cites ? ' (other document)' : ''}\n  ${ask}${a && !right ? `\n  → ${a.text.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`);
        }
      }
    }
  }  if (lines.length) console.log(`${lines.join('\n')}\n`);
  console.log(`seed ${seed}: right, don't know, wrong (an answer always cites)`);
  for (const [name, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${name.padEnd(44)} ${rightShare(t).padEnd(14)} ${String(t.dontKnow).padStart(4)} ${String(t.wrong).padStart(4)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
