// Why the built-in engine answers a question as it does: the passages retrieval found (with
// relevance), the question's weighted words, and the answer compose() makes. For tuning on the
// dev half only (never run it on a test question).
//   npx tsx bench/eval/explain.ts SET "question" ["earlier question" ...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KnowledgeBase } from '../../server/knowledge/knowledge.ts';
import { compose } from '../../server/engines/extractive.ts';
import { withoutSmallTalk } from '../../server/chat/small-talk.ts';
import { searchAttempts } from '../../server/chat/search-plan.ts';

const [set, question, ...before] = process.argv.slice(2);
const dir = join(fileURLToPath(new URL('./sets', import.meta.url)), set);
const meta = JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8'));
const kb = await KnowledgeBase.load({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language: meta.language ?? 'en' });
await kb.gatherSurface();
// As the server does (chat/turn.ts): the small talk around a question is not searched.
const language = meta.language ?? 'en';
const earlier = before.map((content) => ({ role: 'user' as const, content: withoutSmallTalk(content) }));
// The tries the server's turn makes (server/chat/search-plan.ts): a restated "What about Plus?",
// the question told apart from chatter, the earlier turns when the question needs them; the
// next only when the one before has no answer.
const [first, ...rest] = searchAttempts(withoutSmallTalk(question), earlier, language, (t) => kb.knownWeight(t));
if (first.searched !== withoutSmallTalk(question)) console.log('searched as', first.searched);
console.log('with earlier turns', first.history.length > 0);
const found = kb.search(first.searched, { history: first.history });
console.log('weights', [...found.weights].map(([t, w]) => `${t}:${w.toFixed(2)}`).join(' '));
console.log('alternatives', [...found.alternatives].filter(([t, a]) => a.length > 1 || a[0] !== t).map(([t, a]) => `${t}→${a.join('/')}`).join(' '));
if (found.unknownNames.length) console.log('unknown names', found.unknownNames);
if (found.earlier?.length) console.log('from earlier turns', found.earlier);
for (const p of found.passages) console.log(`\n[${p.score}] ${p.id} | ${p.heading}\n${p.text.slice(0, Number(process.env.CHARS ?? 400))}`);
if (found.spelled !== first.searched) console.log('spelled', found.spelled);
let answer = compose(found.spelled, found.passages, found.weights, language, found.unknownNames, found.alternatives, found.earlier, found.unknownWords, found.following);
console.log('\nANSWER:', answer);
for (const next of rest) {
  if (answer) break;
  const other = kb.search(next.searched, { history: next.history });
  answer = compose(other.spelled, other.passages, other.weights, language, other.unknownNames, other.alternatives, other.earlier, other.unknownWords, other.following);
  console.log(`\nTHEN "${next.searched}"${next.history.length ? ' with the earlier turns' : ''}:`, answer);
}
