// What the collections written apart from the eval share: a tally of verdicts per key (heldout/,
// lists/: right or wrong; tables/, sections/, faq/: right, don't know or wrong), and each set's
// knowledge base loaded as explain.ts loads it.
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

/** Answers by outcome under a key: right, "don't know", or wrong (an answer always cites). */
export type Outcomes = { n: number; right: number; dontKnow: number; wrong: number };

/** A tally of outcomes per key, and the function that counts one. */
export function outcomeTally(): { tallies: Map<string, Outcomes>; count: (key: string, outcome: 'right' | 'dontKnow' | 'wrong') => void } {
  const tallies = new Map<string, Outcomes>();
  const count = (key: string, outcome: 'right' | 'dontKnow' | 'wrong') => {
    const t = tallies.get(key) ?? tallies.set(key, { n: 0, right: 0, dontKnow: 0, wrong: 0 }).get(key)!;
    t.n++;
    t[outcome]++;
  };
  return { tallies, count };
}

/** "87% (133/153)": the share of a key's answers that are right. */
export const rightShare = (t: Outcomes): string => `${t.n ? Math.round((100 * t.right) / t.n) : 0}% (${t.right}/${t.n})`;

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
      const answer = compose(found.spelled, found.passages, found.weights, language, found.unknownNames, found.alternatives, found.earlier, found.unknownWords, found.following);
      judge(q, answer, answer?.text ?? '');
    }
  }
}
