// The generator of bench/eval/combined: two questions a visitor asks in one message, joined
// the ways visitors join them. Seeded and deterministic: the same questions, key and seed
// always give the same pairs and joinings.
import { hash, random } from '../wrapped/wrap.ts';

/** A question without its closing mark: "How long is the notice period". */
const bare = (q: string) => q.trim().replace(/[?.!]+$/, '').trim();
/** A question with its closing mark. */
const closed = (q: string) => (/[?.!]$/.test(q.trim()) ? q.trim() : `${q.trim()}?`);
// A word that opens a question and is lowered when the question goes on a sentence (not a name: "Fastify", "URL.canParse()").
const OPENER = /^(?:what|what's|whats|how|which|who|where|when|why|is|are|was|were|do|does|did|can|could|should|will|would|in|on|for|if|with|without|my|the|any|after|before|from|at|by|to|according|under|as|during|using|once|a|an)\b/i;
/** The second question as it goes on after the first: "… and how long is…". */
const goesOn = (q: string) => (OPENER.test(q) ? q[0].toLowerCase() + q.slice(1) : q);
/** As typed in small letters: every capitalised word lowered, names of code ("URL.canParse", "ENOSPC", "Node.js 22") kept. */
const lowered = (q: string) => q.replace(/\b[A-Z][a-z']+\b(?![.\w(])/g, (w) => w.toLowerCase());

/** The ways a visitor puts two questions in one message. */
export const JOINS: Record<string, (a: string, b: string) => string> = {
  'A? And B?': (a, b) => `${bare(a)}? And ${goesOn(bare(b))}?`,
  'A, and also B?': (a, b) => `${bare(a)}, and also ${goesOn(bare(b))}?`,
  'Two questions: A B': (a, b) => `Two questions: ${closed(a)} ${closed(b)}`,
  'A? Also, B?': (a, b) => `${bare(a)}? Also, ${goesOn(bare(b))}?`,
  'a and b (run-on)': (a, b) => `${lowered(bare(a))} and ${lowered(goesOn(bare(b)))}`,
  'a? b? (small letters)': (a, b) => `${lowered(bare(a))}? ${lowered(goesOn(bare(b)))}?`,
};

export type Pair<Q> = { a: Q; b: Q; sameFile: boolean; join: string; message: string };

/**
 * Seeded pairs of a set's questions: each question with one partner from its own file (close
 * subjects, when its file has another) and one from another file, each pair joined one of the
 * JOINS ways. A pair is made once, whichever of its two questions drew it.
 */
export function pairs<Q extends { id: string; ask: string; source: string | null }>(questions: readonly Q[], key: string, seed: number): Pair<Q>[] {
  const rand = random(hash(`${key}/${seed}`));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const made = new Set<string>();
  const out: Pair<Q>[] = [];
  const joins = Object.keys(JOINS);
  for (const a of questions) {
    for (const sameFile of [true, false]) {
      const others = questions.filter((b) => b !== a && (b.source === a.source) === sameFile && !made.has([a.id, b.id].sort().join('+')));
      if (!others.length) continue;
      const b = pick(others);
      made.add([a.id, b.id].sort().join('+'));
      const join = pick(joins);
      out.push({ a, b, sameFile, join, message: JOINS[join](a.ask, b.ask) });
    }
  }
  return out;
}
