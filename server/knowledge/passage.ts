/**
 * What retrieval hands an engine, and what an engine is given of the conversation: the two
 * shapes knowledge/ and engines/ share, kept here so engines depend on knowledge and not
 * the other way round.
 */
import type { MessageRole } from '../../protocol/codes.ts';

export interface Passage {
  id: string;
  sourceId: string;
  title: string;
  url: string;
  heading: string;
  text: string;
  /** Relevance in [0,1]: how much of the question the passage covers, times a saturated BM25 strength. */
  score: number;
}

/** One earlier message of the conversation, as retrieval and the engines see it. */
export interface Turn { role: MessageRole; content: string }
