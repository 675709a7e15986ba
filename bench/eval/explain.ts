// Why the built-in engine answers a question as it does: the passages retrieval found (with
// relevance), the question's weighted words, and the answer compose() makes. For tuning on the
// dev half only (never run it on a test question).
//   npx tsx bench/eval/explain.ts SET "question" ["earlier question" ...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KnowledgeBase } from '../../server/knowledge/knowledge.ts';
import { compose } from '../../server/engines/extractive.ts';
import { needsContext, restatedFollowUp } from '../../server/knowledge/follow-up.ts';
import { questionAlone, withoutSmallTalk } from '../../server/chat/small-talk.ts';

const [set, question, ...before] = process.argv.slice(2);
const dir = join(fileURLToPath(new URL('./sets', import.meta.url)), set);
const meta = JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8'));
const kb = await KnowledgeBase.load({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language: meta.language ?? 'en' });
await kb.gatherSurface();
// As the server does (chat/turn.ts): the small talk around a question is not searched, and
// "What about Plus?" is the question before asked of Plus.
const asked = withoutSmallTalk(question);
const earlier = before.map(withoutSmallTalk);
const history = earlier.map((content) => ({ role: 'user' as const, content }));
const again = restatedFollowUp(asked, earlier, meta.language ?? 'en');
if (again) console.log('restated', again);
// As the server does: a question told beside chatter (who the visitor is, where from, why they
// ask) is searched alone when it outweighs what is told (small-talk.ts questionAlone).
const alone = again ? null : questionAlone(asked, meta.language ?? 'en', (t) => kb.knownWeight(t));
if (alone) console.log('asked alone', alone);
const found = kb.search(again ?? alone ?? asked, { history: again || !needsContext(alone ?? asked) ? [] : history });
console.log('weights', [...found.weights].map(([t, w]) => `${t}:${w.toFixed(2)}`).join(' '));
console.log('alternatives', [...found.alternatives].filter(([t, a]) => a.length > 1 || a[0] !== t).map(([t, a]) => `${t}→${a.join('/')}`).join(' '));
if (found.unknownNames.length) console.log('unknown names', found.unknownNames);
for (const p of found.passages) console.log(`\n[${p.score}] ${p.id} | ${p.heading}\n${p.text.slice(0, Number(process.env.CHARS ?? 400))}`);
if (found.spelled !== (again ?? alone ?? asked)) console.log('spelled', found.spelled);
const answer = compose(found.spelled, found.passages, found.weights, meta.language ?? 'en', found.unknownNames, found.alternatives, found.earlier, found.unknownWords);
console.log('\nANSWER:', answer);
// As the server does: a restatement that finds no answer is asked as a follow-up with the earlier
// turns, and a question asked alone as the whole message.
if ((again || alone) && !answer) {
  const other = kb.search(asked, { history: again || needsContext(asked) ? history : [] });
  console.log(again ? '\nAS A FOLLOW-UP:' : '\nAS THE WHOLE MESSAGE:', compose(other.spelled, other.passages, other.weights, meta.language ?? 'en', other.unknownNames, other.alternatives, other.earlier, other.unknownWords));
}
