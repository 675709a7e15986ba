/**
 * A held-out collection of what website-chat visitors type, written before the recognisers'
 * lists were read (so it measures what generalizes, not what was listed): small talk of each
 * kind, messages that only look like small talk but ask something, short questions in the
 * other shipped languages, and English questions with words that look foreign. Used by
 * small-talk.cases.test.ts; `npx tsx server/chat/small-talk.cases.ts` prints every miss.
 */
import type { SmallTalk } from './small-talk.ts';

/**
 * Small talk and its kind; a message that is two kinds at once accepts either ("how are you?"
 * is a greeting, and "I'm an automated assistant…" answers it as well as "Hello!").
 */
export const SMALL_TALK: [string, SmallTalk | SmallTalk[]][] = [
  // hello
  ['hey there! 👋', 'hello'], ['Hi', 'hello'], ['HELLO', 'hello'], ['hello!!', 'hello'], ['hii', 'hello'], ['heyy', 'hello'],
  ['hey 🙂', 'hello'], ['Hi there', 'hello'], ['hello there :)', 'hello'], ['good morning', 'hello'], ['Good morning team', 'hello'],
  ['good afternoon!', 'hello'], ['Good evening', 'hello'], ['morning!', 'hello'], ['yo', 'hello'], ['hey hey', 'hello'], ['hi all', 'hello'],
  ['Hello, anyone here?', 'hello'], ['helo', 'hello'], ['hallo', 'hello'], ['hellooo', 'hello'], ['hi 👋', 'hello'], ['Howdy!', 'hello'],
  ['greetings', 'hello'], ['hi, how are you?', ['hello', 'who']], ['how are you doing today?', ['hello', 'who']], ["hey, how's it going?", ['hello', 'who']],
  ['is anybody there?', 'hello'], ['anyone around?', 'hello'], ['Hi! 😊', 'hello'], ['hey!!! ', 'hello'], ['hiya', 'hello'],
  ['Hey there, good morning', 'hello'], ['hi bot', 'hello'], ['hello again!', 'hello'], ['Hi, I have a question', 'hello'],
  ['Hello?', 'hello'], ['Hey 👋🏼', 'hello'], ['hi hi', 'hello'], ['Hey, good evening!', 'hello'], ['good morning everyone', 'hello'],
  ['Guten Morgen', 'hello'], ['Hallo zusammen', 'hello'], ['Moin', 'hello'], ['Servus!', 'hello'], ['hi, wie geht es?', 'hello'],
  ['Bonjour', 'hello'], ['bonsoir', 'hello'], ['Salut !', 'hello'], ['Hola, buenos días', 'hello'], ['buenas tardes', 'hello'],
  ['السلام عليكم', 'hello'], ['hello, can someone help me?', 'hello'],
  // thanks
  ['thanks', 'thanks'], ['Thank you!', 'thanks'], ["thank you so so much, that's super helpful", 'thanks'], ['ok cool ty', 'thanks'],
  ['ty', 'thanks'], ['thx', 'thanks'], ['thanks a lot', 'thanks'], ['Thanks a bunch!', 'thanks'], ['many thanks', 'thanks'],
  ['much appreciated', 'thanks'], ['appreciate it', 'thanks'], ['I appreciate your help', 'thanks'], ['thank you very much', 'thanks'],
  ['thankyou', 'thanks'], ['tanks!', 'thanks'], ['thnaks', 'thanks'], ['thank youu', 'thanks'], ['cheers', 'thanks'], ['cheers mate', 'thanks'],
  ['great, that helps', 'thanks'], ['perfect, thanks!', 'thanks'], ['awesome thank you 🙏', 'thanks'], ['that was helpful, thanks', 'thanks'],
  ['super helpful, thank you', 'thanks'], ['ok thanks', 'thanks'], ['okay thank you', 'thanks'], ['Thanks for your help!', 'thanks'],
  ['thanks for the quick answer', 'thanks'], ['Thank you for the info', 'thanks'], ['great thx', 'thanks'], ['ok got it', 'thanks'],
  ['makes sense, thanks', 'thanks'], ['brilliant, thank you!', 'thanks'], ['👍 thanks', 'thanks'], ['nice, ty!', 'thanks'],
  ['thanks!! 😊', 'thanks'], ['thanks, that answers my question', 'thanks'], ["Perfect, that's exactly what I needed", 'thanks'],
  ['ok great', 'thanks'], ['alright, thank you', 'thanks'], ['thanks anyway', 'thanks'], ['Thank you kindly', 'thanks'],
  ['thank you so much!!!', 'thanks'], ['thanx', 'thanks'], ['cool, thanks', 'thanks'], ['great, thank u', 'thanks'], ['👍', 'thanks'],
  ['Danke', 'thanks'], ['Vielen Dank!', 'thanks'], ['danke schön', 'thanks'], ['merci', 'thanks'], ['Merci beaucoup !', 'thanks'],
  ['gracias', 'thanks'], ['¡Muchas gracias!', 'thanks'], ['شكرا', 'thanks'], ['super, danke für die Hilfe', 'thanks'], ['merci pour votre aide', 'thanks'],
  // bye
  ['bye', 'bye'], ['Bye!', 'bye'], ['goodbye', 'bye'], ['good bye', 'bye'], ['bye bye', 'bye'], ['see you', 'bye'], ['see ya', 'bye'],
  ['cya', 'bye'], ['have a nice day', 'bye'], ['Have a good one!', 'bye'], ["that's all for now", 'bye'], ['talk later', 'bye'],
  ['later!', 'bye'], ['goodnight', 'bye'], ['Good night 🌙', 'bye'], ['Tschüss', 'bye'], ['Auf Wiedersehen', 'bye'], ['Au revoir', 'bye'],
  ['à bientôt', 'bye'], ['Adiós', 'bye'], ['hasta luego', 'bye'], ["no that's it", 'bye'], ['ok bye', 'bye'], ['bye, have a great day!', 'bye'],
  ['take care!', 'bye'], ['مع السلامة', 'bye'], ['see you later 👋', 'bye'],
  // who
  ['r u a bot?', 'who'], ['is this chat monitored by a human', 'who'], ['are you human?', 'who'], ['Am I talking to a real person?', 'who'],
  ['Who are you?', 'who'], ['what are you?', 'who'], ['are you an AI?', 'who'], ['is this a bot', 'who'], ['are you a robot?', 'who'],
  ['Is this an automated chat?', 'who'], ['are you chatgpt?', 'who'], ["what's your name", 'who'], ['whats ur name?', 'who'],
  ['who am i chatting with', 'who'], ['is this a real person or a bot?', 'who'], ['are you a real human being?', 'who'],
  ['what can you do?', 'who'], ['what can you help me with?', 'who'], ['how can you help me?', 'who'], ['are you a person or a machine', 'who'],
  ['is this an AI chatbot?', 'who'], ['am i speaking to a human or ai', 'who'], ['u a robot?', 'who'],
  ['Bist du ein Bot?', 'who'], ['Wer bist du?', 'who'], ['êtes-vous un robot ?', 'who'], ['tu es un bot ?', 'who'], ['¿Quién eres?', 'who'], ['¿eres un bot?', 'who'],
  // two kinds at once
  ['thanks, bye', ['thanks', 'bye']], ["that's all I needed, thanks", ['thanks', 'bye']], ['nothing else, thanks', ['thanks', 'bye']],
  ["I'm done, thanks", ['thanks', 'bye']], ['Hello and thanks in advance', ['hello', 'thanks']], ['Hi! Thanks so much 🙏', ['hello', 'thanks']],
  ['thanks and bye', ['thanks', 'bye']], ['good morning, who am I speaking with?', ['hello', 'who']], ['hey, thanks for the help earlier', ['hello', 'thanks']],
  ['ok thanks, have a good day', ['thanks', 'bye']], ['danke, tschüss', ['thanks', 'bye']],
  // A second batch, written after the first was measured: the long closings of a chat.
  ['Ok, thank you for your help. Have a nice day!', ['thanks', 'bye']], ['Perfect!! Thank you so much for your help 🙏🙏', 'thanks'],
  ['Thanks so much for your help, have a great weekend!', ['thanks', 'bye']], ["thank you, you've been very helpful", 'thanks'],
  ['Hello, good afternoon, I hope you are well', 'hello'], ["Hello! I'm new here", 'hello'], ['good evening to you too', ['hello', 'bye']],
  ['Vielen Dank für die schnelle Antwort!', 'thanks'], ['Muchas gracias por la información', 'thanks'], ['hi chatbot', 'hello'],
];

