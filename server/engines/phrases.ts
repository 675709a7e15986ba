/**
 * Fixed sentences the server itself says, per bot language (en, de, fr, es, ar); any
 * other language falls back to English.
 */
export type PhraseKey = 'no_answer' | 'person_offline' | 'person_unavailable' | 'person_button';

const PHRASES: Record<string, Record<PhraseKey, string>> = {
  en: {
    no_answer: "I couldn't find an answer to that in the documentation I have. Could you rephrase the question, or ask about something else?",
    person_offline: "No one from our team is available to chat right now. I can keep answering your questions here in the meantime.",
    person_unavailable: "I'm an automated assistant, and this chat can't connect you to a person. I'm happy to keep helping with your questions here.",
    person_button: "To reach a person from our team, use the button for talking to a person in this chat.",
  },
  de: {
    no_answer: 'Dazu habe ich in der mir vorliegenden Dokumentation keine Antwort gefunden. Können Sie die Frage anders formulieren?',
    person_offline: "Gerade ist niemand aus unserem Team für den Chat erreichbar. Ihre Fragen beantworte ich hier gerne weiter.",
    person_unavailable: "Ich bin ein automatischer Assistent und kann Sie in diesem Chat nicht mit einer Person verbinden. Ihre Fragen beantworte ich aber gerne.",
    person_button: "Um eine Person aus unserem Team zu erreichen, nutzen Sie in diesem Chat die Schaltfläche für ein Gespräch mit einer Person.",
  },
  fr: {
    no_answer: "Je n'ai pas trouvé de réponse à cette question dans la documentation dont je dispose. Pouvez-vous la reformuler ?",
    person_offline: "Personne de notre équipe n'est disponible pour discuter en ce moment. Je peux continuer à répondre à vos questions ici.",
    person_unavailable: "Je suis un assistant automatique et ce chat ne peut pas vous mettre en relation avec une personne. Je peux toutefois répondre à vos questions.",
    person_button: "Pour joindre une personne de notre équipe, utilisez dans ce chat le bouton prévu pour parler à une personne.",
  },
  es: {
    no_answer: 'No he encontrado una respuesta a eso en la documentación de la que dispongo. ¿Puede reformular la pregunta?',
    person_offline: "Ahora mismo no hay nadie de nuestro equipo disponible para chatear. Puedo seguir respondiendo a sus preguntas aquí.",
    person_unavailable: "Soy un asistente automático y este chat no puede ponerle en contacto con una persona. Con gusto sigo respondiendo a sus preguntas aquí.",
    person_button: "Para hablar con una persona de nuestro equipo, use en este chat el botón para hablar con una persona.",
  },
  ar: {
    no_answer: 'لم أجد إجابة عن ذلك في الوثائق المتوفرة لدي. هل يمكنك إعادة صياغة السؤال؟',
    person_offline: "لا يوجد أحد من فريقنا متاح للمحادثة الآن. يمكنني متابعة الإجابة عن أسئلتك هنا في هذه الأثناء.",
    person_unavailable: "أنا مساعد آلي، ولا يمكن لهذه المحادثة توصيلك بشخص. يسعدني الاستمرار في الإجابة عن أسئلتك هنا.",
    person_button: "للتواصل مع شخص من فريقنا، استخدم زر التحدث إلى شخص في هذه المحادثة.",
  },
};

export function phrase(language: string, key: PhraseKey): string {
  const base = language.toLowerCase().split('-')[0];
  return (PHRASES[base] ?? PHRASES.en)[key];
}

/** Keys whose sentence means "I have no answer for that". */
const DONT_KNOW_KEYS: ReadonlySet<PhraseKey> = new Set(['no_answer']);

/**
 * Every sentence the server says itself, with its key and language: how the evaluation
 * (bench/eval) tells the server's own lines from answers drawn from the knowledge.
 */
export function serverLines(): Map<string, { key: PhraseKey; language: string; dontKnow: boolean }> {
  const lines = new Map<string, { key: PhraseKey; language: string; dontKnow: boolean }>();
  for (const [language, texts] of Object.entries(PHRASES)) {
    for (const [key, text] of Object.entries(texts) as [PhraseKey, string][]) lines.set(text, { key, language, dontKnow: DONT_KNOW_KEYS.has(key) });
  }
  return lines;
}
