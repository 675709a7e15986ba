/** Small talk and the visitor's language (issue 20): only messages that are nothing else. */
import { expect, test } from 'vitest';
import { messageLanguage } from '../knowledge/language.ts';
import { questionAlone, questionApart, smallTalk, withoutSmallTalk } from './small-talk.ts';

test('greetings, thanks, goodbyes and "who are you" in the shipped languages; a question is never small talk', () => {
  expect(['hi', 'Hello there!', 'Guten Tag', 'hola', 'مرحبا'].map(smallTalk)).toEqual(['hello', 'hello', 'hello', 'hello', 'hello']);
  expect(['thanks!', 'thank you so much', 'merci beaucoup', 'great, thanks'].map(smallTalk)).toEqual(['thanks', 'thanks', 'thanks', 'thanks']);
  expect(['bye', 'who are you?', 'are you a bot?'].map(smallTalk)).toEqual(['bye', 'who', 'who']);
  expect(['Are you a real person?', 'who am I talking to?', 'got it, thanks', 'ok, sounds good!', 'take care', 'bist du ein Mensch?', '¿eres humano?'].map(smallTalk))
    .toEqual(['who', 'who', 'thanks', 'thanks', 'bye', 'who', 'who']);
  expect(['hi, how do I export my notes?', 'thanks, and what does it cost?', 'ok', 'Hello World example'].map(smallTalk)).toEqual([null, null, null, null]);
  // Held-down letters, chat spellings, emoji, and the openers and closers of a chat.
  expect(['hiii!!', 'heyyy 👋', 'thank u', 'thnx :)', 'tysm ❤', 'byeee', 'ok cool, thanks <3'].map(smallTalk)).toEqual(['hello', 'hello', 'thanks', 'thanks', 'thanks', 'bye', 'thanks']);
  expect(['Is anyone there?', 'hello? can you help me?', 'good night!', 'have a great weekend', "that's all, thanks", "what's your name?", 'what can I ask you?'].map(smallTalk))
    .toEqual(['hello', 'hello', 'bye', 'bye', 'bye', 'who', 'who']);
  expect(['coucou', 'bonne journée !', 'merci bien', 'buenas noches', 'mil gracias', 'hasta pronto', 'bis bald', 'danke dir!', 'wie heißt du?'].map(smallTalk))
    .toEqual(['hello', 'bye', 'thanks', 'hello', 'thanks', 'bye', 'bye', 'thanks', 'who']);
  // The rest of what visitors say around a chat: acknowledgements, "help" alone, "anyone around?",
  // thanks for the help in each shipped language, and the goodbyes of a finished chat.
  expect(['cool', 'I see', 'that worked!', 'danke für die Hilfe!', 'merci pour votre aide', 'gracias por tu ayuda', 'muchísimas gracias'].map(smallTalk))
    .toEqual(['thanks', 'thanks', 'thanks', 'thanks', 'thanks', 'thanks', 'thanks']);
  expect(['anyone around?', 'nice to meet you', 'ist jemand da?', "il y a quelqu'un ?", 'hola a todos', 'I need some help'].map(smallTalk)).toEqual(['hello', 'hello', 'hello', 'hello', 'hello', 'hello']);
  expect(['have a good one!', "I'm done, thanks", 'à demain', 'nos vemos', "mach's gut"].map(smallTalk)).toEqual(['bye', 'bye', 'bye', 'bye', 'bye']);
  expect(['help', 'is this a live agent?', 'mit wem spreche ich?', 'con quién hablo?', 'thanks for the help'].map(smallTalk)).toEqual(['who', 'who', 'who', 'who', 'thanks']);
  expect(["perfect, that's exactly what i needed 👍", 'nvm i figured it out lol, thx anyway', 'what are you exactly, some kind of AI?', 'is it a bot?'].map(smallTalk)).toEqual(['thanks', 'thanks', 'who', 'who']);
  // Chat spellings, a key held down or left out, any emoji; "are you a bot?" said any way.
  expect(['r u there?', 'heyy 👋🏽', 'thnak you!', 'helo?', 'thx for ur help', 'u a bot?', 'is this chat run by people?', 'am I chatting with a machine or human?', 'bist du ein Roboter oder ein Mensch?'].map(smallTalk))
    .toEqual(['hello', 'hello', 'thanks', 'hello', 'thanks', 'who', 'who', 'who', 'who']);
  // The long closings of a chat, every word of them small talk; a long message that asks something in between is not.
  expect(['OK, many thanks for all your help today. Have a lovely weekend!', "Thank you, you were a great help 🙏🙏", 'Hi, I hope you are doing well!', 'Danke für die schnelle Auskunft'].map(smallTalk))
    .toEqual(['thanks', 'thanks', 'hello', 'thanks']);
  expect(['OK, many thanks for all your help today. And is the shop open on Monday?'].map(smallTalk)).toEqual([null]);
  // A request for a person is not small talk: it goes to the handoff.
  expect(['a human please', 'what is an AI?'].map(smallTalk)).toEqual([null, null]);
  // Still questions: what they ask is not small talk.
  expect(['can you help me with my order?', 'good morning, what are your opening hours?', 'is anyone there who can cancel my plan?', 'I have 3 questions about billing', 'help with billing', 'how does this work?'].map(smallTalk))
    .toEqual([null, null, null, null, null, null]);
  expect(['talk to a human', 'is this renewal automatic?', 'is this the right person to ask about my bill?', 'is the agent fee refundable?', 'thanks for the info, but what is the fee?'].map(smallTalk))
    .toEqual([null, null, null, null, null]);
});