/** Messages that ask or say something the knowledge should answer: never small talk. */
export const NOT_SMALL_TALK: string[] = [
  'Hi, how do I reset my password?', 'thanks, and what about the annual plan?', 'Is it good for kids?', 'who is the data controller?',
  'what is your refund policy', 'help with billing', 'hello, where can I find my invoice?', 'hey what are your opening hours',
  'good morning, is the office open on Sunday?', 'Thanks! Can I pay by PayPal?', 'thank you. how long does shipping take?',
  'ok, and how much is it per month?', 'by the way, do you ship to Canada?', 'who do I contact about a broken device?', 'who can see my data?',
  'Who owns the copyright?', 'who pays for return shipping', 'what are you charging for delivery?', 'are you open on holidays?',
  'are you hiring?', 'are you on WhatsApp?', 'are you GDPR compliant?', 'is this available in blue?', 'is this a subscription or a one-off payment?',
  'is there a human review of my application?', 'can I talk to a human?', 'I want to speak to a real person', 'Do you have a bot for Slack?',
  'what is a bot token?', 'how do I make a Telegram bot?', 'How do I write a hello world program?', 'thank-you email template',
  'how do I send a thank you note to customers?', 'How do I change the goodbye message?', 'cheers, what is the price of the pro plan?',
  'great, and can I cancel anytime?', 'perfect. what about international roaming?', 'ok cool, how do I upgrade?', 'got it. and the deadline?',
  "thanks! what's the warranty?", 'hi there, do you deliver on Saturdays?', 'hey! quick question: can I change my delivery address?',
  'Hi, I need help with my order #4521', 'Hi, my card was declined', 'hello, my app keeps crashing', 'hi team, the login page shows error 500',
  "yo where's my package", 'morning - is parking included?', 'hi how much', 'what can I do if my payment failed?', 'what can you tell me about pricing?',
  'what can you do about a late delivery?', 'who are your partners?', 'who are the founders?', "What's your company name?", 'what is your address?',
  "what's your phone number?", "what's your email", 'are you open now?', 'is this free?', 'is this secure?', 'is it safe?', 'good for beginners?',
  'nice! does it work offline?', 'awesome. is there a student discount?', "thanks for the answer but it didn't work", "thanks but that's not what I asked",
  "that didn't help", 'no thanks, I need the price for 2 users', "no, that's wrong", 'help me reset my password', 'Hello, I would like to cancel my subscription',
  'hey, I forgot my password', 'hi, can I return an item after 30 days?', 'good evening, what time do you close?', 'thank you for your patience, is my refund processed?',
  'hi, do you have gift cards?', 'thanks. do you offer gift wrapping?', 'greetings, I want to know the shipping cost to Germany',
  "bye for now - oh wait, what's the cancellation fee?", 'ok but how long does it take?', 'cool, what colours does it come in?', 'thx, what about the deposit?',
  'ty! and for two people?', 'Who is eligible for the discount?', 'Who should I call in an emergency?', "who's responsible for damages?",
  'Who are you? What do you sell?', 'are you a bot? where is my order?', 'hey are you able to ship to Norway', 'are you available 24/7?',
  'are you able to help with refunds?', 'is this the right place to ask about invoices?', 'is anyone there who can help with my invoice?',
  'Morning, is breakfast included?', 'Hello! What payment methods do you accept?', 'hiya, how do I book a meeting room?', 'Hey there 👋 do you have a free trial?',
  'thank you! one more thing: can I add a second user?', 'thanks so much. also, how do I export my data?', 'how do I disable the welcome greeting?',
  "what's the thank-you page URL after checkout?", 'good afternoon, I was charged twice', "Hi, I'm Anna. My order hasn't arrived.",
  'hello my name is John, I need a refund', "hey, I'm a student - do you have discounts?", 'what are the terms of service?', 'Is it good value?',
  'is it good quality?', 'good morning! quick q: do you ship internationally?', 'HI HOW DO I CANCEL', 'thanks in advance, how do I connect my printer?',
  'Where can I see your prices?', 'Is there a goodbye email when I cancel?', 'who am I billed by?', 'Who am I supposed to contact for returns?',
  'what are your prices?', 'what are your opening hours?', 'are you open tomorrow?', 'r u open on sunday?', 'u guys ship to uk?', 'how r u handling my data?',
  'is this chat recorded?', 'is this a real discount?', 'can a human check my application?', 'Is the bag real leather?', 'what does bye mean in the log?',
  'How long is the good-bye period for cancelled accounts?', 'morning delivery slots?', 'hello kitty backpack in stock?', 'thanks to whom should I send the form?',
  'Hallo, wie setze ich mein Passwort zurück?', 'Danke! Und was kostet der Jahresplan?', 'Bonjour, comment annuler mon abonnement ?',
  'Hola, ¿cuánto cuesta el envío?', 'gracias, ¿y para dos personas?', 'merci, et pour la livraison ?', 'ok', 'yes', 'no',
  'Who are you partnering with for deliveries?', 'What are you doing with my personal data?', 'what can the pro plan do?',
  // Second batch: long messages that open or close like a chat and ask something in between.
  'Hi, I\'m new here, how does billing work?', 'thanks, that was really helpful, and what about the annual plan?',
  'Ok, thank you for your help. One more thing: is there a student discount?', 'hi, I want to talk to you about my invoice',
  'Good morning, I hope you are well. I was charged twice this month.', 'Vielen Dank! Und wie lange dauert die Lieferung?',
];

