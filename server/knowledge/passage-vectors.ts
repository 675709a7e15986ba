/**
 * A bot's passage vectors, made in the background after each build of its knowledge
 * (live.ts): the ones the data dir (vector-cache.ts) or this process already has are attached
 * at once, the others are asked of the endpoint in batches of batch_size and attached when all
 * are there. A base whose vectors are not there yet is searched lexically; a page added by the
 * crawl is searched lexically until its batch is embedded. When the endpoint fails, the pass
 * waits out the embedder's cool-down (the one turns' questions obey: doubling, up to a minute)
 * and goes on where it stopped; a question answered by the endpoint meanwhile ends the wait.
 */
import type { EmbeddingsConfig } from '../config/config.ts';
import type { Embedder } from './embeddings.ts';
import type { KnowledgeBase } from './knowledge.ts';
import { readVectors, textHash, writeVectors } from './vector-cache.ts';
import { VectorIndex } from './vector-index.ts';

/** Where vectors are kept between starts; no dir: in memory only. */
export interface VectorStore { cacheDir?: string | null; name?: string }

type Target = Pick<KnowledgeBase, 'embeddingTexts' | 'attachVectors'>;

export class PassageVectors {
  /** Every vector this process has, by text hash: the disk's at first, then the endpoint's. */
  private known: Map<string, Float32Array> | null = null;
  private latest: Target | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private wake: (() => void) | null = null;
  private readonly stopListening: () => void;
  /** Bases whose every passage has its vector (tests and the eval wait on `whenComplete`). */
  private complete: Target | null = null;
  private readonly waiting = new Set<() => void>();
  /** Vectors asked of the endpoint since the process started (for logs and tests). */
  fetched = 0;

  constructor(
    readonly embedder: Embedder,
    private readonly cfg: Pick<EmbeddingsConfig, 'batch_size' | 'min_similarity'>,
    private readonly store: VectorStore = {},
  ) {
    this.stopListening = embedder.onRecovered(() => this.wake?.());
  }

  /** Vectors for this base's passages, in the background; a newer base replaces an older one still waiting. */
  index(base: Target): void {
    if (this.closed) return;
    this.latest = base;
    this.running ??= this.run().finally(() => {
      this.running = null;
      // A base handed in while the pass was ending.
      if (this.latest !== this.complete) this.index(this.latest!);
    });
  }

  /** Settles when the latest base has every passage's vector (never, if the endpoint never answers). */
  whenComplete(): Promise<void> {
    if (this.latest && this.complete === this.latest) return Promise.resolve();
    return new Promise((resolve) => this.waiting.add(resolve));
  }

  close(): void {
    this.closed = true;
    this.stopListening();
    this.wake?.();
  }

  private async run(): Promise<void> {
    this.known ??= this.readStored();
    while (!this.closed && this.latest !== this.complete) {
      const base = this.latest!;
      const known = this.known;
      const texts = base.embeddingTexts();
      const hashes = texts.map(textHash);
      this.attach(base, hashes);
      const missing = new Map<string, string>();
      hashes.forEach((h, i) => {
        if (!known.has(h)) missing.set(h, texts[i]);
      });
      const todo = [...missing];
      for (let at = 0; at < todo.length && !this.closed && this.latest === base;) {
        const batch = todo.slice(at, at + this.cfg.batch_size);
        try {
          const vectors = await this.embedder.embed(batch.map(([, text]) => text));
          batch.forEach(([h], i) => known.set(h, vectors[i]));
          this.fetched += batch.length;
          at += batch.length;
        } catch {
          // The embedder logged the outage (or is cooling down): wait until it may be probed, then go on from this batch.
          await this.pause(this.embedder.retryInMs);
        }
      }
      if (this.closed || this.latest !== base) continue;
      this.attach(base, hashes);
      if (todo.length) this.keep(hashes);
      this.complete = base;
      for (const resolve of this.waiting) resolve();
      this.waiting.clear();
    }
  }

  /** The vectors there are for these passages, attached to the base; none at all: nothing attached. */
  private attach(base: Target, hashes: string[]) {
    const dims = this.embedder.dims;
    if (dims === null) return;
    const vectors = hashes.map((h) => this.known!.get(h));
    if (!vectors.some(Boolean)) return;
    base.attachVectors({
      index: VectorIndex.of(vectors, dims),
      minSimilarity: this.cfg.min_similarity,
      embed: (text, signal) => this.embedder.question(text, signal),
    });
  }

  private readStored(): Map<string, Float32Array> {
    const { cacheDir, name } = this.store;
    const stored = cacheDir ? readVectors(cacheDir, name ?? 'knowledge', this.embedder.model) : null;
    if (!stored) return new Map();
    // The stored vectors' length is the index's: an endpoint answering another one is answering garbage.
    this.embedder.dims = stored.dims;
    return stored.vectors;
  }

  /** Stores the vectors of the current passages (and forgets the others'): the next start asks only for new ones. */
  private keep(hashes: string[]) {
    const current = new Map<string, Float32Array>();
    for (const h of hashes) current.set(h, this.known!.get(h)!);
    this.known = current;
    const { cacheDir, name } = this.store;
    if (!cacheDir || this.embedder.dims === null) return;
    try {
      writeVectors(cacheDir, name ?? 'knowledge', this.embedder.model, this.embedder.dims, current);
    } catch {
      // Not fatal: the next start asks the endpoint again.
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}
