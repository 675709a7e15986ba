/**
 * Fixed sentences the server itself says, per bot language (en, de, fr, es, ar); any
 * other language falls back to English.
 */
export type PhraseKey = 'no_answer';

const PHRASES: Record<string, Record<PhraseKey, string>> = {
  en: {
    no_answer: "I couldn't find an answer to that in the documentation I have. Could you rephrase the question, or ask about something else?",
  },
  de: {
    no_answer: 'Dazu habe ich in der mir vorliegenden Dokumentation keine Antwort gefunden. Können Sie die Frage anders formulieren?',
  },
  fr: {
    no_answer: "Je n'ai pas trouvé de réponse à cette question dans la documentation dont je dispose. Pouvez-vous la reformuler ?",
  },
  es: {
    no_answer: 'No he encontrado una respuesta a eso en la documentación de la que dispongo. ¿Puede reformular la pregunta?',
  },
  ar: {
    no_answer: 'لم أجد إجابة عن ذلك في الوثائق المتوفرة لدي. هل يمكنك إعادة صياغة السؤال؟',
  },
};

export function phrase(language: string, key: PhraseKey): string {
  const base = language.toLowerCase().split('-')[0];
  return (PHRASES[base] ?? PHRASES.en)[key];
}
