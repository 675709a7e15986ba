// Where the built-in engine loses the answers it misses, and what each of compose's rules is worth.
//   npx tsx bench/eval/losses.ts [--split dev] [--batch N | --without-batches 8,9] [--set NAME] [--list] [--rules]
//
// Each selected question of the untuned sets is asked in-process as the server asks it (ask.ts).
// An answerable question answered wrong, or "don't know", is put under the first stage that lost
// its answer: a unit holding every expected fact ("the answer's unit") was
//   - not found: no passage retrieval offered holds every fact;
//   - stopped: the question names a thing the pages never mention (compose answers nothing);
//   - not read: a passage retrieval offered holds them, but compose did not read it (it was not
//     relevant enough beside the best one), or the facts are spread over its units (told apart);
//   - not weighed: read, but it says none of the question's words (nothing to score it by);
//   - set aside by a rule (RULES in server/engines/extractive.ts): which one;
//   - under the floor: no rule set it aside, but it covers under MIN_SENTENCE of the question;
//   - outranked: it passed, and another unit answered instead;
//   - chosen: it answered the part, and the composed answer still misses a fact.
// With --rules, every question is asked again with each rule left out in turn, and the right
// answers, honest "don't know"s and wrong answers are counted against the engine as it is: a
// rule that costs nothing on fresh questions and saves nothing is a rule found on one question.
// For tuning on the dev half only: the default split is dev, and the test half's misses are
// never listed (--split test prints counts alone), nor those of the unread batches (sets/unread.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_SENTENCE, RULES, type ComposeProbe, type RuleName } from '../../server/engines/extractive.ts';
import { ANSWERABLE, DONT_KNOW, arg, askAsServer, isRight, loadBase, untunedSetDirs, type Question } from './ask.ts';

type Asked = Question & { before?: string[]; batch?: number };

const split = arg('split') ?? 'dev';
const batch = arg('batch') === undefined ? undefined : Number(arg('batch'));
const withoutBatches = (arg('without-batches') ?? '').split(',').filter(Boolean).map(Number);
const listed = process.argv.includes('--list') && split === 'dev';
/** The fresh batches whose misses nobody has read (sets/unread.json): counted here, never listed. */
const unread: number[] = JSON.parse(readFileSync(new URL('./sets/unread.json', import.meta.url), 'utf8')).batches;
const chosen = (q: Asked) => q.split === split && (batch === undefined || q.batch === batch) && !withoutBatches.includes(q.batch ?? -1) && [...ANSWERABLE, ...DONT_KNOW].includes(q.kind);

/** The stage a missed answerable question lost its answer at (see the top of this file). */
function lossOf(q: Asked, probe: Required<Pick<ComposeProbe, 'offered' | 'read' | 'trace'>> & Pick<ComposeProbe, 'unknownNames'>): string {
  const holds = (text: string) => (q.expect ?? []).every((e) => new RegExp(e, 'i').test(text));
  if (!probe.offered.some((p) => holds(p.replace(/\s+/g, ' ')))) return 'not found';
  if (probe.unknownNames?.length) return 'stopped: a name the pages never use';
  if (!probe.read.some(holds)) return (q.expect ?? []).every((e) => probe.read.some((t) => new RegExp(e, 'i').test(t))) ? 'not read: facts spread over units' : 'not read';
  const weighed = probe.trace.flatMap((part) => part.units.filter((u) => holds(u.text)).map((u) => ({ ...u, part })));
  if (!weighed.length) return 'not weighed';
  if (weighed.some((u) => u.part.answer === u.text)) return 'chosen';
  const passed = weighed.filter((u) => !u.setAside);
  if (!passed.length) return `set aside: ${weighed[0].setAside}`;
  return passed.some((u) => u.score >= MIN_SENTENCE) ? 'outranked' : 'under the floor';
}

type Outcome = 'right' | 'dontKnow' | 'wrong';
const outcomeOf = (q: Asked, answer: { text: string } | null): Outcome => (ANSWERABLE.includes(q.kind) ? (isRight(q, answer) ? 'right' : answer ? 'wrong' : 'dontKnow') : answer ? 'wrong' : 'dontKnow');

const losses = new Map<string, number>();
const lines: string[] = [];
/** Per rule left out (and '' for none): right, honest "don't know", wrong; and questions won and lost against none. */
const perRule = new Map<string, { right: number; honest: number; wrong: number; won: number; lost: number }>();
let answerable = 0;
let dontKnow = 0;
for (const { set, dir, language } of untunedSetDirs()) {
  const questions = (JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8')) as Asked[]).filter(chosen);
  if (!questions.length) continue;
  const kb = await loadBase(dir, language);
  for (const q of questions) {
    if (ANSWERABLE.includes(q.kind)) answerable++;
    else dontKnow++;
    const probe: Required<Pick<ComposeProbe, 'offered' | 'read' | 'trace'>> & Pick<ComposeProbe, 'unknownNames'> = { offered: [], read: [], trace: [] };
    const answer = askAsServer(kb, language, q.ask, q.before ?? [], probe);
    const base = outcomeOf(q, answer);
    if (ANSWERABLE.includes(q.kind) && base !== 'right') {
      const loss = lossOf(q, probe);
      losses.set(loss, (losses.get(loss) ?? 0) + 1);
      if (listed && !unread.includes(q.batch ?? -1)) lines.push(`${set} ${q.id} [${q.kind}] ${loss}: ${q.ask}`);
    }
    if (!process.argv.includes('--rules')) continue;
    for (const rule of ['', ...RULES]) {
      const outcome = rule ? outcomeOf(q, askAsServer(kb, language, q.ask, q.before ?? [], { without: new Set([rule as RuleName]) })) : base;
      const t = perRule.get(rule) ?? perRule.set(rule, { right: 0, honest: 0, wrong: 0, won: 0, lost: 0 }).get(rule)!;
      if (outcome === 'right') t.right++;
      else if (outcome === 'wrong') t.wrong++;
      else if (!ANSWERABLE.includes(q.kind)) t.honest++;
      const good = (o: Outcome) => o === 'right' || (o === 'dontKnow' && !ANSWERABLE.includes(q.kind));
      if (good(outcome) && !good(base)) t.won++;
      if (!good(outcome) && good(base)) t.lost++;
    }
  }
}

const which = `${split} half${batch !== undefined ? `, batch ${batch}` : ''}${withoutBatches.length ? `, without batches ${withoutBatches.join(', ')}` : ''}`;
const missed = [...losses.values()].reduce((a, n) => a + n, 0);
console.log(`Answerable questions missed, by where the answer was lost (${which}): ${missed} of ${answerable}\n`);
console.log('| stage | questions |\n|---|---:|');
for (const [loss, n] of [...losses].sort((a, b) => b[1] - a[1])) console.log(`| ${loss} | ${n} |`);
if (lines.length) console.log(`\n${lines.join('\n')}`);
if (perRule.size) {
  console.log(`\nEach rule left out in turn (${which}; ${answerable} answerable, ${dontKnow} near misses and unanswerable):\n`);
  console.log('| rule left out | right | honest "don\'t know" | wrong | questions won | questions lost |\n|---|---:|---:|---:|---:|---:|');
  for (const [rule, t] of perRule) console.log(`| ${rule || '(none: the engine as it is)'} | ${t.right} | ${t.honest} | ${t.wrong} | ${t.won} | ${t.lost} |`);
}
