/**
 * The default engine: no model. It answers with the most relevant sentences of the best
 * passages, in their original order, so every word of the answer is grounded in a cited
 * source. When nothing relevant was retrieved it says so plainly.
 */
import { MIN_RELEVANCE } from '../knowledge/knowledge.ts';
import type { Passage } from '../knowledge/passage.ts';
import { looksLikeName, surfaceWords, terms } from '../knowledge/text.ts';
import { units, type Unit } from '../knowledge/units.ts';
import { pause, type Engine, type EngineRequest, type EngineResult } from './engine.ts';

const MAX_SENTENCES = 4;
export const MIN_SENTENCE = 0.4;
const MAX_CHARS = 700;
const WORDS_PER_CHUNK = 4;

const matches = (q: string, t: string) => t === q || (q.length >= 4 && t.startsWith(q)) || (t.length >= 4 && q.startsWith(t));

interface Pick { passage: number; index: number; unit: Unit; covers: Set<string>; score: number; factor: number }

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
 * it take?"), each as its own text; none for a simple question.
 */
export function questionParts(question: string, language = 'en'): string[] {
  const parts = question
    .split(/[,;]\s*(?:and\s+|or\s+)?(?=(?:what|when|where|which|who|how|is|are|do|does|can|will)\b)|\s+(?:and|or|und|et|y)\s+(?=(?:what|when|where|which|who|how|is|are|do|does|can|will|was|wie|wann|quand|cuándo)\b)|\?\s+(?=\S)/i)
    .filter((p) => terms(p, language).length > 0);
  return parts.length > 1 ? parts : [];
}

