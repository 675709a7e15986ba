// Questions generated from the documents' own sections (bench/eval/sections/README.md): every
// heading the source readers give (Markdown "#" and setext titles, AsciiDoc "== Title", HTML
// and DOCX headings and a PDF's numbered titles, which the readers turn into "#" lines) of the
// six untuned sets is asked as a visitor would ask it ("Creating a plugin" → "How do I create
// a plugin?", "Key cards" → "What are key cards?"), and the answer must cite that document and
// say distinctive words of the section's first sentence. Asked as the server asks (../ask.ts);
// split by a hash into a "tune" half (whose misses may be looked at) and a "check" half.
//   npx tsx bench/eval/sections/run.ts [--list] [--all] [--set NAME] [--seed N]
import { fileURLToPath } from 'node:url';
import { extname } from 'node:path';
import { escapeRegExp, plainInline } from '../../../server/knowledge/text.ts';
import { rng as random, hashOf, halfOf } from '../../seeded.ts';
import { outcomeTally, rightShare } from '../tally.ts';
import { arg, askAsServer, documentSets } from '../ask.ts';

const seed = Number(arg('seed') ?? 20261127);
/** Questions kept per document, so a manual of a hundred sections does not outweigh a policy of six. */
const PER_DOC = 8;
/** Words of the first sentence the answer must say. */
const EXPECT_WORDS = 2;

export type Section = { heading: string; first: string };

