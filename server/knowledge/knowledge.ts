/**
 * A bot's knowledge: documents from its folder (.md, .txt, .html; .pdf and .docx parsed by
 * server/sources/), inline documents and pages fetched from its sitemaps (handed in by
 * knowledge-live.ts), cut into passages and indexed (search-index.ts; kept in the data dir
 * by index-cache.ts). Search gives passages with a relevance in [0,1]; a source that cannot
 * be read marks the base as degraded instead of failing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { BotSettings, KnowledgeDoc } from '../config/config.ts';
import type { Passage, Turn } from './passage.ts';
import { indexKey, readIndex, writeIndex } from './index-cache.ts';
import { buildIndex, buildIndexAsync, SearchIndex, type Expansion, type FieldTerms, type IndexData } from './search-index.ts';
import { fileId, fileTitle, type SourceDocument } from './sources/document.ts';
import { readSourceFile, SOURCE_EXTENSIONS } from './sources/files.ts';
import { mainText } from './sources/page.ts';
import { asksItsOwn, namedIn, sameSubject } from './follow-up.ts';
import { searchedParts } from './question-parts.ts';
import { englishSpelling, isBritishSpelling, isEnglishWord, withApostrophes } from './english-words.ts';
import { messageLanguage } from './language.ts';
import { entryTerm, isOptionTerm, keyCells, namesKey, splitSentences, units } from './units.ts';
import { synonymsOf, withPhrasesAsWords } from './synonyms.ts';
import { fuse } from './fusion.ts';
import type { VectorIndex } from './vector-index.ts';
import SearchableMap from 'minisearch/SearchableMap';
import { askedWords, asksAsHeading, DASHED, FAQ_ENTRY, escapeRegExp, FENCE, isStopWord, plainInline, lettersOf, looksLikeName, normTerm, questionTerms, spelledAsMeant, stemOnce, stopWordSlip, surfaceWords, terms, tokens } from './text.ts';

export interface SearchResult {
  passages: Passage[];
  degraded: boolean;
  /**
   * The words searched for (the question's stems), each weighted by rarity in this knowledge
   * (IDF): rare words say more; a typo weighs what the word it stands for weighs; words of
   * earlier turns weigh less.
   */
  weights: Map<string, number>;
  /**
   * What each searched word was found as in the knowledge: itself, the words a typo stands
   * for, and words of the same meaning (synonyms.ts). An answer covers the word when it
   * contains any of them.
   */
  alternatives: Map<string, string[]>;
  /**
   * Names in the question the knowledge never uses and no typo explains ("WebSocket",
   * "PostgreSQL", "CEO"): the visitor asks about a thing these pages do not know.
   */
  unknownNames: string[];
  /**
   * The question's own words (stems) the knowledge never uses and no typo or synonym explains
   * ("unlock" on pages that never speak of unlocking): compose() reads the action a "how do
   * I…?" question asks about against them.
   */
  unknownWords?: string[];
  /**
   * The question searched, with the slips the search found spelt as meant ("wich compiler flag
   * shows line numbres?" → "which compiler flag shows line numbers?"): what the extractive
   * engine reads the question's frame from.
   */
  spelled: string;
  /**
   * The searched words that came from the earlier turns, not from the question itself (the
   * earlier questions' words, and the thing "it" points back at): what an elliptical
   * follow-up leaves unsaid. Empty for a question searched alone.
   */
  earlier?: string[];
  /**
   * Per found passage (by id), the passages right after it in its document under the same
   * heading, in order (at most FOLLOWING): where a list its passage opens goes on ("1. Two
   * changes…" here, "2. The multi-line matching…" two passages on, past the first item's code).
   */
  following?: Map<string, Omit<Passage, 'score'>[]>;
}

/** How many passages after a found one come with it (SearchResult.following). */
const FOLLOWING = 3;
/** The document a passage id is of (ids are "document#n", chunk()). */
const documentOf = (id: string) => id.slice(0, id.lastIndexOf('#'));

const EMPTY_SURFACE = new SearchableMap<string>();
/** A question's typos, as typed → the knowledge's words they stand for (SearchIndex.correct). */
type Corrections = Map<string, Expansion[]>;
/** How many passages holding two words are read for the phrase they make (KnowledgeBase.spaced). */
const PHRASE_SCAN = 200;
const surfaceMap = (map: Map<string, string>) => SearchableMap.from([...map].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));

/** Read as text, synchronously. */
const TEXT_EXTENSIONS = new Set(['.md', '.markdown', '.txt', '.html', '.htm']);
/** Every file type a knowledge folder is read for (and watched for): text, PDF and DOCX. */
export const EXTENSIONS = new Set([...TEXT_EXTENSIONS, ...SOURCE_EXTENSIONS]);
const CHUNK_CHARS = 900;
const MAX_FILES = 5000;
const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Below this relevance a passage is not evidence for an answer. */
export const MIN_RELEVANCE = 0.3;
/** The relevance of a passage whose heading is the visitor's question, word for word. */
const FAQ_MATCH = 0.9;
/**
 * An FAQ entry in a passage's text that asks the visitor's question word for word (beyond
 * articles and pronouns) ranks first: the passages that only share its common words ("report",
 * "error", "program" all over a manual) had the search's full share of them, above the entry.
 */
const ENTRY_MATCH = 1;
/**
 * Is a passage the section of what a question asks about: every word of its heading is the
 * question's, one of them its rarest, and its heading with its page title say most of the
 * question (by weight)?
 */
export function sectionAsked(p: { heading: string; title: string }, weight: ReadonlyMap<string, number>, total: number, language = 'en'): boolean {
  const heading = terms(p.heading, language);
  // The heading holds the question's rarest word: "GIT" on every page of a git manual is not the section asked about.
  const top = Math.max(0, ...weight.values());
  if (!heading.length || !heading.every((t) => weight.has(t)) || !heading.some((t) => weight.get(t) === top)) return false;
  const said = new Set([...heading, ...terms(p.title, language)]);
  return [...said].reduce((a, t) => a + (weight.get(t) ?? 0), 0) >= total * NAMED_SHARE;
}
/**
 * The names of code a question says ("reply.code", "url.canParse()", "os.constants.priority"),
 * without the call's brackets. Each part has two letters at least: "e.g." is no name.
 */
export function codeNamesIn(question: string): string[] {
  return [...question.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]+(?:\.[A-Za-z_$][\w$]+)+)(?![\w$])/g)].map((m) => caseless(m[1]));
}
/**
 * A name of code as it is compared: its case kept (url.parse() and URL.parse() are two
 * functions), but for its first letter, which a visitor may capitalize ("Reply.code").
 */
const caseless = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
/**
 * The name an API reference's heading gives its entry: "url.canParse(input[, base])"
 * → "url.canParse", "Class: dns.Resolver" → "dns.resolver", "#### .code(statusCode)" → ".code"
 * (a member of the page's object); null for a heading that is no name of code.
 */
export function entryName(heading: string): string | null {
  const m = /^(?:(?:class|static method|method|property|event)\s*:\s*)?(?:new\s+)?(\.?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?:\(.*\))?$/i.exec(plainInline(heading));
  return m && /[.(]/.test(plainInline(heading)) ? caseless(m[1]) : null;
}
/**
 * Is a passage the entry of a name of code the question says? An API reference titles each
 * entry with its signature ("dns.setServers(servers)", or ".port" on the Request page for
 * "request.port"): the question that names it asks about that entry, whatever its other words
 * ("what does request.port give me…", "what parameters does reply.then() take"), which the
 * entry's prose seldom repeats, and the call's own words ("then") are often no search words.
 */
export function entryAsked(p: { heading: string; title: string }, names: readonly string[]): boolean {
  const entry = names.length ? entryName(p.heading) : null;
  if (!entry) return false;
  const title = new Set(plainInline(p.title).toLowerCase().split(/[^\w$]+/));
  return names.some((n) => n === entry || (entry.startsWith('.') && n.endsWith(entry) && title.has(n.slice(0, -entry.length).split('.').at(-1)!.toLowerCase())));
}
/** How much of the question (by weight) a section's heading and page title must say to be the section asked about. */
const NAMED_SHARE = 0.5;
/** How many passages of an entry of a reference its name in the question puts first. */
const ENTRY_PASSAGES = 2;
/** What puts a named section before the passage it ties with. */
const NAMED_SECTION_TIE = 0.001;
/** The relevance of a passage with a table row keyed by the question's rarest thing (keyMatch). */
const KEY_MATCH = 0.5;

/** `title:` and `url:` from a leading `---` block; the rest is the body. */
export function frontMatter(text: string): { meta: Record<string, string>; body: string } {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!m) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of m[1].split(/\r?\n/)) {
    const kv = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (kv) meta[kv[1].toLowerCase()] = kv[2].trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return { meta, body: text.slice(m[0].length) };
}

/** Reads one knowledge file into a document; title from front matter, first heading, else file name. */
export function readDocument(file: string, root: string): KnowledgeDoc {
  const raw = readFileSync(file, 'utf8');
  const ext = extname(file).toLowerCase();
  const { meta, body } = frontMatter(raw);
  let text = body;
  let htmlTitle: string | null = null;
  // A saved web page is read as a crawled one is: its main text, without the site's chrome
  // (navigation, header, footer), which would otherwise answer questions about every topic.
  if (ext === '.html' || ext === '.htm') ({ text, title: htmlTitle } = mainText(body));
  return {
    id: fileId(file, root),
    title: meta.title || htmlTitle || firstTitle(text) || fileTitle(file),
    url: meta.url ?? '',
    text,
  };
}

