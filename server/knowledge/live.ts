/**
 * A bot's knowledge while the server runs: the current base, read at start (`ready`), rebuilt
 * when its files change (fs.watch, debounced) or when asked (SIGHUP, `reload()`), and when
 * its sitemap crawl hands in pages (`addDocuments`, in batches), and swapped in one
 * assignment once the new one is complete. A turn keeps the base it searched, so open
 * streams never see half a reload, and a reload that fails keeps the old base serving.
 *
 * Crawled pages and the folder are kept apart: a file change reads the folder again and keeps
 * the pages (they stay the bot's until the server crawls again, at its next start); a batch of
 * pages reuses the folder as last read, so a crawl never re-parses the bot's PDFs.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { extname } from 'node:path';
import type { BotSettings } from '../config/config.ts';
import { collect, EXTENSIONS, KnowledgeBase, type Collected, type KnowledgeOptions } from './knowledge.ts';
import type { CrawlTarget } from './sources/crawl.ts';
import type { SourceDocument } from './sources/document.ts';
import { Embedder } from './embeddings.ts';
import { PassageVectors } from './passage-vectors.ts';

/**
 * Where a bot's live knowledge reports what it cannot do: the server's JSON log (pino's
 * `warn(fields, message)`), so no plain-text line lands beside it. Without one (tests, tools),
 * the console.
 */
export interface KnowledgeLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
const CONSOLE_LOG: KnowledgeLog = {
  info: (_fields, message) => console.info(`[knowledge] ${message}`),
  warn: (_fields, message) => console.warn(`[knowledge] ${message}`),
  error: (_fields, message) => console.error(`[knowledge] ${message}`),
};

/** Editors save in bursts (temp file, rename, chmod): one rebuild after the burst. */
export const RELOAD_DEBOUNCE_MS = 300;
/**
 * Crawled pages wait at most this long to join the index. The index is immutable, so each
 * batch rebuilds it whole; batching bounds that work while a crawl delivers pages.
 */
export const PAGE_BATCH_MS = 1000;
/** And a batch waits at least this many times the last build, so rebuilding a large base takes at most about a quarter of the time. */
const BUILD_SHARE = 3;

/**
 * Changes that cannot alter the knowledge are ignored: dot-files and dot-folders (editors'
 * swap files, a data dir kept inside the folder) and files of other types. A name without an
 * extension may be a folder, so it counts.
 */
export function mayBeKnowledge(name: string): boolean {
  if (name.split(/[\\/]/).some((part) => part.startsWith('.'))) return false;
  const ext = extname(name).toLowerCase();
  return !ext || EXTENSIONS.has(ext);
}

export class LiveKnowledge implements CrawlTarget {
  private base: KnowledgeBase;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pageTimer: NodeJS.Timeout | null = null;
  private running: Promise<KnowledgeBase> | null = null;
  private again = false;
  private closed = false;
  /** The folder and inline documents as last read, and whether they must be read again. */
  private files: Collected | null = null;
  private filesStale = true;
  private loaded = false;
  /** Crawled pages by URL (a page fetched again replaces itself), and sitemaps that failed. */
  private readonly pages = new Map<string, SourceDocument>();
  private readonly pageProblems: string[] = [];
  private lastBuildMs = 0;
  /** Settles when the first full read (PDF and DOCX files included) is indexed; never rejects. */
  readonly ready: Promise<void>;
  /** Completed reloads after the first read (tests and logs wait on it). */
  reloads = 0;
  /** The passages' vectors, when the bot has an embeddings endpoint (made after each build, in the background). */
  readonly vectors: PassageVectors | null;

  constructor(
    private readonly bot: Pick<BotSettings, 'id' | 'language'> & { knowledge: Pick<BotSettings['knowledge'], 'dir' | 'documents'> & Partial<Pick<BotSettings['knowledge'], 'embeddings'>> },
    private readonly options: KnowledgeOptions,
    private readonly log: KnowledgeLog = CONSOLE_LOG,
  ) {
    const embeddings = bot.knowledge.embeddings;
    this.vectors = embeddings ? new PassageVectors(new Embedder(embeddings, log, bot.id), embeddings, options) : null;
    // Until the first read is done the bot knows nothing and says so (rag_unavailable);
    // the server awaits `ready` before it listens, so no visitor meets this base.
    this.base = KnowledgeBase.unavailable(bot.language, 'the knowledge is still being read');
    this.ready = this.build().then(() => undefined, () => undefined);
  }

