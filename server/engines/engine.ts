/**
 * The one interface every answer engine implements. An engine streams answer text and may
 * say which passages it drew on; everything around it (retrieval, filters, storage,
 * events) lives in turn.ts, so an engine stays small.
 */
import type { Passage, Turn } from '../knowledge/passage.ts';

export type { Turn };

export interface EngineRequest {
  question: string;
  /** Retrieved passages, most relevant first; may be empty. */
  passages: Passage[];
  /** The words searched for, weighted by rarity in the knowledge; earlier turns' words weigh less (see SearchResult.weights). */
  weights: Map<string, number>;
  /** What each searched word was found as: itself, a typo's words, synonyms (SearchResult.alternatives). */
  alternatives?: Map<string, string[]>;
  /** Names in the question the knowledge never uses (SearchResult.unknownNames). */
  unknownNames?: string[];
  /** The question's words the knowledge never uses (SearchResult.unknownWords). */
  unknownWords?: string[];
  /** The question searched with its slips spelt as meant (SearchResult.spelled): what the built-in engine reads. */
  spelled?: string;
  /** The searched words that came from the earlier turns (SearchResult.earlier). */
  earlier?: string[];
  /** Per passage, the passages after it in its section (SearchResult.following): where its list goes on. */
  following?: ReadonlyMap<string, readonly Omit<Passage, 'score'>[]>;
  /** Earlier turns of this conversation, oldest first, without the current question. */
  history: Turn[];
  image: { data: string; mediaType: string } | null;
  language: string;
  botName: string;
  /** Fires when the client leaves or the turn is stopped; the engine must stop at once. */
  signal: AbortSignal;
}

export interface EngineResult {
  /** Ids of the passages the answer used, when the engine knows them. */
  used?: string[];
  /**
   * The engine found nothing in the passages that answers the question. It then yields no
   * text at all: the turn says "don't know" itself (stored as an unanswered question, and a
   * handoff when the bot is set to it).
   */
  unanswered?: boolean;
}

/** What an engine is given to make a conversation's latest message searchable on its own. */
export interface StandaloneRequest {
  question: string;
  history: Turn[];
  /** The knowledge's language: the question is searched in it. */
  language: string;
  signal: AbortSignal;
}

export interface Engine {
  answer(req: EngineRequest): AsyncGenerator<string, EngineResult | void>;
  /**
   * Optional: the latest message rewritten as a question that stands on its own ("and for
   * the frame?" → "How long is the warranty on the frame?"), in the knowledge's language. An
   * engine that can (a model) is asked before retrieval when there is history or the visitor
   * writes another language than the bot's.
   */
  standalone?(req: StandaloneRequest): Promise<string>;
}

/**
 * A failure of the model backend. Its message is for the server log only; the client gets
 * a generic text, never provider output or keys.
 */
export class EngineError extends Error {
  readonly kind: 'upstream' | 'timeout' | 'dropped';
  constructor(kind: 'upstream' | 'timeout' | 'dropped', detail: string) {
    super(detail);
    this.name = 'EngineError';
    this.kind = kind;
  }
}

/** Resolves after `ms`, or early (without throwing) when the signal fires. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
