// List questions written apart from the eval (bench/eval/lists/README.md): asks every question of
// questions.json the way explain.ts does (one KnowledgeBase per set, search then compose), and
// counts right answers (every expect pattern in the answer) and wrong answers with a citation,
// per half and per list shape. The halves are fixed by a hash of each id: tune on "tune", only
// count "check".
//   npx tsx bench/eval/lists/run.ts [--list]     (--list prints the tune half's misses)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count as countIn, eachAnswer, type Tally } from '../tally.ts';

type Question = { id: string; set: string; shape: string; ask: string; source: string; expect: string[]; fact: string };
const here = fileURLToPath(new URL('.', import.meta.url));
const questions: Question[] = JSON.parse(readFileSync(join(here, 'questions.json'), 'utf8'));
const list = process.argv.includes('--list');

/** The half a question belongs to, by the first byte of its id's SHA-256: stable whatever else changes. */
export const half = (id: string) => (createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'tune' : 'check');

// A pattern that does not match its own fact is a mistake in the collection, not the engine's.
for (const q of questions) for (const e of q.expect) if (!new RegExp(e, 'i').test(q.fact)) throw new Error(`${q.id}: /${e}/ does not match its fact`);

const tally: Tally = new Map();
const count = (key: string, ok: boolean, wrong: boolean) => countIn(tally, key, ok, wrong);
await eachAnswer(questions, (q, answer, text) => {
  const right = !!answer && q.expect.every((e) => new RegExp(e, 'i').test(text));
  const h = half(q.id);
  count(`${h} (all)`, right, !!answer && !right);
  count(`${h} ${q.shape}`, right, !!answer && !right);
  if (list && h === 'tune' && !right) {
    const missing = q.expect.filter((e) => !new RegExp(e, 'i').test(text));
    console.log(`${answer ? 'WRONG   ' : 'NO-ANSWR'} ${q.id} (${q.shape}) | ${q.ask}\n           missing: ${missing.join(' · ')}${answer ? `\n           → ${text.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`);
  }
});
console.log('\nright = every expect pattern in the answer; wrong-cited = an answer (with its citation) that misses one\n');
for (const [key, t] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${key.padEnd(20)} ${String(t.ok).padStart(3)}/${String(t.n).padEnd(3)} right  ${t.wrong} wrong-cited`);
}
