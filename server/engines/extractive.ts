/**
 * The default engine: no model. It answers with the most relevant sentences of the best
 * passages, in their original order, so every word of the answer is grounded in a cited
 * source. When nothing relevant was retrieved it says so plainly.
 */
import { MIN_RELEVANCE, type Passage } from '../knowledge.ts';
import { plainInline, sentences, terms } from '../text.ts';
import { pause, type Engine, type EngineRequest, type EngineResult } from './engine.ts';
import { phrase } from './phrases.ts';

const MAX_SENTENCES = 4;
const MAX_CHARS = 700;
const WORDS_PER_CHUNK = 4;

const matches = (q: string, t: string) => t === q || (q.length >= 4 && t.startsWith(q)) || (t.length >= 4 && q.startsWith(t));

interface Pick { passage: number; index: number; text: string; score: number }

interface Sentence { text: string; words: string[] }

/**
 * A passage's sentences as plain text with their distinct terms. The same few passages answer
 * many questions, and splitting and tokenizing them on every turn was a tenth of the server's
 * CPU time per chat turn (bench/server-load.mjs); so each passage text is split once. Bounded:
 * a knowledge base larger than the cap only loses the reuse, not correctness.
 */
const sentenceCache = new Map<string, Sentence[]>();
const SENTENCE_CACHE_MAX = 5000;

export function sentencesOf(passage: string): Sentence[] {
  let list = sentenceCache.get(passage);
  if (!list) {
    list = sentences(passage).map((s) => ({ text: plainInline(s), words: [...new Set(terms(s))] }));
    if (sentenceCache.size >= SENTENCE_CACHE_MAX) sentenceCache.clear();
    sentenceCache.set(passage, list);
  }
  return list;
}

/** Chooses the sentences that answer the question; exported for unit tests. */
export function compose(question: string, passages: Passage[], weights: Map<string, number>): { text: string; used: string[] } | null {
  const relevant = passages.filter((p) => p.score >= MIN_RELEVANCE);
  if (relevant.length === 0) return null;
  // A second passage joins only when it is nearly as relevant as the best one.
  const chosen = relevant.filter((p, i) => i === 0 || (i < 3 && p.score >= relevant[0].score * 0.6));
  const query = [...new Set(terms(question))];
  const weight = (q: string) => weights.get(q) ?? 1;
  const total = query.reduce((a, q) => a + weight(q), 0) || 1;
  const candidates: Pick[] = [];
  chosen.forEach((p, pi) => {
    sentencesOf(p.text).forEach(({ text, words }, index) => {
      const hit = query.filter((q) => words.some((t) => matches(q, t))).reduce((a, q) => a + weight(q), 0) / total;
      // Earlier sentences of a passage usually carry its point; a small bonus breaks ties.
      const score = hit + (pi === 0 ? 0.05 : 0) - index * 0.01;
      candidates.push({ passage: pi, index, text, score: hit > 0 ? score : -1 + score });
    });
  });
  // Sentences that match only common words ("lamp" in every page) are not part of the answer.
  const top = Math.max(0, ...candidates.map((c) => c.score));
  const best = candidates.filter((c) => c.score > 0 && c.score >= top * 0.5).sort((a, b) => b.score - a.score);
  const picks: Pick[] = [];
  let chars = 0;
  for (const c of best.length ? best : candidates.filter((c) => c.passage === 0).slice(0, 2)) {
    if (picks.length >= MAX_SENTENCES || chars + c.text.length > MAX_CHARS) break;
    if (picks.some((p) => p.text === c.text)) continue;
    picks.push(c);
    chars += c.text.length;
    // A lead-in ("Pricing:") says little alone; take the sentence after it too.
    const next = candidates.find((n) => n.passage === c.passage && n.index === c.index + 1);
    if ((c.text.endsWith(':') || c.text.length < 20) && next && !picks.includes(next)) {
      picks.push(next);
      chars += next.text.length;
    }
  }
  if (picks.length === 0) return null;
  picks.sort((a, b) => a.passage - b.passage || a.index - b.index);
  const paragraphs = chosen
    .map((_, pi) => picks.filter((p) => p.passage === pi).map((p) => p.text).join(' '))
    .filter(Boolean);
  const used = chosen.filter((_, pi) => picks.some((p) => p.passage === pi)).map((p) => p.id);
  return { text: paragraphs.join('\n\n'), used };
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
    const composed = compose(req.question, req.passages, req.weights);
    const text = composed?.text ?? phrase(req.language, 'no_answer');
    for (const piece of chunkText(text)) {
      if (req.signal.aborted) return { used: [] };
      yield piece;
      await pause(this.delayMs, req.signal);
    }
    return { used: composed?.used ?? [] };
  }
}
