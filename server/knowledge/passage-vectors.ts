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
import { appendVectors, readVectors, textHash, writeVectors } from './vector-cache.ts';
import { VectorIndex } from './vector-index.ts';

/** Where vectors are kept between starts; no dir: in memory only. */
export interface VectorStore { cacheDir?: string | null; name?: string }

type Target = Pick<KnowledgeBase, 'embeddingTexts' | 'attachVectors'>;

/** The least cosine similarity between a passage's stored vector and a fresh one of the same model. */
const SAME_MODEL = 0.99;

export class PassageVectors {
  /** Every vector this process has, by text hash: the disk's at first, then the endpoint's. */
  private known: Map<string, Float32Array> | null = null;
  /** The disk's vectors are not yet known to be this endpoint's (checkStored). */
  private unchecked = false;
  /**
   * What the data dir's file holds (its hashes, its rows with the stale ones), of the embedder's
   * current length; null: rewrite it whole at the next keep (dropped with the vectors when the
   * length or the model changes).
   */
  private disk: { hashes: Set<string>; rows: number } | null = null;
  private latest: Target | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private wake: (() => void) | null = null;
  private readonly stopListening: () => void;
  private readonly stopListeningDims: () => void;
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
    this.stopListeningDims = embedder.onDimsChanged(() => this.forgetStored());
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
    this.stopListeningDims();
    this.wake?.();
  }

  private async run(): Promise<void> {
    this.known ??= this.readStored();
    while (!this.closed && this.latest !== this.complete) {
      const base = this.latest!;
      const known: Map<string, Float32Array> = this.known;
      const texts = base.embeddingTexts();
      const hashes = texts.map(textHash);
      // Checked before they are searched: a question is never compared with another model's vectors.
      if (this.unchecked && (await this.checkStored(texts, hashes))) continue;
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
          // Kept where the vectors are now: if the endpoint answered another length than the stored
          // vectors', those were dropped (forgetStored) and the pass starts over.
          batch.forEach(([h], i) => this.known!.set(h, vectors[i]));
          this.fetched += batch.length;
          if (this.known !== known) break;
          at += batch.length;
        } catch {
          // The embedder logged the outage (or is cooling down): wait until it may be probed, then go on from this batch.
          await this.pause(this.embedder.retryInMs);
        }
      }
      if (this.closed || this.latest !== base || this.known !== known) continue;
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
    this.disk = stored.whole ? { hashes: new Set(stored.vectors.keys()), rows: stored.rows } : null;
    // The stored vectors' length is the index's until the endpoint answers (embeddings.ts).
    this.embedder.assumeDims(stored.dims);
    this.unchecked = stored.vectors.size > 0;
    return stored.vectors;
  }

  /**
   * The disk's vectors were made by a model of this name, not necessarily by the one behind it
   * now (another tag pulled, a new version): one stored passage is embedded again and compared.
   * Another length (embeddings.ts tells) or another direction drops them all, so a question is
   * never compared with vectors of another model. True when the pass must start over (the
   * vectors were dropped, or the endpoint failed and was waited out).
   */
  private async checkStored(texts: string[], hashes: string[]): Promise<boolean> {
    const known = this.known!;
    const i = hashes.findIndex((h) => known.has(h));
    if (i < 0) {
      // None of the stored vectors is a current passage's: nothing to check, nothing worth keeping.
      this.unchecked = false;
      this.known = new Map();
      return true;
    }
    let fresh: Float32Array;
    try {
      [fresh] = await this.embedder.embed([texts[i]]);
    } catch {
      await this.pause(this.embedder.retryInMs);
      return true;
    }
    this.unchecked = false;
    // Another length: forgetStored already ran.
    if (this.known !== known) return true;
    const stored = known.get(hashes[i])!;
    let dot = 0;
    for (let j = 0; j < fresh.length; j++) dot += fresh[j] * stored[j];
    // The same model gives the same text the same vector, up to float noise.
    if (dot >= SAME_MODEL) return false;
    this.disk = null;
    this.embedder.log.info({ event: 'embeddings_vectors_stale', bot_id: this.embedder.botId, model: this.embedder.model, similarity: Number(dot.toFixed(3)) }, `bot ${this.embedder.botId}: the stored vectors of model ${this.embedder.model} are not what it answers now (similarity ${dot.toFixed(3)} for the same passage); the passages are embedded again`);
    this.known = new Map();
    return true;
  }

  /**
   * The endpoint answers vectors of another length than the stored ones (the model behind the
   * name changed): they are dropped and every passage is embedded again. Until then a question's
   * vector matches no row (VectorIndex.nearest), so the search is lexical, never wrong.
   */
  private forgetStored() {
    this.known = new Map();
    this.disk = null;
    this.complete = null;
    this.wake?.();
    if (this.latest && !this.running) this.index(this.latest);
  }

  /**
   * Stores the vectors of the current passages (and forgets the others'): the next start asks
   * only for new ones. The new ones are appended while at least half the file's rows are
   * current passages'; past that (pages removed or changed) the file is written again whole.
   */
  private keep(hashes: string[]) {
    const current = new Map<string, Float32Array>();
    for (const h of hashes) current.set(h, this.known!.get(h)!);
    this.known = current;
    const { cacheDir, name } = this.store;
    const dims = this.embedder.dims;
    if (!cacheDir || dims === null) return;
    const file = name ?? 'knowledge';
    const disk = this.disk;
    const fresh = new Map([...current].filter(([h]) => !disk?.hashes.has(h)));
    try {
      if (disk && current.size * 2 >= disk.rows + fresh.size) {
        if (!fresh.size) return;
        appendVectors(cacheDir, file, this.embedder.model, dims, fresh);
        disk.rows += fresh.size;
        for (const h of fresh.keys()) disk.hashes.add(h);
      } else {
        writeVectors(cacheDir, file, this.embedder.model, dims, current);
        this.disk = { hashes: new Set(current.keys()), rows: current.size };
      }
    } catch {
      // Not fatal: the next start asks the endpoint again for what is not on disk; the next keep rewrites the file.
      this.disk = null;
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
