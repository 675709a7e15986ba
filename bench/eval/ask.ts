// One visitor message asked in-process the way the server's turn asks a first message
// (chat/turn.ts), for the generated collections (bench/eval/wrapped, bench/eval/tables): small
// talk, small-talk stripping, the question told apart from the chatter around it, the language
// check, search, compose.
import type { KnowledgeBase } from '../../server/knowledge/knowledge.ts';
import { compose } from '../../server/engines/extractive.ts';
import { questionAlone, smallTalk, withoutSmallTalk } from '../../server/chat/small-talk.ts';
import { messageLanguage } from '../../server/chat/language.ts';

export type Answer = NonNullable<ReturnType<typeof compose>>;

/** The engine's answer to one message with no earlier turns, or null ("don't know", or small talk). */
export function answer(kb: KnowledgeBase, language: string, message: string): Answer | null {
  if (smallTalk(message)) return null;
  const visitor = messageLanguage(message);
  const otherLanguage = !!visitor && visitor !== language.split('-')[0];
  const question = withoutSmallTalk(message);
  const ask = (q: string) => {
    const found = kb.search(q);
    // The built-in engine answers a question in another language only from pages in that language.
    const passages = otherLanguage ? found.passages.filter((p) => messageLanguage(p.text) === visitor) : found.passages;
    return compose(found.spelled, passages, found.weights, language, found.unknownNames, found.alternatives, found.earlier, found.unknownWords);
  };
  // A question told beside chatter is asked alone, then (with no answer) the whole message (small-talk.ts questionAlone).
  const alone = questionAlone(question, language, (t) => kb.knownWeight(t));
  return (alone ? ask(alone) : null) ?? ask(question);
}