test('the language of a message from its function words and letters; no guess for a bare term', () => {
  expect(messageLanguage('Wie lange dauert das Laden des Akkus?')).toBe('de');
  expect(messageLanguage('¿Cuánto tarda la entrega?')).toBe('es');
  expect(messageLanguage('Comment puis-je changer mon mot de passe ?')).toBe('fr');
  expect(messageLanguage('What is the refund policy?')).toBe('en');
  expect(messageLanguage('keepAliveTimeout default?')).toBeNull();
  expect(messageLanguage('ما هي سياسة الاسترداد؟')).toBe('ar');
  // Elisions and the short function words: "à", "l'outil", "de" (French and Spanish both write it).
  expect(messageLanguage("À quoi sert l'outil diff-highlight ?")).toBe('fr');
  expect(messageLanguage("Quelle est la valeur par défaut de l'option prompt ?")).toBe('fr');
  expect(messageLanguage('¿Para qué sirve valgrind?')).toBe('es');
  expect(messageLanguage("I'd like to know the price, don't charge me twice")).toBe('en');
  // "-t-il" inversions and the everyday words around the function words ("plusieurs fois", "otra vez").
  expect(messageLanguage("Que se passe-t-il si d'autres membres se plaignent plusieurs fois de mon chien ?")).toBe('fr');
  expect(messageLanguage('Are you an AI?')).toBe('en');
  // With no English word beside them, fewer function words tell: "¿" alone, or one and a half
  // words ("Vous … en"); a bare name or a letter alone still does not.
  expect(['¿tarifas?', 'Vous acceptez les chèques ?', 'cuanto cuesta el envio', 'Combien de temps dure la batterie ?'].map(messageLanguage)).toEqual(['es', 'fr', 'es', 'fr']);
  expect(['Los Angeles', 'Le Mans', 'Zürich?', 'Die Hard', 'Comment settings?'].map(messageLanguage)).toEqual([null, null, null, null, null]);
});

test('the small talk a question opens or closes with is not what it asks', () => {
  expect(['Thanks! And for the frame?', 'OK. What about Plus?', 'Great, thanks. How much is the paper bill fee?', 'Hi there, how do I pair the app?', 'How much is it? Thanks!'].map(withoutSmallTalk))
    .toEqual(['And for the frame?', 'What about Plus?', 'How much is the paper bill fee?', 'how do I pair the app?', 'How much is it?']);
  // What is not only small talk stays: "so" opens a follow-up, a name is not thanks, dots inside a word end nothing.
  expect(['So, how much is it?', 'How much is it? Thanks, Maria', 'Does fastify.inject need a server?', 'thanks!', 'Hello World example'].map(withoutSmallTalk))
    .toEqual(['So, how much is it?', 'How much is it? Thanks, Maria', 'Does fastify.inject need a server?', 'thanks!', 'Hello World example']);
  // Typed without a pause, before a connective or a question word; not before anything else.
  expect(['OK so how much is it?', 'thanks and what about Plus?', 'ok thanks how do I pair it?', 'OK button does nothing, why?', 'Great Wall tours?'].map(withoutSmallTalk))
    .toEqual(['so how much is it?', 'and what about Plus?', 'how do I pair it?', 'OK button does nothing, why?', 'Great Wall tours?']);
  expect(['hello there 🙂 how do I pair it?', 'good morning team what are the fees?', 'Hello World in Python?'].map(withoutSmallTalk))
    .toEqual(['how do I pair it?', 'what are the fees?', 'Hello World in Python?']);
});

test('a question is told apart from the sentences around it, and asked alone when it outweighs them', () => {
  expect(questionApart("I'm Anna from Lyon. I'm new to this. How do I reset the router? Order no. 48213. Thanks!\nAnna"))
    .toEqual({ asked: 'How do I reset the router?', told: ["I'm Anna from Lyon.", "I'm new to this.", 'Order no. 48213.', 'Thanks!', 'Anna'] });
  expect([questionApart('How do I reset the router?'), questionApart('Reset the router. Then pair it.')]).toEqual([null, null]);
  // Typed small after a sentence's end; not after an abbreviation.
  expect(questionApart('Booking ref ZX7K2P. what hooks are there?')).toEqual({ asked: 'what hooks are there?', told: ['Booking ref ZX7K2P.'] });
  expect(questionApart('How do I set e.g. the port? Thanks.')).toEqual({ asked: 'How do I set e.g. the port?', told: ['Thanks.'] });
  expect(questionApart('I am in Lyon. How do I set the port? — Tom')).toEqual({ asked: 'How do I set the port?', told: ['I am in Lyon.', '— Tom'] });
  // The weight of a text: here, its number of letters.
  const weigh = (t: string) => t.replace(/[^a-z]/gi, '').length;
  expect(questionAlone("I'm in Lyon. How do I reset the wireless router?", 'en', weigh)).toBe('How do I reset the wireless router?');
  // Each told sentence is weighed against the question, not all of them together.
  expect(questionAlone("I'm in Lyon. I'm new here. Order ZX7K2P. How do I reset the router?", 'en', weigh)).toBe('How do I reset the router?');
  // What is told may be the subject: a question that weighs no more than it is not asked alone.
  expect(questionAlone('I signed up five days ago and only came in once. Can I get my money back?', 'en', weigh)).toBeNull();
  expect(questionAlone("I've got no signal at home. What should I try?", 'en', weigh)).toBeNull();
  // A pronoun whose thing the question names itself does not keep it back.
  expect(questionAlone("I'm in Zürich. If I upgrade my plan, when does it take effect?", 'en', weigh)).toBe('If I upgrade my plan, when does it take effect?');
});
