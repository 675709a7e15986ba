/**
 * Whether a question needs the conversation before it to be understood. An elliptical
 * follow-up ("and for the frame?", "how much is it?", "what about Windows?") is searched with
 * the earlier turns' words; a self-contained question is searched alone, so an unrelated
 * earlier turn can neither pull it back to the old topic nor dilute its own words.
 */
import { questionTerms } from './text.ts';

/** Openings that lean on what came before, in the shipped languages. */
const CONTINUES = /^\s*(and|also|but|so|or|what about|how about|what if|same for|und|aber|auch|was ist mit|et|mais|aussi|et pour|y|pero|también|¿y|y si|و)\b/iu;
/** Words that point back at something named earlier. */
const POINTS_BACK = /\b(it|its|it's|that|this|those|these|they|them|their|there|one|ones|same|else|instead|then|er|sie|es|das|dies|dafür|dazu|davon|il|elle|ils|cela|ça|celui|celle|ello|eso|esto|ese|esa)\b/iu;

/** The question points back at something named before ("its default", "install it"). */
export function pointsBack(question: string): boolean {
  return POINTS_BACK.test(question);
}

export function needsContext(question: string, language = 'en'): boolean {
  const own = questionTerms(question, language);
  if (own.length === 0) return true;
  if (CONTINUES.test(question)) return true;
  // A short question that points back ("how long does it take?") has too few words of its own.
  return own.length <= 2 && POINTS_BACK.test(question);
}
