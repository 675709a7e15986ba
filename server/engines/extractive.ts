/**
 * The default engine: no model. It answers with the most relevant sentences of the best
 * passages, in their original order, so every word of the answer is grounded in a cited
 * source. When nothing relevant was retrieved it says so plainly.
 */
import { MIN_RELEVANCE } from '../knowledge/knowledge.ts';
import type { Passage } from '../knowledge/passage.ts';
import { plainInline, sentences, terms } from '../knowledge/text.ts';
import { pause, type Engine, type EngineRequest, type EngineResult } from './engine.ts';
import { phrase } from './phrases.ts';

const MAX_SENTENCES = 4;
export const MIN_SENTENCE = 0.3;
const MAX_CHARS = 700;
const WORDS_PER_CHUNK = 4;

const matches = (q: string, t: string) => t === q || (q.length >= 4 && t.startsWith(q)) || (t.length >= 4 && q.startsWith(t));

interface Pick { passage: number; index: number; text: string; score: number; covers: Set<string> }

interface Sentence { text: string; words: string[] }

/**
 * A passage's sentences as plain text with their distinct terms. The same few passages answer
 * many questions, and splitting and tokenizing them on every turn was a tenth of the server's
 * CPU time per chat turn (bench/server-load.mjs); so each passage text is split once. Bounded:
 * a knowledge base larger than the cap only loses the reuse, not correctness.
 */
const sentenceCache = new Map<string, Sentence[]>();
const SENTENCE_CACHE_MAX = 5000;

/** Terms are stemmed in the bot's language, as retrieval stems them (knowledge.ts). */
export function sentencesOf(passage: string, language = 'en'): Sentence[] {
  const key = `${language}\0${passage}`;
  let list = sentenceCache.get(key);
  if (!list) {
    list = sentences(passage).map((s) => ({ text: plainInline(s), words: [...new Set(terms(s, language))] }));
    if (sentenceCache.size >= SENTENCE_CACHE_MAX) sentenceCache.clear();
    sentenceCache.set(key, list);
  }
  return list;
}

/**
 * Chooses the sentences that answer the question; exported for unit tests. The sentence that
 * covers most of the question (its words weighted by rarity, see SearchResult.weights) leads;
 * sentences that cover at least half as much follow in their original order, so the answer
 * starts with the answer and not with whatever stood before it on the page.
 */
export function compose(question: string, passages: Passage[], weights: Map<string, number>, language = 'en'): { text: string; used: string[] } | null {
  const relevant = passages.filter((p) => p.score >= MIN_RELEVANCE);
  if (relevant.length === 0) return null;
  // A second passage joins only when it is nearly as relevant as the best one.
  const chosen = relevant.filter((p, i) => i === 0 || (i < 3 && p.score >= relevant[0].score * 0.6));
  const query = weights.size ? [...weights] : [...new Set(terms(question, language))].map((q) => [q, 1] as [string, number]);
  const total = query.reduce((a, [, w]) => a + w, 0) || 1;
  const weightOf = new Map(query);
  const candidates: Pick[] = [];
  chosen.forEach((p, pi) => {
    // A sentence is read under its page's title and heading ("It includes theft insurance"
    // on the Cobalt Care page is about Cobalt Care): their words count, at half weight.
    const context = new Set(terms(`${p.title} ${p.heading}`, language));
    const inContext = query.filter(([q]) => [...context].some((t) => matches(q, t))).map(([q]) => q);
    sentencesOf(p.text, language).forEach(({ text, words }, index) => {
      const covers = new Set(query.filter(([q]) => words.some((t) => matches(q, t))).map(([q]) => q));
      const own = query.reduce((a, [q, w]) => (covers.has(q) ? a + w : a), 0);
      const hit = (own + inContext.reduce((a, q) => (covers.has(q) ? a : a + weightOf.get(q)! / 2), 0)) / total;
      // A sentence counts as much as its passage is relevant; among equals the earlier one wins.
      const score = hit * (p.score / chosen[0].score) - index * 0.01;
      candidates.push({ passage: pi, index, text, covers, score: hit > 0 ? score : -1 + score });
    });
  });
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  // The passage floor (MIN_RELEVANCE) says a page is about the question; this one says a
  // sentence of it answers: one that covers under MIN_SENTENCE of the question (words of the
  // page's title and heading at half weight) is a neighbour of the answer, not the answer
  // ("top speed in Turbo mode downhill" → "There are four assist modes: … Turbo").
  if (ranked.length === 0 || ranked[0].score < MIN_SENTENCE) return null;
  const lead = ranked[0];
  // Sentences that match only common words ("lamp" in every page) are not part of the answer.
  // A sentence that covers a part of the question no chosen sentence covers joins too
  // ("what is included and what does it cost?").
  const covered = new Set(lead.covers);
  const rest = ranked.slice(1).filter((c) => {
    const adds = [...c.covers].filter((q) => !covered.has(q)).reduce((a, q) => a + (weightOf.get(q) ?? 0), 0) / total;
    if (c.score < lead.score * 0.5 && adds < 0.2) return false;
    for (const q of c.covers) covered.add(q);
    return true;
  });
  const next = (c: Pick) => candidates.find((n) => n.passage === c.passage && n.index === c.index + 1);
  const picks: Pick[] = [];
  let chars = 0;
  const take = (c: Pick | undefined) => {
    if (!c || picks.includes(c) || picks.length >= MAX_SENTENCES || (picks.length && chars + c.text.length > MAX_CHARS)) return false;
    picks.push(c);
    chars += c.text.length;
    // A lead-in ("Pricing:") says little alone; take the sentence after it too.
    if (c.text.endsWith(':') || c.text.length < 20) take(next(c));
    return true;
  };
  take(lead);
  const leading = picks.length;
  for (const c of rest) take(c);
  const following = picks.slice(leading).sort((a, b) => a.passage - b.passage || a.index - b.index);
  const ordered = [...picks.slice(0, leading), ...following];
  // Paragraphs per passage, in the order their first sentence appears in the answer.
  const paragraphs = new Map<number, string[]>();
  for (const p of ordered) paragraphs.set(p.passage, [...(paragraphs.get(p.passage) ?? []), p.text]);
  const used = [...paragraphs.keys()].map((pi) => chosen[pi].id);
  return { text: [...paragraphs.values()].map((ss) => ss.join(' ')).join('\n\n'), used };
}

/** Splits text into chunks of a few words, keeping every character (whitespace included). */
export function chunkText(text: string, words = WORDS_PER_CHUNK): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [];
  const lead = text.match(/^\s*/)?.[0] ?? '';
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += words) out.push(tokens.slice(i, i + words).join(''));
  if (lead && out.length) out[0] = lead + out[0];
  return out;
}

export class ExtractiveEngine implements Engine {
  private readonly delayMs: number;
  constructor(delayMs: number) {
    this.delayMs = delayMs;
  }

  async *answer(req: EngineRequest): AsyncGenerator<string, EngineResult> {
    const composed = compose(req.question, req.passages, req.weights, req.language);
    const text = composed?.text ?? phrase(req.language, 'no_answer');
    for (const piece of chunkText(text)) {
      if (req.signal.aborted) return { used: [] };
      yield piece;
      await pause(this.delayMs, req.signal);
    }
    return { used: composed?.used ?? [] };
  }
}
