/**
 * The default engine: no model. It answers with the most relevant sentences of the best
 * passages, in their original order, so every word of the answer is grounded in a cited
 * source. When nothing relevant was retrieved it says so plainly.
 */
import { MIN_RELEVANCE } from '../knowledge/knowledge.ts';
import type { Passage } from '../knowledge/passage.ts';
import { terms } from '../knowledge/text.ts';
import { units, type Unit } from '../knowledge/units.ts';
import { pause, type Engine, type EngineRequest, type EngineResult } from './engine.ts';

const MAX_SENTENCES = 4;
export const MIN_SENTENCE = 0.4;
const MAX_CHARS = 700;
const WORDS_PER_CHUNK = 4;

const matches = (q: string, t: string) => t === q || (q.length >= 4 && t.startsWith(q)) || (t.length >= 4 && q.startsWith(t));

interface Pick { passage: number; index: number; unit: Unit; covers: Set<string>; score: number }

interface Sentence extends Unit { words: string[] }

/**
 * A passage's units (sentences, list items with their lead-in, table rows with their
 * headers: knowledge/units.ts) as plain text with their distinct terms. The same few
 * passages answer many questions, and splitting and tokenizing them on every turn was a
 * tenth of the server's CPU time per chat turn (bench/server-load.mjs); so each passage
 * text is split once. Bounded: a knowledge base larger than the cap only loses the reuse.
 */
const sentenceCache = new Map<string, Sentence[]>();
const SENTENCE_CACHE_MAX = 5000;

/** Terms are stemmed in the bot's language, as retrieval stems them (knowledge.ts). */
export function sentencesOf(passage: string, language = 'en'): Sentence[] {
  const key = `${language}\0${passage}`;
  let list = sentenceCache.get(key);
  if (!list) {
    list = units(passage).map((u) => ({ ...u, words: [...new Set(terms(u.text, language))] }));
    if (sentenceCache.size >= SENTENCE_CACHE_MAX) sentenceCache.clear();
    sentenceCache.set(key, list);
  }
  return list;
}

/**
 * Questions that ask for a quantity (a price, a duration, a size, a count, a version): an
 * answer without a number in it is a neighbour of the answer, not the answer ("use the
 * charger in the box" for "what voltage is the charger?").
 */
