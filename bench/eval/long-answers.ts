// The dev questions answered right whose answer is much longer than the sentence that holds the
// fact (the eval's last column, bench/eval/run.mjs lengthRatio): the answer and the fact side by
// side, to see what the extra text is. Asked in-process the way the server asks (ask.ts).
//   npx tsx bench/eval/long-answers.ts [--set NAME] [--over 2.5] [--json FILE] [--all FILE]
import { writeFileSync } from 'node:fs';
import { ANSWERABLE, arg, askAsServer, isRight, untunedSets } from './ask.ts';

const over = Number(arg('over') ?? 2.5);
const rows: { set: string; id: string; kind: string; ratio: number; ask: string; fact: string; answer: string }[] = [];
const ratios: number[] = [];
/** Every dev question asked: its answer and whether it is right (--all FILE, to compare two builds). */
const all: { id: string; kind: string; right: boolean; answer: string | null; ratio: number | null }[] = [];
for await (const { set, language, dev, kb } of untunedSets()) {
  for (const q of dev as (typeof dev[number] & { fact?: string; before?: string[] })[]) {
    if (!ANSWERABLE.includes(q.kind) || !q.fact) continue;
    const answer = askAsServer(kb, language, q.ask, q.before ?? []);
    const right = isRight(q, answer);
    all.push({ id: q.id, kind: q.kind, right, answer: answer?.text ?? null, ratio: right ? answer!.text.length / q.fact.length : null });
    if (!right) continue;
    const ratio = answer!.text.length / q.fact.length;
    ratios.push(ratio);
    if (ratio > over) rows.push({ set, id: q.id, kind: q.kind, ratio, ask: q.ask, fact: q.fact, answer: answer!.text });
  }
}
ratios.sort((a, b) => a - b);
const median = ratios.length ? (ratios[(ratios.length - 1) >> 1] + ratios[ratios.length >> 1]) / 2 : 0;
for (const r of rows.sort((a, b) => b.ratio - a.ratio)) {
  console.log(`\n=== ${r.set} ${r.id} (${r.kind}) ${r.ratio.toFixed(1)}×  ${r.ask}`);
  console.log(`FACT:   ${r.fact}`);
  console.log(`ANSWER: ${r.answer.replace(/\n/g, '\n        ')}`);
}
console.log(`\n${rows.length} of ${ratios.length} right answers over ${over}×; median ${median.toFixed(2)}×`);
const allFile = arg('all');
if (allFile) writeFileSync(allFile, JSON.stringify(all, null, 2));
const json = arg('json');
if (json) writeFileSync(json, JSON.stringify(rows, null, 2));
