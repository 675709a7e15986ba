/**
 * Fixed sentences the server itself says, per bot language (en, de, fr, es, ar); any
 * other language falls back to English.
 */
export type PhraseKey = 'no_answer' | 'person_offline' | 'person_unavailable' | 'person_button' | 'hello' | 'thanks' | 'bye' | 'who' | 'other_language';

const PHRASES: Record<string, Record<PhraseKey, string>> = {
  en: {
    hello: 'Hello! What would you like to know?',
    thanks: "You're welcome! Is there anything else I can help with?",
    bye: 'Goodbye, and thanks for stopping by!',
    who: "I'm an automated assistant: I answer questions from this site's documentation. What would you like to know?",
    other_language: "I can only answer from our documentation, which is in {language}, and I couldn't find this there. Could you ask your question in {language}?",
    no_answer: "I couldn't find an answer to that in the documentation I have. Could you rephrase the question, or ask about something else?",
    person_offline: "No one from our team is available to chat right now. I can keep answering your questions here in the meantime.",
    person_unavailable: "I'm an automated assistant, and this chat can't connect you to a person. I'm happy to keep helping with your questions here.",
    person_button: "To reach a person from our team, use the button for talking to a person in this chat.",
  },
  de: {
    hello: 'Hallo! Was möchten Sie wissen?',
    thanks: 'Gern geschehen! Kann ich sonst noch helfen?',
    bye: 'Auf Wiedersehen, und danke für Ihren Besuch!',
    who: 'Ich bin ein automatischer Assistent und beantworte Fragen anhand der Dokumentation dieser Website. Was möchten Sie wissen?',
    other_language: 'Ich kann nur aus unserer Dokumentation antworten, die auf {language} ist, und habe dazu dort nichts gefunden. Könnten Sie Ihre Frage auf {language} stellen?',
    no_answer: 'Dazu habe ich in der mir vorliegenden Dokumentation keine Antwort gefunden. Können Sie die Frage anders formulieren?',
    person_offline: "Gerade ist niemand aus unserem Team für den Chat erreichbar. Ihre Fragen beantworte ich hier gerne weiter.",
    person_unavailable: "Ich bin ein automatischer Assistent und kann Sie in diesem Chat nicht mit einer Person verbinden. Ihre Fragen beantworte ich aber gerne.",
    person_button: "Um eine Person aus unserem Team zu erreichen, nutzen Sie in diesem Chat die Schaltfläche für ein Gespräch mit einer Person.",
  },
  fr: {
    hello: 'Bonjour ! Que souhaitez-vous savoir ?',
    thanks: "Avec plaisir ! Puis-je vous aider pour autre chose ?",
    bye: 'Au revoir, et merci de votre visite !',
    who: "Je suis un assistant automatique : je réponds aux questions à partir de la documentation de ce site. Que souhaitez-vous savoir ?",
    other_language: "Je ne peux répondre qu'à partir de notre documentation, rédigée en {language}, et je n'y ai rien trouvé à ce sujet. Pourriez-vous poser votre question en {language} ?",
    no_answer: "Je n'ai pas trouvé de réponse à cette question dans la documentation dont je dispose. Pouvez-vous la reformuler ?",
    person_offline: "Personne de notre équipe n'est disponible pour discuter en ce moment. Je peux continuer à répondre à vos questions ici.",
    person_unavailable: "Je suis un assistant automatique et ce chat ne peut pas vous mettre en relation avec une personne. Je peux toutefois répondre à vos questions.",
    person_button: "Pour joindre une personne de notre équipe, utilisez dans ce chat le bouton prévu pour parler à une personne.",
  },
  es: {
    hello: '¡Hola! ¿Qué le gustaría saber?',
    thanks: '¡De nada! ¿Puedo ayudarle en algo más?',
    bye: '¡Adiós, y gracias por su visita!',
    who: 'Soy un asistente automático: respondo preguntas a partir de la documentación de este sitio. ¿Qué le gustaría saber?',
    other_language: 'Solo puedo responder a partir de nuestra documentación, que está en {language}, y no he encontrado nada sobre esto. ¿Podría hacer su pregunta en {language}?',
    no_answer: 'No he encontrado una respuesta a eso en la documentación de la que dispongo. ¿Puede reformular la pregunta?',
    person_offline: "Ahora mismo no hay nadie de nuestro equipo disponible para chatear. Puedo seguir respondiendo a sus preguntas aquí.",
    person_unavailable: "Soy un asistente automático y este chat no puede ponerle en contacto con una persona. Con gusto sigo respondiendo a sus preguntas aquí.",
    person_button: "Para hablar con una persona de nuestro equipo, use en este chat el botón para hablar con una persona.",
  },
  ar: {
    hello: 'مرحبًا! ماذا تود أن تعرف؟',
    thanks: 'على الرحب والسعة! هل يمكنني مساعدتك في شيء آخر؟',
    bye: 'مع السلامة، وشكرًا لزيارتك!',
    who: 'أنا مساعد آلي أجيب عن الأسئلة من وثائق هذا الموقع. ماذا تود أن تعرف؟',
    other_language: 'لا يمكنني الإجابة إلا من وثائقنا المكتوبة باللغة {language}، ولم أجد فيها ما يخص سؤالك. هل يمكنك طرح سؤالك باللغة {language}؟',
    no_answer: 'لم أجد إجابة عن ذلك في الوثائق المتوفرة لدي. هل يمكنك إعادة صياغة السؤال؟',
    person_offline: "لا يوجد أحد من فريقنا متاح للمحادثة الآن. يمكنني متابعة الإجابة عن أسئلتك هنا في هذه الأثناء.",
    person_unavailable: "أنا مساعد آلي، ولا يمكن لهذه المحادثة توصيلك بشخص. يسعدني الاستمرار في الإجابة عن أسئلتك هنا.",
    person_button: "للتواصل مع شخص من فريقنا، استخدم زر التحدث إلى شخص في هذه المحادثة.",
  },
};

