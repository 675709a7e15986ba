/**
 * Small talk: a greeting, thanks, a goodbye or "who are you?" is not a question for the
 * knowledge, and searching it only produces "I couldn't find an answer". Only a message that
 * is nothing but small talk counts: "hi, how do I export my notes?" is a question.
 */
export type SmallTalk = 'hello' | 'thanks' | 'bye' | 'who';

const WORDS: Record<SmallTalk, string[]> = {
  hello: ['hi', 'hello', 'hey', 'hiya', 'howdy', 'yo', 'greetings', 'good day', 'good morning', 'good afternoon', 'good evening', 'hallo', 'guten tag', 'guten morgen', 'moin', 'servus',
    'bonjour', 'bonsoir', 'salut', 'hola', 'buenos días', 'buenos dias', 'buenas tardes', 'buenas', 'مرحبا', 'السلام عليكم', 'أهلا', 'اهلا'],
  thanks: ['thanks', 'thank you', 'thx', 'ty', 'cheers', 'great', 'perfect', 'awesome', 'ok thanks', 'okay thanks', 'thanks a lot', 'many thanks',
    'got it', 'understood', 'alright', 'all right', 'sounds good', 'that helps', 'that helped', 'appreciate it', 'much appreciated', 'brilliant', 'excellent', 'good to know',
    'danke', 'vielen dank', 'danke schön', 'dankeschön', 'alles klar', 'super',
    'merci', 'merci beaucoup', 'parfait', "d'accord", 'gracias', 'muchas gracias', 'perfecto', 'vale', 'شكرا', 'شكرا لك', 'شكرًا'],
  bye: ['bye', 'goodbye', 'good bye', 'see you', 'see ya', 'take care', 'have a nice day', 'have a good day', "that's all", 'that is all', 'nothing else', 'tschüss', 'tschüs', 'auf wiedersehen', 'au revoir', 'adiós', 'adios', 'hasta luego', 'مع السلامة', 'وداعا'],
  who: ['who are you', 'what are you', 'are you a bot', 'are you human', 'are you a human', 'are you a robot', 'are you real', 'are you a real person', 'are you a person',
    'are you an ai', 'are you ai', 'is this a bot', 'is this a real person', 'is this a person', 'is this automated', 'is this a human', 'am i talking to a bot', 'am i talking to a human',
    'am i talking to a person', 'am i talking to a real person', 'am i chatting with a bot', 'who am i talking to', 'who am i talking with', 'who am i speaking to', 'who am i chatting with',
    'who is this', 'what can you do', 'how can you help', 'how are you', "how's it going", 'how is it going',
    'wer bist du', 'wer sind sie', 'bist du ein bot', 'bist du ein mensch', 'sind sie ein mensch', 'wie geht es dir', "wie geht's",
    'qui êtes-vous', 'qui es-tu', 'es-tu un robot', 'êtes-vous un robot', 'es-tu humain', 'ça va', 'comment ça va', 'quién eres', 'eres un bot', 'eres humano', 'eres una persona', 'cómo estás', 'من أنت'],
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
