/**
 * A bot's knowledge: documents from its folder (.md, .txt, .html) and inline documents,
 * cut into passages and indexed with MiniSearch. Search gives passages with a relevance
 * in [0,1]; a source that cannot be read marks the base as degraded instead of failing.
 */
import MiniSearch from 'minisearch';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import type { BotConfig, KnowledgeDoc } from './config.ts';
import { htmlToText, normTerm, terms, tokens } from './text.ts';

export interface Passage {
  id: string;
  sourceId: string;
  title: string;
  url: string;
  heading: string;
  text: string;
  /** Relevance in [0,1]: how much of the question the passage covers, times a saturated BM25 score. */
  score: number;
}

export interface SearchResult {
  passages: Passage[];
  degraded: boolean;
  /** The question's terms, each weighted by rarity in this knowledge (IDF): rare words say more. */
  weights: Map<string, number>;
}

const EXTENSIONS = new Set(['.md', '.markdown', '.txt', '.html', '.htm']);
const CHUNK_CHARS = 900;
const MAX_FILES = 5000;
const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Below this relevance a passage is not evidence for an answer. */
export const MIN_RELEVANCE = 0.2;

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
  if (ext === '.html' || ext === '.htm') ({ text, title: htmlTitle } = htmlToText(body));
  const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/m.exec(text)?.[1] ?? null;
  const fileTitle = basename(file, extname(file)).replace(/[-_]+/g, ' ').trim();
  return {
    id: relative(root, file).split(sep).join('/'),
    title: meta.title || htmlTitle || heading || fileTitle,
    url: meta.url ?? '',
    text,
  };
}

/** Cuts a document into passages at headings and blank lines, about CHUNK_CHARS each. */
export function chunk(doc: KnowledgeDoc): Omit<Passage, 'score'>[] {
  const out: Omit<Passage, 'score'>[] = [];
  let heading = '';
  let buf: string[] = [];
  const flush = () => {
    const text = buf.join('\n\n').trim();
    if (text) out.push({ id: `${doc.id}#${out.length}`, sourceId: doc.id, title: doc.title, url: doc.url, heading, text });
    buf = [];
  };
  for (const block of doc.text.split(/\n\s*\n/)) {
    const b = block.trim();
    if (!b) continue;
    const h = /^#{1,6}\s+(.+?)\s*#*$/.exec(b.split('\n')[0]);
    if (h) {
      flush();
      heading = h[1];
      const rest = b.split('\n').slice(1).join('\n').trim();
      if (rest) buf.push(rest);
      continue;
    }
    if (buf.join('\n\n').length + b.length > CHUNK_CHARS) flush();
    buf.push(b);
  }
  flush();
  return out;
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

export class KnowledgeBase {
  private readonly index: MiniSearch<Omit<Passage, 'score'>>;
  private readonly passages = new Map<string, Omit<Passage, 'score'>>();
  /** In how many passages each term occurs. */
  private readonly df = new Map<string, number>();
  /** Why a source could not be loaded, when one could not (the base then works on the rest). */
  readonly problems: string[] = [];

  constructor(bot: Pick<BotConfig, 'knowledge'>) {
    this.index = new MiniSearch({
      fields: ['title', 'heading', 'text'],
      storeFields: [],
      tokenize: tokens,
      processTerm: (t) => normTerm(t) ?? null,
    });
    const docs: KnowledgeDoc[] = [...bot.knowledge.documents];
    const dir = bot.knowledge.dir;
    if (dir) {
      try {
        if (!statSync(dir).isDirectory()) throw new Error('not a folder');
        for (const file of listFiles(dir)) {
          try {
            if (statSync(file).size > MAX_FILE_BYTES) throw new Error('file too large');
            docs.push(readDocument(file, dir));
          } catch (e) {
            this.problems.push(`${file}: ${(e as Error).message}`);
          }
        }
      } catch (e) {
        this.problems.push(`${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    for (const doc of docs) {
      for (const p of chunk(doc)) {
        this.passages.set(p.id, p);
        for (const t of new Set(terms(`${p.title} ${p.heading} ${p.text}`))) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      }
    }
    this.index.addAll([...this.passages.values()]);
  }

  get size() {
    return this.passages.size;
  }

  get degraded() {
    return this.problems.length > 0;
  }

  /** IDF of a term; one the knowledge never uses weighs like the rarest. */
  weight(term: string): number {
    const n = this.passages.size;
    return Math.log(1 + n / ((this.df.get(term) ?? 0) + 0.5));
  }

  /** The best passages for a question, most relevant first, each scored in [0,1]. */
  search(question: string, limit = 5): SearchResult {
    const queryTerms = [...new Set(terms(question))];
    const weights = new Map(queryTerms.map((t) => [t, this.weight(t)]));
    if (queryTerms.length === 0 || this.passages.size === 0) return { passages: [], degraded: this.degraded, weights };
    const total = [...weights.values()].reduce((a, b) => a + b, 0);
    try {
      const hits = this.index.search(question, {
        boost: { title: 2, heading: 1.5 },
        prefix: (t) => t.length >= 4,
        fuzzy: (t) => (t.length >= 6 ? 0.15 : false),
        combineWith: 'OR',
      });
      const passages = hits.slice(0, limit).map((h) => {
        // Coverage: the share of the question's (rarity-weighted) terms this passage matched.
        const matched = [...new Set(h.queryTerms)].reduce((a, t) => a + (weights.get(t) ?? 0), 0);
        const coverage = Math.min(1, matched / total);
        const strength = 1 - Math.exp(-h.score / 4);
        const score = Math.round(coverage * strength * 1000) / 1000;
        return { ...this.passages.get(String(h.id))!, score };
      });
      passages.sort((a, b) => b.score - a.score);
      return { passages, degraded: this.degraded, weights };
    } catch {
      return { passages: [], degraded: true, weights };
    }
  }
}