/** Each shipped language's name, in each shipped language (for "our documentation is in …"). */
const LANGUAGE_NAMES: Record<string, Record<string, string>> = {
  en: { en: 'English', de: 'German', fr: 'French', es: 'Spanish', ar: 'Arabic' },
  de: { en: 'Englisch', de: 'Deutsch', fr: 'Französisch', es: 'Spanisch', ar: 'Arabisch' },
  fr: { en: 'anglais', de: 'allemand', fr: 'français', es: 'espagnol', ar: 'arabe' },
  es: { en: 'inglés', de: 'alemán', fr: 'francés', es: 'español', ar: 'árabe' },
  ar: { en: 'الإنجليزية', de: 'الألمانية', fr: 'الفرنسية', es: 'الإسبانية', ar: 'العربية' },
};

const baseOf = (language: string) => language.toLowerCase().split('-')[0];

/** A sentence in `language`; `other_language` names the knowledge's language (`knowledgeLanguage`) in it. */
export function phrase(language: string, key: PhraseKey, knowledgeLanguage = 'en'): string {
  const base = PHRASES[baseOf(language)] ? baseOf(language) : 'en';
  const text = PHRASES[base][key];
  if (key !== 'other_language') return text;
  const names = LANGUAGE_NAMES[base];
  return text.replaceAll('{language}', names[baseOf(knowledgeLanguage)] ?? names.en);
}

/** Keys whose sentence means "I have no answer for that". */
const DONT_KNOW_KEYS: ReadonlySet<PhraseKey> = new Set(['no_answer', 'other_language']);

/**
 * Every sentence the server says itself, with its key and language: how the evaluation
 * (bench/eval) tells the server's own lines from answers drawn from the knowledge.
 */
export function serverLines(): Map<string, { key: PhraseKey; language: string; dontKnow: boolean }> {
  const lines = new Map<string, { key: PhraseKey; language: string; dontKnow: boolean }>();
  for (const [language, texts] of Object.entries(PHRASES)) {
    for (const key of Object.keys(texts) as PhraseKey[]) {
      for (const knowledge of Object.keys(LANGUAGE_NAMES)) lines.set(phrase(language, key, knowledge), { key, language, dontKnow: DONT_KNOW_KEYS.has(key) });
    }
  }
  return lines;
}