/** A heading's words without its numbering, anchors and marks: "5.2.2. Output File" → "Output File", "Console#" → "Console". */
export const cleanHeading = (h: string) => plainInline(h).replace(/#+\s*$/, '').replace(/^(?:\d+(?:\.\d+)*\.?|[A-Z]\.)\s+/, '').replace(/^(?:Class|Method|Event|Property|Static method):\s*/i, '').trim();

/** What an API entry says before its prose: when it came, how stable it is, its parameters ("- options <Object>"), its history table. */
const META = /^(?:Added in:|Deprecated since:|Stability:|Source Code:|History$|- \S+ <[^>]+>|\| Version \| Changes)/;
/** Not prose a section opens with: a table row, a listing, an item, a stability banner, a caption. */
const NOT_PROSE = /^(?:Table of Contents|\||```|~~~|[-*+]\s|\d+[.)]\s|<|Stability:|Source Code:|Table \d|Figure \d|Added in:|History|\$ |-{3,}|={3,})/;

/**
 * The sections of a document's text as the readers give it: each heading ("#" line, a title
 * underlined with = or -, AsciiDoc's "== Title") with the first sentence of the first prose
 * paragraph under it (none when another heading comes first).
 */
export function sectionsIn(text: string): Section[] {
  const out: Section[] = [];
  const blocks = text.split(/\n(?:[ \t\r]*\n)+/);
  let open: string | null = null;
  let listing = false;
  for (const block of blocks) {
    const b = block.trim();
    if (!b) continue;
    const lines = b.split('\n');
    const wasListing = listing;
    // A fence of backticks, or (as Git's plain-text docs write a listing) a dashed line that
    // opens a block going on below it or closes an open listing; as the chunker reads them.
    lines.forEach((l, i) => {
      if (/^\s*(```|~~~)/.test(l) || (/^-{5,}\s*$/.test(l) && (listing || (i === 0 && lines.length > 1)))) listing = !listing;
    });
    if (wasListing) continue;
    // A heading starts its line: an indented "# jump to…" is a shell comment in a listing.
    const atx = !/^\S/.test(block.replace(/^\n+/, '')) ? null : (/^#{1,6}\s+(.+?)\s*$/.exec(lines[0]) ?? /^={2,6}\s+(.+?)\s*=*\s*$/.exec(lines[0]));
    const setext = !atx && lines.length >= 2 && /^[=-]{3,}\s*$/.test(lines[1]) && Math.abs(lines[1].trim().length - lines[0].trim().length) <= 3 ? lines[0].trim() : null;
    const heading = atx?.[1] ?? setext;
    if (heading) {
      open = heading;
      const rest = lines.slice(atx ? 1 : 2).join(' ').trim();
      if (rest && !NOT_PROSE.test(rest) && open) {
        out.push({ heading: open, first: firstSentence(rest) });
        open = null;
      }
      continue;
    }
    if (!open || META.test(b)) continue;
    // A paragraph in lower case goes on from a page before (a PDF page under its running
    // title), unless it opens with a name the heading says ("cg_diff is a simple program…").
    const lowerOpens = /^[\p{Ll}_]/u.test(b) && !(/[_.]/.test(b.split(/\s/)[0]) || cleanHeading(open).toLowerCase().includes(b.split(/\s/)[0].toLowerCase()));
    // A section that opens with a table, a list or a listing has no first sentence to ask for.
    if (!NOT_PROSE.test(b) && !lowerOpens) out.push({ heading: open, first: firstSentence(lines.join(' ')) });
    open = null;
  }
  return out;
}
const firstSentence = (s: string) => plainInline(s.replace(/\s+/g, ' ')).split(/(?<=[.!?])\s+(?=[\p{Lu}`"])/u)[0] ?? '';

/** Headings that name no task and no thing a visitor asks about. */
export const GENERIC = /^(?:examples?|notes?|usage|overview|introduction|summary|see also|(?:table of )?contents|general|description|synopsis|options|background|details|discussion|references?|acknowledge?ments?|definitions|scope|faq|questions?|other|miscellaneous|misc|changes|history|deprecations?|fixes|performance|documentation|bugs?|limitations|caveats|tips|warning|important)$/i;

const STOP = new Set('the a an of to and or in on for is are be by with per at as it its this that these those from into your you our we can will may must not no any all each which when where what how than then there their they them also only more most other such used use uses using has have had was were been being if so but do does done one two some'.split(' '));
const wordsOf = (s: string) => s.match(/[\p{L}][\p{L}\p{N}_'-]*/gu) ?? [];
/** Two words are one when they share their first five letters ("plugins", "plugin"). */
const stemOf = (w: string) => w.toLowerCase().slice(0, 5);

/** Verbs a heading opens with as an instruction ("Install the plugin", "Set up eSIM"). */
const IMPERATIVE = new Set('add avoid book bring build call cancel change check choose configure connect create define delete disable enable find fix get handle install keep make move pay port read register remove replace reset run send set start stop switch transfer turn update upgrade use validate write'.split(' '));
/** "Creating" → "create", "Running" → "run", "Installing" → "install": the verb of a gerund, by English spelling. */
export function verbOf(gerund: string): string {
  const stem = gerund.toLowerCase().replace(/ing$/, '');
  if (/([bdgmnprt])\1$/.test(stem)) return stem.slice(0, -1);
  if (/(?:[^aeiou]at|eat|iz|ur|ys|us|[^aeiou]l|dg|rg|ng|[^aeiou]c|[aeiou][vz]|it|ov|ir|id|[^aeiou]ar|ak|ok|ud|ib|ag)$/.test(stem) && !/(?:ll|ss|ng$)/.test(stem.slice(-2)) && stem.length >= 2) return `${stem}e`;
  return stem;
}

/** The visitor's question a heading makes: a task asked "How do I…?", a thing "What is…?", a question as typed. */
export function questionOf(heading: string, r: () => number): string | null {
  const h = cleanHeading(heading).replace(/[:.]+$/, '');
  if (!h || GENERIC.test(h) || !/\p{L}{3}/u.test(h)) return null;
  if (/\?$/.test(h)) return h;
  const words = h.split(/\s+/);
  // Title Case words lowered as a visitor types them; acronyms and names of code kept ("SIM", "cg_diff").
  const lower = (w: string) => (/^\p{Lu}\p{Ll}+$/u.test(w) ? w.toLowerCase() : w);
  const rest = (from: number) => words.slice(from).map(lower).join(' ');
  const pick = (forms: string[]) => forms[Math.floor(r() * forms.length)];
  // "How you can pay", "Who we are": a question not put as one.
  if (/^(?:how|what|who|why|when|where|which)\b/i.test(h) && !/^how to\b/i.test(h)) return `Tell me about ${rest(0)}.`;
  const how = /^how (?:to|do I|can I)\s+(.+)$/i.exec(h);
  if (how) return `How do I ${how[1]}?`;
  // A gerund opens a task ("Creating a plugin", "Using Custom Loggers"), not a thing ("Meeting
  // rooms", "Reporting of errors").
  const task = words.length > 2 || /^\p{Lu}/u.test(words[1] ?? '');
  if (/^\p{Lu}\p{Ll}+ing$/u.test(words[0]) && words.length > 1 && task && words[1] !== 'of') return `How do I ${verbOf(words[0])}${words.length > 1 ? ` ${rest(1)}` : ''}?`;
  if (IMPERATIVE.has(words[0].toLowerCase()) && words.length > 1) return `How do I ${words[0].toLowerCase()} ${rest(1)}?`;
  // A name of code ("dns.lookup()", "readline.Interface") is asked what it does.
  const thing = /[._()<]/.test(h) ? h : rest(0);
  if (/[._()<]/.test(h)) return pick([`What does ${thing} do?`, `What is ${thing}?`]);
  const plural = /[^su]s$/i.test(words.at(-1)!);
  return pick([`What ${plural ? 'are' : 'is'} ${thing}?`, `Tell me about ${thing}.`]);
}

/** The words the answer must say: the rarest (in the set) content words of the first sentence the heading does not say. */
function expectedWords(section: Section, frequency: Map<string, number>): string[] | null {
  const said = new Set(wordsOf(cleanHeading(section.heading)).map(stemOf));
  const candidates = [...new Set(wordsOf(section.first).map((w) => w.replace(/['-]+$/, '')).filter((w) => w.length >= 4 && !STOP.has(w.toLowerCase()) && !said.has(stemOf(w))))];
  if (candidates.length < EXPECT_WORDS) return null;
  return candidates
    .map((w, i) => ({ w, f: frequency.get(w.toLowerCase()) ?? 0, i }))
    .sort((a, b) => a.f - b.f || a.i - b.i)
    .slice(0, EXPECT_WORDS)
    .map(({ w }) => `\\b${escapeRegExp(w)}`);
}

const FORMATS: Record<string, string> = { '.md': 'markdown', '.html': 'html', '.htm': 'html', '.docx': 'docx', '.pdf': 'pdf', '.txt': 'text' };

const { tallies, count } = outcomeTally();

async function main() {
  const lines: string[] = [];
  for await (const { set, language, docs, kb } of documentSets()) {
    const frequency = new Map<string, number>();
    for (const doc of docs) for (const w of wordsOf(doc.text)) frequency.set(w.toLowerCase(), (frequency.get(w.toLowerCase()) ?? 0) + 1);
    // A PDF gives one document per page: sections are gathered per file.
    const sections = docs.flatMap((doc) => sectionsIn(doc.text).map((s) => ({ file: doc.sourceId ?? doc.id, s })));
    // A heading repeated in the set ("Options" in every page) names nothing of its own.
    const headingCount = new Map<string, number>();
    for (const { s } of sections) headingCount.set(cleanHeading(s.heading).toLowerCase(), (headingCount.get(cleanHeading(s.heading).toLowerCase()) ?? 0) + 1);
    const perFile = new Map<string, Array<{ ask: string; expect: string[]; s: Section }>>();
    for (const { file, s } of sections) {
      if (headingCount.get(cleanHeading(s.heading).toLowerCase())! > 1) continue;
      const r = random(hashOf(`${seed}/${set}/${file}/${s.heading}`));
      const ask = questionOf(s.heading, r);
      const expect = expectedWords(s, frequency);
      if (!ask || !expect) continue;
      (perFile.get(file) ?? perFile.set(file, []).get(file)!).push({ ask, expect, s });
    }
    for (const [file, list] of perFile) {
      const r = random(hashOf(`${seed}/${set}/${file}/sections`));
      const drawn = list.map((g) => ({ g, k: r() })).sort((a, b) => a.k - b.k).slice(0, PER_DOC).map(({ g }) => g);
      const format = FORMATS[extname(file).toLowerCase()] ?? 'text';
      for (const g of drawn) {
        const a = askAsServer(kb, language, g.ask) as { text: string; used?: string[] } | null;
        const cites = !!a && (a.used ?? []).some((id) => id.split('#')[0] === file);
        const right = !!a && cites && g.expect.every((e) => new RegExp(e, 'i').test(a.text));
        const outcome = right ? 'right' : a ? 'wrong' : 'dontKnow';
        const which = halfOf(`${set}/${file}/${g.s.heading}/${seed}`);
        for (const name of [`${which} all`, `${which} set ${set}`, `${which} format ${format}`]) count(name, outcome);
        if (which === 'tune' && (process.argv.includes('--all') || (process.argv.includes('--list') && !right))) {
          lines.push(`${right ? 'RIGHT   ' : a ? (cites ? 'WRONG   ' : 'OTHERDOC') : 'NO-ANSWR'} ${set} ${file} [${cleanHeading(g.s.heading)}] ${g.expect.map((e) => `/${e}/`).join(' ')}\n  ${g.ask}\n  first: ${g.s.first.slice(0, 160)}${a && !right ? `\n  → ${a.text.replace(/\s+/g, ' ').slice(0, 200)} [${(a.used ?? []).join(', ')}]` : ''}`);
        }
      }
    }
  }  if (lines.length) console.log(`${lines.join('\n')}\n`);
  console.log(`seed ${seed}: right, don't know, wrong (an answer always cites)`);
  for (const [name, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${name.padEnd(36)} ${rightShare(t).padEnd(16)} ${String(t.dontKnow).padStart(4)} ${String(t.wrong).padStart(4)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