/** Questions in another shipped language, and the language. */
export const OTHER_LANGUAGE: [string, 'de' | 'fr' | 'es' | 'ar'][] = [
  ['Preis?', 'de'], ['Wie aktiviere ich die eSIM?', 'de'], ['Was kostet der Versand?', 'de'], ['Wie lange dauert die Lieferung?', 'de'],
  ['Kann ich per Rechnung bezahlen?', 'de'], ['Wo finde ich meine Rechnung?', 'de'], ['Passwort vergessen', 'de'], ['Ich habe mein Passwort vergessen, was nun?', 'de'],
  ['Gibt es einen Studentenrabatt?', 'de'], ['Lieferzeit nach Österreich?', 'de'], ['Wie kündige ich mein Abo?', 'de'], ['Funktioniert das auch mit Windows 11?', 'de'],
  ['Warum wurde mein Konto gesperrt?', 'de'], ['Versandkosten?', 'de'], ['Öffnungszeiten?', 'de'], ['Kann man den Tarif wechseln?', 'de'],
  ['Wie installiere ich das Plugin mit npm?', 'de'], ['Was bedeutet der Fehler ECONNREFUSED?', 'de'], ['Ist der Akku austauschbar?', 'de'],
  ['Habt ihr auch Geschenkgutscheine?', 'de'], ['Rückgabe möglich?', 'de'], ['Wie ändere ich meine E-Mail-Adresse?', 'de'],
  ['Wie viel kostet das Premium-Paket pro Monat?', 'de'], ['Welche Zahlungsmethoden akzeptiert ihr?', 'de'], ['Lieferung am Wochenende?', 'de'],
  ['combien ça coûte ?', 'fr'], ['Quels sont les délais de livraison ?', 'fr'], ['Comment réinitialiser mon mot de passe ?', 'fr'],
  ['Est-ce que je peux payer par PayPal ?', 'fr'], ['Livraison gratuite ?', 'fr'], ['prix ?', 'fr'], ['Où est ma commande ?', 'fr'],
  ['Comment annuler mon abonnement', 'fr'], ['Vous livrez en Belgique ?', 'fr'], ['Quelle est la garantie ?', 'fr'], ["C'est compatible avec iPhone ?", 'fr'],
  ['Comment configurer le webhook ?', 'fr'], ["j'ai oublié mon mot de passe", 'fr'], ["horaires d'ouverture ?", 'fr'], ["Puis-je changer d'offre en cours de mois ?", 'fr'],
  ['Comment utiliser git rebase ?', 'fr'], ['La batterie tient combien de temps ?', 'fr'], ['Il y a des frais de résiliation ?', 'fr'], ['remboursement possible ?', 'fr'],
  ['¿horario?', 'es'], ['¿Cómo uso fastify.inject?', 'es'], ['¿Cuánto cuesta el envío?', 'es'], ['¿Hacen envíos a México?', 'es'], ['precio?', 'es'],
  ['¿Cómo cambio mi contraseña?', 'es'], ['No puedo iniciar sesión', 'es'], ['¿Dónde está mi pedido?', 'es'], ['¿Puedo pagar con tarjeta?', 'es'],
  ['¿Tienen descuento para estudiantes?', 'es'], ['cuanto tarda la entrega', 'es'], ['como cancelo mi suscripcion', 'es'], ['¿Qué incluye el plan Pro?', 'es'],
  ['¿El roaming está incluido?', 'es'], ['¿Funciona con Android?', 'es'], ['necesito una factura', 'es'], ['¿Cuál es la política de devoluciones?', 'es'],
  ['¿Se puede reservar una sala para mañana?', 'es'], ['garantía?', 'es'],
  ['كم السعر؟', 'ar'], ['كيف أغير كلمة المرور؟', 'ar'], ['هل يوجد توصيل مجاني؟', 'ar'], ['أين طلبي؟', 'ar'],
];

