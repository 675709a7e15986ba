// What the collections written apart from the eval (heldout/, lists/) share: a tally of verdicts
// per key, and each set's knowledge base loaded as explain.ts loads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KnowledgeBase } from '../../server/knowledge/knowledge.ts';
import { compose } from '../../server/engines/extractive.ts';

export type Tally = Map<string, { n: number; ok: number; wrong: number }>;

/** Counts one verdict under a key: right (ok) or answered wrong with a citation. */
export function count(tally: Tally, key: string, ok: boolean, wrong: boolean): void {
  const t = tally.get(key) ?? { n: 0, ok: 0, wrong: 0 };
  t.n++;
  if (ok) t.ok++;
  if (wrong) t.wrong++;
  tally.set(key, t);
}

/** One eval set's knowledge base (bench/eval/sets/NAME) and its language. */
export async function setBase(set: string): Promise<{ kb: KnowledgeBase; language: string }> {
  const dir = join(fileURLToPath(new URL('./sets', import.meta.url)), set);
  const meta = JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8'));
  const language = meta.language ?? 'en';
  const kb = await KnowledgeBase.load({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language });
  await kb.gatherSurface();
  return { kb, language };
}

/**
 * Asks every question alone, set by set, as explain.ts does (search, then compose), and hands
 * each to `judge` with the engine's answer (null: "don't know"; an answer always cites its
 * passages) and its text.
 */
export async function eachAnswer<Q extends { set: string; ask: string }>(questions: Q[], judge: (q: Q, answer: { text: string; used: string[] } | null, text: string) => void): Promise<void> {
  for (const set of [...new Set(questions.map((q) => q.set))]) {
    const { kb, language } = await setBase(set);
    for (const q of questions.filter((x) => x.set === set)) {
      const found = kb.search(q.ask);
      const answer = compose(found.spelled, found.passages, found.weights, language, found.unknownNames, found.alternatives, found.earlier, found.unknownWords);
      judge(q, answer, answer?.text ?? '');
    }
  }
}