const MAX_ITEMS = 12;
const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
/** Questions that ask for a kind of fact, and what an answer of that kind contains. */
const matcher = (re: RegExp) => (text: string) => re.test(text);
/** How many names a sentence enumerates: "to Markdown, to PDF, or to HTML" names three. */
const ENUMERATES = (text: string) => (text.match(/(?:,|;|\bor\b|\band\b)\s+(?:(?:to|the|a|an|or|and|in|on|from|with)\s+)*[\p{Lu}\p{N}"'`(.]/gu)?.length ?? 0) >= 2;
const ANSWER_TYPES: [RegExp, (text: string) => boolean][] = [
  [ASKS_QUANTITY, matcher(HAS_NUMBER)],
  [/\b(what|which) (time of (the )?day|time)\b|\bat what time\b/i, matcher(/\d{1,2}(:\d{2}|\s?(am|pm|a\.m\.|p\.m\.))|\b(noon|midnight|o'clock)\b/i)],
  [/\b(which|what) (month|date|day of the (week|month))\b|\bon what (date|day)\b/i, matcher(new RegExp(`\\b(${MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b|\\d{1,4}[-/.]\\d{1,2}[-/.]\\d{1,4}|\\b\\d{1,2}(st|nd|rd|th)\\b`, 'i'))],
  [/\b(largest|smallest|maximum|minimum|highest|lowest|max|min)\b.*\b(value|number|size|amount|count)\b|\bhow many\b/i, matcher(HAS_NUMBER)],
  [/\b(percent|percentage)\b/i, matcher(/%|\bper ?cent\b/i)],
  // "Which formats…", "What payment methods…": a plural after which/what asks for several
  // things, and the answer names several: a list, or a sentence that enumerates names
  // ("to Markdown, to PDF, or to HTML"; "Germany, Austria and Belgium").
  [/\b(which|what)(?: are(?: the)?| kinds? of| types? of| sorts? of)? (?:\w+ )?(?!(?:is|was|has|this|its|us|plus|status|bonus|address|access|process|class|business|express|wireless|series|news|gas|bus|yes|happens|does|goes|means|makes|takes|works|causes|gets|keeps|needs|seems|looks|counts|matters|applies|uses|runs|says|shows|stops|starts|changes|helps|costs|lasts|remains|belongs|comes)\b)\w{3,}s\b/i, ENUMERATES],
];
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
export function compose(question: string, passages: Passage[], weights: Map<string, number>, language = 'en', unknownNames: readonly string[] = []): { text: string; used: string[] } | null {
  // The visitor names a thing these pages never mention ("a WebSocket endpoint", "the CEO"):
  // whatever the rest of the question matches is about something else.
  if (unknownNames.length) return null;
  const relevant = passages.filter((p) => p.score >= MIN_RELEVANCE);
  if (relevant.length === 0) return null;
  // A second passage joins only when it is nearly as relevant as the best one.
  const chosen = relevant.filter((p, i) => i === 0 || (i < 3 && p.score >= relevant[0].score * 0.6));
  const query = weights.size ? [...weights] : [...new Set(terms(question, language))].map((q) => [q, 1] as [string, number]);
  const total = query.reduce((a, [, w]) => a + w, 0) || 1;
  const weightOf = new Map(query);
  const candidates: Pick[] = [];
  const unitsOf: Sentence[][] = [];
  const contextOf: Set<string>[] = [];
  /** A unit's text with its list or table group (what a lead-in stands for). */
  const answerText = (c: Pick) => (c.unit.kind === 'lead' ? unitsOf[c.passage].filter((u) => u.group === c.unit.group).map((u) => u.text).join(', ') : c.unit.text);
  chosen.forEach((p, pi) => {
    // A unit is read under its page's title and heading ("It includes theft insurance"
    // on the Cobalt Care page is about Cobalt Care): their words count as the unit's own.
    const context = new Set(terms(`${p.title} ${p.heading}`, language));
    const inContext = query.filter(([q]) => [...context].some((t) => matches(q, t))).map(([q]) => q);
    contextOf[pi] = new Set(inContext);
    const list = sentencesOf(p.text, language);
    unitsOf[pi] = list;
    list.forEach((unit, index) => {
      // A lead-in is read with its items: "The plans include:" answers "which plans are there?"
      // through the items' words as much as its own.
      const words = unit.kind === 'lead' ? [...unit.words, ...list.filter((u) => u.group === unit.group && u !== unit).flatMap((u) => u.words)] : unit.words;
      const covers = new Set(query.filter(([q]) => words.some((t) => matches(q, t))).map(([q]) => q));
      // A unit counts as much as its passage is relevant; among equals the earlier one wins.
      candidates.push({ passage: pi, index, unit, covers, score: 0, factor: p.score / chosen[0].score });
    });
  });
  /** How much of these question words a unit covers (its page title and heading included), in [0,1], by relevance. */
  const scoreFor = (c: Pick, part: [string, number][], partTotal: number) => {
    const own = part.reduce((a, [q, w]) => (c.covers.has(q) || contextOf[c.passage].has(q) ? a + w * (c.covers.has(q) ? 1 : CONTEXT_SHARE) : a), 0);
    const hit = own / partTotal;
    return hit > 0 ? hit * c.factor - c.index * 0.002 : -1;
  };
  for (const c of candidates) c.score = scoreFor(c, query, total);
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  const mentions = (c: Pick, n: string) => c.covers.has(n) || contextOf[c.passage].has(n);
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
  // A question of several parts ("how much is the late fee, and how much data does Basic
  // include?") is answered part by part; a simple question is one part.
  const parts = questionParts(question, language);
  const segments = parts.length > 1 ? parts : [question];
  const allNames: string[] = [];
  for (const segment of segments) {
    const segTerms = terms(segment, language);
    const part = query.filter(([q]) => segTerms.some((t) => matches(q, t)));
    const partTotal = part.reduce((a, [, w]) => a + w, 0);
    if (!partTotal) continue;
    // What kind of fact the part asks for (a quantity, a time, a month) and which things it
    // names ("under Cachegrind", "in France"): only units that carry such a fact and mention a
    // named thing (or sit under a heading that does) can answer. The rest answer a neighbouring
    // question (Memcheck's slowdown, the partner networks in general).
    const needs = ANSWER_TYPES.filter(([asks]) => asks.test(segment)).map(([, has]) => has);
    const names = [...surfaceWords(segment, language)].filter(([stem, word]) => weightOf.has(stem) && looksLikeName(word, segment)).map(([stem]) => stem);
    allNames.push(...names);
    const fit = candidates
      .map((c) => ({ c, score: scoreFor(c, part, partTotal) }))
      .filter(({ c, score }) => score > 0 && needs.every((has) => has(answerText(c))) && (!names.length || names.some((n) => mentions(c, n))))
      .sort((a, b) => b.score - a.score);
    // The passage floor (MIN_RELEVANCE) says a page is about the question; this one says a
    // unit of it answers: one that covers under MIN_SENTENCE of the question (words of the
    // page's title and heading count as its own) is a neighbour of the answer, not the answer.
    if (!fit.length || fit[0].score < MIN_SENTENCE) continue;
    if (picks.length && chars + fit[0].c.unit.text.length > MAX_CHARS) continue;
    take(fit[0].c);
  }
  if (!picks.length) return null;
  const covered = new Set(picks.flatMap((p) => [...p.covers]));
  // Another unit joins only when it covers a part of the question the chosen ones do not.
  for (const c of ranked) {
    if (picks.includes(c) || picks.length >= MAX_SENTENCES + MAX_ITEMS || chars + c.unit.text.length > MAX_CHARS) continue;
    const adds = [...c.covers].filter((q) => !covered.has(q)).reduce((a, q) => a + (weightOf.get(q) ?? 0), 0) / total;
    if (adds < 0.15 || c.score < MIN_SENTENCE / 2) continue;
    for (const q of c.covers) covered.add(q);
    take(c);
  }
  // Every thing the question names is in the answer, or the answer is about something else.
  if (allNames.some((n) => !picks.some((p) => mentions(p, n)))) return null;
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
    const composed = compose(req.question, req.passages, req.weights, req.language, req.unknownNames);
    if (!composed) return { used: [], unanswered: true };
    for (const piece of chunkText(composed.text)) {
      if (req.signal.aborted) return { used: [] };
      yield piece;
      await pause(this.delayMs, req.signal);
    }
    return { used: composed.used };
  }
}
