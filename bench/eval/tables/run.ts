// Questions generated from the documents' own tables (bench/eval/tables/README.md): every
// table the source readers give (Markdown pipe tables; HTML and DOCX tables, which the readers
// turn into pipe rows; a PDF's columns of figures) of the six untuned sets is read row by
// row, and each body row with a distinctive key (its first cell) is asked for its other cells
// from the column header and the key, in seeded phrasings. Asked as the server asks
// (../ask.ts); split by a hash into a "tune" half (whose misses may be looked at) and a "check"
// half (counted only).
//   npx tsx bench/eval/tables/run.ts [--list] [--all] [--set NAME] [--seed N]
//   --list prints the tune half's misses; --all prints every generated question (tune half).
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeRegExp, plainInline } from '../../../server/knowledge/text.ts';
import { rng as random, hashOf, halfOf } from '../../seeded.ts';
import { outcomeTally, rightShare } from '../tally.ts';
import { arg, askAsServer as answer, documentSets } from '../ask.ts';

const seed = Number(arg('seed') ?? 20261127);
/** Questions kept per table, so a table of a hundred rows does not outweigh the others. */
const PER_TABLE = 12;
/** A cell longer than this (in words) is a description, not a value one asks for. */
const MAX_CELL_WORDS = 12;

// As GitHub's Markdown reads a table: the closing pipe is optional, "\|" is a pipe inside a cell.
const ROW = /^\s*\|.*\|/;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const cellsOf = (line: string) => line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/).map((c) => plainInline(c.replace(/\\\|/g, '|')));

export type Table = { header: string[]; rows: string[][] };

/** The tables of a document's text as the readers give it: runs of pipe rows, the first the header. */
export function tablesIn(text: string): Table[] {
  const out: Table[] = [];
  let run: string[] = [];
  const flush = () => {
    const lines = run.filter((l) => !SEPARATOR.test(l));
    run = [];
    if (lines.length >= 2) out.push({ header: cellsOf(lines[0]), rows: lines.slice(1).map(cellsOf) });
  };
  for (const line of text.split('\n')) {
    if (ROW.test(line)) run.push(line);
    else flush();
  }
  flush();
  return out;
}

type Generated = { set: string; doc: string; format: string; ask: string; expect: string; key: string; header: string; cell: string; structure: string };

const escape = (s: string) => escapeRegExp(s).replace(/\s+/g, '\\s*');

/** A cell that is a count or an amount alone ("12", "1,621", "99%", "$20"), no name of anything. */
const FIGURE = /^[\s$€£]*\d[\d,]*(?:\.\d+)?\s*%?$/;
const STOP = new Set(['the', 'a', 'an', 'of', 'to', 'and', 'or', 'in', 'on', 'for', 'is', 'are', 'be', 'by', 'with', 'per', 'at', 'as', 'it', 'its', 'this', 'that']);
/**
 * What an answer must say of a cell: its first number with the unit or word after it ("$269",
 * "15 minutes", "2.4 GHz"), else its first two content words ("Hot Desk", "SIGINT"), else
 * the cell.
 */
