/**
 * One bot's OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM, LM Studio…)
 * through the openai SDK: texts in, vectors of length 1 out, checked. Whatever goes wrong —
 * the endpoint down, slower than timeout_ms, an HTTP error, an answer of the wrong count or
 * length — is an outage: logged once when it starts and once when the endpoint answers again,
 * never thrown at a turn (`question` gives null, and the turn searches lexically).
 *
 * During an outage the endpoint cools down (a circuit breaker): no request goes out for a
 * back-off (COOL_DOWN: 2 s, doubling after each failed probe to 60 s), so a turn searches
 * lexically at once instead of waiting timeout_ms on an endpoint that hangs; then one request
 * at a time (a turn's question or the background pass's batch) probes it again.
 */
import OpenAI from 'openai';
import type { EmbeddingsConfig } from '../config/config.ts';
import { normalised } from './vector-index.ts';

/** Where outages are told: the server's logger (pino's `warn(fields, message)`). */
export interface EmbeddingsLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

/** The wait after a failure before the endpoint is tried again: firstMs, doubled after each failed probe, up to maxMs. */
export interface CoolDown { firstMs: number; maxMs: number }
export const COOL_DOWN: CoolDown = { firstMs: 2_000, maxMs: 60_000 };

/** What `embed` throws, without a request, while the endpoint cools down or another request probes it. */
export class CoolingDown extends Error {}

/** An answer that is not one vector per text, all of one length, finite and not zero. */
export class GarbageError extends Error {}

/** The vectors of an embeddings answer, in the order of the texts sent; throws GarbageError on anything else. */
export function vectorsOf(answer: unknown, count: number, dims: number | null): Float32Array[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count) throw new GarbageError(`expected ${count} vectors, got ${Array.isArray(data) ? data.length : 'none'}`);
  const out: Float32Array[] = new Array(count);
  data.forEach((item: { index?: unknown; embedding?: unknown }, i) => {
    const at = Number.isInteger(item?.index) ? (item.index as number) : i;
    const v = item?.embedding;
    if (!Array.isArray(v) || at < 0 || at >= count || out[at]) throw new GarbageError('an item without a vector, or out of order');
    if (v.length === 0 || (dims !== null && v.length !== dims)) throw new GarbageError(`a vector of ${v.length} dimensions, expected ${dims ?? 'more than 0'}`);
    const unit = v.every((x) => typeof x === 'number') ? normalised(v as number[]) : null;
    if (!unit) throw new GarbageError('a vector that is zero or not numbers');
    out[at] = unit;
  });
  if (out.some((v) => v.length !== out[0].length)) throw new GarbageError('vectors of different lengths');
  return out;
}

export class Embedder {
  private readonly client: OpenAI;
  /**
   * The vectors' length: from the first answer, or assumed from the disk cache until the
   * endpoint answers. Once the endpoint has answered, an answer of another length is garbage:
   * its vectors could not be compared with the passages'.
   */
  dims: number | null = null;
  /** Whether `dims` is this endpoint's (it answered) or only the disk's (assumeDims). */
  private dimsConfirmed = false;
  private readonly dimsListeners = new Set<() => void>();
  /** When the current outage started; null while the endpoint answers. */
  private downSince: number | null = null;
  /** During an outage: the current back-off, when the next probe may go out, and whether one is out. */
  private waitMs = 0;
  private retryAt = 0;
  private probing = false;
  private readonly recoveredListeners = new Set<() => void>();

  constructor(
    private readonly cfg: Pick<EmbeddingsConfig, 'base_url' | 'model' | 'api_key' | 'timeout_ms'>,
    readonly log: EmbeddingsLog,
    readonly botId: string,
    /** The back-off (tests shorten it). */
    public coolDown: CoolDown = COOL_DOWN,
  ) {
    // No retries: a turn waits at most timeout_ms; the background pass retries on its own schedule.
    this.client = new OpenAI({ apiKey: cfg.api_key ?? 'none', baseURL: cfg.base_url, maxRetries: 0, timeout: cfg.timeout_ms });
  }

  get model(): string {
    return this.cfg.model;
  }

  get down(): boolean {
    return this.downSince !== null;
  }