/** English questions (some with names or words that look foreign): never taken for another language. */
export const ENGLISH: string[] = [
  'Is Moin available?', "What does 'die' do in Perl?", 'Can I use the Bonjour service?', 'Does the Fiesta model come in red?', 'Is the Café Latte on the menu?',
  'Where is the Place de la Concorde office?', 'Do you deliver to San José?', 'How much is the Hola VPN add-on?', 'Is the Piña Colada mix gluten-free?',
  'What does the --die-on-error flag do?', 'How do I use el.querySelector in a loop?', 'Can I book the Salle Paris room?', 'Is the Volkswagen Golf compatible?',
  "What's the difference between la and ls?", 'How do I run es-lint with the --fix option?', "What is the 'de' locale code used for?", 'Is the Zeitgeist plan still sold?',
  'Does the app support Español and Français?', 'Can I pay with Klarna?', 'What is a déjà vu error?', 'Where is the Straße field in the address form?',
  'Do I need a Führerschein to rent the bike?', 'Is the piñata in stock?', "How does the 'con' keyword work?", 'Can I use a Señor Frog gift card?',
  'How do I set LANG=de_DE.UTF-8?', "What does the error 'que: command not found' mean?", 'Is Doppelgänger mode supported?', 'Can I pay in euros?',
  'Do you ship to Köln?', 'How do I add an é to my password?', 'Is the Mont Blanc tour bookable?', 'What time is the Oktoberfest party?',
  'Is there a fee for the Porte de Versailles location?', 'How do I cancel?', 'refund?', 'price?', 'shipping to Spain?', "What is the hotel's address in München?",
  'Tell me about the Die Hard package', 'Can I use the El Capitan version of macOS?', "Does the 'Los Angeles' plan include roaming?",
  'what is the la crème plan', 'Do you sell the Das Keyboard?', 'Is the Mi Band supported?', 'Is Le Creuset cookware covered by the warranty?',
];

