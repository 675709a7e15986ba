// Asking one message the way the server's turn asks a first message (chat/turn.ts), in-process:
// small talk, small-talk stripping, the question told apart from chatter, the language check,
// search, compose. Shared by the generated collections (wrapped/, combined/).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KnowledgeBase } from '../../server/knowledge/knowledge.ts';
import { compose } from '../../server/engines/extractive.ts';
import { questionAlone, smallTalk, withoutSmallTalk } from '../../server/chat/small-talk.ts';
import { messageLanguage } from '../../server/chat/language.ts';

export type Question = { id: string; kind: string; split: string; ask: string; source: string | null; expect?: string[] };
export type Answer = { text: string; used: string[] } | null;

export const setsDir = join(fileURLToPath(new URL('.', import.meta.url)), 'sets');

/** The six sets nobody tuned the engine on (all but cobalt-ebike), or the one named. */
export function untunedSets(only?: string): string[] {
  return readdirSync(setsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'cobalt-ebike' && (!only || d.name === only))
    .map((d) => d.name);
}

/** A set's language, questions and knowledge, loaded once. */
export async function loadSet(set: string): Promise<{ language: string; questions: Question[]; kb: KnowledgeBase }> {
  const dir = join(setsDir, set);
  const meta = JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8'));
  const language: string = meta.language ?? 'en';
  const questions: Question[] = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8'));
  const kb = await KnowledgeBase.load({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language });
  await kb.gatherSurface();
  return { language, questions, kb };
}

/** One message asked as the server's turn asks it with no earlier turns (chat/turn.ts). */
export function answerMessage(kb: KnowledgeBase, language: string, message: string): Answer {
  if (smallTalk(message)) return null;
  const visitor = messageLanguage(message);
  const otherLanguage = !!visitor && visitor !== language.split('-')[0];
  const question = withoutSmallTalk(message);
  const ask = (q: string) => {
    const found = kb.search(q);
    // The built-in engine answers a question in another language only from pages in that language.
    const passages = otherLanguage ? found.passages.filter((p) => messageLanguage(p.text) === visitor) : found.passages;
    return compose(found.spelled, passages, found.weights, language, found.unknownNames, found.alternatives, found.earlier, found.unknownWords);
  };
  // A question told beside chatter is asked alone, then (with no answer) the whole message (small-talk.ts questionAlone).
  const alone = questionAlone(question, language, (t) => kb.knownWeight(t));
  return (alone ? ask(alone) : null) ?? ask(question);
}

/** Right when every expect pattern of the question matches the answer (as heldout/run.ts judges). */
export const isRight = (q: Question, a: Answer) => !!a && (q.expect ?? []).every((e) => new RegExp(e, 'i').test(a.text));
