// The parts of a question that asks several things: read by retrieval (knowledge.ts search,
// which finds passages for each part) and by compose() (extractive.ts, which answers each).
import { terms } from './text.ts';

/**
 * The parts of a question that asks several things ("what does it cost, and how long does
 * it take?", "what was it called, and why did they drop that name?"), each as its own text;
 * none for a simple question.
 */
export function questionParts(question: string, language = 'en'): string[] {
  const parts = question
    .split(/[,;]\s*(?:and\s+|or\s+)?(?:also,?\s+)?(?=(?:(?:in|at|for|from|on|with|by|under|to|since) (?:what|which) |what|when|where|which|who|why|how|is|are|do|does|can|will)\b)|\s+(?:and|or|und|et|y)\s+(?:also,?\s+)?(?=(?:(?:in|at|for|from|on|with|by|under|to|since) (?:what|which) |what|when|where|which|who|why|how|is|are|do|does|can|will|was|wie|wann|quand|cuándo)\b)|\?\s+(?=\S)/i)
    .filter((p) => terms(p, language).length > 0);
  // A phrase before the first question ("For Brotli streams, what can I pass…?", "In the
  // example output, what was…?") narrows that question; it asks nothing of its own.
  if (parts.length > 1 && QUALIFIER.test(parts[0].trim()) && !/\?\s*$/.test(parts[0])) parts.splice(0, 2, `${parts[0]}, ${parts[1]}`);
  // A statement after a question ("Where's your store in Miami? I need the address.") says
  // why the visitor asks; it is not a second question to answer on its own: the question is
  // then the one part asked.
  const asked = parts.filter((p, i) => i === 0 || ASKS.test(p.trim()) || (i === parts.length - 1 && /\?\s*$/.test(p)));
  return asked.length > 1 || asked.length < parts.length ? namedBack(asked) : [];
}
/** A name of code: an option ("--valgrind-stacksize"), a call ("dns.lookup()"), a dotted or snake_case name ("cg_merge", "core.statinfo"). */
const CODE_NAME = /(?<![\w-])(?:--?[a-z][\w-]*(?:=\S+)?|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?|[A-Za-z$][\w$]*_[\w$]+|[A-Za-z_$][\w$]*\(\))(?![\w-])/g;
/**
 * A later part that says "it" of the one name of code the first part asks about ("What's the
 * default --valgrind-stacksize, and when should I change it?") asks about that name: the part
 * is read with the name in its place, so it finds and answers from that name's own passage.
 * Not "what is it by default?": with the name in it, that reads as "What is X?", a definition.
 */
function namedBack(parts: string[]): string[] {
  const names = [...new Set(parts[0]?.match(CODE_NAME) ?? [])];
  if (names.length !== 1) return parts;
  return parts.map((p, i) => (i > 0 && !p.match(CODE_NAME) && !/\b(?:is|was)\s+it\b/i.test(p) ? p.replace(/\bit\b(?!')/i, names[0]) : p));
}
/** A phrase that opens with a preposition: a setting for the question after it, not a question ("in which version…" is one). */
const QUALIFIER = /^(?:according to|as per|for|in|with|without|on|under|at|from|during|after|before|when using|using|if using|given|inside|within|across|of)\b(?!\s+(?:what|which)\b)/i;
/** A part that asks: it opens with a question word or an inverted verb. */
const ASKS = /^(?:(?:and|or|also|so|but|plus),?\s+)?(?:(?:in|at|for|from|on|with|by|under|to|since) (?=what|which))?(?:what|when|where|which|who|whom|whose|why|how|is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had|any|wie|wann|was|wo|quand|comment|où|cuándo|cómo|dónde|qué)\b/i;
/** A clause that says when the question holds ("When handlerTimeout runs out, what…"), unlike "When did…?". */
const CONDITION = /^(?:when|whenever|once|after|before|while)\s+(?!(?:do|does|did|is|are|was|were|can|could|will|would|should|shall|has|have|had)\b)/i;
/** A label a visitor puts before what they ask: "Two questions:", "Quick one -". */
const LABEL = /^[^:?.]{1,30}(?::|\s[-–—])\s+/;
/** A word that stands for a thing an earlier part names ("…and who maintains it?"). */
const POINTS_BACK = /\b(?:it|its|itself|they|them|their)\b/i;
/** "It" that stands for what follows, an infinitive ("how long does it take to port…?", "is it possible to…"): it names nothing. */
const EXPLETIVE_IT = /\bit\s+(?:[\p{L}'’]+\s+){1,2}?to\s+(?!(?:the|a|an|my|your|our|their|its|his|her|this|that|these|those|me|you|us|them|it)\b)[\p{L}]/giu;
/**
 * Does a later part say "it" (or "they") of a thing an earlier part names? Not the "it" of
 * "how long does it take to port a landline number?", which stands for the porting it goes on
 * to say: that part names its own thing and is searched on its own.
 */
export function pointsBack(part: string): boolean {
  return POINTS_BACK.test(part.replace(EXPLETIVE_IT, ' '));
}
/**
 * The parts retrieval looks for on their own: each a question of its own (it opens with a
 * question word or ends with a question mark: "If I never call reply.code, what…?" and "When
 * handlerTimeout runs out, what…?" are one question with its condition), about a thing it names itself ("…and who maintains it?" is
 * about the earlier part's thing, and found with it). None unless two or more are.
 */
export function searchedParts(question: string, language = 'en'): string[] {
  const parts = questionParts(question, language);
  // A label before the first ("Two questions: what…") asks nothing.
  const asks = (p: string) => ASKS.test(p.trim().replace(LABEL, '')) && !CONDITION.test(p.trim());
  const own = parts.filter((p, i) => (asks(p) || /\?\s*$/.test(p)) && (i === 0 || !pointsBack(p)));
  return own.length > 1 && own.length === parts.length ? parts : [];
}