/**
 * A text's first heading as chunk() reads headings: "# Title" outside a listing. A shell
 * comment in a listing ("# jump to changes not yet staged", "# Underline highlighted
 * portions") names no document; a plain-text manual without one is titled by its file name.
 */
export function firstTitle(text: string): string | null {
  const lines = text.split('\n');
  let listing = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const opensBlock = i === 0 || !lines[i - 1].trim();
    if (FENCE.test(line) && (listing || !DASHED.test(line) || (opensBlock && (lines[i + 1] ?? '').trim() !== ''))) {
      listing = !listing;
      continue;
    }
    if (listing) continue;
    const atx = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (atx) return atx[1];
  }
  return null;
}

/** A title in capitals on a line of its own: "PRE-BUILT BINARIES", "LOCATION" (three capitals at least, no sentence end). */
const CAPS_TITLE = /^(?=.*\p{Lu}{3})[\p{Lu}\p{N}][\p{Lu}\p{N} &/,'()-]{2,60}$/u;
/** A row of # around a banner title. */
const BANNER_RULE = /^#{5,}\s*$/;
/** A block that ends on a question. */
const ASKS = /\?["')\]]?\s*$/;
const FAQ_NUMBER = /^\d+(?:\.\d+)+\.\s+/;
/** A line of a table of contents: a second entry number after the first. */
const SEVERAL_ENTRIES = /\s\d+(?:\.\d+)+\.\s+["'“]?\p{Lu}/u;

/** AsciiDoc markup on a line of its own: block attributes ("[verse]", "[TIP]", "[source,sh]"), anchors ("[[opts]]", "[#opts]"), conditionals and includes ("ifdef::man[]", "endif::[]"), a list continuation ("+"). */
const ASCIIDOC_MARKUP = /^(?:\[(?:verse|quote|literal|listing|source(?:,[^\]]*)?|NOTE|TIP|IMPORTANT|WARNING|CAUTION|example|sidebar|horizontal|qanda|glossary|float|discrete|abstract|partintro)\]|\[\[[\w:.-]+(?:,[^\]]*)?\]\]|\[#[\w:.-]+\]|(?:ifn?def|ifeval|endif|include)::[^\s]*\[[^\]]*\]|\+)\s*$/;

/** A title over its underline: "=" or "-" (Markdown, plain text), "~", "^" or "+" (AsciiDoc's lower levels), about as long as the title. */
function isUnderlined(lines: readonly string[]): boolean {
  if (lines.length < 2 || !/^(?:[=-]{3,}|~{3,}|\^{3,}|\+{3,})\s*$/.test(lines[1])) return false;
  const title = lines[0].trim();
  const off = Math.abs(lines[1].trim().length - title.length);
  // A title may end on a full stop ("Performance, Internal Implementation etc.") when its
  // underline is as long as it, within two characters, as AsciiDoc writes it: a sentence over
  // a dashed line of about its length is rarely that exact.
  return /^[\p{L}\p{N}"'`(]/u.test(title) && !/[:;,]\s*$/.test(title) && (!/\.\s*$/.test(title) || off <= 2)
    && off <= Math.max(3, title.length * 0.3);
}

/**
 * Whether line i of a block opens or closes a listing. A fence of backticks or tildes opens
 * one anywhere, as Markdown reads it ("**app.js**" over "```js"); a long dashed line only as
 * the first line of a block that goes on (under a title it is the title's underline; alone,
 * a thematic break). A title's underline of tildes is no fence either.
 */
function togglesFence(lines: readonly string[], i: number, listing: boolean): boolean {
  if (!FENCE.test(lines[i])) return false;
  if (listing) return true;
  if (DASHED.test(lines[i])) return i === 0 && lines.length > 1;
  return !(i === 1 && /^\s*~+\s*$/.test(lines[i]) && isUnderlined(lines));
}

/** What marks a name of code in a word: a "_", a ".", a digit, or two capitals ("FST_ERR_CTP_…", "rl.question", "node22", "createReadStream"). */
const CODE_MARK = /[_.\p{N}]|\p{Lu}.*\p{Lu}/u;
/** A Markdown heading line ("### preSerialization"). */
const ATX_HEADING = /^#{1,6}\s+\S/;
/**
 * A heading that follows a closing code fence with no blank line between ("```" then "###
 * preSerialization") starts its section all the same, as Markdown renders it:
 * read inside the block before it, its section's sentences were read under the section before
 * ("The hook is NOT called if the payload is a string…" under "preHandler"). A blank line is
 * put before it. Only a backtick fence counts (a line of tildes or dashes may be a title's
 * underline in AsciiDoc or plain text), and a "#" line inside a listing is code.
 */
function headingsApart(text: string): string {
  // Most documents have no such heading: their text is kept as it is, not copied (the passages
  // are slices of it; a joined copy would hold every document's text twice).
  if (!/`{3,}[ \t\r]*\n#/.test(text)) return text;
  const lines = text.split('\n');
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*`{3,}/.test(line)) {
      fenced = !fenced;
      continue;
    }
    const prior = lines[i - 1];
    if (!fenced && i > 0 && ATX_HEADING.test(line) && /^\s*`{3,}\s*$/.test(prior)) lines[i] = `\n${line}`;
  }
  return lines.join('\n');
}

/** Cuts a document into passages at headings and blank lines, about CHUNK_CHARS each. */
export function chunk(doc: SourceDocument): Omit<Passage, 'score'>[] {
  const out: Omit<Passage, 'score'>[] = [];
  let heading = '';
  let buf: string[] = [];
  const flush = () => {
    // An item that opens the passage keeps its indent, as the items after it keep theirs (one
    // indented under another is nested in it: units.ts).
    const text = buf.join('\n\n').replace(/^\s*\n/, '').trimEnd();
    if (text.trim()) out.push({ id: `${doc.id}#${out.length}`, sourceId: doc.sourceId ?? doc.id, title: doc.title, url: doc.url, heading, text });
    buf = [];
  };
  // Inside a listing fenced by ``` or by a long dashed line (Git's plain-text docs),
  // "# jump to merge conflicts" is a shell comment, not a heading. A fence opens a listing
  // only as the first line of a block that goes on (under a title a dashed line is the
  // title's underline; alone, a thematic break).
  let listing = false;
  // The line that opened it ("```js", "------------"): a passage cut inside a listing is closed
  // at the cut and opens with it again, or the next passage's code read as prose up to its
  // closing fence, and what came after as code ("The other log entries that will be disabled
  // are:" and its list).
  let opening = '```';
  const close = (inListing: boolean) => {
    if (inListing) buf.push(/^[`~]+/.exec(opening)?.[0] ?? opening);
  };
  const reopen = (inListing: boolean) => {
    if (inListing) buf.push(opening);
  };
  // Where the list being read starts in buf (its lead-in, or its first item), and its lead-in:
  // a loose list (items apart by blank lines, as HTML's <li>, PDF items and Markdown's loose
  // lists come) is many blocks, and a cut between them left the later items without their
  // lead-in and the answer with half the list.
  let run = -1;
  let runLead: string | null = null;
  let runLong = false;
  // Blank lines end a block; the next block's indentation is kept, so an item's indented body
  // ("   yields (where…):" under "1. Two changes on the same line…") is told from prose.
  for (const raw of headingsApart(doc.text).split(/\n(?:[ \t\r]*\n)+/)) {
    const inListing = listing;
    // AsciiDoc's markup lines outside a listing ("[verse]", "[[anchor]]", "ifdef::…[]", a "+"
    // joining a paragraph to its entry) are no words of the document: left in, "[TIP]" or "+"
    // opened an answer. Inside a listing they are code ("+" an added blank line of a diff).
    const rawLines = raw.trim().split('\n');
    const kept = rawLines.filter((line, i) => {
      const outside = !listing;
      if (togglesFence(rawLines, i, listing)) {
        if (!listing) opening = line.trim();
        listing = !listing;
      }
      return !(outside && ASCIIDOC_MARKUP.test(line));
    });
    // The block's first line keeps its indent (an item's body is told from prose by it).
    const block = (kept[0] === rawLines[0] ? /^\s*/.exec(raw)![0] : '') + kept.join('\n');
    const b = block.trim();
    if (!b) continue;
    const lines = b.split('\n');
    const h = inListing ? null : /^#{1,6}\s+(.+?)\s*#*$/.exec(lines[0]);
    // A title underlined with = or - ("Color Config" over "------------"), as Markdown and
    // plain-text docs write it, or with ~, ^ or + (AsciiDoc's lower levels); the underline is
    // about as long as the title, unlike the dashed lines around a code listing.
    const setext = !h && isUnderlined(lines) ? lines[0].trim() : null;
    // Plain-text docs title a section with a line in capitals alone ("PREREQUISITES",
    // "BUILDING") or a banner ("# BUILDING FROM SOURCE" between rows of #).
    const caps = !h && !setext && !inListing && lines.length === 1 && CAPS_TITLE.test(b) ? b : null;
    const banner = !h && !setext && !inListing && lines.length >= 3 && lines.every((l) => BANNER_RULE.test(l) || /^#\s+\S/.test(l)) && BANNER_RULE.test(lines[0])
      ? lines.filter((l) => !BANNER_RULE.test(l)).map((l) => l.replace(/^#\s+/, '').trim()).join(' ') || null : null;
    if (h || setext || caps || banner) {
      run = -1;
      flush();
      heading = h ? h[1] : (setext ?? caps ?? banner)!;
      const rest = caps || banner ? '' : lines.slice(h ? 1 : 2).join('\n').trim();
      if (rest) buf.push(rest);
      continue;
    }
    // A lead-in ("…exposes the following functions:") stays with what it introduces, when
    // that fits in a passage of its own: split from its list, neither half answers.
    // So does a paragraph right before the first of numbered steps or cases ("…to make
    // everything work nicely together.  All this is optional." over "1. Run a git-daemon."):
    // it introduces them without a colon, and cut from them it answered alone.
    const leadIn = buf.length > 0 && (/:\s*$/.test(buf.at(-1)!) || (!inListing && introducesSteps(buf.at(-1)!, b)));
    const pieces = b.length > CHUNK_CHARS && !inListing ? tablePieces(b) : null;
    if (pieces) {
      // A long table is cut between rows, each piece under the table's header (and lead-in),
      // so a row is searched in a passage of ordinary size, not in one of 20,000 characters.
      const lead = leadIn ? buf.pop()! : null;
      run = -1;
      flush();
      for (const piece of pieces) {
        buf.push(lead ? `${lead}\n\n${piece}` : piece);
        flush();
      }
      continue;
    }
    // An item, or an item's body (indented, or a listing), goes on with the list being read.
    const item = !inListing && LIST_ITEM.test(b);
    const inList = run >= 0 && (item || /^[ \t]{2,}\S/.test(block) || inListing || FENCE.test(lines[0]));
    if (item && !inList) {
      run = leadIn ? buf.length - 1 : buf.length;
      runLead = leadIn ? buf.at(-1)! : null;
      // A list under a paragraph that introduces it grows as prose does: only a colon's list
      // stays whole up to LIST_CHARS (sections of markdown docs lost their answers to longer passages).
      runLong = leadIn && /:\s*$/.test(runLead!);
    } else if (!inList) run = -1;
    if (buf.join('\n\n').length + b.length > CHUNK_CHARS && inList) {
      // The list goes on past the passage's size: the passage ends before the list, which
      // stays whole up to LIST_CHARS; a longer list is cut between items, and the next piece
      // opens with its lead-in again, as a long table's pieces do with its header.
      const list = buf.slice(run);
      if ([...list, b].join('\n\n').length <= (runLong ? LIST_CHARS : CHUNK_CHARS)) {
        if (run > 0) {
          buf = buf.slice(0, run);
          flush();
          buf.push(...list);
        }
      } else {
        close(inListing);
        flush();
        if (runLong) buf.push(carriedLead(runLead!));
        reopen(inListing);
      }
      run = 0;
    } else if (buf.join('\n\n').length + b.length > CHUNK_CHARS && !(leadIn && b.length <= CHUNK_CHARS)) {
      // An FAQ's question ("5.1. Can Valgrind write my suppressions for me?") opens the passage
      // of its answer ("Yes! Use --gen-suppressions=yes…"), not the end of the one before.
      // So does an option's synopsis ("--num-callers=<number> [default: 12]") its description.
      const question = !inListing && buf.length > 1 && ((ASKS.test(buf.at(-1)!) && !ASKS.test(b)) || isOptionTerm(buf.at(-1)!)) ? buf.pop()! : null;
      close(inListing);
      flush();
      if (question) buf.push(question);
      reopen(inListing);
      // A list that opens here opens the new passage.
      if (run >= 0) run = buf.length;
    }
    // An item keeps its indent: indented under another item, it is an item of a nested list (units.ts).
    buf.push(item ? block.replace(/^\n+/, '').trimEnd() : b);
  }
  flush();
  return out;
}

/**
 * How long a loose list with a lead-in grows in one passage before it is cut between items:
 * lists in one block stay whole whatever their length (tablePieces), a list of blocks up to
 * twice a passage. Items with no lead-in under a heading (release notes' entries) are entries
 * of their own, cut as prose is.
 */
const LIST_CHARS = 2 * CHUNK_CHARS;
/** A block that opens with a list item ("- …", "* …", "1. …", "2) …"). */
const LIST_ITEM = /^(?:[-*+•]|\d{1,3}[.)])\s+\S/;
/** A numbered list's first item ("1. …", "1) …"). */
const FIRST_STEP = /^1[.)]\s+\S/;
/** A paragraph of prose (a sentence's end, no item, no listing) before a numbered list's first item, the two within a passage (a paragraph of a passage's size is no intro). */
const introducesSteps = (before: string, block: string) =>
  FIRST_STEP.test(block) && before.length + block.length <= CHUNK_CHARS && !LIST_ITEM.test(before) && !FENCE.test(before.split('\n')[0]) && /[.!?]["')]?\s*$/.test(before);
/** How long a lead-in a list's later piece repeats whole; of a longer one, its last sentence ("The behaviour you get is:"). */
const LEAD_CARRY = 300;
const carriedLead = (lead: string) => (lead.length <= LEAD_CARRY ? lead : (splitSentences(lead.replace(/\s+/g, ' ')).at(-1) ?? lead));

/**
 * A table's block in pieces of about CHUNK_CHARS, each under the table's header; null for
 * anything else. (Long lists stay whole: cut into items, their prose outranked the tables
 * that answer on the dev half.)
 */
function tablePieces(block: string): string[] | null {
  const lines = block.split('\n');
  // Every line a row (HTML tables come without the Markdown separator line).
  if (lines.length <= 3 || !lines.every((l) => /^\s*\|/.test(l))) return null;
  const header = lines.slice(0, /^\s*\|?[\s|:-]+$/.test(lines[1]) ? 2 : 1);
  const pieces: string[] = [];
  let rows: string[] = [];
  const size = (more: string) => [...header, ...rows, more].join('\n').length;
  for (const row of lines.slice(header.length)) {
    if (rows.length && size(row) > CHUNK_CHARS) {
      pieces.push([...header, ...rows].join('\n'));
      rows = [];
    }
    rows.push(row);
  }
  if (rows.length) pieces.push([...header, ...rows].join('\n'));
  return pieces.length > 1 ? pieces : null;
}

function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && EXTENSIONS.has(extname(entry.name).toLowerCase())) files.push(p);
      if (files.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} files`);
    }
  };
  walk(dir);
  return files.sort();
}

export interface KnowledgeOptions {
  /** Where built indexes are kept between starts (see index-cache.ts); none: always build. */
  cacheDir?: string | null;
  /** The file name of this base's index in cacheDir (the bot id). */
  name?: string;
}

export interface SearchOptions {
  /** Earlier turns of the conversation, oldest first: a follow-up is searched with them. */
  history?: readonly Turn[];
  limit?: number;
  /** The searched text's vector (`questionVector`): its nearest passages are fused with the lexical ranking. */
  vector?: Float32Array | null;
}

/**
 * What a base knows by meaning, when its bot has an embeddings endpoint (passage-vectors.ts
 * attaches it once the passages' vectors are there): their index, how near a passage found
 * only by meaning must be, and how a question's vector is asked for.
 */
export interface Semantic {
  /** One row per passage; a passage without its vector yet (a page that just arrived) is never nearest. */
  index: VectorIndex;
  /** How similar a passage the lexical search missed must be to join the results (fusion.ts). */
  minSimilarity: number;
  embed(text: string, signal?: AbortSignal): Promise<Float32Array | null>;
}

type Source = { knowledge: Pick<BotSettings['knowledge'], 'dir' | 'documents'>; language?: string };
type Stored = Omit<Passage, 'score'>;

/** The folder's files and the inline documents, cut into passages; what could not be read. */
export interface Collected {
  passages: Stored[];
  problems: string[];
}

/** Documents that come from elsewhere than the config and the folder: a sitemap's pages. */
export interface Fetched {
  documents: readonly SourceDocument[];
  /** Sitemaps that could not be read: the base is degraded. */
  problems: readonly string[];
}

interface Prepared {
  passages: Stored[];
  problems: string[];
  key: string;
  data: IndexData | null;
  /** The data was read from the data dir. */
  cached: boolean;
  /** Only the folder and the config's documents: the index may be kept in the data dir. */
  storable: boolean;
}

/** The recent user turns a question is searched with, and how much each counts: the latest most. */
const CONTEXT_WEIGHTS = [0.5, 0.25];
const MAX_QUESTION_TERMS = 16;
const MAX_CONTEXT_TERMS = 12;
/** How much matching the earlier turns adds to a passage's rank (not to its relevance). */
const CONTEXT_BONUS = 0.3;
const UNKNOWN_WEIGHT = 1;
/** A synonym finds a passage, but less surely than the visitor's own word. */
const SYNONYM_FACTOR = 0.8;
/** Candidates ranked again with coverage, per passage returned. */
const CANDIDATES = 4;
/** Candidates for the question's rarest word alone, per passage returned. */
const RARE_CANDIDATES = 4;

/**
 * A question of several parts ("Can a Day Pass be refunded? Also, how much is the Amex
 * surcharge?") ranks passages by all its words, so one part's passages, which say more of
 * them, crowd out the other part's: the best passage of each part comes right after the best
 * one, as relevant as it is to its part.
 */
function partsFirst(ranked: { passage: Passage; partShares: number[] }[], parts: number): void {
  const firsts: typeof ranked = [];
  for (let k = 0; k < parts; k++) {
    const best = ranked.reduce<(typeof ranked)[number] | undefined>((b, r) => (r.partShares[k] > (b?.partShares[k] ?? MIN_RELEVANCE - 1e-9) ? r : b), undefined);
    if (!best || best === ranked[0] || firsts.includes(best)) continue;
    best.passage.score = Math.max(best.passage.score, Math.round(best.partShares[k] * 1000) / 1000);
    firsts.push(best);
  }
  const rest = ranked.filter((r, i) => i > 0 && !firsts.includes(r));
  ranked.splice(1, ranked.length - 1, ...firsts, ...rest);
}
/** How much of a question's own weight a part must carry to be searched for on its own. */
const PART_SHARE = 0.15;

/**
 * The text files and inline documents, read synchronously, and the PDF/DOCX files still to
 * parse (in the folder's sorted order, so the same folder always gives the same passages).
 */
function readTexts(bot: Source): { docs: SourceDocument[]; binaries: string[]; problems: string[] } {
  const problems: string[] = [];
  const docs: SourceDocument[] = [...bot.knowledge.documents];
  const binaries: string[] = [];
  const dir = bot.knowledge.dir;
  if (dir) {
    try {
      if (!statSync(dir).isDirectory()) throw new Error('not a folder');
      for (const file of listFiles(dir)) {
        if (!TEXT_EXTENSIONS.has(extname(file).toLowerCase())) {
          binaries.push(file);
          continue;
        }
        try {
          if (statSync(file).size > MAX_FILE_BYTES) throw new Error('file too large');
          docs.push(readDocument(file, dir));
        } catch (e) {
          problems.push(`${file}: ${(e as Error).message}`);
        }
      }
    } catch (e) {
      problems.push(`${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  return { docs, binaries, problems };
}

/**
 * Reads the bot's documents, PDF and DOCX files included (parsed one file at a time by
 * server/sources/, awaited in turn), and cuts them into passages; a file that cannot be
 * read is a problem, never a failure.
 */
export async function collect(bot: Source): Promise<Collected> {
  const { docs, problems } = await readDocuments(bot);
  return { passages: docs.flatMap((doc) => chunk(doc)), problems };
}

/** The bot's documents as the chunker reads them (PDF and DOCX parsed); what could not be read. */
export async function readDocuments(bot: Source): Promise<{ docs: SourceDocument[]; problems: string[] }> {
  const { docs, binaries, problems } = readTexts(bot);
  for (const file of binaries) {
    try {
      docs.push(...(await readSourceFile(file, bot.knowledge.dir!))!);
    } catch (e) {
      problems.push(`${file}: ${(e as Error).message}`);
    }
  }
  return { docs, problems };
}

/** `collect` for callers that cannot wait: PDF and DOCX files need the async `KnowledgeBase.load`. */
function collectSync(bot: Source): Collected {
  const { docs, binaries, problems } = readTexts(bot);
  for (const file of binaries) problems.push(`${file}: PDF and DOCX files are read only by KnowledgeBase.load`);
  return { passages: docs.flatMap((doc) => chunk(doc)), problems };
}

/** Two lines or more of a numbered list ("1. Do not cancel…", "2) Ask your carrier…"): a procedure. */
const NUMBERED_STEPS = /(?:^|\n)\s*\d{1,3}[.)]\s+\S[^\n]*\n(?:[^\n]*\n)*?\s*\d{1,3}[.)]\s+\S/;

/** The term of a definition list's entry on a line of its own (AsciiDoc's "--onto=<onto>::"). */
const DEFINED_TERM = /^[ \t]*(\S[^\n]*?)::[ \t]*$/gm;

function* fieldTerms(passages: Stored[], language: string): Generator<FieldTerms> {
  // A procedure is searched as steps, though it never says the word: "what are the steps to
  // port my number?" finds "1. Do not cancel… 2. Ask your carrier…" under "How to port your
  // number". Index files of the earlier terms are not read (index-cache.ts FORMAT).
  const steps = terms('step', language);
  // The terms of a list of commands or options ("pull <repository> <remote-ref>::", as man pages
  // write them) are searched as headings are: each names what its entry is about.
  // So is the name of an option whose synopsis stands on a line of its own ("--read-var-info=
  // <yes|no> [default: no]", as manuals set them over their description): its entry is found
  // before the passages that mention it. The name whole, not its parts ("gen", "suppressions").
  for (const p of passages) {
    const defined = [...p.text.matchAll(DEFINED_TERM)].map((m) => m[1]).join(' ');
    const options = p.text.split('\n').filter(isOptionTerm).flatMap((line) => terms(entryTerm(line) ?? '', language).slice(0, 1));
    yield { title: terms(p.title, language), heading: [...terms(`${p.heading} ${defined}`, language), ...options], text: NUMBERED_STEPS.test(p.text) ? [...terms(p.text, language), ...steps] : terms(p.text, language) };
  }
}

function prepare(bot: Source, o: KnowledgeOptions, collected: Collected, fetched?: Fetched): Prepared {
  // Fetched pages change with every crawl batch and are fetched again at every start, so an
  // index holding them is never stored: the stored one is the folder's, read back at start.
  const storable = !fetched?.documents.length;
  const passages = storable ? collected.passages : [...collected.passages, ...fetched!.documents.flatMap((doc) => chunk(doc))];
  const problems = [...collected.problems, ...(fetched?.problems ?? [])];
  const language = bot.language ?? 'en';
  // Hashing every page's text on each crawl batch would block the event loop for nothing.
  const key = storable ? indexKey(passages, language) : '';
  const data = o.cacheDir && storable ? readIndex(o.cacheDir, o.name ?? 'knowledge', key) : null;
  return { passages, problems, key, data, cached: data !== null, storable };
}

function store(o: KnowledgeOptions, p: Prepared, data: IndexData) {
  if (!o.cacheDir || !p.storable) return;
  try {
    writeIndex(o.cacheDir, o.name ?? 'knowledge', p.key, data);
  } catch (e) {
    // Not fatal: the next start builds the index again.
    p.problems.push(`index cache ${o.cacheDir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Endings a stemmer cuts off or leaves: English ("-est", "-ing", "-ness") and the commonest of
 * the other shipped languages ("-ung", "-ez", "-ando"), whose real words can reach correction.
 */
const ENDING = /^(?:e|e?s|e?d|ing|e?r|ers|e?st|ly|ness|ment|ions?|ive|ity|ie[sdr]|iest|en|em|ung|ez|ons|ent|a[sr]|os|(?:and|ad)[oa])$/;

/** A word that is its stem plus an ending ("largest" from "larg"), not the stem with a slip ("runns"). */
function goesOnFrom(word: string, stem: string): boolean {
  return word.startsWith(stem) && ENDING.test(word.slice(stem.length));
}

export class KnowledgeBase {
  private readonly index: SearchIndex;
  private readonly passages: Stored[];
  /** Why a source could not be loaded, when one could not (the base then works on the rest). */
  readonly problems: string[];
  readonly language: string;
  /** True when the index was read from the data dir instead of built. */
  readonly fromCache: boolean;

  /**
   * Reads and indexes synchronously (or reads a stored index): text files and inline
   * documents only, a PDF or DOCX file in the folder is a problem. `load` reads everything
   * without blocking; the server uses it.
   */
  constructor(bot: Source, o: KnowledgeOptions = {}, prepared?: Prepared & { data: IndexData }) {
    this.language = bot.language ?? 'en';
    const p = prepared ?? prepare(bot, o, collectSync(bot));
    this.passages = p.passages;
    this.problems = p.problems;
    this.fromCache = p.cached;
    let data = p.data;
    if (!data) {
      data = buildIndex(fieldTerms(p.passages, this.language));
      store(o, p, data);
    }
    this.index = new SearchIndex(data);
  }

  /**
   * Reads the documents (or takes them as `collected` when only `fetched` changed), then reads
   * the stored index or builds one in batches that give the event loop back, so a reload while
   * serving does not stall open streams.
   */
  static async load(bot: Source, o: KnowledgeOptions = {}, collected?: Collected, fetched?: Fetched): Promise<KnowledgeBase> {
    const p = prepare(bot, o, collected ?? (await collect(bot)), fetched);
    let data = p.data;
    if (!data) {
      data = await buildIndexAsync(fieldTerms(p.passages, bot.language ?? 'en'));
      store(o, p, data);
    }
    const kb = new KnowledgeBase(bot, o, { ...p, data });
    // The surface words (for typos of long words) are gathered in the background, a batch at
    // a time: a large knowledge base starts without waiting for them (3 s at 100,000 chunks),
    // and no question waits either; until they are there, typos match on stems only.
    kb.gathering = kb.gatherSurface().catch(() => undefined).finally(() => (kb.gathering = null));
    return kb;
  }

  /** A base that knows nothing and says why (degraded): what a bot has before its first read. */
  static unavailable(language: string, why: string): KnowledgeBase {
    const passages: Stored[] = [];
    return new KnowledgeBase({ knowledge: { dir: null, documents: [] }, language }, {}, { passages, problems: [why], key: '', data: buildIndex(fieldTerms(passages, language)), cached: false, storable: false });
  }

  get size() {
    return this.passages.length;
  }

  /** Set when the passages' vectors are there (passage-vectors.ts); null: lexical search only. */
  private semantic: Semantic | null = null;

  attachVectors(semantic: Semantic): void {
    this.semantic = semantic;
  }

  get hasVectors(): boolean {
    return this.semantic !== null;
  }

  /** Each passage as it is embedded: its title, heading and text, one passage per row of the vector index. */
  embeddingTexts(): string[] {
    return this.passages.map((p) => [p.title, p.heading, p.text].filter(Boolean).join('\n'));
  }

  /**
   * The vector of a text to search, or null (no endpoint, the passages' vectors not there yet,
   * the endpoint failing or slower than its timeout_ms, or `signal` aborted): then the search
   * is lexical only. Never throws.
   */
  async questionVector(text: string, signal?: AbortSignal): Promise<Float32Array | null> {
    return this.semantic ? this.semantic.embed(text, signal) : null;
  }

  get degraded() {
    return this.problems.length > 0;
  }

  /** Each source document once (the console's knowledge health lists them, cited or not). */
  sources(): Array<{ source_id: string; title: string; url: string }> {
    const seen = new Map<string, { source_id: string; title: string; url: string }>();
    for (const p of this.passages) if (!seen.has(p.sourceId)) seen.set(p.sourceId, { source_id: p.sourceId, title: p.title, url: p.url });
    return [...seen.values()];
  }

  private surface: SearchableMap<string> | null = null;
  /** The knowledge's words of three and four letters (the surface words are longer). */
  private shortWords: Set<string> | null = null;
  /** The letter triples of the knowledge's words, gathered with them: how its words are spelt. */
  private spellings: Set<string> | null = null;
  /** Set while the surface words are being gathered in the background. */
  private gathering: Promise<void> | null = null;
  /** Every surface word of the knowledge with its stem (built now if nobody is gathering them). */
  private surfaceVocabulary(): SearchableMap<string> {
    if (!this.surface && this.gathering) return EMPTY_SURFACE;
    if (!this.surface) {
      const map = new Map<string, string>();
      const short = new Set<string>();
      for (let i = 0; i < this.passages.length; i++) this.addSurface(map, short, i);
      this.setSurface(map, short);
    }
    return this.surface!;
  }

  /** `short`: the knowledge's words of three and four letters, which spell too ("plsn" → plan, "plys" → plus). */
  private setSurface(map: Map<string, string>, short: Set<string>) {
    this.shortWords = short;
    const spellings = new Set<string>();
    for (const words of [map.keys(), short]) for (const w of words) for (let i = 0; i + 3 <= w.length; i++) spellings.add(w.slice(i, i + 3));
    this.spellings = spellings;
    this.surface = surfaceMap(map);
  }

  /** How the knowledge spells its words, once gathered (null until then: no candidate is skipped). */
  private knownSpellings(): ReadonlySet<string> | null {
    if (!this.spellings && !this.gathering) this.surfaceVocabulary();
    return this.spellings;
  }

  private addSurface(map: Map<string, string>, short: Set<string>, i: number) {
    const p = this.passages[i];
    for (const t of tokens(`${p.title} ${p.heading} ${p.text}`)) {
      const w = t.toLowerCase();
      if (w.length < 5) short.add(w);
      if (w.length < 5 || map.has(w)) continue;
      const stem = normTerm(w, this.language);
      if (stem) map.set(w, stem);
    }
  }

  /** Gathers the surface words in batches that give the event loop back. */
  async gatherSurface(): Promise<void> {
    const map = new Map<string, string>();
    const short = new Set<string>();
    for (let i = 0; i < this.passages.length; i++) {
      this.addSurface(map, short, i);
      if (i % 2000 === 1999) await new Promise((r) => setImmediate(r));
    }
    this.setSurface(map, short);
    // The English dictionary typo correction asks first takes ~0.4 s to read: read here, in
    // the background after a load, not in the middle of a visitor's turn, which would hold up
    // every other stream on the event loop for as long.
    if (this.language.toLowerCase().startsWith('en')) isEnglishWord('warm');
  }

  /**
   * A hyphenated word of the question ("Wi-Fi") is one word, not four (tokens() gives "wi-fi",
   * "wifi", "wi" and "fi" so that any spelling finds it): it is searched as the form the
   * knowledge uses, whole or joined, and by its parts only when the knowledge has neither.
   * Counted four times it outweighed the rest of the question ("What is the Wi-Fi password?").
   */
  private oneTermPerWord(terms: string[], question: string): string[] {
    const drop = new Set<string>();
    // A part is dropped only as a part: "origin" in "--track-origins=yes, where can the origin
    // be?" is also a word of its own.
    const alone = new Set((question.match(/(?<![\p{L}\p{N}_-])[\p{L}\p{N}]+(?![\p{L}\p{N}_-])/gu) ?? []).map((w) => normTerm(w, this.language)));
    for (const word of question.match(/[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+/gu) ?? []) {
      const whole = normTerm(word, this.language);
      const joined = normTerm(word.replace(/[-_]/g, ''), this.language);
      const parts = word.split(/[-_]/).map((w) => normTerm(w, this.language)).filter((t) => !alone.has(t));
      const known = [whole, joined].find((t) => t && this.index.idOf(t) !== undefined);
      for (const t of known ? [whole, joined, ...parts] : [whole, joined]) if (t && t !== known) drop.add(t);
    }
    // So is a version ("Git 2.0"): whole when the knowledge has it, else by its major number.
    for (const word of question.match(/\bv?\d+(?:\.\d+)+\b/giu) ?? []) {
      const whole = normTerm(word, this.language);
      const major = normTerm(word.split('.')[0], this.language);
      if (whole && major && whole !== major) drop.add(this.index.idOf(whole) !== undefined ? major : whole);
    }
    return drop.size ? terms.filter((t) => !drop.has(t)) : terms;
  }

  /**
   * Is a passage's heading the visitor's question (asksAsHeading)? Its heading's words are read
   * once per passage.
   */
  private faqMatch(doc: number, asked: Set<string>): number {
    if (this.entryQuestionsOf(doc).some((q) => asksAsHeading(q, asked, this.language))) return ENTRY_MATCH;
    return asksAsHeading(this.passages[doc].heading, asked, this.language) ? FAQ_MATCH : 0;
  }

  /**
   * Per passage, the questions of the FAQ entries it answers, read once: an FAQ typeset as a
   * numbered list ("4.3. The stack traces… What's happening?", a PDF's) has its questions in the
   * text, not in headings. An entry that states the visitor's case ("4.5. Memcheck doesn't report
   * any errors and I know my program has errors.") asks it too. Only an entry with its answer
   * after it in the passage counts.
   */
  private readonly entryQuestions = new Map<number, string[]>();
  /** The passages with an FAQ entry in their text, found once. */
  private entryPassages: number[] | null = null;
  /** The passages whose FAQ entry asks the visitor's question (`asked`, askedWords). */
  private entriesAsking(asked: ReadonlySet<string>): Set<number> {
    this.entryPassages ??= this.passages.map((_, d) => d).filter((d) => this.entryQuestionsOf(d).length > 0);
    return new Set(this.entryPassages.filter((d) => this.entryQuestionsOf(d).some((q) => asksAsHeading(q, asked, this.language))));
  }
  private entryQuestionsOf(doc: number): string[] {
    let questions = this.entryQuestions.get(doc);
    if (!questions) {
      const paragraphs = this.passages[doc].text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
      questions = paragraphs.slice(0, -1).filter((p) => FAQ_ENTRY.test(p) && !SEVERAL_ENTRIES.test(p)).map((p) => p.replace(FAQ_NUMBER, '').replace(/[.!]?\s*$/, (end) => (ASKS.test(p) ? end : '?')));
      this.entryQuestions.set(doc, questions);
    }
    return questions;
  }

  /** Per passage, the options whose synopsis stands on a line of their own ("--auto=<no|yes> [default: yes]"), read once. */
  private readonly optionLines = new Map<number, string[]>();
  private optionsOf(doc: number): string[] {
    let options = this.optionLines.get(doc);
    if (!options) {
      options = this.passages[doc].text.split('\n').filter(isOptionTerm).map((line) => (entryTerm(line) ?? '').toLowerCase()).filter(Boolean);
      this.optionLines.set(doc, options);
    }
    return options;
  }

  /** Per passage, the key cells of its table rows (units.ts keyCells), read once. */
  private readonly keysOf = new Map<number, string[][]>();
  /**
   * Does a passage hold a table row whose key is the question's rarest thing ("ENOSPC" in "my
   * disk seems full and Node throws ENOSPC - what is that code telling me?")? The visitor's
   * other words are their own ("disk seems full"), not the table's, so the share of the
   * question's words the passage matches says too little of it.
   */
  private keyMatch(doc: number, weight: (term: string) => number, top: number): number {
    let keys = this.keysOf.get(doc);
    if (!keys) {
      keys = units(this.passages[doc].text).flatMap((u) => (u.kind === 'row' ? keyCells(u, (t) => terms(t, this.language)) : []));
      this.keysOf.set(doc, keys);
    }
    return keys.some((k) => namesKey(k, weight, top)) ? KEY_MATCH : 0;
  }

  /**
   * What a text weighs in this knowledge: the rarity of the words of it the pages use (a word
   * they never use, a city or a company, names nothing here). A sentence a visitor tells beside
   * their question weighs little when it is chatter for these pages.
   */
  knownWeight(text: string): number {
    return questionTerms(text, this.language).reduce((sum, t) => sum + (this.index.idOf(t) === undefined ? 0 : this.index.idf(t)), 0);
  }

  /** IDF of a term; one the knowledge never uses weighs like the rarest. */
  weight(term: string): number {
    return this.index.idf(term);
  }

  /**
   * The question with its slips the knowledge cannot correct spelt as meant, so that it is
   * searched as the clean question would be. A word of letters (a capital first at most: an
   * inner capital is a code name's) that the knowledge lacks, that is no English word, no slip
   * of a word the knowledge uses (search corrects those) and no slip of a stop word, is
   * - in English, the one English word the likeliest slip makes ("kinsd" → kinds, a word the
   *   search then drops as the clean question's; "ofyen" → often, read as the frame it is), a
   *   name mid-sentence excepted ("Venmo" is not "venom");
   * - else two words typed without the space between them ("valueof", "passhost", "Nodethrows"):
   *   each a stop word (of two letters: with a vowel), a word of the knowledge or an English word
   *   of three letters or more, or
   *   one of them a slip of a word of the knowledge ("hookexecuuted", corrected by the search).
   *   Of several ways to cut it, the one with more words of the knowledge, then the longer
   *   shorter part, then the longer first part; a name only after a name the knowledge uses.
   */
  private asMeant(question: string, corrections: Corrections): string {
    // A message in another language than the knowledge's is no misspelt question of its ("Quelle").
    const language = this.language.toLowerCase().split('-')[0];
    if ((messageLanguage(question) ?? language) !== language) return question;
    const english = language === 'en';
    if (english) question = withApostrophes(question);
    const known = (w: string) => {
      const t = normTerm(w, this.language);
      return t !== null && this.index.idOf(t) !== undefined;
    };
    const slipOfKnown = (w: string) => this.corrected(w, corrections).length > 0;
    // A negative contraction's first part ("doesn" of "doesn't") is no word to correct: read
    // alone it was "fixed" to "does", and the "does't" left weighed as the rarest word.
    return this.spaced(question, slipOfKnown).replace(/(?<![\p{L}\p{N}_./-])\p{L}\p{Ll}{3,}(?![\p{L}\p{N}_-]|[.(]\p{L}|['’]t\b)/gu, (word) => {
      const w = word.toLowerCase();
      // "arround" is a slip of a stop word (stopWordSlip), not "ar round".
      // "programme" is British English, not "program me".
      if (known(w) || isStopWord(w, this.language) || (english && (isEnglishWord(word) || isBritishSpelling(w) || stopWordSlip(w)))) return word;
      if (slipOfKnown(w)) return word;
      // A capital says name ("Kenji" is not "Kanji"), at the start of the question too.
      const meant = english && word === w ? englishSpelling(w, (c) => this.knowsWordFor(c)) : null;
      if (meant) return meant;
      return this.twoWords(word, known, slipOfKnown, english) ?? word;
    });
  }

  /**
   * Spaces put where the knowledge has none, or left out where it has one, in two words of its
   * own: "read line", "sub tree" are joined when the knowledge writes "readline", "subtree" as a
   * word and never "read line"; "VoltaProtect" is cut when the knowledge writes "Volta Protect"
   * (a name of code, "WebSocket", is one the knowledge never writes apart, and stays whole).
   */
  private spaced(question: string, slipOfKnown: (w: string) => boolean): string {
    const stem = (w: string) => {
      const t = normTerm(w, this.language);
      return t === null ? undefined : this.index.idOf(t);
    };
    /** Does a passage holding all these words say `pattern`? */
    const says = (words: string[], pattern: RegExp) => {
      const ids = words.map(stem);
      return !ids.includes(undefined) && this.index.docsWith(ids as number[], PHRASE_SCAN).some((d) => pattern.test(this.passages[d].text));
    };
    const apart = (a: string, b: string) => says([a, b], new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(a)}[\\s-]+${escapeRegExp(b)}(?![\\p{L}\\p{N}])`, 'iu'));
    const join = (a: string, b: string) => {
      const whole = a + b;
      if (whole.length < 5 || stem(whole) === undefined || isStopWord(a, this.language) || isStopWord(b, this.language)) return false;
      // Written as one word of its own, not only as the joined form of "read-line" or "readLine".
      return says([whole], new RegExp(`(?<![\\p{L}\\p{N}_-])${whole}(?![\\p{L}\\p{N}_-])`, 'u')) && !apart(a, b);
    };
    // Each pair of neighbours in turn ("git sub tree": "git sub", then "sub tree").
    let joined = '';
    let from = 0;
    for (const m of question.matchAll(/(?<![\p{L}\p{N}_./-])(?=(\p{Ll}{2,}) (\p{Ll}{2,})(?![\p{L}\p{N}_-]|[.(]\p{L}))/gu)) {
      if (m.index < from || !join(m[1], m[2])) continue;
      joined += question.slice(from, m.index) + m[1] + m[2];
      from = m.index + m[1].length + 1 + m[2].length;
    }
    joined += question.slice(from);
    const english = this.language.toLowerCase().startsWith('en');
    return joined.replace(/(?<![\p{L}\p{N}_./-])(\p{Lu}\p{Ll}+)(\p{Lu}\p{L}*)(?![\p{L}\p{N}_-]|[.(]\p{L})/gu, (word, a: string, b: string) =>
      (stem(word) === undefined && apart(a, b) ? `${a} ${b}` : word))
      // A word typed against the name of code after it ("gettingFST_ERR_CTP_EMPTY_JSON_BODY",
      // "pendingrl.question()") is cut before the name the pages write. A name of code only (a
      // "_", ".", digit or two capitals): "createServer" may be a name the pages lack, whose
      // "Server" is no sign that the visitor meant "create server".
      .replace(/(?<![\p{L}\p{N}_./-])\p{Ll}[\p{L}\p{N}_]*(?:\.\p{L}[\p{L}\p{N}_]*)*/gu, (word) => {
        // A word with no mark of a name of code in it has none after its first letters either:
        // most of a question's words end here, before any lookup.
        if (!CODE_MARK.test(word) || stem(/^[\p{L}\p{N}_]+/u.exec(word)![0]) !== undefined) return word;
        for (let at = 4; at <= word.length - 2 && /^\p{Ll}+$/u.test(word.slice(0, at)); at++) {
          const [a, name] = [word.slice(0, at), word.slice(at)];
          if (!CODE_MARK.test(name) || !((english && isEnglishWord(a)) || stem(a) !== undefined)) continue;
          if (says(tokens(name).filter((t) => normTerm(t, this.language) !== null), new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(name)}(?![\\p{L}\\p{N}_])`, 'u'))) return `${a} ${name}`;
        }
        return word;
      })
      // A word typed against the capitalised word after it ("roamingZone 2", "withMemcheck") is cut
      // before the capital when the first is a word and the pages write the second as a name,
      // capitalised after a word ("in Zone 2"), or it is a slip of a word of theirs ("roamingZome").
      // Not a word the pages open names of code with ("createServer" where they write
      // "createReadStream", in a passage that writes the word too): that is a name they may lack.
      .replace(/(?<![\p{L}\p{N}_./-])(\p{Ll}{2,})(\p{Lu}\p{Ll}{2,})(?![\p{L}\p{N}_-]|[.(]\p{L})/gu, (word, a: string, b: string) => {
        if (stem(word) !== undefined || says([a], new RegExp(`(?<![\\p{L}\\p{N}_])${a}\\p{Lu}`, 'u'))) return word;
        const first = a.length === 2 ? isStopWord(a, this.language) && /[aeiouy]/.test(a)
          : isStopWord(a, this.language) || stem(a) !== undefined || (english && isEnglishWord(a));
        const name = stem(b) !== undefined ? says([b], new RegExp(`(?<=\\p{Ll}[,;:]? )${escapeRegExp(b)}(?![\\p{L}\\p{N}_])`, 'u')) : slipOfKnown(b.toLowerCase());
        return first && name ? `${a} ${b}` : word;
      });
  }

  /** The knowledge's words a typo stands for (SearchIndex.correct), each word looked up once per question. */
  private corrected(word: string, corrections: Corrections): Expansion[] {
    let found = corrections.get(word);
    if (!found) corrections.set(word, (found = this.index.correct(word, (c) => stemOnce(c, this.language), lettersOf(this.language), this.knownSpellings(), (c) => this.isWord(c))));
    return found;
  }

  /** Does the knowledge use a word of the same meaning as this one (synonyms.ts: "badge" → card)? */
  private knowsWordFor(word: string): boolean {
    const stem = normTerm(word, this.language);
    return stem !== null && synonymsOf(stem, this.language).some((s) => this.index.idOf(s) !== undefined);
  }

  /**
   * Is a typo's candidate spelling a word: one the knowledge writes, or (English) one the
   * dictionary has? "cofe" is "core" or "code", not "confe", though that stems to "conf".
   * Before the knowledge's words are gathered, and in other languages, any candidate is.
   */
  private isWord(candidate: string): boolean {
    if (!this.surface || !this.shortWords || !this.language.toLowerCase().startsWith('en')) return true;
    return this.shortWords.has(candidate) || this.surface.has(candidate) || isEnglishWord(candidate) || isBritishSpelling(candidate);
  }

  /** A word that is two typed without the space between them, spelt apart (see asMeant), or null. */
  private twoWords(word: string, known: (w: string) => boolean, slipOfKnown: (w: string) => boolean, english: boolean): string | null {
    const w = word.toLowerCase();
    let best: { at: number; score: number } | null = null;
    for (let at = 2; at <= w.length - 2; at++) {
      const parts = [w.slice(0, at), w.slice(at)];
      // A part of two letters is a stop word with a vowel ("of", "by"; not "ll", "db" of "lldb").
      const kinds = parts.map((p): number => (p.length === 2 ? (isStopWord(p, this.language) && /[aeiouy]/.test(p) ? 1 : 0)
        : known(p) ? 2 : isStopWord(p, this.language) || (english && isEnglishWord(p)) ? 1 : 0));
      // A name ("Bitcoin") is cut only after a name the knowledge uses ("Nodethrows").
      if (word[0] !== w[0] && kinds[0] < 2) continue;
      // Beside a word, a slip of a word of the knowledge (looked for last: it costs the most).
      const slip = kinds.indexOf(0);
      if (slip >= 0 && kinds[1 - slip] >= 1 && parts[slip].length >= 4 && slipOfKnown(parts[slip])) kinds[slip] = 0.5;
      if (kinds.includes(0)) continue;
      const score = kinds[0] + kinds[1] + Math.min(at, w.length - at) / 100 + at / 1000;
      if (!best || score > best.score) best = { at, score };
    }
    return best ? `${word.slice(0, best.at)} ${word.slice(best.at)}` : null;
  }

  /**
   * The best passages for a question, most relevant first, each scored in [0,1].
   *
   * Relevance is the share of the question's terms (weighted by rarity) a passage matches,
   * times a saturated BM25 strength: a passage that matches only the common words of a
   * question ("Lumen" in "Who is the CEO of Lumen?") stays below MIN_RELEVANCE however often
   * it repeats them. Words of the recent user turns join the search with less weight and
   * only move passages up the ranking, so "and how long does it take?" finds the page the
   * conversation is about, while a new question is not pulled back to the old topic.
   */
  search(typed: string, options: SearchOptions | number = {}): SearchResult {
    const o = typeof options === 'number' ? { limit: options } : options;
    const { docs, ...found } = this.lexical(typed, o);
    const s = this.semantic;
    if (!o.vector || !s || o.vector.length !== s.index.dims) return found;
    // With the question's vector, its nearest passages join the lexical ranking (fusion.ts), so a
    // passage in other words than the question's can reach the engine. The nearest are as many
    // as the passages asked for.
    const limit = o.limit ?? 5;
    const ranked = found.passages.map((passage, i) => ({ doc: docs![i], passage }));
    const nearest = s.index.nearest(o.vector, limit);
    const passages = fuse(ranked, nearest, (doc) => ({ ...this.passages[doc], score: 0 }), limit, s.minSimilarity);
    // A passage found only by meaning brings the passages after it too, as a lexical one does.
    const following = new Map(found.following);
    for (const { doc } of nearest) {
      const { id } = this.passages[doc];
      if (!following.has(id) && passages.some((p) => p.id === id)) following.set(id, this.followingOf(doc));
    }
    return { ...found, passages, following };
  }

  /** The passages right after row `doc` of its document and heading (they are stored in the document's order). */
  private followingOf(doc: number): Stored[] {
    const { id, heading } = this.passages[doc];
    const out: Stored[] = [];
    for (let d = doc + 1; d < this.passages.length && out.length < FOLLOWING; d++) {
      const next = this.passages[d];
      if (next.heading !== heading || documentOf(next.id) !== documentOf(id)) break;
      out.push(next);
    }
    return out;
  }

  /** The lexical search (`search` without a vector), with each passage's row in `docs`. */
  private lexical(typed: string, o: SearchOptions): SearchResult & { docs?: number[] } {
    // A typo's corrections, found once per word of this question (asMeant looks first).
    const corrections: Corrections = new Map();
    const question = this.asMeant(typed, corrections);
    const limit = o.limit ?? 5;
    const current = this.oneTermPerWord(questionTerms(withPhrasesAsWords(question, this.language), this.language), question).slice(0, MAX_QUESTION_TERMS);
    const context = new Map<string, number>();
    const users = (o.history ?? []).filter((t) => t.role === 'user').slice(-CONTEXT_WEIGHTS.length).reverse();
    users.forEach((t, i) => {
      for (const term of questionTerms(t.content, this.language)) {
        if (context.size < MAX_CONTEXT_TERMS && !current.includes(term) && !context.has(term)) context.set(term, CONTEXT_WEIGHTS[i]);
      }
    });
    // "And what's its default value?": "its" is the thing the last question was about, its
    // rarest word ("http2SessionTimeout"), which is then as much the question as "default".
    // So is a question that goes on from it ("And what does the low setting mean?"). Of words
    // as rare, a name is that thing: "it" after "How many seats does the Sloop Room have?" is
    // the Sloop Room, not its seats (namedIn).
    const earlier = [...context.keys()];
    let ownQuestion = false;
    /** The name of code "it" stands for ("querystring.parse()" before "what do I get for it?"): its entry is asked about, as if named. */
    let subjectNames: string[] = [];
    if (current.length && users.length && sameSubject(question, this.language)) {
      const names = namedIn(users[0].content, this.language);
      const named = (t: string) => (names.has(t) ? 1 : 0);
      // The latest turn's words are the context words of its weight (users[0] went in first); a
      // word the knowledge never uses ("unpacking") names nothing the answer could be about.
      const subject = [...context].filter(([t, w]) => w === CONTEXT_WEIGHTS[0] && this.index.idOf(t) !== undefined).map(([t]) => t).sort((a, b) => this.index.idf(b) - this.index.idf(a) || named(b) - named(a))[0];
      if (subject) {
        subjectNames = codeNamesIn(users[0].content).filter((n) => questionTerms(n, this.language).includes(subject));
        // A name of code is its entry's: "it" after "…with querystring.parse()?" is the parse()
        // of querystring, so the member ("parse") is searched as the subject too; the object
        // before it ("timeout" of "timeout.hasRef()") is every member's and would pull the
        // others' entries (setTimeout) up.
        const members = subjectNames.flatMap((n) => questionTerms(n.split('.').at(-1)!, this.language).slice(-1)).filter((t) => context.has(t));
        for (const term of new Set([subject, ...members])) {
          context.delete(term);
          current.push(term);
        }
        ownQuestion = asksItsOwn(question, this.language);
      }
    }
    // A question of no words of its own ("and why?") is all about the earlier turns.
    const query = current.length
      ? [...current.map((term) => ({ term, weight: 1, own: true })), ...[...context].map(([term, weight]) => ({ term, weight, own: false }))]
      : [...context].map(([term]) => ({ term, weight: 1, own: true }));
    const weights = new Map<string, number>();
    const alternatives = new Map<string, string[]>();
    if (query.length === 0 || this.passages.length === 0) return { passages: [], degraded: this.degraded, weights, alternatives, unknownNames: [], spelled: question };
    const words = surfaceWords(question, this.language);
    const englishStops = this.language.toLowerCase().startsWith('en');
    /** Words of the question as typed → the word a slip in them stands for. */
    const fixes = new Map<string, string>();
    // The question's words the knowledge has as typed: the company a typo's candidates keep.
    const company = query.filter((q) => q.own).map((q) => this.index.idOf(q.term)).filter((t) => t !== undefined);
    const expanded = query.flatMap((q) => {
      // A word the knowledge lacks is corrected from what the visitor typed first (see
      // SearchIndex.correct), then by its stem: a word start, or a slip the stem still shows.
      // An English word spelt right is not a slip, though the pages lack it ("folder" is not
      // "older"): it is the visitor's word, found only by its stem or its synonyms.
      let expansions = this.index.idOf(q.term) === undefined && q.own && words.has(q.term) && !(englishStops && isEnglishWord(words.get(q.term)!))
        ? this.index.inCompany(this.corrected(words.get(q.term)!, corrections), company) : [];
      // A word that goes on from the stem it is corrected to ("largest" → "larg", which the pages
      // write "larger") has an ending the stemmer leaves, not a slip: it is found as that stem
      // but read as typed ("the largest value…" asks for a bound).
      // A slip after the stem ("runns" → runs → "run") is still a slip: only an ending goes on.
      if (expansions[0]?.spelling && goesOnFrom(words.get(q.term)!.toLowerCase(), this.index.termOf(expansions[0].term))) expansions = expansions.map(({ term, factor }) => ({ term, factor }));
      if (expansions[0]?.spelling) fixes.set(words.get(q.term)!.toLowerCase(), expansions[0].spelling);
      if (!expansions.length) expansions = this.index.expand(q.term);
      if (!expansions.length && q.own && words.has(q.term)) expansions = this.index.expandSurface(words.get(q.term)!, () => this.surfaceVocabulary());
      // "arround", "whould": a slip in a word of the question's framing, not a thing the pages lack.
      const framing = !expansions.length && q.own && words.has(q.term) && englishStops ? stopWordSlip(words.get(q.term)!) : null;
      if (framing) {
        fixes.set(words.get(q.term)!.toLowerCase(), framing);
        return [];
      }
      // A typo weighs what the word it stands for weighs. A word the knowledge never uses is
      // a sign the question is about something else ("dark" in "dark mode"): it weighs like
      // the rarest word, so the common words around it cannot carry a passage alone.
      // Words of the same meaning the knowledge uses ("cost" where the pages say "price") join
      // as weaker expansions; the word itself, or its typo's words, stay first.
      // A corrected word brings the synonyms of the word it stands for ("fese" → fees → price, cost).
      const meant = expansions[0]?.spelling ? this.index.termOf(expansions[0].term) : q.term;
      const seen = new Set(expansions.map((e) => e.term));
      for (const syn of synonymsOf(meant, this.language)) {
        const id = this.index.idOf(syn);
        if (id !== undefined && !seen.has(id)) {
          expansions = [...expansions, { term: id, factor: SYNONYM_FACTOR }];
          seen.add(id);
        }
      }
      // A corrected word is known by the word it stands for (meant), as the spelt question says it.
      const idf = expansions.length ? this.index.idf(this.index.termOf(expansions[0].term)) : UNKNOWN_WEIGHT * this.index.idf(q.term);
      weights.set(meant, idf * q.weight);
      alternatives.set(meant, expansions.length ? expansions.map((e) => this.index.termOf(e.term)) : [q.term]);
      return [{ ...q, idf, expansions, meant }];
    });
    const spelled = spelledAsMeant(question, fixes, this.language);
    if (!expanded.some((q) => q.own)) return { passages: [], degraded: this.degraded, weights, alternatives, unknownNames: [], spelled };
    const unknownNames = expanded.filter((q) => q.own && !q.expansions.length && words.has(q.term) && looksLikeName(words.get(q.term)!, question)).map((q) => words.get(q.term)!);
    const unknownWords = expanded.filter((q) => q.own && !q.expansions.length).map((q) => q.term);
    const total = (own: boolean) => expanded.reduce((a, q) => a + (q.own === own ? q.idf : 0), 0);
    const ownTotal = total(true);
    const contextTotal = total(false);
    try {
      const partTotal = (inPart: boolean[]) => expanded.reduce((a, q, i) => (inPart[i] ? a + q.idf : a), 0);
      // Per part of a question that asks several things, which of the question's own words are its own.
      // A part that weighs little of the question ("…and what's the fix?") says too little to find its passage alone.
      const partsOwn = searchedParts(question, this.language).map((part) => {
        const inPart = new Set(questionTerms(withPhrasesAsWords(part, this.language), this.language));
        return expanded.map((q) => q.own && inPart.has(q.term));
      });
      if (partsOwn.some((inPart) => partTotal(inPart) < ownTotal * PART_SHARE)) partsOwn.length = 0;
      // The passages that say the question's rarest word most are candidates too, whatever the
      // question's common words find (search-index.ts search).
      const rarest = expanded.reduce((top, q, i) => (q.own && q.expansions.length && (top < 0 || q.idf > expanded[top].idf) ? i : top), -1);
      const asked = askedWords(spelled, this.language);
      const hits = this.index.search(expanded, limit * CANDIDATES, rarest, limit * RARE_CANDIDATES, this.entriesAsking(asked));
      // Each part is searched by its own words too: the whole question's best passages may all
      // be the other part's ("What's the origin of the name Valgrind? Also, in the cg_annotate
      // example, what's the D1mw count for concord.c:add_existing?").
      // A passage's strength for a part is its score by that part's words alone: by all of them, a
      // passage that also says the other part's words ("allowed" on the pets page) would be
      // stronger for "what are the kitchen rules?" than the kitchen's own section.
      const partScores = partsOwn.map((inPart) => {
        const seen = new Set(hits.map((h) => h.doc));
        const found = this.index.search(expanded.map((q, i) => (inPart[i] ? q : { ...q, weight: 0 })), limit * CANDIDATES);
        for (const h of found.slice(0, limit)) if (!seen.has(h.doc)) hits.push(h);
        return new Map(found.map((h) => [h.doc, h.score]));
      });
      // By the word meant: a table row keyed "ENOSPC" is named by a visitor's "ENOSSPC" too.
      const ownWeight = new Map(expanded.filter((q) => q.own).map((q) => [q.meant, q.idf]));
      const ownTop = Math.max(0, ...ownWeight.values());
      const codeNames = [...codeNamesIn(question), ...subjectNames];
      // An option the question names ("what is --auto for?") is asked about at its entry: the
      // passage whose synopsis line opens with it, as a section whose heading names it.
      const optionNames = (question.match(/(?<![\w-])--?[A-Za-z][\w-]*/g) ?? []).map((o) => o.toLowerCase());
      const partWeights = partsOwn.map((inPart) => new Map(expanded.filter((_, i) => inPart[i]).map((q) => [q.term, q.idf])));
      const ranked = hits.map((h) => {
        let own = 0;
        let ctx = 0;
        expanded.forEach((q, i) => {
          if (q.own) own += q.idf * h.matched[i];
          else ctx += q.idf * h.matched[i];
        });
        const strength = 0.5 + 0.5 * (1 - Math.exp(-h.score / 4));
        // Of a question of several parts, how much of each part's own words the passage says.
        const partShares = partsOwn.map((inPart, k) => ((0.5 + 0.5 * (1 - Math.exp(-(partScores[k].get(h.doc) ?? 0) / 4))) * expanded.reduce((a, q, i) => (inPart[i] ? a + q.idf * h.matched[i] : a), 0)) / partTotal(inPart));
        // An FAQ's own question in the visitor's words ("What do I need for 5G?" in "What do I
        // need to be able to use your 5G network?"): the page asks what the visitor asks, with the
        // words the search drops as too common ("need", "work", "happens").
        const relevance = Math.max(Math.min(1, (own / ownTotal) * strength), this.faqMatch(h.doc, asked), this.keyMatch(h.doc, (t) => ownWeight.get(t) ?? 0, ownTop));
        const rank = relevance + (contextTotal ? CONTEXT_BONUS * (ctx / contextTotal) * strength : 0);
        // A section one part names ("what application hooks are there?" beside another question) is named too.
        const section = sectionAsked(this.passages[h.doc], ownWeight, ownTotal, this.language) || partWeights.some((w, k) => sectionAsked(this.passages[h.doc], w, partTotal(partsOwn[k]), this.language));
        return { doc: h.doc, passage: { ...this.passages[h.doc], score: Math.round(relevance * 1000) / 1000 }, rank, section, named: section || entryAsked(this.passages[h.doc], codeNames) || (optionNames.length > 0 && this.optionsOf(h.doc).some((o) => optionNames.includes(o))), partShares };
      });
      // An entry of a reference is often cut into many passages (its history, its parameters,
      // its prose, its examples): only its best few count as named, so they leave room for the
      // subsection that answers ("Supported getaddrinfo flags" under "dns.lookup()").
      if (codeNames.length) {
        const seen = new Map<string, number>();
        for (const r of [...ranked].sort((a, b) => b.rank - a.rank)) {
          if (!r.named || r.section) continue;
          const key = `${r.passage.sourceId}\0${entryName(r.passage.heading)}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
          if (seen.get(key)! > ENTRY_PASSAGES) r.named = false;
        }
      }
      // A section whose heading is the thing asked about ("what application hooks are
      // there?" and "## Application Hooks", "what's inside request.routeOptions?" and
      // ".routeOptions" on the Request page) is as relevant as the best passage, and first: the
      // passages that say its words more often only mention it.
      const best = Math.max(0, ...ranked.map((r) => r.passage.score));
      for (const r of ranked) {
        if (!r.named) continue;
        r.rank += best - r.passage.score + NAMED_SECTION_TIE;
        r.passage.score = best;
      }
      ranked.sort((a, b) => b.rank - a.rank);
      partsFirst(ranked, partsOwn.length);
      // A follow-up with a question of its own asks the earlier subject something new: the rest
      // of the earlier turns found the page the conversation is about, but are no words of what
      // is asked now ("the default value" before "And what does the low setting mean?"), so
      // the answer is composed from the question's words and that subject alone, as the
      // question with the subject named would be.
      if (ownQuestion) for (const term of context.keys()) weights.delete(term);
      const top = ranked.slice(0, limit);
      const following = new Map(top.map((r) => [r.passage.id, this.followingOf(r.doc)]));
      return { passages: top.map((r) => r.passage), docs: top.map((r) => r.doc), following, degraded: this.degraded, weights, alternatives, unknownNames, unknownWords, spelled, earlier: current.length ? earlier.filter((t) => weights.has(t)) : [] };
    } catch {
      return { passages: [], degraded: true, weights, alternatives, unknownNames, spelled };
    }
  }
}
