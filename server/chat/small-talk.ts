/**
 * Small talk: a greeting, thanks, a goodbye or "who are you?" is not a question for the
 * knowledge, and searching it only produces "I couldn't find an answer". Only a message that
 * is nothing but small talk counts: "hi, how do I export my notes?" is a question.
 */
export type SmallTalk = 'hello' | 'thanks' | 'bye' | 'who';

const WORDS: Record<SmallTalk, string[]> = {
  hello: ['hi', 'hello', 'hey', 'hiya', 'howdy', 'good morning', 'good afternoon', 'good evening', 'hallo', 'guten tag', 'guten morgen', 'moin', 'servus',
    'bonjour', 'bonsoir', 'salut', 'hola', 'buenos días', 'buenos dias', 'buenas tardes', 'buenas', 'مرحبا', 'السلام عليكم', 'أهلا', 'اهلا'],
  thanks: ['thanks', 'thank you', 'thx', 'ty', 'cheers', 'great', 'perfect', 'awesome', 'ok thanks', 'okay thanks', 'thanks a lot', 'many thanks', 'danke', 'vielen dank', 'danke schön', 'dankeschön',
    'merci', 'merci beaucoup', 'gracias', 'muchas gracias', 'شكرا', 'شكرا لك', 'شكرًا'],
  bye: ['bye', 'goodbye', 'good bye', 'see you', 'see ya', 'tschüss', 'tschüs', 'auf wiedersehen', 'au revoir', 'adiós', 'adios', 'hasta luego', 'مع السلامة', 'وداعا'],
  who: ['who are you', 'what are you', 'are you a bot', 'are you human', 'are you a robot', 'are you real', 'what can you do', 'how can you help', 'how are you',
    'wer bist du', 'wer sind sie', 'bist du ein bot', 'qui êtes-vous', 'qui es-tu', 'es-tu un robot', 'quién eres', 'eres un bot', 'من أنت'],
};

/** Words that may stand around small talk without making it a question ("hi there", "thanks so much!"). */
const FILLER = new Set(['there', 'so', 'much', 'very', 'again', 'all', 'everyone', 'team', 'guys', 'folks', 'bot', 'for', 'the', 'help', 'your', 'you', 'a', 'lot',
  'ok', 'okay', 'oh', 'well', 'then', 'and', 'really', 'just', 'that', 'it', 'is', 'was', 'helpful', 'great', 'nice', 'cool', 'dir', 'ihnen', 'euch', 'beaucoup', 'mucho', 'pour', 'por', 'todo']);

const normalize = (s: string) => s.toLowerCase().normalize('NFC').replace(/[!?.,;:¡¿'"’()\-–—…😀-🙏👋👍🙂]+/gu, ' ').replace(/\s+/g, ' ').trim();

const ENTRIES = (Object.entries(WORDS) as [SmallTalk, string[]][])
  .flatMap(([kind, list]) => list.map((w) => ({ kind, words: normalize(w).split(' ') })))
  .sort((a, b) => b.words.length - a.words.length);

/** What kind of small talk the message is, or null when it asks (or says) anything else. */
export function smallTalk(message: string): SmallTalk | null {
  const words = normalize(message).split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 8) return null;
  let found: SmallTalk | null = null;
  for (let i = 0; i < words.length;) {
    const hit = ENTRIES.find((e) => e.words.every((w, j) => words[i + j] === w));
    if (hit) {
      // "thanks" after "hi" is still thanks; "who are you" wins over a greeting before it.
      if (!found || found === 'hello') found = hit.kind;
      i += hit.words.length;
    } else if (FILLER.has(words[i])) {
      i += 1;
    } else {
      return null;
    }
  }
  return found;
}