export function expected(cell: string): string {
  const num = /(?:[$€£]\s?)?\d[\d,.]*(?:\s?(?:%|[A-Za-z€£$]+))?/.exec(cell);
  if (num) return escape(num[0].replace(/[.,]$/, ''));
  const words = cell.match(/[\p{L}\p{N}_$][\p{L}\p{N}_$.:'/-]*/gu) ?? [];
  const content = words.filter((w) => !STOP.has(w.toLowerCase()));
  const picked = (content.length ? content : words).slice(0, 2).map((w) => w.replace(/[.:]+$/, ''));
  return picked.length ? picked.map(escape).join('.{0,12}?') : escape(cell);
}

/** "How much…" for a header of money or time, "How many…" for one of counts. */
const AMOUNT = /\b(price|cost|fee|charge|rate|amount|deposit|refund|discount|total|per\b|monthly|hourly|daily|\$|€|£)/i;
const COUNT = /\b(number|count|seats|capacity|people|guests|days|hours|minutes|limit|max|minimum|maximum|size|allowance|GB|MB)\b/i;

/** One visitor question from a column's header and a row's key, in one of the phrasings a seeded draw picks. */
/** A header as a visitor writes it mid-sentence: "Price per hour" → "price per hour", "DLmr" kept. */
export const lowerHeader = (header: string) => {
  const h = header.replace(/[:?]+$/, '');
  return /^\p{Lu}[\p{Ll}\s()-]+$/u.test(h) ? h.toLowerCase() : h;
};
function phrase(header: string, key: string, r: () => number): string {
  const h = header.replace(/[:?]+$/, '');
  const lower = lowerHeader(header);
  const forms = [
    `What is the ${lower} for ${key}?`,
    `${key}: what ${lower}?`,
    `For ${key}, which ${lower}?`,
    `What ${lower} does ${key} have?`,
  ];
  if (AMOUNT.test(h)) forms.push(`How much is the ${lower} for ${key}?`);
  if (COUNT.test(h)) forms.push(`How many ${lower} for ${key}?`);
  return forms[Math.floor(r() * forms.length)];
}

/** The questions of one table: a row whose first cell is a distinctive key, asked for its other short, distinctive cells. */
/** A key is a name: not empty, not a bare number or count, one row's alone, a few words. */
export const isKey = (cell: string, column: string[]) => /[\p{L}\p{N}]/u.test(cell) && !FIGURE.test(cell) && column.filter((k) => k === cell).length === 1 && cell.split(/\s+/).length <= 6;
export const columnOf = (t: Table, c: number) => t.rows.map((row) => row[c] ?? '');
/**
 * The column that keys a table's rows: the first; a table of figures keys its rows by its
 * first column of names instead (a profiler's counts per "file:function", in its last column).
 */
export const keyColumn = (t: Table) => [...t.header.keys()].find((c) => columnOf(t, c).filter((k) => isKey(k, columnOf(t, c))).length * 2 > t.rows.length) ?? 0;

function fromTable(t: Table, where: { set: string; doc: string; format: string }, r: () => number, distinct: (key: string, header: string) => boolean): Generated[] {
  const key0 = keyColumn(t);
  const keys = columnOf(t, key0);
  const out: Generated[] = [];
  const reverse: Generated[] = [];
  // Its own draw, so the questions asked the usual way stay those of every earlier run.
  const r2 = random(hashOf(`${seed}/reverse/${where.set}/${where.doc}/${t.header.join('|')}/${keys.join('|')}`));
  t.rows.forEach((row, ri) => {
    const key = keys[ri];
    if (!isKey(key, keys)) return;
    for (let c = 0; c < row.length; c++) {
      if (c === key0) continue;
      const cell = row[c] ?? '';
      const header = t.header[c] ?? '';
      if (!cell || !header || !distinct(key, header) || !/[\p{L}\p{N}]/u.test(cell) || cell.split(/\s+/).length > MAX_CELL_WORDS) continue;
      // A value other rows share ("Yes", "—", "Included") says nothing of this row.
      if (t.rows.some((other, oi) => oi !== ri && (other[c] ?? '') === cell)) continue;
      const ask = phrase(header, key, r);
      // A cell the question already says ("Added in: v0.1.104" for "v0.1.104") asks nothing.
      if (new RegExp(expected(cell), 'i').test(ask)) continue;
      out.push({ ...where, ask, expect: expected(cell), key, header, cell, structure: 'table' });
      // Asked the other way round ("Which plan has 6 meeting-room hours per month?"): the key is
      // the answer, the visitor names a cell of another column, in that column's words.
      const keyHeader = t.header[key0] ?? '';
      if (keyHeader && cell.split(/\s+/).length <= REVERSE_WORDS && !new RegExp(expected(key), 'i').test(cell)) {
        const forms = [`Which ${lowerHeader(keyHeader)} has ${cell} ${lowerHeader(header)}?`, `Which ${lowerHeader(keyHeader)} has a ${lowerHeader(header)} of ${cell}?`];
        reverse.push({ ...where, ask: forms[Math.floor(r2() * forms.length)], expect: expected(key), key: cell, header, cell: key, structure: 'reverse' });
      }
    }
  });
  // A fixed, seeded draw of at most PER_TABLE of them, and half as many asked the other way round.
  const draw = (list: Generated[], n: number, rand: () => number) => list.map((g) => ({ g, k: rand() })).sort((a, b) => a.k - b.k).slice(0, n).map(({ g }) => g);
  return [...draw(out, PER_TABLE, r), ...draw(reverse, PER_TABLE / 2, r2)];
}
/** A cell a visitor names to ask which row has it: a value, not a description. */
const REVERSE_WORDS = 5;

/**
 * An entry of a reference shaped like a table row: a name with its default or its description.
 * Read from the documents as the readers give them: a manual's option over its description
 * ("--context=N [default: 8]" then "Print N lines…"), an API's property list ("- ignoreErrors
 * <boolean> Ignore errors… Default: true."), a section titled by an option with its default
 * ("### `keepAliveTimeout`" then "+ Default: `72000`"), a definition list ("--quiet::" then
 * "Suppress unnecessary output…").
 */
export type Entry = { name: string; default?: string; description?: string; section?: string };

const firstSentence = (s: string) => plainInline(s).split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? '';
export function entriesIn(text: string): Entry[] {
  const lines = text.split('\n');
  const next = (i: number) => lines.slice(i + 1).find((l) => l.trim()) ?? '';
  const out: Entry[] = [];
  let section = '';
  lines.forEach((line, i) => {
    const heading = /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (heading) section = plainInline(heading[1]).replace(/\s*#$/, "");
    const option = /^\s*(?:-\S+\s+)?(-{1,2}[\w-]+)\S*(?:\s+\S+)?\s*\[default:\s*([^\]]+)\]\s*$/.exec(line);
    if (option) return out.push({ name: option[1], default: option[2].trim(), description: firstSentence(next(i)) });
    const property = /^- (\w+) <[^>]+>(?:\s*\|\s*<[^>]+>)*\s+(\S.*)$/.exec(line);
    if (property) return out.push({ section, name: property[1], default: /\bDefault:\s*(.+?)\.?$/.exec(property[2])?.[1], description: firstSentence(property[2].replace(/\s*Default:.*$/, '')) || undefined });
    const titled = /^#{2,6}\s+`([\w.-]+)`\s*$/.exec(line);
    // An anchor may stand between the title and its default ("<a id=…></a>").
    const dflt = titled ? lines.slice(i + 1, i + 6).map((l) => /^\s*[+-]\s*Default:\s*(.+)$/.exec(l)).find(Boolean) : null;
    if (titled && dflt) return out.push({ name: titled[1], default: plainInline(dflt[1]) });
    const term = /^\s*(\S[^:]*?)::\s*$/.exec(line);
    if (term && !/::\s*$/.test(next(i))) return out.push({ name: term[1].split(/\s+/)[0], description: firstSentence(lines.slice(i + 1).join(' ').split(/\n\s*\n/)[0].trim().split(/\s{2,}|\t/).join(' ')) });
  });
  return out.filter((e) => e.name.length >= 3);
}

/** The questions of one entry: its default, and what it is or does, in seeded phrasings. */
function fromEntry(entry: Entry, where: { set: string; doc: string; format: string }, r: () => number): Generated[] {
  const out: Generated[] = [];
  // A property of an options object is named with the function it belongs to: "service" alone
  // is no question a visitor asks of an API reference, "service in dns.lookupService()" is.
  const e = { ...entry, name: entry.section && entry.section !== entry.name ? `${entry.name} in ${entry.section}` : entry.name };
  const pick = (forms: string[]) => forms[Math.floor(r() * forms.length)];
  if (e.default && e.default.split(/\s+/).length <= MAX_CELL_WORDS) {
    const ask = pick([`What is the default for ${e.name}?`, `What's the default value of ${e.name}?`, `${e.name}: what is it by default?`, `By default, what is ${e.name} set to?`]);
    out.push({ ...where, ask, expect: expected(e.default), key: e.name, header: 'default', cell: e.default, structure: 'entry' });
  }
  const words = e.description?.match(/[\p{L}\p{N}]+/gu)?.filter((w) => !STOP.has(w.toLowerCase())) ?? [];
  if (e.description && words.length >= 3) {
    const ask = pick([`What does ${e.name} do?`, `What is ${e.name} for?`, `What is ${e.name}?`]);
    out.push({ ...where, ask, expect: expected(e.description), key: e.name, header: 'description', cell: e.description, structure: 'entry' });
  }
  // A description that only repeats the name asks nothing.
  return out.filter((g) => !new RegExp(g.expect, 'i').test(g.ask));
}

export const FORMATS: Record<string, string> = { '.md': 'markdown', '.html': 'html', '.htm': 'html', '.docx': 'docx', '.pdf': 'pdf', '.txt': 'text' };

async function main() {
  const { tallies, count } = outcomeTally();
  const lines: string[] = [];

  for await (const { set, language, docs, kb } of documentSets()) {
    // A PDF gives one document per page: tables are numbered per file.
    const tableNo = new Map<string, number>();
    const tables = docs.flatMap((doc) => tablesIn(doc.text).map((table) => ({ file: doc.sourceId ?? doc.id, table })));
    // A key asked for a header is one cell of the whole knowledge: "v15.0.0" under "Changes" in
    // forty history tables of an API reference is no question a visitor can ask.
    const asked = new Map<string, number>();
    const pair = (key: string, header: string) => `${key}\0${header}`;
    for (const { table } of tables) {
      const k = keyColumn(table);
      for (const row of table.rows) for (const h of table.header) asked.set(pair(row[k] ?? '', h), (asked.get(pair(row[k] ?? '', h)) ?? 0) + 1);
    }
    const generated: Array<Generated & { n: number }> = [];
    for (const { file, table } of tables) {
      const format = FORMATS[extname(file).toLowerCase()] ?? 'text';
      const n = tableNo.get(file) ?? 0;
      tableNo.set(file, n + 1);
      const r = random(hashOf(`${seed}/${set}/${file}/${n}`));
      for (const g of fromTable(table, { set, doc: file, format }, r, (key, header) => asked.get(pair(key, header))! <= 1)) generated.push({ ...g, n });
    }
    // Entries named once in the whole knowledge (an "encoding" option in forty functions' lists is no question).
    const entries = docs.flatMap((doc) => entriesIn(doc.text).map((e) => ({ file: doc.sourceId ?? doc.id, e })));
    const named = new Map<string, number>();
    for (const { e } of entries) named.set(e.name, (named.get(e.name) ?? 0) + 1);
    const perFile = new Map<string, Generated[]>();
    for (const { file, e } of entries) {
      if (named.get(e.name)! > 1) continue;
      const r = random(hashOf(`${seed}/${set}/${file}/${e.name}`));
      const list = perFile.get(file) ?? perFile.set(file, []).get(file)!;
      list.push(...fromEntry(e, { set, doc: file, format: FORMATS[extname(file).toLowerCase()] ?? 'text' }, r));
    }
    // As a table's, a file's entries are capped, in a seeded draw.
    for (const [file, list] of perFile) {
      const r = random(hashOf(`${seed}/${set}/${file}/entries`));
      generated.push(...list.map((g) => ({ g, k: r() })).sort((a, b) => a.k - b.k).slice(0, PER_TABLE).map(({ g }) => ({ ...g, n: -1 })));
    }
    for (const g of generated) {
      const { format, n } = g;
      const file = g.doc;
      {
        const a = answer(kb, language, g.ask);
        const right = !!a && new RegExp(g.expect, 'i').test(a.text);
        const outcome = right ? 'right' : a ? 'wrong' : 'dontKnow';
        const which = halfOf(`${set}/${file}/${n}/${g.key}/${g.header}/${seed}`);
        for (const name of [`${which} all`, `${which} set ${set}`, `${which} format ${format}`, `${which} ${g.structure}`, `${which} ${g.structure} ${format}`]) count(name, outcome);
        if (which === 'tune' && (process.argv.includes('--all') || (process.argv.includes('--list') && !right))) {
          lines.push(`${right ? 'RIGHT   ' : a ? 'WRONG   ' : 'NO-ANSWR'} ${set} ${file} ${g.structure} [${g.header} = ${g.cell}] /${g.expect}/\n  ${g.ask}${a && !right ? `\n  → ${a.text.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`);
        }
      }
    }
  }
  if (lines.length) console.log(`${lines.join('\n')}\n`);
  console.log(`seed ${seed}: right, don't know, wrong (an answer always cites)`);
  for (const [name, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${name.padEnd(36)} ${rightShare(t).padEnd(16)} ${String(t.dontKnow).padStart(4)} ${String(t.wrong).padStart(4)}`);
  }
}

// Run when called, not when another collection (../two-facts) takes its readers.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
