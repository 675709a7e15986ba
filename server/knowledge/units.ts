/**
 * A passage's text as the units an answer is made of, keeping the structure a sentence
 * splitter loses:
 *   - prose: hard-wrapped lines joined into paragraphs, then split into sentences (a line
 *     break inside a paragraph is not the end of anything);
 *   - lists: each item a unit, tied to its lead-in ("The plans include:") by a group number,
 *     so an answer can carry the lead-in with its items or an item with its lead-in;
 *   - tables: each body row a unit that names its column headers ("Plan: Hot Desk; Midtown:
 *     $269"), so a quoted row says what its cells are;
 *   - definition lines (`--onto=<onto>::` or `term:` followed by an indented description)
 *     joined to their description;
 *   - code blocks line by line, as code (an answer shows code only when asked for it).
 * Headings are not units: retrieval hands them over as the passage's heading.
 */
import { DASHED, FENCE, plainInline } from './text.ts';

export type UnitKind = 'text' | 'lead' | 'item' | 'row' | 'code';

export interface Unit {
  text: string;
  kind: UnitKind;
  /** Units of one list or table (and its lead-in) share a group; -1 for plain prose. */
  group: number;
  /** An item of a numbered list: a step, which says little without the others. */
  step?: boolean;
  /**
   * An item with a list nested under it ("- Returns: <Object> Options object" over "  - protocol
   * <string>…") is the lead-in of that list (its group) and an item of its own list: this group.
   */
  parent?: number;
  /** A sentence that opens its paragraph: what it goes on from, if anything, is a paragraph away. */
  opens?: boolean;
  /** A table row's cells, as plain text: a row is about its own cell that the visitor names ("ENOSPC"). */
  cells?: string[];
}

const ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const HEADING = /^\s{0,3}#{1,6}\s+/;
const ROW = /^\s*\|.*\|\s*$/;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const DEFINITION = /^\s*(\S.*?)::\s*$/;
/**
 * Inline markup as plain text, AsciiDoc's too: its quotes (``Name'' for "Name") and its
 * passthrough ($$<user@host>$$ for a literal <user@host>), which answers quoted as written.
 */
const plainText = (s: string) => plainInline(s.replace(/``([^`']+?)''/g, '"$1"').replace(/\$\$(.+?)\$\$/g, '$1'));
/** AsciiDoc's list continuation: a "+" alone on its line. */
const CONTINUATION = /^\s*\+\s*$/;
/** An underline of a Setext or AsciiDoc title ("=====", "-----"). */
const RULE = /^\s*([=\-~^*_])\1{2,}\s*$/;

/**
 * Sentences of one paragraph: ends at . ! ? followed by a space, so "2.4 GHz" and "v1.2" stay
 * whole; an abbreviation's dot ("eg. 20 to 30 times", "i.e. the", "approx. 5") ends nothing, nor
 * does a section number's ("1.1. How do you pronounce…").
 */
export function splitSentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?。]["')\]]?)(?<!(?:^|[\s(])(?:e\.g|eg|i\.e|ie|etc|vs|cf|approx|incl|fig|Fig|Mr|Mrs|Ms|Dr|St)\.)(?<!(?:^|[.!?]\s)\d+(?:\.\d+)*\.)\s+(?=[\p{Lu}\p{N}"'(`<\[])/u).map((s) => s.trim()).filter((s) => s.length > 1);
}

/**
 * A row's cells as GitHub's Markdown reads them: "\|" is a pipe inside a cell ("`boolean \|
 * (req) => boolean`"), not a column break, which moved every later cell under the next header.
 */
const cells = (line: string) => line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/).map((c) => plainInline(c.replace(/\\\|/g, '|')));
/** A row of an open table may leave off its closing pipe, as GitHub's Markdown allows. */
const OPEN_ROW = /^\s*\|.*\|/;

/** One body row under its headers: "Plan: Hot Desk; Midtown: $269". Empty cells are left out. */
function rowText(header: string[] | null, row: string[]): string {
  if (!header) return row.filter(Boolean).join('; ');
  const parts = row.map((c, i) => (c ? (header[i] ? `${header[i]}: ${c}` : c) : '')).filter(Boolean);
  return parts.join('; ');
}

/**
 * The cells of a row that are one identifier each ("ENOSPC", "FST_ERR_DEC_AFTER_START",
 * "concord.c:insert"), as their terms: the entry a row is about, by its code or name.
 */
