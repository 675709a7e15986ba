// Two facts of ONE subject asked in one sentence, generated from the documents themselves
// (bench/eval/two-facts/README.md): two cells of one table row ("What are the price and the
// capacity of the Board Room?"), an option's default and what it does ("What does --foo do,
// and what is its default?"), and a short section's two facts of different kinds ("Pausing a
// membership: how long and how much?"). Each fact has its own expected pattern and its own
// question asked alone, so a pair can be judged apart from whether either fact is found at all.
import { escapeRegExp } from '../../../server/knowledge/text.ts';
import { isEnglishWord } from '../../../server/knowledge/english-words.ts';
import { cleanHeading, GENERIC } from '../sections/run.ts';
import { columnOf, expected, isKey, keyColumn, lowerHeader, type Entry, type Table } from '../tables/run.ts';

/** One fact: the pattern its answer must match, and the question that asks it alone. */
export type Fact = { expect: string; alone: string; what: string };
/** A generated question of two facts of one subject. */
export type TwoFacts = { structure: 'row' | 'entry' | 'section' | 'sentences' | 'paragraphs' | 'pronoun'; key: string; ask: string; facts: [Fact, Fact] };

/** A cell longer than this (in words) is a description, not a value one asks for. */
const MAX_CELL_WORDS = 12;
const pick = <T>(r: () => number, forms: T[]): T => forms[Math.floor(r() * forms.length)];
const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
const upperFirst = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * Table rows: a row with a key (as ../tables reads them) asked for two of its cells at once,
 * cells no other row shares and the question does not already say.
 */
export function fromRow(t: Table, r: () => number, distinct: (key: string, header: string) => boolean): TwoFacts[] {
  const k = keyColumn(t);
  const keys = columnOf(t, k);
  const out: TwoFacts[] = [];
  t.rows.forEach((row, ri) => {
    const key = keys[ri];
    if (!isKey(key, keys)) return;
    const cells = [...row.keys()].filter((c) => {
      const cell = row[c] ?? '';
      const header = t.header[c] ?? '';
      return c !== k && cell && header && !/^\W*$/.test(header) && distinct(key, header) && /[\p{L}\p{N}]/u.test(cell) && cell.split(/\s+/).length <= MAX_CELL_WORDS && !t.rows.some((o, oi) => oi !== ri && (o[c] ?? '') === cell);
    });
    if (cells.length < 2) return;
    // Two columns of the row, drawn.
    const a = cells.splice(Math.floor(r() * cells.length), 1)[0];
    const b = cells[Math.floor(r() * cells.length)];
    const [c1, c2] = a < b ? [a, b] : [b, a];
    const [h1, h2] = [lowerHeader(t.header[c1]), lowerHeader(t.header[c2])];
    const ask = pick(r, [
      `What are the ${h1} and the ${h2} of ${key}?`,
      `What is the ${h1} for ${key}, and what is its ${h2}?`,
      `For ${key}, what ${h1} and what ${h2}?`,
      `${key}: ${h1} and ${h2}?`,
      `What ${h1} and ${h2} does ${key} have?`,
    ]);
    const facts = [c1, c2].map((c) => ({ expect: expected(row[c]), alone: `What is the ${lowerHeader(t.header[c])} for ${key}?`, what: `${t.header[c]} = ${row[c]}` })) as [Fact, Fact];
    if (facts.some((f) => new RegExp(f.expect, 'i').test(ask))) return;
    out.push({ structure: 'row', key, ask, facts });
  });
  return out;
}

const STOP = new Set(['the', 'a', 'an', 'of', 'to', 'and', 'or', 'in', 'on', 'for', 'is', 'are', 'be', 'by', 'with', 'per', 'at', 'as', 'it', 'its', 'this', 'that', 'if']);

