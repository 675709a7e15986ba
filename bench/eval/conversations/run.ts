// Questions asked inside a conversation (bench/eval/conversations/README.md): every dev-half
// answerable question of kinds direct, several-facts, table and list of the untuned sets is
// asked clean, then as topic switches (after 1 or 2 earlier visitor turns drawn, seeded, from
// the set's other dev questions about another file; once more opened as a turn, "Also, …") and,
// where they can be made mechanically, as follow-ups (a first turn naming the question's
// rarest named thing, then the question pointing back at it; or the question asked of a
// sibling thing first, then "What about X?"). Asked as the server's turn asks (../ask.ts).
// Variants are split by a hash into a "tune" half (whose misses may be looked at) and a
// "check" half (counted only).
//   npx tsx bench/eval/conversations/run.ts [--list] [--show] [--set NAME] [--seed N]
//   --list prints the tune half's variants that are wrong while their clean question is right;
//   --show prints every follow-up made (both halves, wording only).
import { questionTerms } from '../../../server/knowledge/text.ts';
import { BASE_KINDS, arg, askAsServer, isRight, untunedSets } from '../ask.ts';
import { followUp, half, namedThings, opened, switched, whatAbout, type Named } from './make.ts';

/** Kinds whose question reads alone, so it can be an earlier turn (a follow-up's cannot). */
const EARLIER_KINDS = ['direct', 'paraphrase', 'typo', 'topic-switch', 'several-facts', 'table', 'list'];
/** A name is rare when its rarest word weighs this share of a word the knowledge never uses. */
const RARE = 0.4;
const list = process.argv.includes('--list');
const show = process.argv.includes('--show');
const seed = Number(arg('seed') ?? 20261127);

type Tally = { n: number; clean: number; right: number; lost: number; lostCited: number };
const tally = (): Tally => ({ n: 0, clean: 0, right: 0, lost: 0, lostCited: 0 });
const figures = new Map<string, Tally>();
const clean = { n: 0, right: 0 };
const misses: string[] = [];
const count = (key: string, cleanRight: boolean, right: boolean, cited: boolean) => {
  const t = figures.get(key) ?? figures.set(key, tally()).get(key)!;
  t.n++;
  if (cleanRight) t.clean++;
  if (right) t.right++;
  if (cleanRight && !right) t.lost++;
  if (cleanRight && !right && cited) t.lostCited++;
};

for await (const { set, language, dev, kb } of untunedSets()) {
  const questions = dev.filter((q) => BASE_KINDS.includes(q.kind));
  const unknown = kb.weight('qqxqzvv');
  /** The rarest named thing whose rarest word the knowledge uses, and rarely. */
  const rarest = (things: Named[]): Named | null => {
    const rarity = (t: Named) => Math.max(0, ...questionTerms(t.name, language).filter((w) => /\p{L}/u.test(w) && kb.weight(w) < unknown).map((w) => kb.weight(w)));
    const best = [...things].sort((a, b) => rarity(b) - rarity(a))[0];
    return best && rarity(best) >= RARE * unknown ? best : null;
  };
  /** Things the set's other dev questions name: the siblings a "What about X?" is asked after. */
  const siblings = dev.filter((o) => EARLIER_KINDS.includes(o.kind)).flatMap((o) => namedThings(o.ask)).filter((t) => rarest([t]));
  for (const q of questions) {
    const cleanRight = isRight(q, askAsServer(kb, language, q.ask));
    clean.n++;
    if (cleanRight) clean.right++;
    const pool = dev.filter((o) => o.id !== q.id && o.source !== q.source && EARLIER_KINDS.includes(o.kind)).map((o) => o.ask);
    const variants: { type: string; before: string[]; ask: string }[] = ([1, 2] as const).map((turns) => ({ type: 'switch', before: switched(`${set}/${q.id}/${turns}`, seed, pool, turns), ask: q.ask }));
    // A turn to the new question in words of its own ("Also, …", "Got it. …"), after one earlier turn.
    variants.push({ type: 'switch-opener', before: switched(`${set}/${q.id}/opener`, seed, pool, 1), ask: opened(q.ask, `${set}/${q.id}`, seed) });
    const follow = followUp(q.ask, `${set}/${q.id}`, seed, rarest);
    if (follow) variants.push({ type: 'follow-up', before: [follow.before], ask: follow.ask });
    const thing = rarest(namedThings(q.ask));
    const about = thing && whatAbout(q.ask, thing, siblings, `${set}/${q.id}`, seed);
    if (about) variants.push({ type: 'what-about', before: [about.before], ask: about.ask });
    variants.forEach((v, k) => {
      const a = askAsServer(kb, language, v.ask, v.before);
      const right = isRight(q, a);
      const which = half(`${set}/${q.id}/${v.type}/${seed}`);
      count(`${v.type} ${which}`, cleanRight, right, !!a);
      if (show && v.type !== 'switch' && v.type !== 'switch-opener') console.log(`${set}: ${v.before.join(' | ')} ⇒ ${v.ask}`);
      if (list && cleanRight && !right && which === 'tune') {
        misses.push(`${a ? 'WRONG   ' : 'NO-ANSWR'} ${set} ${v.type} ${q.kind}\n  ${v.before.map((b) => `[${b}]`).join(' ')} ${v.ask}${a ? `\n  → ${a.text.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`);
      }
    });
  }
}
const pct = (a: number, n: number) => `${n ? Math.round((100 * a) / n) : 0}% (${a}/${n})`;
if (list) console.log(`${misses.join('\n')}\n`);
console.log(`seed ${seed}; clean right: ${pct(clean.right, clean.n)}`);
console.log('variant half    clean right       conversational right  lost (clean right, conversational wrong), with a citation');
for (const [key, t] of [...figures].sort(([a], [b]) => b.localeCompare(a))) {
  console.log(`${key.padEnd(16)} ${pct(t.clean, t.n).padEnd(17)} ${pct(t.right, t.n).padEnd(21)} ${t.lost}, ${t.lostCited}`);
}
