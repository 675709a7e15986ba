// A second held-out measure of near misses (bench/eval/heldout/README.md): asks every question
// of near-misses.json the way explain.ts does (one KnowledgeBase per set, search then compose),
// and counts, per kind of missing fact, how many near misses the engine honestly declines
// ("don't know", nothing cited) and how many of the answerable controls it answers right.
//   npx tsx bench/eval/heldout/run.ts [FILE.json] [--list [--half tune|check]]
// FILE defaults to near-misses.json (a name is read beside this script); --list prints every
// question's verdict, or only one half's with --half. Each question falls in a half, "tune" or
// "check", by a hash of its wording: rules are looked for on "tune" misses only, and "check"
// says whether they carry over.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count as countIn, eachAnswer, type Tally } from '../tally.ts';

type Question = { set: string; type: 'near-miss' | 'control'; ask: string; missing?: string; expect?: string[]; note?: string };
const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const file = args.find((a) => a.endsWith('.json')) ?? 'near-misses.json';
const questions: Question[] = JSON.parse(readFileSync(file.includes('/') ? file : join(here, file), 'utf8'));
const list = args.includes('--list');
const onlyHalf = args.includes('--half') ? args[args.indexOf('--half') + 1] : null;

/** The half a question falls in: the first byte of a hash of its wording, even or odd. */
export function half(ask: string): 'tune' | 'check' {
  return createHash('sha1').update(ask).digest()[0] % 2 === 0 ? 'tune' : 'check';
}

const tally: Tally = new Map();
const count = (key: string, ok: boolean, wrong: boolean) => countIn(tally, key, ok, wrong);
await eachAnswer(questions, (q, answer, text) => {
  const set = q.set;
  const h = half(q.ask);
  if (q.type === 'near-miss') {
    count(`near-miss ${q.missing}`, !answer, !!answer);
    count('near-miss (all)', !answer, !!answer);
    count(`near-miss (${h})`, !answer, !!answer);
    count(`near-miss ${set}`, !answer, !!answer);
  } else {
    const right = !!answer && (q.expect ?? []).every((e) => new RegExp(e, 'i').test(text));
    count('control (all)', right, !!answer && !right);
    count(`control (${h})`, right, !!answer && !right);
    count(`control ${set}`, right, !!answer && !right);
  }
  if (list && (!onlyHalf || onlyHalf === h)) console.log(`${q.type === 'near-miss' ? (answer ? 'ANSWERED' : 'honest  ') : ((q.expect ?? []).every((e) => new RegExp(e, 'i').test(text)) && answer ? 'right   ' : answer ? 'WRONG   ' : 'NO-ANSWR')} ${set} | ${q.ask}${answer ? `\n           → ${text.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`);
});
console.log('\nnear misses: honest = "don\'t know", nothing cited; wrong-cited = an answer with a citation');
console.log('controls: right = every expect pattern matched; wrong-cited = an answer that misses one\n');
for (const [key, t] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${key.padEnd(36)} ${String(t.ok).padStart(3)}/${String(t.n).padEnd(3)} ${key.startsWith('near') ? 'honest' : 'right '}  ${t.wrong} wrong-cited`);
}
