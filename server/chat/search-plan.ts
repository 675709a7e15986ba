/**
 * What a turn searches for a visitor's question, and in which order (chat/turn.ts): the one
 * place that decides whether the earlier turns join the search, so the server and the
 * collections that measure it (bench/eval/wrapped, bench/eval/conversations) ask alike.
 */
import type { Turn } from '../knowledge/passage.ts';
import { needsContext, restatedFollowUp } from '../knowledge/follow-up.ts';
import { questionAlone } from './small-talk.ts';

/** One try: the question the engine answers, what is searched for it, with which earlier turns. */
export interface Attempt {
  question: string;
  searched: string;
  history: readonly Turn[];
}

/**
 * The tries for a question (small talk already stripped), best first; the turn asks the next
 * only when the one before found no answer. `earlierAsked` are the visitor's earlier turns,
 * oldest first, small talk stripped. A self-contained question is searched alone, so an
 * unrelated earlier turn cannot pull it back to the old topic; only an elliptical follow-up
 * ("and for the frame?") takes the earlier turns along. An engine that restates questions
 * itself (`standalone`, a model) gets the question as written: it replaces the first try's search.
 */
export function searchAttempts(question: string, earlierAsked: readonly Turn[], language: string, knownWeight: (text: string) => number, standalone = false): Attempt[] {
  const withContext = (q: string) => (needsContext(q, language) ? earlierAsked : []);
  const written: Attempt = { question, searched: question, history: withContext(question) };
  if (standalone) return [written];
  // The built-in engine's own standalone question: "What about Plus?" is the question before
  // it asked of Plus, searched and answered as that. A restatement asks the earlier question's
  // words of the new thing, and the page about it may say it in others ("a 4 times slowdown"
  // for "how much slower"): with no answer, the message is searched with the earlier turns.
  const again = restatedFollowUp(question, earlierAsked.map((t) => t.content), language);
  if (again) return [{ question: again, searched: again, history: [] }, { ...written, history: earlierAsked }];
  // A question told beside who the visitor is, where they write from, their order number or
  // why they ask is searched and answered alone when it outweighs what is told
  // (small-talk.ts questionAlone): those words would only pull the search and the answer off
  // it. What was told may be the question's subject after all: with no answer alone, the whole
  // message is searched and asked.
  const alone = questionAlone(question, language, knownWeight);
  if (alone) return [{ question: alone, searched: alone, history: withContext(alone) }, written];
  return [written];
}
