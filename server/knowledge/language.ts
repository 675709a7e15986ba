/**
 * Which of the shipped languages (en, de, fr, es, ar) a visitor's message is written in, from
 * its most frequent function words and its script; null when it cannot tell (a short message,
 * a product name, a mix). Used only to answer in the visitor's language when the knowledge
 * has nothing for them, so a wrong guess costs little and no guess costs nothing.
 */
const FUNCTION_WORDS: Record<string, string[]> = {
  en: ['the', 'is', 'are', 'what', 'how', 'do', 'does', 'can', 'i', 'my', 'you', 'your', 'to', 'of', 'and', 'for', 'with', 'when', 'where', 'which', 'there', 'it', 'an', 'this', 'that', 'have', 'should', 'will', 'be'],
  de: ['der', 'die', 'das', 'ist', 'sind', 'wie', 'was', 'ich', 'mein', 'meine', 'kann', 'können', 'nicht', 'und', 'mit', 'für', 'ein', 'eine', 'einen', 'wann', 'wo', 'welche', 'welcher', 'welches', 'gibt', 'es', 'den', 'dem', 'auf', 'bei', 'von', 'zu', 'wird', 'werden', 'muss', 'ob', 'man', 'lange', 'viel', 'soll', 'im',
    'einem', 'einer', 'kein', 'keine', 'nach', 'aus', 'oder', 'wenn', 'auch', 'noch', 'nur', 'sie', 'wir', 'mir', 'mich', 'über', 'warum', 'wozu', 'brauche', 'möchte',
    'andere', 'anderen', 'mehrere', 'mal', 'sehr', 'aber', 'schon', 'wieder', 'unser', 'unsere', 'dein', 'deine', 'ihr', 'ihre', 'hat', 'habe', 'haben', 'bin', 'dass', 'weil', 'vor', 'seit', 'bis', 'ohne', 'gegen', 'euch', 'uns'],
  fr: ['le', 'les', 'est', 'sont', 'comment', 'quel', 'quelle', 'quels', 'quelles', 'je', 'mon', 'ma', 'mes', 'peut', 'puis', 'pour', 'avec', 'une', 'des', 'du', 'et', 'dans', 'il', 'combien', 'quand', 'où', 'qu', 'que', 'est-ce', 'ce', 'faut', 'sur', 'pas', 'par', 'au', 'aux',
    'à', 'de', 'la', 'un', 'en', 'vous', 'votre', 'vos', 'nous', 'ne', 'quoi', 'sert', 'ça', 'cette', 'ces', 'ou', 'sans', 'chez', 'pourquoi', 'peux', 'dois', 'fait', 'faire',
    'autre', 'autres', 'plusieurs', 'fois', 'mais', 'très', 'tout', 'tous', 'toute', 'leur', 'leurs', 'notre', 'nos', 'son', 'sa', 'ses', 'cet', 'aussi', 'déjà', 'après', 'avant', 'entre', 'elle', 'suis', 'avez', 'avoir', 'être', 'puis-je', 'dois-je', 'passe',
    // Elisions, split off their word ("l'outil", "qu'est-ce"): only French writes them.
    "l'", "d'", "qu'", "j'", "n'", "c'", "s'", "m'"],
  es: ['el', 'los', 'las', 'es', 'son', 'cómo', 'como', 'qué', 'cuál', 'cuáles', 'cuánto', 'cuánta', 'cuántos', 'puedo', 'mi', 'mis', 'para', 'con', 'una', 'del', 'y', 'hay', 'se', 'por', 'cuándo', 'dónde', 'tengo', 'puede', 'debo', 'lo', 'su', 'al',
    'la', 'un', 'en', 'de', 'que', 'no', 'me', 'usted', 'tu', 'tú', 'este', 'esta', 'sin', 'sobre', 'desde', 'hasta', 'porque', 'sirve', 'necesito', 'quiero',
    'otro', 'otros', 'otra', 'otras',
    // The question words as typed without their accents ("cuanto tarda la entrega").
    'cuanto', 'cuanta', 'cuantos', 'cuantas', 'donde', 'cual', 'cuales', 'varias', 'varios', 'veces', 'muy', 'pero', 'también', 'cuando', 'entre', 'después', 'antes', 'ya', 'todo', 'todos', 'nuestro', 'nuestra', 'está', 'están', 'estoy', 'tiene', 'tienen', 'pasa', 'uso'],
};
const INDEX = new Map<string, string[]>();
for (const [lang, words] of Object.entries(FUNCTION_WORDS)) for (const w of words) INDEX.set(w, [...(INDEX.get(w) ?? []), lang]);

/** Letters only one of the languages uses. */
const MARKS: [RegExp, string][] = [[/[ßäöü]/i, 'de'], [/[¿¡ñ]/i, 'es'], [/[çèêàùœ]/i, 'fr'], [/-t-(?:il|elle|on)\b/i, 'fr']];
/** Only Spanish opens a question or an exclamation upside down: "¿horario?" needs nothing else. */
const OPENED = /[¿¡]/;

export function messageLanguage(message: string): string | null {
  if (/\p{Script=Arabic}/u.test(message)) return 'ar';
  const words = message.toLowerCase().replace(/’/g, "'").replace(/\b(l|d|qu|j|n|c|s|m)'(?=\p{L})/gu, "$1' ").match(/[\p{L}'-]+/gu) ?? [];
  const score: Record<string, number> = { en: 0, de: 0, fr: 0, es: 0 };
  for (const w of words) for (const lang of INDEX.get(w) ?? []) score[lang] += 1 / (INDEX.get(w)!.length);
  // A short question with no English function word says less: "Vous livrez en Belgique ?" has
  // one and a half words of French; a bare name ("Los Angeles", "Die Hard") has one, and a
  // letter alone ("Zürich") none.
  const enough = score.en === 0 ? 1.5 : 2;
  const fromWords = { ...score };
  for (const [re, lang] of MARKS) if (re.test(message)) score[lang] += 1.5;
  if (OPENED.test(message)) score.es += 2;
  const [best, second] = Object.entries(score).sort((a, b) => b[1] - a[1]);
  if (best[1] < enough || best[1] < second[1] * 2 || (best[1] < 2 && fromWords[best[0]] < 1)) return null;
  return best[0];
}
