// Two facts of one subject in one question (bench/eval/two-facts/README.md), generated from
// the six untuned sets' documents by make.ts: each question is asked as the server asks a first
// message (../ask.ts), and so is each of its facts alone. A question is right when its answer
// matches both facts' patterns; it is counted in the "both alone" line when each fact's own
// question is answered right alone (so a miss there is the joining's, not retrieval's).
// Split by a hash into a "tune" half (whose misses may be looked at) and a "check" half.
//   npx tsx bench/eval/two-facts/run.ts [--list] [--all] [--set NAME] [--seed N]
import { extname } from 'node:path';
import { rng as random, hashOf, halfOf } from '../../seeded.ts';
import { arg, askAsServer, documentSets } from '../ask.ts';
import { columnOf, entriesIn, FORMATS, keyColumn, tablesIn } from '../tables/run.ts';
import { fromEntry, fromSentences, fromRow, fromSection, sectionParagraphs, sectionsOf, type TwoFacts } from './make.ts';

const seed = Number(arg('seed') ?? 20261127);
/** Questions kept per table and per file's entries or sections, so no one document outweighs the rest. */
const PER_SOURCE = 6;

type Tally = { n: number; right: number; cited: number; missA: number; missB: number; aloneN: number; aloneRight: number };
const tally = (): Tally => ({ n: 0, right: 0, cited: 0, missA: 0, missB: 0, aloneN: 0, aloneRight: 0 });
const tallies = new Map<string, Tally>();
const at = (k: string) => tallies.get(k) ?? tallies.set(k, tally()).get(k)!;
const lines: string[] = [];
const matches = (f: { expect: string }, a: { text: string } | null) => !!a && new RegExp(f.expect, 'i').test(a.text);
const draw = <T>(list: T[], r: () => number) => list.map((g) => ({ g, k: r() })).sort((a, b) => a.k - b.k).slice(0, PER_SOURCE).map(({ g }) => g);

for await (const { set, language, docs, kb } of documentSets()) {
  const generated: Array<TwoFacts & { file: string }> = [];
  // Tables: a key asked for a header is one cell of the whole knowledge (as ../tables asks).
  const tables = docs.flatMap((doc) => tablesIn(doc.text).map((table) => ({ file: doc.sourceId ?? doc.id, table })));
  const asked = new Map<string, number>();
  const pair = (key: string, header: string) => `${key}\0${header}`;
  for (const { table } of tables) for (const row of table.rows) for (const h of table.header) asked.set(pair(row[keyColumn(table)] ?? '', h), (asked.get(pair(row[keyColumn(table)] ?? '', h)) ?? 0) + 1);
  tables.forEach(({ file, table }, n) => {
    const r = random(hashOf(`${seed}/${set}/${file}/${n}/${columnOf(table, 0).join('|')}`));
    generated.push(...draw(fromRow(table, r, (k, h) => asked.get(pair(k, h))! <= 1), r).map((g) => ({ ...g, file })));
  });
  // Entries and sections named once in the set, drawn per file.
  const entries = docs.flatMap((doc) => entriesIn(doc.text).map((e) => ({ file: doc.sourceId ?? doc.id, e })));
  const named = new Map<string, number>();
  for (const { e } of entries) named.set(e.name, (named.get(e.name) ?? 0) + 1);
  const sections = docs.flatMap((doc) => sectionsOf(doc.text).map((s) => ({ file: doc.sourceId ?? doc.id, s })));
  const headed = new Map<string, number>();
  for (const { s } of sections) headed.set(s.heading.toLowerCase(), (headed.get(s.heading.toLowerCase()) ?? 0) + 1);
  const perFile = new Map<string, TwoFacts[]>();
  const add = (key: string, list: TwoFacts[]) => (perFile.get(key) ?? perFile.set(key, []).get(key)!).push(...list);
  for (const { file, e } of entries) if (named.get(e.name) === 1) add(`${file}\0entry`, fromEntry(e, random(hashOf(`${seed}/${set}/${file}/${e.name}`))));
  for (const { file, s } of sections) if (headed.get(s.heading.toLowerCase()) === 1) add(`${file}\0section`, fromSection(s, random(hashOf(`${seed}/${set}/${file}/${s.heading}`))));
  // Adjacent sentences of one section with a figure each.
  for (const doc of docs) {
    const file = doc.sourceId ?? doc.id;
    for (const ps of sectionParagraphs(doc.text)) add(`${file}\0sentences`, fromSentences(ps, random(hashOf(`${seed}/${set}/${file}/${ps.join(' ').slice(0, 80)}`))));
  }
  for (const [key, list] of perFile) generated.push(...draw(list, random(hashOf(`${seed}/${set}/${key}`))).map((g) => ({ ...g, file: key.split('\0')[0] })));

  for (const g of generated) {
    const a = askAsServer(kb, language, g.ask);
    const [okA, okB] = g.facts.map((f) => matches(f, a));
    const alone = g.facts.every((f) => matches(f, askAsServer(kb, language, f.alone)));
    const which = halfOf(`${set}/${g.file}/${g.structure}/${g.key}/${g.ask}/${seed}`);
    const format = FORMATS[extname(g.file).toLowerCase()] ?? 'text';
    for (const name of [`${which} all`, `${which} ${g.structure}`, `${which} set ${set}`, `${which} format ${format}`]) {
      const t = at(name);
      t.n++;
      if (okA && okB) t.right++;
      else if (a) t.cited++;
      if (!okA) t.missA++;
      if (!okB) t.missB++;
      if (alone) {
        t.aloneN++;
        if (okA && okB) t.aloneRight++;
      }
    }
    if (which === 'tune' && (process.argv.includes('--all') || (process.argv.includes('--list') && !(okA && okB)))) {
      const verdict = okA && okB ? 'RIGHT ' : !a ? 'NO-ANS' : !okA && !okB ? 'BOTH  ' : !okA ? 'FIRST ' : 'SECOND';
      lines.push(`${verdict} ${alone ? 'alone-ok' : 'alone-no'} ${set} ${g.file} ${g.structure} [${g.facts.map((f) => f.what).join(' | ')}] ${g.facts.map((f) => `/${f.expect}/`).join(' ')}\n  ${g.ask}${a && !(okA && okB) ? `\n  → ${a.text.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`);
    }
  }
}
const pct = (a: number, n: number) => `${n ? Math.round((100 * a) / n) : 0}% (${a}/${n})`;
if (lines.length) console.log(`${lines.join('\n')}\n`);
console.log(`seed ${seed}: right (both facts), answered missing one, first / second fact missed; right of those whose facts are both right alone`);
for (const [name, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${name.padEnd(30)} ${pct(t.right, t.n).padEnd(15)} cited ${String(t.cited).padStart(3)}  first ${String(t.missA).padStart(3)}  second ${String(t.missB).padStart(3)}   both alone: ${pct(t.aloneRight, t.aloneN)}`);
}
