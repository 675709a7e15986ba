// One visitor message asked in-process the way the server's turn asks it (server/chat/turn.ts),
// after the visitor's earlier messages of the same conversation: small talk answered apart,
// small talk stripped, the language check, then the tries of server/chat/search-plan.ts
// (restated follow-up, question told apart from chatter, the message with the earlier turns
// when it needs them), each searched and composed until one answers. Shared by the generated
// collections (bench/eval/wrapped, bench/eval/conversations) so they ask as the server does.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KnowledgeBase, readDocuments } from '../../server/knowledge/knowledge.ts';
import type { SourceDocument } from '../../server/knowledge/sources/document.ts';
import { compose, type ComposeProbe } from '../../server/engines/extractive.ts';
import { smallTalk, withoutSmallTalk } from '../../server/chat/small-talk.ts';
import { messageLanguage } from '../../server/knowledge/language.ts';
import { searchAttempts } from '../../server/chat/search-plan.ts';

/** The built-in engine's answer to `message` after the visitor's `earlier` messages (oldest first); null: small talk or "don't know". */
export function askAsServer(kb: KnowledgeBase, language: string, message: string, earlier: readonly string[] = [], probe?: ComposeProbe): { text: string } | null {
  if (smallTalk(message)) return null;
  const visitor = messageLanguage(message);
  const otherLanguage = !!visitor && visitor !== language.toLowerCase().split('-')[0];
  const earlierAsked = earlier.map((content) => ({ role: 'user' as const, content: withoutSmallTalk(content) }));
  for (const attempt of searchAttempts(withoutSmallTalk(message), earlierAsked, language, (t) => kb.knownWeight(t))) {
    const found = kb.search(attempt.searched, { history: attempt.history });
    // The built-in engine answers a question in another language only from pages in that language.
    const passages = otherLanguage ? found.passages.filter((p) => messageLanguage(p.text) === visitor) : found.passages;
    const answer = compose(found.spelled, passages, found.weights, language, found.unknownNames, found.alternatives, found.earlier, found.unknownWords, found.following, probe);
    if (answer) return answer;
  }
  return null;
}

export type Question = { id: string; kind: string; split: string; ask: string; source: string | null; expect?: string[] };
/** The kinds scored as answerable, and those that must get "don't know" (the closed list in kinds.json, which run.mjs reads too). */
export const { answerable: ANSWERABLE, dontKnow: DONT_KNOW } = JSON.parse(readFileSync(new URL('./kinds.json', import.meta.url), 'utf8')) as { answerable: string[]; dontKnow: string[] };
/** The kinds the generated collections start from: questions that read alone and name their subject. */
export const BASE_KINDS = ['direct', 'several-facts', 'table', 'list'];

/** A command-line option's value (`--set NAME`). */
export const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** A question is right when every `expect` pattern matches the answer (as the eval judges). */
export const isRight = (q: Question, a: { text: string } | null): boolean => !!a && (q.expect ?? []).every((e) => new RegExp(e, 'i').test(a.text));

/** The untuned sets (all but cobalt-ebike, or only `--set NAME`): name, folder and language. */
export function untunedSetDirs(): { set: string; dir: string; language: string }[] {
  const setsDir = join(fileURLToPath(new URL('.', import.meta.url)), 'sets');
  const only = arg('set');
  return readdirSync(setsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'cobalt-ebike' && (!only || d.name === only))
    .map((d) => {
      const dir = join(setsDir, d.name);
      return { set: d.name, dir, language: JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8')).language ?? 'en' };
    });
}

/** A set's knowledge base, loaded as the server loads it, with its surface words gathered. */
export async function loadBase(dir: string, language: string): Promise<KnowledgeBase> {
  const kb = await KnowledgeBase.load({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language });
  await kb.gatherSurface();
  return kb;
}

/**
 * Each untuned set loaded once, with its dev-half questions that have a source.
 */
export async function* untunedSets(): AsyncGenerator<{ set: string; language: string; dev: Question[]; kb: KnowledgeBase }> {
  for (const { set, dir, language } of untunedSetDirs()) {
    const dev = (JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8')) as Question[]).filter((q) => q.split === 'dev' && q.source !== null);
    yield { set, language, dev, kb: await loadBase(dir, language) };
  }
}

/**
 * Each untuned set's documents as the engine's readers give them (a PDF one per page), and its
 * knowledge base: for the collections generated from the documents themselves.
 */
export async function* documentSets(): AsyncGenerator<{ set: string; language: string; docs: SourceDocument[]; kb: KnowledgeBase }> {
  for (const { set, dir, language } of untunedSetDirs()) {
    const { docs } = await readDocuments({ knowledge: { dir: join(dir, 'knowledge'), documents: [] }, language });
    yield { set, language, docs, kb: await loadBase(dir, language) };
  }
}