/** An entry with a default and a description (as ../tables reads them): both asked at once. */
export function fromEntry(entry: Entry, r: () => number): TwoFacts[] {
  if (!entry.default || !entry.description || entry.default.split(/\s+/).length > MAX_CELL_WORDS) return [];
  if ((entry.description.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w.toLowerCase())).length < 3) return [];
  // A property of an options object is named with the function it belongs to (as ../tables asks it).
  const name = entry.section && entry.section !== entry.name ? `${entry.name} in ${entry.section}` : entry.name;
  const dflt: Fact = { expect: expected(entry.default), alone: `What is the default for ${name}?`, what: `default = ${entry.default}` };
  const does: Fact = { expect: expected(entry.description), alone: `What does ${name} do?`, what: `does = ${entry.description.slice(0, 80)}` };
  const [ask, facts] = pick(r, [
    [`What does ${name} do, and what is its default?`, [does, dflt]],
    [`What is ${name} for and what is it by default?`, [does, dflt]],
    [`What's the default of ${name}, and what does it do?`, [dflt, does]],
    [`${name}: what is the default value and what is it used for?`, [dflt, does]],
  ] as Array<[string, [Fact, Fact]]>);
  if (facts.some((f) => new RegExp(f.expect, 'i').test(ask))) return [];
  return [{ structure: 'entry', key: name, ask, facts }];
}

/**
 * The kinds of fact a visitor asks of one subject by a question word alone: an amount of money
 * ("how much"), a duration ("how long"), a share ("what percentage"), a size ("how big"), a time
 * of day ("what time").
 */
const KINDS: Array<{ kind: string; wh: string; find: RegExp }> = [
  { kind: 'money', wh: 'how much does it cost', find: /(?:[$€£]\s?\d[\d,]*(?:\.\d\d)?|\b\d[\d,]*(?:\.\d\d)?\s?(?:euros?|dollars|USD|EUR)\b)/gi },
  { kind: 'duration', wh: 'how long', find: /\b\d+(?:\s?(?:-|–|to)\s?\d+)?\s(?:business |working |calendar |full )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b/gi },
  { kind: 'percent', wh: 'what percentage', find: /\b\d+(?:\.\d+)?\s?(?:%|percent\b)/gi },
  { kind: 'size', wh: 'how big', find: /\b\d+(?:\.\d+)?\s?(?:[KMGT]i?B|bytes|[KMG]bps)\b/g },
  { kind: 'time', wh: 'what time', find: /\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b/gi },
];
/**
 * In a sentence (not a section's question words), also a name of code ("`reqId`", "`true`") or
 * a bare figure ("defaults to 100", "from v13.3.0"): asked as "what".
 */
const NAMED: typeof KINDS = [
  { kind: 'code', wh: 'what', find: /`[^`\s][^`]{0,40}`/g },
  { kind: 'figure', wh: 'what', find: /(?<=\b(?:to|of|is|at|from|by|than|version|default|be|was|are|with)\s)v?\d+(?:[.,]\d+)*(?![\w.%-]|\s?(?:%|percent|[KMGT]i?B|bytes|[KMG]bps|am|pm|euros?|dollars|(?:business |working |calendar |full )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?))\b)/gi },
];

/** A section's words at most, so its facts are of the heading's subject and not of a chapter. */
const MAX_SECTION_WORDS = 160;

/** The sections of a document's text: a "#" heading with the prose under it to the next heading. */
export function sectionsOf(text: string): Array<{ heading: string; body: string }> {
  const out: Array<{ heading: string; body: string }> = [];
  let open: { heading: string; body: string[] } | null = null;
  for (const line of text.split('\n')) {
    const h = /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (h) {
      if (open) out.push({ heading: open.heading, body: open.body.join('\n') });
      open = { heading: h[1], body: [] };
    } else open?.body.push(line);
  }
  if (open) out.push({ heading: open.heading, body: open.body.join('\n') });
  return out;
}

/**
 * A short section of prose with exactly one fact of each of two kinds, asked of its heading's
 * subject by the two question words alone: "Pausing a membership: how long and how much does
 * it cost?". With one fact of each kind, the question has one right answer per part.
 */
