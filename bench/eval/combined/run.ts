// Two questions in one message (bench/eval/combined/README.md): the dev-half answerable
// questions of kinds direct, table and list of the six untuned sets are asked alone; those
// answered right are paired by a seeded generator (same file and other file) and joined the
// ways visitors join them ("A? And B?", "Two questions: A B", small-letter run-ons), each pair
// in one message, asked as the server's turn asks. A pair is right when its answer matches
// every expect pattern of both questions. Pairs are split by a hash into a "tune" half (whose
// misses may be looked at) and a "check" half (counted only).
//   npx tsx bench/eval/combined/run.ts [--list] [--set NAME] [--seed N]
//   --list prints the tune half's pairs that are wrong.
import { arg, askAsServer, isRight, untunedSets, type Question } from '../ask.ts';
import { half } from '../wrapped/wrap.ts';
import { pairs } from './pairs.ts';

const KINDS = ['direct', 'table', 'list'];
const list = process.argv.includes('--list');
const seed = Number(arg('seed') ?? 20261127);

type Tally = { n: number; right: number; cited: number; missA: number; missB: number };
const tally = (): Tally => ({ n: 0, right: 0, cited: 0, missA: 0, missB: 0 });
const alone = { n: 0, right: 0 };
const halves = { tune: tally(), check: tally() };
const byKind = new Map<string, Tally>();
const kindTally = (k: string) => byKind.get(k) ?? byKind.set(k, tally()).get(k)!;
const misses: string[] = [];

for await (const { set, language, dev, kb } of untunedSets()) {
  const asked = dev.filter((q) => KINDS.includes(q.kind));
  const right: Question[] = [];
  for (const q of asked) {
    alone.n++;
    if (isRight(q, askAsServer(kb, language, q.ask))) right.push(q);
  }
  alone.right += right.length;
  for (const p of pairs(right, set, seed)) {
    const a = askAsServer(kb, language, p.message);
    const [okA, okB] = [isRight(p.a, a), isRight(p.b, a)];
    const which = half(`${set}/${p.a.id}+${p.b.id}/${seed}`);
    for (const t of [halves[which], kindTally(p.sameFile ? 'same file' : 'other file'), kindTally(`join ${p.join}`)]) {
      t.n++;
      if (okA && okB) t.right++;
      else if (a) t.cited++;
      if (!okA) t.missA++;
      if (!okB) t.missB++;
    }
    if (list && which === 'tune' && !(okA && okB)) {
      const missed = !okA && !okB ? 'BOTH' : !okA ? 'FIRST' : 'SECOND';
      misses.push(`${a ? 'CITED ' : 'NO-ANS'} ${missed.padEnd(6)} ${set} ${p.sameFile ? 'same' : 'other'} ${p.a.id}+${p.b.id}\n  ${p.message}${a ? `\n  → ${a.text.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`);
    }
  }
}
const pct = (a: number, n: number) => `${n ? Math.round((100 * a) / n) : 0}% (${a}/${n})`;
if (list) console.log(`${misses.join('\n')}\n`);
console.log(`seed ${seed}; asked alone right: ${pct(alone.right, alone.n)}`);
console.log('pairs of questions right alone: right, lost with a citation (answered, missing one), first half missed, second half missed');
for (const [name, t] of [...Object.entries(halves), ...byKind]) {
  console.log(`  ${name.padEnd(28)} ${pct(t.right, t.n).padEnd(16)} cited ${String(t.cited).padStart(3)}   first missed ${String(t.missA).padStart(3)}   second missed ${String(t.missB).padStart(3)}`);
}
