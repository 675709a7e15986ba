// A paraphrase collection written apart from the eval (README.md here): 60 questions in a
// visitor's own words over the six untuned sets' documents, each with its "direct twin", the
// same question in the page's words. Asks both the way explain.ts does (search, then compose)
// and reports, per half, how many twins and how many paraphrases are answered right, how many
// paraphrases get a wrong answer with a citation, and how many say "don't know". The halves
// are fixed by a hash of the id: tune on "tune" (--list shows its misses), only count "check".
//   npx tsx bench/eval/paraphrase/run.ts [--list]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KnowledgeBase } from '../../../server/knowledge/knowledge.ts';
import { compose } from '../../../server/engines/extractive.ts';

type Pair = { set: string; id: string; source: string; ask: string; twin: string; expect: string[]; fact: string };
const here = fileURLToPath(new URL('.', import.meta.url));
const pairs: Pair[] = JSON.parse(readFileSync(join(here, 'pairs.json'), 'utf8'));
const list = process.argv.includes('--list');

/** The half a pair belongs to, by its id alone (never by how the engine does on it). */
export const halfOf = (id: string) => (createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'tune' : 'check');

type Verdict = 'right' | 'wrong' | 'dont-know';
const tally = new Map<string, { n: number; twin: number; right: number; wrong: number; dk: number }>();
const count = (key: string, twin: Verdict, para: Verdict) => {
  const t = tally.get(key) ?? { n: 0, twin: 0, right: 0, wrong: 0, dk: 0 };
  t.n++;
  if (twin === 'right') t.twin++;
  if (para === 'right') t.right++;
  if (para === 'wrong') t.wrong++;
  if (para === 'dont-know') t.dk++;
  tally.set(key, t);
};
for (const set of [...new Set(pairs.map((p) => p.set))]) {
  const dir = join(here, '..', 'sets', set);
  const meta = JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8'));
  const language = meta.language ?? 'en';
  const kb = await KnowledgeBase.load({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language });
  await kb.gatherSurface();
  const ask = (question: string) => {
    const found = kb.search(question);
    return compose(found.spelled, found.passages, found.weights, language, found.unknownNames, found.alternatives, found.earlier, found.unknownWords, found.following);
  };
  for (const p of pairs.filter((x) => x.set === set)) {
    // Right: every expect pattern in the answer, and the fact's page among those it cites.
    const judge = (answer: ReturnType<typeof ask>): Verdict => {
      if (!answer) return 'dont-know';
      const cites = answer.used.some((u) => u.split('#')[0] === p.source);
      return cites && p.expect.every((e) => new RegExp(e, 'i').test(answer.text)) ? 'right' : 'wrong';
    };
    const [paraAnswer, twinAnswer] = [ask(p.ask), ask(p.twin)];
    const [twin, para] = [judge(twinAnswer), judge(paraAnswer)];
    const half = halfOf(p.id);
    count(half, twin, para);
    count(`${half} ${set}`, twin, para);
    // Only the tune half's misses are shown: the check half is counted, never read.
    const show = (verdict: Verdict, question: string, answer: ReturnType<typeof ask>, what: string) => console.log(`${verdict.padEnd(9)} ${p.id} ${what} | ${question}${answer ? `\n           → ${answer.text.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`);
    if (list && half === 'tune' && para !== 'right') show(para, p.ask, paraAnswer, `(twin ${twin})`);
    if (list && half === 'tune' && twin !== 'right') show(twin, p.twin, twinAnswer, 'TWIN');
  }
}
console.log('\nper half: direct twins right · paraphrases right · paraphrases wrong with a citation · paraphrases "don\'t know"\n');
for (const [key, t] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${key.padEnd(36)} twins ${String(t.twin).padStart(2)}/${t.n}  paraphrases ${String(t.right).padStart(2)}/${t.n}  wrong-cited ${t.wrong}  don't know ${t.dk}`);
}