  get current(): KnowledgeBase {
    return this.base;
  }

  /** Watches the knowledge folder, when there is one that exists. */
  watch(): this {
    const dir = this.bot.knowledge.dir;
    if (!dir || this.watcher) return this;
    try {
      // Recursive fs.watch on a missing folder does not always throw (on Linux it is built in
      // JavaScript and may fail later, or not at all): look first.
      if (!existsSync(dir)) throw Object.assign(new Error(`${dir} does not exist`), { code: 'ENOENT' });
      this.watcher = watch(dir, { recursive: true }, (_event, name) => {
        if (name && !mayBeKnowledge(String(name))) return;
        this.schedule();
      });
      this.watcher.on('error', (e) => this.log.warn({ event: 'knowledge_watch_failed', bot_id: this.bot.id, dir, err: e.message }, `bot ${this.bot.id}: stopped watching ${dir}: ${e.message}`));
    } catch (e) {
      // A folder that does not exist is already a knowledge_unreadable warning; this one says
      // changes will not be seen (SIGHUP still reloads).
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      this.log.warn({ event: 'knowledge_watch_failed', bot_id: this.bot.id, dir, err: why }, `bot ${this.bot.id}: cannot watch ${dir}: ${why}`);
    }
    return this;
  }

  private schedule() {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.reload().catch(() => undefined);
    }, RELOAD_DEBOUNCE_MS);
  }

  /**
   * Pages of a sitemap crawl: they join the index with the next batch (within PAGE_BATCH_MS,
   * longer for a base that takes long to build). Searches until then use the index without them.
   */
  addDocuments(docs: SourceDocument[]): void {
    for (const doc of docs) this.pages.set(doc.id, doc);
    this.schedulePages();
  }

  /** Sitemaps that could not be read: the knowledge is degraded from the next batch on. */
  addProblems(problems: string[]): void {
    if (!problems.length) return;
    this.pageProblems.push(...problems);
    this.schedulePages();
  }

  /** Not debounced but batched: a steady crawl still sees its pages join every batch. */
  private schedulePages() {
    if (this.closed || this.pageTimer) return;
    this.pageTimer = setTimeout(() => {
      this.pageTimer = null;
      this.build().catch(() => undefined);
    }, Math.max(PAGE_BATCH_MS, BUILD_SHARE * this.lastBuildMs));
  }

  /** Indexes the pages handed in so far now, and resolves when they are searchable. */
  async flush(): Promise<void> {
    if (this.pageTimer) {
      clearTimeout(this.pageTimer);
      this.pageTimer = null;
      await this.build().catch(() => undefined);
    } else if (this.running) {
      await this.running.catch(() => undefined);
    }
  }

  /**
   * Reads and indexes the knowledge again and swaps it in. Calls during a reload coalesce
   * into one more reload after it, so the last change is always picked up.
   */
  reload(): Promise<KnowledgeBase> {
    this.filesStale = true;
    return this.build();
  }

  private build(): Promise<KnowledgeBase> {
    if (this.closed) return Promise.resolve(this.base);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        for (;;) {
          this.again = false;
          // A reload asked for while this round reads sets filesStale again: the next round reads anew.
          const reread = this.filesStale || !this.files;
          this.filesStale = false;
          const files = reread ? await collect(this.bot) : this.files!;
          const started = performance.now();
          const next = await KnowledgeBase.load(this.bot, this.options, files, { documents: [...this.pages.values()], problems: [...this.pageProblems] });
          this.lastBuildMs = performance.now() - started;
          if (this.closed) return this.base;
          this.files = files;
          this.base = next;
          this.vectors?.index(next);
          // The first read's problems are logged by startServer; the crawl logs its own failures;
          // a reload of the folder logs what it could not read.
          if (this.loaded && reread) for (const problem of files.problems) this.log.warn({ event: 'knowledge_unreadable', bot_id: this.bot.id, problem }, `bot ${this.bot.id}: cannot read ${problem}`);
          if (this.loaded) this.reloads++;
          this.loaded = true;
          if (!this.again) return next;
        }
      } catch (e) {
        this.log.error({ event: 'knowledge_reload_failed', bot_id: this.bot.id, err: (e as Error).message }, `bot ${this.bot.id}: reload failed, the previous knowledge stays: ${(e as Error).message}`);
        throw e;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.pageTimer) clearTimeout(this.pageTimer);
    this.pageTimer = null;
    this.watcher?.close();
    this.watcher = null;
    this.vectors?.close();
  }
}