export function keyCells(unit: Unit, termsOf: (text: string) => string[]): string[][] {
  const letters = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, '').length;
  // A cell that lists names ("Canada, Mexico") keys its row by each of them.
  // An identifier is one term ("fst_err_dec_after_start", its parts after it); a name with a
  // dot or colon is its parts ("concord.c:insert" is "concord" and "insert"), all of them, each
  // an identifier ("concord.c:new_word_node" is "concord" and "new_word_node").
  const identifier = (c: string) => {
    const ts = termsOf(c);
    return ts.length && letters(ts[0]) >= letters(c) * WHOLE_SHARE ? [ts[0]] : ts;
  };
  const identifiers = (unit.cells ?? []).flatMap((c) => c.split(/\s*,\s*/)).filter((c) => c.length >= 3 && !/\s/.test(c) && /\p{L}/u.test(c)).map((c) => {
    const whole = identifier(c);
    return whole.length > 1 ? c.split(/[.:/]+/).flatMap(identifier) : whole;
  });
  // The first cell of a few words is the row's name ("Zone 5", "Ctrl + U"), or in a table of
  // figures its first cell of words ("PROGRAM TOTALS"): all its words key the row, so the one
  // that tells it from its neighbours ("5", not "1") must be named too. A name of one word that
  // stands for many ("Ctrl" of "Ctrl + U") keys nothing.
  const first = unit.cells?.find((c) => /\p{L}/u.test(c)) ?? '';
  const name = /\s/.test(first) && first.split(/\s+/).length <= KEY_WORDS ? termsOf(first) : [];
  return [...identifiers.filter((ts) => ts.length > 0), ...(name.length > 1 ? [name] : [])];
}
/** A definition list's description this long at most is one unit with its term. */
const ENTRY_CHARS = 400;
/** How many words a row's first cell may have to name it. */
const KEY_WORDS = 4;
/**
 * The name an entry of a reference opens with: an option's synopsis ("--gen-suppressions=<yes|no|all>
 * [default: no]"), a term before its description ("--quiet: Suppress…", "pull <repository>: …"),
 * a property with its type ("ignoreErrors <boolean> Ignore errors…"); null for other text.
 */
export function entryTerm(text: string): string | null {
  const m = ENTRY_TERM.exec(text) ?? PROPERTY_TERM.exec(text);
  return m ? m[1] : null;
}
/**
 * What an entry says after its term ("When enabled, Valgrind will print…" of "--track-fds=<yes|no|all>
 * [default: no]: When enabled, …"); the whole text when it opens with no term.
 */
export function entryDescription(text: string): string {
  const m = ENTRY_TERM.exec(text);
  return m && m[0].length < text.length ? text.slice(m[0].length) : text;
}
const ENTRY_TERM = /^\s*(-{1,2}[\p{L}\p{N}][\w-]*|[\p{L}_$][\w$.-]*)(?:=\S*)?(?:\s+(?:<[^>]+>|\[[^\]]*\]))*(?:,\s+[^:.]{1,80}?)?\s*(?::\s|$)/u;
const PROPERTY_TERM = /^\s*([\p{L}_$][\w$.-]*)(?:\s+<[^>\s]+>(?:\s*\|\s*<[^>\s]+>)*)\s/u;
/** How much of a cell's letters its first term must hold to be the whole identifier (a stem drops an ending). */
const WHOLE_SHARE = 0.8;

/** Is a key cell's identifier one the question names as its rarest thing? weight(term) is the term's weight in the question, 0 when absent. */
export function namesKey(key: string[], weight: (term: string) => number, top: number): boolean {
  return key.every((t) => weight(t) > 0) && Math.max(...key.map(weight)) >= top * KEY_SHARE;
}
/** How rare the key must be against the question's rarest word. */
const KEY_SHARE = 0.8;

/** The number of an FAQ entry or a numbered section that opens a sentence ("4.4. My program…"). */
const ENTRY_NUMBER = /^\d+(?:\.\d+)+\.?\s/;
/** How many sentences after its number an entry's question may stand. */
const ENTRY_QUESTION_REACH = 2;
/**
 * An FAQ entry that states its case before it asks ("4.4. My program crashes normally, but
 * doesn't under Valgrind, or vice versa. What's happening?") is one question, number to
 * question mark: read apart, its statement was taken for an answer (it says the visitor's
 * words best) and the answer after the question was never reached.
 */