/** Mixed messages: what is searched once the small talk around the question is taken off. */
export const WITHOUT_SMALL_TALK: [string, string][] = [
  ['Hi, how do I reset my password?', 'how do I reset my password?'],
  ['thanks! and what about the annual plan?', 'and what about the annual plan?'],
  ['hey there 👋 do you have a free trial?', 'do you have a free trial?'],
  ['good morning team, is the office open on Sunday?', 'is the office open on Sunday?'],
  ['Thank you so much. Can I pay by PayPal?', 'Can I pay by PayPal?'],
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { smallTalk, withoutSmallTalk } = await import('./small-talk.ts');
  const { messageLanguage } = await import('../knowledge/language.ts');
  let miss = 0;
  const show = (what: string, m: string, got: unknown) => { miss++; console.log(`${what}\t${JSON.stringify(m)}\t→ ${JSON.stringify(got)}`); };
  for (const [m, want] of SMALL_TALK) { const got = smallTalk(m); if (!got || ![want].flat().includes(got)) show('small talk', m, got); }
  for (const m of NOT_SMALL_TALK) { const got = smallTalk(m); if (got) show('not small talk', m, got); }
  for (const [m, want] of OTHER_LANGUAGE) { const got = messageLanguage(m); if (got !== want) show(`lang ${want}`, m, got); }
  for (const m of ENGLISH) { const got = messageLanguage(m); if (got && got !== 'en') show('english', m, got); }
  for (const [m, want] of WITHOUT_SMALL_TALK) { const got = withoutSmallTalk(m); if (got !== want) show('without', m, got); }
  const counts = [SMALL_TALK.length, NOT_SMALL_TALK.length, OTHER_LANGUAGE.length, ENGLISH.length, WITHOUT_SMALL_TALK.length];
  console.log(`${miss} misses over ${counts.reduce((a, b) => a + b)} cases (${counts.join(' / ')})`);
}