export function fromSection(section: { heading: string; body: string }, r: () => number): TwoFacts[] {
  const subject = cleanHeading(section.heading).replace(/[:.?]+$/, '');
  const words = section.body.split(/\s+/).filter(Boolean).length;
  if (!subject || GENERIC.test(subject) || /\?$/.test(section.heading) || words > MAX_SECTION_WORDS || words < 8) return [];
  // Listings and tables are other collections' matter; a name of code is ../tables' entries'.
  if (/```|^\s*\|/m.test(section.body) || /[`_()<]/.test(subject)) return [];
  const found = KINDS.map((k) => ({ ...k, hits: [...new Set([...section.body.matchAll(k.find)].map((m) => m[0].trim()))] })).filter((k) => k.hits.length === 1);
  // A percentage's or a size's number is no duration's: kinds must not share their figure.
  const usable = found.filter((k) => !found.some((o) => o !== k && o.hits[0].includes(k.hits[0])));
  if (usable.length < 2) return [];
  const first = usable.splice(Math.floor(r() * usable.length), 1)[0];
  const second = usable[Math.floor(r() * usable.length)];
  const s = /^\p{Lu}\p{Ll}/u.test(subject) && !/^\p{Lu}\p{Ll}+\s+\p{Lu}/u.test(subject) ? lowerFirst(subject) : subject;
  const fact = (k: (typeof KINDS)[number] & { hits: string[] }): Fact => ({ expect: escapeRegExp(k.hits[0]).replace(/\s+/g, '\\s*'), alone: `${upperFirst(s)}: ${k.wh}?`, what: `${k.kind} = ${k.hits[0]}` });
  const ask = pick(r, [
    `${upperFirst(s)}: ${first.wh} and ${second.wh}?`,
    `For ${s}, ${first.wh}, and ${second.wh}?`,
    `About ${s} - ${first.wh} and ${second.wh}?`,
  ]);
  return [{ structure: 'section', key: subject, ask, facts: [fact(first), fact(second)] }];
}

/** A sentence's clause this long at most is asked; a longer one is a paragraph's worth of question. */
const MAX_CLAUSE_WORDS = 16;
/** Words a second sentence opens with when it goes on about the first one's subject. */
const LEANS = /^(?:it|its|they|their|them|this|these|that|those|he|she|his|her|each|both|the same)\b/i;

/** The question word that takes a fact's place in its clause: "$25" → "how much", "14 business days" → "how many business days". */
function whFor(kind: string, fact: string): string {
  if (kind === 'code' || kind === 'figure') return 'what';
  if (kind === 'money') return 'how much';
  if (kind === 'percent') return 'what percentage';
  if (kind === 'time') return 'what time';
  const unit = /(?:(?:business|working|calendar|full)\s)?[\p{L}]+$/u.exec(fact)?.[0] ?? '';
  return `how many ${unit.replace(/^(\p{L}+?)s?$/u, (w) => (/(?:s|B|bps)$/u.test(w) ? w : `${w}s`))}`;
}

/** The figures of a text: "2 to 4 business days" has two, "$1,500" one. */
const figures = (s: string) => (s.match(/\d+(?:[.,:]\d+)*/g) ?? []).join(' ');

/**
 * One sentence's fact asked where it stands: the first clause that carries one figure and no
 * other, the figure put as its question word ("Refunds are issued within how many business
 * days"). A figure after a capitalised word is part of a name ("Flex 10"), not a fact.
 */