function entryQuestions(sentences: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const end = ENTRY_NUMBER.test(sentences[i]) && !/\?["')\]]?$/.test(sentences[i]) ? sentences.slice(i + 1, i + 1 + ENTRY_QUESTION_REACH).findIndex((s) => /\?["')\]]?$/.test(s)) : -1;
    if (end < 0) {
      out.push(sentences[i]);
      continue;
    }
    out.push(sentences.slice(i, i + end + 2).join(' '));
    i += end + 1;
  }
  return out;
}

export function units(text: string): Unit[] {
  const out: Unit[] = [];
  let group = 0;
  /** Groups handed out so far: a nested list's group is a new one, and its parent list's comes back after it. */
  let groups = 0;
  /** Of the list being read: its items' indent, and while a nested list is read, its parent list's group and its own items' indent. */
  let indent = 0;
  let nested: { outer: number; indent: number } | null = null;
  let para: string[] = [];
  let item: string[] | null = null;
  let inList = false;
  let definition: string | null = null;
  let table: { header: string[] | null; rows: string[][] } | null = null;
  let numbered = false;
  let fence = false;

  const emitProse = (s: string) => {
    const joined = plainText(s);
    if (!joined) return;
    entryQuestions(splitSentences(joined)).forEach((sentence, i) => out.push({ text: sentence, kind: 'text', group: -1, ...(i === 0 ? { opens: true } : {}) }));
  };
  const flushPara = () => {
    if (!para.length) return;
    let textOf = para.join(' ');
    para = [];
    if (definition) {
      textOf = `${definition}: ${textOf}`;
      definition = null;
      // A short description is the entry's one cell, as a table row's is: split into sentences,
      // "what does git subtree add do?" got its first ("Create the <prefix> subtree…") without
      // what follows it ("A new commit is created automatically, joining…").
      const joined = plainText(textOf);
      if (joined.length <= ENTRY_CHARS) {
        out.push({ text: joined, kind: 'text', group: -1 });
        return;
      }
    }
    emitProse(textOf);
  };
  const flushItem = () => {
    if (!item) return;
    const t = plainText(item.join(' '));
    if (t) out.push({ text: t, kind: 'item', group, ...(numbered ? { step: true } : {}) });
    item = null;
  };
  const flushTable = () => {
    if (!table) return;
    const { header, rows } = table;
    table = null;
    if (!rows.length && header) {
      out.push({ text: header.filter(Boolean).join('; '), kind: 'text', group: -1 });
      return;
    }
    for (const r of rows) {
      const t = rowText(header, r);
      if (t) out.push({ text: t, kind: 'row', group, cells: r.filter(Boolean) });
    }
  };
  /**
   * A list or table begins: the sentence just before it is its lead-in if it ends with ":" or
   * announces it ("The following flags can be passed as hints.").
   */
  const open = () => {
    group = ++groups;
    nested = null;
    const last = out[out.length - 1];
    if (last && last.kind === 'text' && (/[:：]$/.test(last.text) || /\b(the following|as follows)\b/i.test(last.text))) {
      last.kind = 'lead';
      last.group = group;
    }
  };

  const lines = text.split('\n');
  for (let li = 0; li < lines.length; li++) {
    const raw = lines[li];
    const line = raw.replace(/\s+$/, '');
    // A Setext or AsciiDoc title ("git-jump" over "========") is a heading, not a sentence.
    if (!fence && line.trim() && !ROW.test(line) && RULE.test(lines[li + 1] ?? '') && !para.length) {
      flushItem(); flushTable();
      li += 1;
      continue;
    }
    // Plain-text docs (Git's) fence a listing with a long dashed line: it opens one after a
    // blank line when lines follow, and closes the open one. Without this, the listing's
    // comments ("# jump to merge conflicts") were read as headings and dropped.
    if (FENCE.test(line) && (!DASHED.test(line) || fence || (!(lines[li - 1] ?? '').trim() && !!(lines[li + 1] ?? '').trim()))) {
      // Code blocks stay line by line: joining code would make nonsense sentences.
      flushPara(); flushItem();
      fence = !fence;
      continue;
    }
    if (fence) {
      if (line.trim()) out.push({ text: line.trim(), kind: 'code', group: -1 });
      continue;
    }
    // A sentence cut by a blank line (a PDF's page or column break: "checked for being
    // fishy: malloc, calloc," … "memalign, new") goes on: the paragraph ends mid-sentence
    // and the next line carries on in lower case.
    if (!line.trim() && para.length && /[\p{Ll},]$/u.test(para[para.length - 1]) && !fence) {
      let n = li + 1;
      while (n < lines.length && !lines[n].trim()) n++;
      if (n < lines.length && /^\s*\p{Ll}/u.test(lines[n]) && !ITEM.test(lines[n])) {
        li = n - 1;
        continue;
      }
    }
    // AsciiDoc's list continuation ("+" alone on a line) attaches the next paragraph to an
    // entry: a paragraph break, not a word ("…into your project. + Using this option…").
    if (!line.trim() || RULE.test(line) || CONTINUATION.test(line)) {
      // A blank line ends a paragraph and a table; a list survives blank lines between items.
      flushPara(); flushTable();
      if (item) flushItem();
      continue;
    }
    if (HEADING.test(line)) {
      flushPara(); flushItem(); flushTable();
      inList = false;
      continue;
    }
    if (ROW.test(line) || (table && OPEN_ROW.test(line))) {
      flushPara(); flushItem();
      inList = false;
      if (SEPARATOR.test(line)) continue;
      if (!table) {
        open();
        table = { header: cells(line), rows: [] };
      } else {
        table.rows.push(cells(line));
      }
      continue;
    }
    flushTable();
    const d = DEFINITION.exec(line);
    if (d) {
      flushPara(); flushItem();
      inList = false;
      // Terms on consecutive lines are one entry's names ("-m <message>::" over
      // "--message=<message>::"): all of them name the description, the short form too.
      definition = definition ? `${definition}, ${plainInline(d[1])}` : plainInline(d[1]);
      continue;
    }
    if (ITEM.test(line)) {
      flushPara(); flushItem();
      const at = /^\s*/.exec(line)![0].length;
      if (!inList) {
        open();
        indent = at;
      } else if (nested && at < nested.indent) {
        // Back out of a nested list: its parent list goes on.
        group = nested.outer;
        nested = null;
      } else if (!nested && at >= indent + 2 && out.at(-1)?.kind === 'item' && out.at(-1)!.group === group) {
        // An item indented under the one before opens a list nested in it: that item is the
        // nested list's lead-in, and stays an item of its own list.
        const parentItem = out.at(-1)!;
        nested = { outer: group, indent: at };
        group = ++groups;
        Object.assign(parentItem, { kind: 'lead', group, parent: nested.outer });
      }
      inList = true;
      item = [line.replace(ITEM, '')];
      numbered = /^\s*\d/.test(line);
      continue;
    }
    // A line right under an item continues it (indented or lazily flush-left, as CommonMark
    // reads it); after a blank line, a flush-left line ends the list.
    if (item) {
      item.push(line.trim());
      continue;
    }
    if (inList && !para.length && /^\S/.test(raw)) inList = false;
    para.push(line.trim());
  }
  flushPara(); flushItem(); flushTable();
  return withTerms(out);
}

