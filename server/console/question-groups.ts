/**
 * Unanswered questions grouped by similarity, so "how do I share a notebook" and "how to
 * share notebooks?" are one to-do, counted. Two questions are alike when their content words
 * (stop words dropped, stemmed: server/text.ts) overlap by at least half (Jaccard); a question
 * joins the first group, newest first, whose newest question it is alike to. Quadratic in the
 * worst case, so the caller passes a bounded, newest-first list.
 */
import type { UnansweredGroup } from '../../protocol/console.ts';
import type { StoredQuestion } from '../store/store.ts';
import { terms } from '../knowledge/text.ts';

const ALIKE = 0.5;
const MAX_CONVERSATIONS = 20;
const MAX_EXAMPLES = 5;

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** `questions` newest first; `language` gives each bot's language for stemming. */
export function groupQuestions(questions: readonly StoredQuestion[], language: (botId: string) => string): UnansweredGroup[] {
  const groups: Array<{ key: Set<string>; g: UnansweredGroup; texts: Set<string> }> = [];
  for (const q of questions) {
    const key = new Set(terms(q.text, language(q.bot_id)));
    const home = groups.find((x) => x.g.bot_id === q.bot_id && jaccard(x.key, key) >= ALIKE);
    if (!home) {
      groups.push({
        key,
        texts: new Set([normal(q.text)]),
        g: {
          id: q.id, bot_id: q.bot_id, question: q.text, count: 1, no_answer: q.reason === 'no_answer' ? 1 : 0,
          negative_feedback: q.reason === 'negative_feedback' ? 1 : 0, last_asked_at: q.created_at, question_ids: [q.id],
          conversation_ids: [q.conversation_id], examples: [],
        },
      });
      continue;
    }
    const g = home.g;
    g.count++;
    if (q.reason === 'no_answer') g.no_answer++;
    else g.negative_feedback++;
    g.question_ids.push(q.id);
    if (!g.conversation_ids.includes(q.conversation_id) && g.conversation_ids.length < MAX_CONVERSATIONS) g.conversation_ids.push(q.conversation_id);
    const text = normal(q.text);
    if (!home.texts.has(text) && g.examples.length < MAX_EXAMPLES) {
      home.texts.add(text);
      g.examples.push(q.text);
    }
  }
  return groups.map((x) => x.g);
}