  /** How long until a request may go out: 0 while the endpoint answers; the back-off while a probe is out (its success wakes the waiter). */
  get retryInMs(): number {
    if (this.downSince === null) return 0;
    return this.probing ? this.waitMs : Math.max(0, this.retryAt - Date.now());
  }

  /** The length of the vectors kept on disk, taken as the endpoint's until it answers otherwise. */
  assumeDims(dims: number): void {
    this.dims = dims;
    this.dimsConfirmed = false;
  }

  /**
   * Called when the endpoint's first answer has another length than the disk's vectors (the
   * model behind the name changed): those vectors can no longer be compared with a question's.
   */
  onDimsChanged(listener: () => void): () => void {
    this.dimsListeners.add(listener);
    return () => this.dimsListeners.delete(listener);
  }

  /** Called when an outage ends (the background pass then retries at once). */
  onRecovered(listener: () => void): () => void {
    this.recoveredListeners.add(listener);
    return () => this.recoveredListeners.delete(listener);
  }

  /**
   * The texts' vectors, normalised, in order; throws on any failure (an outage is logged once),
   * and CoolingDown without a request while the endpoint cools down or another request probes it.
   */
  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const probe = this.downSince !== null;
    if (probe) {
      if (this.probing || Date.now() < this.retryAt) throw new CoolingDown(`cooling down for ${this.retryInMs} ms`);
      this.probing = true;
    }
    let vectors: Float32Array[];
    try {
      // Floats asked for by name: the SDK's default (base64) is not spoken by every compatible server.
      const answer = await this.client.embeddings.create({ model: this.cfg.model, input: texts, encoding_format: 'float' }, { signal });
      // Until the endpoint has answered, the disk's length is only a guess: its answer decides.
      vectors = vectorsOf(answer, texts.length, this.dimsConfirmed ? this.dims : null);
    } catch (e) {
      // A visitor who left is no outage of the endpoint.
      if (!signal?.aborted) this.failed(e as Error, probe);
      throw e;
    } finally {
      if (probe) this.probing = false;
    }
    const dims = vectors[0].length;
    if (this.dims !== null && this.dims !== dims && !this.dimsConfirmed) {
      this.log.info({ event: 'embeddings_dims_changed', bot_id: this.botId, model: this.cfg.model, from: this.dims, to: dims }, `bot ${this.botId}: the embeddings endpoint answers vectors of ${dims} dimensions, the stored ones have ${this.dims}; the passages are embedded again`);
      this.dims = dims;
      this.dimsConfirmed = true;
      for (const listener of this.dimsListeners) listener();
    }
    this.dims ??= dims;
    this.dimsConfirmed = true;
    if (this.downSince !== null) {
      this.log.info({ event: 'embeddings_recovered', bot_id: this.botId, model: this.cfg.model, down_ms: Date.now() - this.downSince }, `bot ${this.botId}: the embeddings endpoint answers again; search fuses meaning with words`);
      this.downSince = null;
      this.waitMs = 0;
      this.retryAt = 0;
      for (const listener of this.recoveredListeners) listener();
    }
    return vectors;
  }

  /** A question's vector; null when the endpoint fails, is slower than timeout_ms, cools down, or the turn was aborted. */
  async question(text: string, signal?: AbortSignal): Promise<Float32Array | null> {
    if (signal?.aborted) return null;
    try {
      return (await this.embed([text], signal))[0];
    } catch {
      return null;
    }
  }

  /** Opens the breaker (a new outage), or doubles its back-off (a failed probe). */
  private failed(e: Error, probe: boolean) {
    if (this.downSince !== null) {
      // A request sent before the outage began and failing in it does not double the back-off.
      if (!probe) return;
      this.waitMs = Math.min(this.coolDown.maxMs, this.waitMs * 2);
      this.retryAt = Date.now() + this.waitMs;
      return;
    }
    this.downSince = Date.now();
    this.waitMs = Math.min(this.coolDown.maxMs, this.coolDown.firstMs);
    this.retryAt = this.downSince + this.waitMs;
    const why = e instanceof GarbageError ? `answered garbage: ${e.message}` : e.message;
    this.log.warn({ event: 'embeddings_unavailable', bot_id: this.botId, model: this.cfg.model, err: why }, `bot ${this.botId}: the embeddings endpoint failed (${why}); search is lexical until it answers again (tried again after ${this.waitMs} ms, then less often)`);
  }
}