/**
 * An option's synopsis on a line of its own ("--freelist-vol=<number> [default: 20000000]",
 * "-q, --quiet"), as manuals set them over their description: a dash and a name, a few words
 * at most beside its bracketed default, no sentence.
 */
export function isOptionTerm(text: string): boolean {
  const bare = text.replace(/\[[^\]]*\]/g, ' ').trim();
  if (!/^-{1,2}[\p{L}\d]/u.test(text) || text.length > 100 || /[.!?:;]\s|[!?:;]$|\p{L}{2}\.$/u.test(bare)) return false;
  return bare.split(/\s+/).length <= 3;
}

/**
 * An option's synopsis is joined to the first sentence of its description ("--freelist-vol=
 * <number> [default: 20000000]: When the client program releases memory…"), as a definition
 * line is: alone, the synopsis answered "what does it do?" with its default, and the
 * description "what is its default?" without the option's name.
 */
function withTerms(list: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < list.length; i++) {
    const u = list[i];
    const next = list[i + 1];
    if (next && (u.kind === 'text' || u.kind === 'item') && next.kind === u.kind && next.group === u.group && isOptionTerm(u.text) && !isOptionTerm(next.text) && /^\p{Lu}/u.test(next.text)) {
      out.push({ ...next, text: `${u.text}: ${next.text}` });
      i += 1;
    } else out.push(u);
  }
  return out;
}