export function askedClause(sentence: string): { clause: string; fact: string; kind: string } | null {
  // A statement: not a question (a FAQ's), not a lead-in to a list, not an item's few words.
  if (!/[.!]$/.test(sentence.trim()) || /^\s*[-*+]\s/.test(sentence)) return null;
  const parts = sentence.replace(/[.!]+$/, '').split(/(?:[,;:]\s+|\s[-–—]\s|\s\()/);
  for (let i = 0; i < parts.length; i++) {
    // A clause too short to say what it is about goes with the clause before it.
    const clause = parts[i].split(/\s+/).length < 4 && i > 0 ? `${parts[i - 1]}, ${parts[i]}` : parts[i];
    const hits = [...KINDS, ...NAMED].flatMap((k) => [...clause.matchAll(k.find)].map((m) => ({ kind: k.kind, fact: m[0].trim(), at: m.index })));
    const distinct = hits.filter((h) => !hits.some((o) => o !== h && o.fact.length > h.fact.length && o.fact.includes(h.fact)));
    if (distinct.length !== 1) continue;
    const { kind, fact, at } = distinct[0];
    const words = clause.split(/\s+/).length;
    // Other code in the clause would be a second thing to ask about.
    if (figures(clause) !== figures(fact) || words > MAX_CLAUSE_WORDS || words < 4 || /[|<>{}=\[\]*]/.test(clause) || clause.trim().startsWith(fact) || /`/.test(clause.replace(fact, ''))) continue;
    if (/\S\s+\p{Lu}[\p{L}-]*\s*$/u.test(clause.slice(0, at))) continue;
    const asked = clause.replace(fact, whFor(kind, fact)).replace(/\)\s*$/, '').trim();
    // A capital that only opens the sentence (a word of the dictionary) is lowered where the
    // clause goes on a question; a name's ("Travel Pass costs…") is kept.
    const opening = /^\p{Lu}\p{Ll}+\b/u.exec(asked)?.[0];
    const lowered = opening && isEnglishWord(opening.toLowerCase()) && !/^\S+\s+\p{Lu}/u.test(asked) ? lowerFirst(asked) : asked;
    return { clause: lowered, fact, kind };
  }
  return null;
}

const sentencesOf = (paragraph: string) => paragraph.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[\p{Lu}"`])/u);

/**
 * Two adjacent sentences of one section that each carry one figure (in one paragraph, or the
 * last of one and the first of the next: a policy's numbered clauses are a paragraph each),
 * asked in one question, each in its own clause: "The Private Office deposit is returned within
 * how many days after you vacate, and refunds are issued within how many business days?". A
 * second sentence that opens with "it", "they", "this"… asks a second part with no subject of
 * its own ("pronoun").
 */
export function fromSentences(paragraphs: string[], r: () => number): TwoFacts[] {
  // A clause's number ("5.5 The deposit…") is no figure of its sentence.
  const prose = paragraphs.filter((p) => !/^\s*(?:[|#<]|```|~~~|\$ |- )/.test(p) && !/\n\s*\|/.test(p)).map((p) => p.replace(/^\d+(?:\.\d+)*\.?\s+/, ''));
  const sentences = prose.flatMap((p, pi) => sentencesOf(p).map((text, si) => ({ text, pi, si })));
  const out: TwoFacts[] = [];
  const asked = sentences.map((x) => askedClause(x.text));
  for (let i = 0; i < sentences.length; i++) {
    // The next sentence with a fact, one sentence between them at most.
    const j = [i + 1, i + 2].find((k) => k < sentences.length && asked[k]);
    const [a, b] = [asked[i], j === undefined ? null : asked[j]];
    if (!a || !b || j === undefined || a.fact === b.fact) continue;
    const fact = (c: typeof a): Fact => ({ expect: escapeRegExp(c.fact.replace(/`/g, '')).replace(/\s+/g, '\\s*'), alone: `${upperFirst(c.clause)}?`, what: `${c.kind} = ${c.fact}` });
    const ask = pick(r, [`${upperFirst(a.clause)}, and ${b.clause}?`, `${upperFirst(a.clause)}? And ${b.clause}?`]);
    const structure = LEANS.test(b.clause) ? 'pronoun' : sentences[i].pi === sentences[j].pi ? 'sentences' : 'paragraphs';
    out.push({ structure, key: sentences[i].text.slice(0, 60), ask, facts: [fact(a), fact(b)] });
    i = j;
  }
  return out;
}

/** A document's sections as paragraphs: blocks between blank lines, a "#" heading opening the next section. */
export function sectionParagraphs(text: string): string[][] {
  const out: string[][] = [[]];
  for (const block of text.split(/\n(?:[ \t\r]*\n)+/).map((p) => p.trim()).filter(Boolean)) {
    if (/^#{1,6}\s/.test(block)) out.push([]);
    out.at(-1)!.push(block.replace(/^#{1,6}\s.*\n?/, ''));
  }
  return out.filter((s) => s.some(Boolean));
}
