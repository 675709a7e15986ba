// Questions wrapped in a visitor's personal data and chatter (bench/eval/wrapped/README.md):
// every dev-half answerable question of kinds direct, several-facts, table and list of the
// untuned sets is asked clean, then as three wrapped variants made by a seeded generator
// (a greeting, the visitor's name, e-mail, phone, order number, city, a sign-off, why they
// ask), each in one message. Asked the way the server asks (as explain.ts does): small talk
// stripped, the language check, search then compose. Variants are split by a hash into a
// "tune" half (whose misses may be looked at) and a "check" half (counted only).
//   npx tsx bench/eval/wrapped/run.ts [--list] [--set NAME] [--seed N]
//   --list prints the tune half's variants that are wrong while their clean question is right.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KnowledgeBase } from '../../../server/knowledge/knowledge.ts';
import { answer } from '../ask.ts';
import { terms } from '../../../server/knowledge/text.ts';
import { wrap, half, type Wrapped } from './wrap.ts';

type Question = { id: string; kind: string; split: string; ask: string; source: string | null; expect?: string[] };
const KINDS = ['direct', 'several-facts', 'table', 'list'];
const here = fileURLToPath(new URL('.', import.meta.url));
const setsDir = join(here, '..', 'sets');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const list = process.argv.includes('--list');
const seed = Number(arg('seed') ?? 20261127);

type Tally = { n: number; right: number; lost: number; lostCited: number };
const tally = () => ({ n: 0, right: 0, lost: 0, lostCited: 0 });
const clean = { n: 0, right: 0 };
const halves: Record<'tune' | 'check', Tally> = { tune: tally(), check: tally() };
/** Per part of a wrapping (name, phone, sign-off…): how often a variant with it lost a right answer. */
const byPart = new Map<string, Tally>();
const misses: string[] = [];

const sets = readdirSync(setsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'cobalt-ebike' && (!arg('set') || d.name === arg('set')))
  .map((d) => d.name);
for (const set of sets) {
  const dir = join(setsDir, set);
  const meta = JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8'));
  const language: string = meta.language ?? 'en';
  const questions: Question[] = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8'))
    .filter((q: Question) => q.split === 'dev' && q.source !== null && KINDS.includes(q.kind));
  const kb = await KnowledgeBase.load({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language });
  await kb.gatherSurface();
  // A word the knowledge uses weighs less than one it never does.
  const unknown = kb.weight('qqxqzvv');
  const inKnowledge = (word: string) => terms(word, language).some((t) => kb.weight(t) < unknown);
  const isRight = (q: Question, a: { text: string } | null) => !!a && (q.expect ?? []).every((e) => new RegExp(e, 'i').test(a.text));
  for (const q of questions) {
    const cleanRight = isRight(q, answer(kb, language, q.ask));
    clean.n++;
    if (cleanRight) clean.right++;
    const variants: Wrapped[] = wrap(q.ask, `${set}/${q.id}`, seed, inKnowledge);
    variants.forEach((v, k) => {
      const a = answer(kb, language, v.message);
      const right = isRight(q, a);
      const lost = cleanRight && !right;
      const which = half(`${set}/${q.id}/${k}/${seed}`);
      for (const t of [halves[which], ...v.parts.map((p) => byPart.get(p) ?? byPart.set(p, tally()).get(p)!)]) {
        t.n++;
        if (right) t.right++;
        if (lost) t.lost++;
        if (lost && a) t.lostCited++;
      }
      if (list && lost && which === 'tune') {
        misses.push(`${a ? 'WRONG   ' : 'NO-ANSWR'} ${set} ${q.kind} [${v.parts.join(' ')}]\n  ${v.message.replace(/\n/g, '⏎')}${a ? `\n  → ${a.text.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`);
      }
    });
  }
}
const pct = (a: number, n: number) => `${n ? Math.round((100 * a) / n) : 0}% (${a}/${n})`;
if (list) console.log(`${misses.join('\n')}\n`);
console.log(`seed ${seed}; clean right: ${pct(clean.right, clean.n)}`);
for (const [name, t] of Object.entries(halves)) {
  console.log(`${name.padEnd(6)} wrapped right ${pct(t.right, t.n).padEnd(16)} lost (clean right, wrapped wrong) ${t.lost}, of them with a citation ${t.lostCited}`);
}
console.log('\nper part (both halves): variants, right, lost, lost with a citation');
for (const [part, t] of [...byPart].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${part.padEnd(18)} ${String(t.n).padStart(4)} ${pct(t.right, t.n).padEnd(16)} ${String(t.lost).padStart(3)} ${String(t.lostCited).padStart(3)}`);
}