const ASKS_QUANTITY = /\b(how (much|many|long|often|far|big|large|old|fast|soon|high|heavy)|what (is|are|'s) the (price|cost|fee|size|limit|maximum|minimum|voltage|wattage|capacity|weight|version|port|timeout)|(price|cost|fee|charge|voltage|wattage|capacity|percentage|how many)\b)/i;
const HAS_NUMBER = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|hundred|thousand|free|unlimited|no charge|half|once|twice|daily|weekly|monthly|yearly|annually)\b/i;

/**
 * The parts of a question that asks several things ("what does it cost, and how long does
 * it take?"), each as its own terms; one part (or none) for a simple question.
 */
export function questionParts(question: string, language = 'en'): string[][] {
  const parts = question
    .split(/[,;]\s*(?:and\s+|or\s+)?(?=(?:what|when|where|which|who|how|is|are|do|does|can|will)\b)|\s+(?:and|or|und|et|y)\s+(?=(?:what|when|where|which|who|how|is|are|do|does|can|will|was|wie|wann|quand|cuándo)\b)|\?\s+(?=\S)/i)
    .map((p) => terms(p, language))
    .filter((t) => t.length > 0);
  return parts.length > 1 ? parts : [];
}

const MAX_ITEMS = 12;
/** A question word found only in the unit's page title or heading counts fully: a heading is what its sentences are about. */
const CONTEXT_SHARE = 1;
const MAX_LIST_CHARS = 900;

/**
 * Chooses the units that answer the question; exported for unit tests. The unit that covers
 * most of the question (its words weighted by rarity, see SearchResult.weights) leads; a list's
 * lead-in brings its items, an item brings its lead-in, a table row carries its headers. Other
 * units join only when they cover a part of the question the chosen ones do not (a question
 * that asks for two facts), so the answer stops at the fact instead of padding it.
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
  const unitsOf: Sentence[][] = [];
  chosen.forEach((p, pi) => {
    // A unit is read under its page's title and heading ("It includes theft insurance"
    // on the Cobalt Care page is about Cobalt Care): their words count as the unit's own.
    const context = new Set(terms(`${p.title} ${p.heading}`, language));
    const inContext = query.filter(([q]) => [...context].some((t) => matches(q, t))).map(([q]) => q);
    const list = sentencesOf(p.text, language);
    unitsOf[pi] = list;
    list.forEach((unit, index) => {
      // A lead-in is read with its items: "The plans include:" answers "which plans are there?"
      // through the items' words as much as its own.
      const words = unit.kind === 'lead' ? [...unit.words, ...list.filter((u) => u.group === unit.group && u !== unit).flatMap((u) => u.words)] : unit.words;
      const covers = new Set(query.filter(([q]) => words.some((t) => matches(q, t))).map(([q]) => q));
      const own = query.reduce((a, [q, w]) => (covers.has(q) ? a + w : a), 0);
      const hit = (own + inContext.reduce((a, q) => (covers.has(q) ? a : a + weightOf.get(q)! * CONTEXT_SHARE), 0)) / total;
      // A unit counts as much as its passage is relevant; among equals the earlier one wins.
      const score = hit * (p.score / chosen[0].score) - index * 0.002;
      candidates.push({ passage: pi, index, unit, covers, score: hit > 0 ? score : -1 + score });
    });
  });
  let ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  if (ASKS_QUANTITY.test(question)) {
    // Only units that state a quantity can answer; the best of them must still cover the question.
    const withNumber = (c: Pick) => HAS_NUMBER.test(c.unit.text) || (c.unit.kind === 'lead' && unitsOf[c.passage].some((u) => u.group === c.unit.group && HAS_NUMBER.test(u.text)));
    ranked = ranked.filter(withNumber);
  }
  // The passage floor (MIN_RELEVANCE) says a page is about the question; this one says a
  // unit of it answers: one that covers under MIN_SENTENCE of the question (words of the
  // page's title and heading at half weight) is a neighbour of the answer, not the answer.
  if (ranked.length === 0 || ranked[0].score < MIN_SENTENCE) return null;
  const lead = ranked[0];
  const picks: Pick[] = [];
  let chars = 0;
  const unitPick = (pi: number, index: number) => candidates.find((c) => c.passage === pi && c.index === index)!;
  const add = (c: Pick) => {
    if (picks.includes(c)) return;
    picks.push(c);
    chars += c.unit.text.length;
  };
  /** A unit with what it needs to be understood: a lead-in's items, an item's lead-in. */
  const take = (c: Pick) => {
    const list = unitsOf[c.passage];
    if (c.unit.kind === 'item' || c.unit.kind === 'row') {
      const leadIn = list.findIndex((u) => u.group === c.unit.group && u.kind === 'lead');
      if (leadIn >= 0 && leadIn < c.index && list[leadIn].text.length <= 200) add(unitPick(c.passage, leadIn));
    }
    add(c);
    // A unit that says little alone ("Yes.", a bare name) brings the one after it.
    if (c.unit.kind === 'text' && c.unit.text.length < 25 && list[c.index + 1]?.kind === 'text') add(unitPick(c.passage, c.index + 1));
    if (c.unit.kind === 'lead' || /[:：]$/.test(c.unit.text)) {
      let n = 0;
      for (let i = c.index + 1; i < list.length && n < MAX_ITEMS; i++) {
        const u = list[i];
        if (c.unit.kind === 'lead' ? u.group !== c.unit.group : n > 0) break;
        if (chars + u.text.length > MAX_LIST_CHARS) break;
        add(unitPick(c.passage, i));
        n++;
      }
    }
  };
  take(lead);
  const covered = new Set(lead.covers);
  // A question of several parts ("when was it released, and when is the hotline open?"):
  // each part gets the unit that answers it best, if one covers most of that part.
  for (const part of questionParts(question)) {
    const own = query.filter(([q]) => part.some((t) => matches(q, t)));
    const partTotal = own.reduce((a, [, w]) => a + w, 0);
    if (!partTotal) continue;
    const best = ranked
      .map((c) => ({ c, part: own.reduce((a, [q, w]) => (c.covers.has(q) ? a + w : a), 0) / partTotal }))
      .filter((x) => x.part >= 0.6)
      .sort((a, b) => b.part - a.part || b.c.score - a.c.score)[0];
    if (best && !picks.includes(best.c) && chars + best.c.unit.text.length <= MAX_CHARS) {
      for (const q of best.c.covers) covered.add(q);
      take(best.c);
    }
  }
  for (const c of ranked.slice(1)) {
    if (picks.length >= MAX_SENTENCES + MAX_ITEMS || chars + c.unit.text.length > MAX_CHARS) continue;
    const adds = [...c.covers].filter((q) => !covered.has(q)).reduce((a, q) => a + (weightOf.get(q) ?? 0), 0) / total;
    if (adds < 0.15 || c.score < MIN_SENTENCE / 2) continue;
    for (const q of c.covers) covered.add(q);
    take(c);
  }
  // In the order of the page: the passage of the lead first, units in their own order.
  const order = [...new Set(picks.map((p) => p.passage))];
  picks.sort((a, b) => order.indexOf(a.passage) - order.indexOf(b.passage) || a.index - b.index);
  const paragraphs = new Map<number, string[]>();
  for (const p of picks) {
    const text = p.unit.kind === 'item' ? `- ${p.unit.text}` : p.unit.text;
    paragraphs.set(p.passage, [...(paragraphs.get(p.passage) ?? []), text]);
  }
  const used = [...paragraphs.keys()].map((pi) => chosen[pi].id);
  // List items stand on their own lines (Markdown), prose sentences run on.
  const render = (ss: string[]) => ss.reduce((acc, t, i) => (i === 0 ? t : acc + (t.startsWith('- ') || ss[i - 1].startsWith('- ') || ss[i - 1].endsWith(':') ? '\n' : ' ') + t), '');
  return { text: [...paragraphs.values()].map(render).join('\n\n'), used };
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
    if (!composed) return { used: [], unanswered: true };
    for (const piece of chunkText(composed.text)) {
      if (req.signal.aborted) return { used: [] };
      yield piece;
      await pause(this.delayMs, req.signal);
    }
    return { used: composed.used };
  }
}
