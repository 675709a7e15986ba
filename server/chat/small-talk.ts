/**
 * Small talk: a greeting, thanks, a goodbye or "who are you?" is not a question for the
 * knowledge, and searching it only produces "I couldn't find an answer". Only a message that
 * is nothing but small talk counts: "hi, how do I export my notes?" is a question.
 */
export type SmallTalk = 'hello' | 'thanks' | 'bye' | 'who';

const WORDS: Record<SmallTalk, string[]> = {
  hello: ['hi', 'hello', 'hey', 'hiya', 'howdy', 'yo', 'greetings', 'good day', 'good morning', 'good afternoon', 'good evening', 'morning', 'evening', 'heya', 'hey hey', 'sup', "what's up", 'whats up',
    'anyone there', 'anybody there', 'is anyone there', 'is anybody there', 'are you there', 'can you help me', 'can you help', 'i need help', 'i have a question', 'quick question',
    'anyone around', 'anybody around', 'someone there', 'somebody there', 'is someone there', 'is somebody there', 'you there', 'are you online', 'anyone online', 'nice to meet you', 'pleased to meet you',
    'i need some help', 'need help', 'help me', 'anyone here', 'anybody here', 'someone here', 'is anyone here', 'is anybody here', 'is someone here', 'anyone available', 'is anyone available', "i'm new here", 'new here',
    'hope you are well', 'i hope you are well', 'hope you are doing well', 'i hope you are doing well', "hope you're well", "i hope you're well", "hope you're doing well", "i hope you're doing well",
    'can someone help', 'can someone help me', 'can anyone help', 'can anyone help me', 'can somebody help me', 'could someone help me', 'could you help me', 'can i ask a question', 'can i ask you something', 'can i ask something', 'may i ask a question', 'i got a question', 'i have a quick question',
    'hallo', 'hallo zusammen', 'wie geht es', 'guten tag', 'guten morgen', 'guten abend', 'moin', 'servus', 'grüß gott', 'grüezi', 'ist da jemand', 'können sie mir helfen', 'kannst du mir helfen', 'ich habe eine frage', 'hallöchen', 'ist jemand da', 'jemand da', 'grüß dich', 'hey du', 'ich brauche hilfe', 'kurze frage', 'eine frage',
    'bonjour', 'bonsoir', 'salut', 'coucou', 'y a quelqu\'un', 'vous pouvez m\'aider', 'pouvez-vous m\'aider', "j'ai une question", 'il y a quelqu\'un', 'quelqu\'un', 'allô', 'allo', 'bonjour à tous', 'salut à tous', 'salut tout le monde',
    'hola', 'buenos días', 'buenos dias', 'buenas tardes', 'buenas noches', 'buen día', 'buen dia', 'buenas', 'qué tal', 'que tal', 'hay alguien', 'me puedes ayudar', 'puedes ayudarme', 'tengo una pregunta', 'holi', 'saludos', 'qué onda', 'hola a todos', 'alguien ahí', 'hay alguien ahí', 'me ayudas',
    'مرحبا', 'السلام عليكم', 'أهلا', 'اهلا'],
  thanks: ['thanks', 'thank you', 'thank u', 'thanku', 'thankyou', 'thx', 'thnx', 'thanx', 'tks', 'ty', 'tysm', 'cheers', 'great', 'perfect', 'awesome', 'amazing', 'wonderful', 'fantastic', 'ok thanks', 'okay thanks',
    'thanks a lot', 'thanks a bunch', 'many thanks', 'much obliged', 'got it', 'gotcha', 'understood', 'makes sense', 'that makes sense', 'alright', 'all right', 'sounds good', 'that helps', 'that helped',
    'that was helpful', 'very helpful', 'helpful', 'appreciate it', 'i appreciate it', 'appreciate', 'i appreciate', 'i really appreciate', 'thanks in advance', 'thank you in advance', 'in advance', 'much appreciated', 'brilliant', 'excellent', 'good to know', 'nice one', 'good job', 'well done', 'you rock', 'you are great', "you're great", 'you are the best', "you're the best",
    "that's exactly what i needed", 'exactly what i needed', "that's what i needed", 'just what i needed', 'that answers my question', 'that answered my question', 'you answered my question',
    'never mind', 'nevermind', 'nvm', 'i figured it out', 'figured it out', 'i found it', 'found it', 'no worries',
    'cool', 'nice', 'good', 'very good', 'sweet', 'neat', 'lovely', 'wow', 'i see', 'i understand', 'noted', 'that works', 'that worked', 'it worked', 'it works now', 'problem solved', 'solved', 'love it',
    'thank you very much', 'thank you kindly', 'big thanks', 'thanks heaps', 'tyvm', 'ta', 'kudos', 'great stuff', 'good stuff', 'fair enough', 'will do', 'ok will do',
    'danke', 'danke dir', 'danke sehr', 'vielen dank', 'danke schön', 'dankeschön', 'besten dank', 'alles klar', 'super', 'toll', 'prima', 'perfekt', 'verstanden', 'passt', 'vielen lieben dank', 'tausend dank', 'herzlichen dank', 'danke vielmals', 'klasse', 'spitze', 'gut', 'sehr gut', 'verstehe', 'ich verstehe', 'hat geklappt', 'hat funktioniert', 'cool danke',
    'merci', 'merci bien', 'merci beaucoup', 'parfait', 'génial', 'super merci', "d'accord", 'compris', 'très bien', 'merci infiniment', 'mille mercis', 'je vous remercie', 'je te remercie', 'ça marche', 'nickel', 'top', 'excellent', 'je vois', 'entendu', 'bien reçu', 'ça a marché',
    'gracias', 'muchas gracias', 'mil gracias', 'perfecto', 'genial', 'vale', 'de acuerdo', 'entendido', 'muchísimas gracias', 'te lo agradezco', 'se lo agradezco', 'muy amable', 'qué amable', 'excelente', 'buenísimo', 'listo', 'entiendo', 'ya veo', 'funcionó', 'شكرا', 'شكرا لك', 'شكرًا'],
  bye: ['bye', 'bye bye', 'goodbye', 'good bye', 'good night', 'goodnight', 'see you', 'see ya', 'cya', 'later', 'see you later', 'talk later', 'take care', 'have a nice day', 'have a good day', 'have a great day',
    'have a nice weekend', 'have a good weekend', 'have a great weekend', 'you too', "that's all", 'that is all', "that's it", 'that is it', 'nothing else', 'no more questions', 'gotta go', 'i have to go',
    "i'm done", 'i am done', "i'm good", 'all good', 'that will be all', "that'll be all", 'nothing more', 'all i needed', 'all i need', 'all i wanted', "that's all i needed", "that's all i need", "that's all i wanted", 'catch you later', 'talk to you later', 'ttyl', 'have a good one', 'have a nice evening', 'have a good evening',
    'farewell', 'bye for now', 'bye now',
    // "Have a lovely weekend", "have a wonderful evening".
    ...['nice', 'good', 'great', 'lovely', 'wonderful', 'fantastic', 'pleasant', 'beautiful', 'blessed'].flatMap((a) => ['day', 'weekend', 'evening', 'night', 'week', 'afternoon', 'one'].map((t) => `have a ${a} ${t}`)),
    'tschüss', 'tschüs', 'ciao', 'bis bald', 'bis später', 'bis dann', 'gute nacht', 'schönen tag', 'schönen tag noch', 'auf wiedersehen', 'das wars', "das war's", "mach's gut", 'tschau', 'schönen abend', 'schönes wochenende', 'einen schönen tag noch', 'bis morgen', 'das ist alles', 'sonst nichts',
    'au revoir', 'à bientôt', 'a bientot', 'à plus', 'bonne journée', 'bonne soirée', 'bonne nuit', "c'est tout", 'à plus tard', 'à demain', 'bon week-end', 'bonne fin de journée', 'à la prochaine', 'ce sera tout', "rien d'autre",
    'adiós', 'adios', 'chao', 'hasta luego', 'hasta pronto', 'hasta mañana', 'buen fin de semana', 'eso es todo', 'nos vemos', 'hasta la próxima', 'chau', 'que tengas un buen día', 'que te vaya bien', 'eso sería todo', 'nada más', 'مع السلامة', 'وداعا'],
  who: ['who are you', 'what are you', 'are you a bot', 'are you human', 'are you a human', 'are you a robot', 'are you real', 'are you a real person', 'are you a person',
    'are you an ai', 'are you ai', 'is this a bot', 'is this a real person', 'is this a person', 'is this automated', 'is this a human', 'am i talking to a bot', 'am i talking to a human',
    'am i talking to a person', 'am i talking to a real person', 'am i chatting with a bot', 'who am i talking to', 'who am i talking with', 'who am i speaking to', 'who am i speaking with', 'who am i chatting with', 'who am i chatting to', 'who is there', 'who s there',
    'who is this', 'what can you do', 'how can you help', 'how are you', "how's it going", 'how is it going', 'how are you doing', 'how do you do',
    "what's your name", 'what is your name', 'do you have a name', 'who made you', 'who built you', 'who created you', 'are you chatgpt', 'are you gpt', 'are you a chatbot', 'is this a chatbot', 'is this ai',
    'what can i ask', 'what can i ask you', 'what do you know', 'what are you able to do', 'what can you help with', 'what can you help me with',
    'some kind of ai', 'some sort of ai', 'some kind of bot', 'some kind of robot', 'a kind of ai', 'an ai', 'a bot', 'a robot', 'a chatbot',
    'are you a machine', 'are you a computer', 'are you a live agent', 'are you an agent', 'is this a live agent', 'is this live chat', 'is this a live chat', 'am i talking to ai', 'am i talking to an ai',
    // "help" alone asks what the bot can do.
    'help', 'hilfe', 'aide', 'ayuda',
    'what do you do', 'how can you help me', 'what can i ask about', "how's your day", 'how is your day', 'how are things', 'how have you been',
    'wie heißt du', 'wie heisst du', 'was kannst du', 'was können sie', 'wer hat dich gebaut', 'bist du eine ki', 'bist du ein roboter',
    "comment tu t'appelles", 'comment vous appelez-vous', 'que sais-tu faire', 'que pouvez-vous faire', 'es-tu une ia',
    'cómo te llamas', 'como te llamas', 'qué puedes hacer', 'que puedes hacer', 'eres una ia', 'eres un robot',
    'wer bist du', 'wer sind sie', 'bist du ein bot', 'bist du ein mensch', 'sind sie ein mensch', 'wie geht es dir', "wie geht's", 'wie gehts', 'wie geht es ihnen', 'bist du echt', 'bist du ein echter mensch', 'wer ist da', 'mit wem spreche ich', 'wie kannst du mir helfen', 'was kannst du alles',
    'qui êtes-vous', 'qui es-tu', 'es-tu un robot', 'êtes-vous un robot', 'es-tu humain', 'ça va', 'comment ça va', 'tu es un robot', 'vous êtes un robot', 'à qui je parle', 'comment allez-vous', 'tu vas bien', 'vous êtes humain', 'que peux-tu faire', 'quién eres', 'eres un bot', 'eres humano', 'eres una persona', 'cómo estás', 'con quién hablo', 'eres real', 'cómo está', 'en qué me puedes ayudar', 'qué sabes hacer', 'من أنت'],
};

/** Words that may stand around small talk without making it a question ("hi there", "thanks so much!"). */
const FILLER = new Set(['there', 'so', 'much', 'very', 'again', 'all', 'everyone', 'everybody', 'team', 'guys', 'folks', 'bot', 'for', 'the', 'help', 'your', 'you', 'a', 'lot',
  'ok', 'okay', 'k', 'kk', 'oh', 'ah', 'well', 'then', 'and', 'really', 'just', 'that', 'it', 'is', 'was', 'helpful', 'great', 'nice', 'cool', 'mate', 'buddy', 'friend', 'dear', 'sir', 'madam', 'now', 'too',
  'lol', 'haha', 'hehe', 'yes', 'yeah', 'yep', 'no', 'nope', 'sure', 'please', 'exactly', 'anyway', 'anyways', 'actually',
  // What a thanks is for, and when: "thanks for the quick answer", "that's super helpful", "thanks for the help earlier".
  'thats', 'its', 'quick', 'fast', 'answer', 'answers', 'reply', 'response', 'info', 'information', 'explanation', 'tip', 'tips', 'support', 'time', 'patience', 'today', 'earlier', 'truly', 'kindly',
  // "you've been very helpful", "good evening to you too", "hi chatbot".
  'youve', 'were', 'been', 'to', 'chatbot', 'assistant',
  'dir', 'ihnen', 'euch', 'zusammen', 'ja', 'nein', 'noch', 'nochmal', 'beaucoup', 'oui', 'non', 'encore', 'mucho', 'sí', 'si', 'pour', 'por', 'todo',
  // "thanks for your help" in the other shipped languages.
  'für', 'die', 'deine', 'ihre', 'hilfe', 'votre', 'ton', 'aide', 'tu', 'su', 'la', 'ayuda', 'me', 'here',
  // ... and for the quick answer, the information.
  'schnelle', 'antwort', 'auskunft', 'infos', 'réponse', 'rapide', 'información', 'informacion', 'respuesta', 'rápida', 'rapida']);

// "Hiii", "thanksss", "byeee": a letter held down says the same word. An apostrophe joins
// ("that's" and "thats" are one word); a wave is a greeting and a thumbs-up or folded hands
// a thanks, any other emoji (a skin tone, a moon) only decorates.
const normalize = (s: string) => s.toLowerCase().normalize('NFC').replace(/(\p{L})\1{2,}/gu, '$1').replace(/['’]/g, '').replace(/<3/g, ' ')
  .replace(/👋/gu, ' hi ').replace(/[👍🙏]+/gu, ' thanks ')
  .replace(/[!?.,;:¡¿"()\-–—…\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}\u{200D}]+/gu, ' ').replace(/\s+/g, ' ').trim()
  .split(' ').map((w) => CHAT_SPELLING[w] ?? w).join(' ');
/** Chat spellings of the words small talk is made of ("r u a bot?", "whats ur name"). */
const CHAT_SPELLING: Record<string, string> = { u: 'you', r: 'are', ur: 'your', ya: 'you', yr: 'your', pls: 'please', plz: 'please' };

const ENTRIES = (Object.entries(WORDS) as [SmallTalk, string[]][])
  .flatMap(([kind, list]) => list.map((w) => ({ kind, words: normalize(w).split(' ') })))
  .sort((a, b) => b.words.length - a.words.length);

/**
 * "Are you a bot?" said any way: "is this chat monitored by a human", "am I speaking to a
 * human or AI", "are you a real human being". A run of these words is "who" when it names
 * what the visitor may be talking to and whom it asks it of (you, this, it, "am I"): "talk to
 * a human" asks for a person (the handoff), "what is an AI?" and "is this chat recorded?" ask
 * something else.
 */
const WHO_WHAT = new Set(['bot', 'bots', 'robot', 'chatbot', 'human', 'humans', 'person', 'people', 'ai', 'machine', 'computer', 'automated', 'program', 'gpt', 'chatgpt', 'llm', 'agent',
  'mensch', 'ki', 'maschine', 'roboter', 'humain', 'humaine', 'personne', 'ia', 'humano', 'humana', 'persona', 'máquina']);
const WHO_ASKED = new Set(['you', 'this', 'it', 'am', 'du', 'sie', 'tu', 'vous', 'cest', 'eres', 'usted']);
const WHO_WORDS = new Set([...WHO_WHAT, ...WHO_ASKED, 'are', 'is', 'i', 'a', 'an', 'the', 'or', 'not', 'right', 'real', 'live', 'actual', 'actually', 'being', 'chat', 'conversation', 'assistant',
  'talking', 'speaking', 'chatting', 'to', 'with', 'by', 'run', 'monitored', 'answered', 'staffed', 'operated', 'handled', 'just', 'some', 'kind', 'sort', 'of', 'really',
  'bist', 'sind', 'ist', 'das', 'ein', 'eine', 'echter', 'echte', 'oder', 'es', 'êtes', 'un', 'une', 'vrai', 'vraie', 'ou', 'una', 'o']);
function whoRun(words: string[], from: number): number {
  let to = from;
  while (to < words.length && WHO_WORDS.has(words[to])) to++;
  const run = words.slice(from, to);
  return run.some((w) => WHO_WHAT.has(w)) && run.some((w) => WHO_ASKED.has(w)) ? to - from : 0;
}

/** The words small talk is made of; a word not among them may be one of them misspelt. */
const KNOWN = new Set([...ENTRIES.flatMap((e) => e.words), ...FILLER]);
/** Words often misspelt alone ("helo", "thnaks", "tanks!"): one letter off, the first one right. */
const MISSPELT = ['hello', 'thanks', 'thank', 'goodbye', 'greetings'];
function known(word: string): string {
  if (KNOWN.has(word)) return word;
  // A key held down at the end: "hii", "heyy", "thank youu".
  const held = word.replace(/(\p{L})\1$/u, '$1');
  if (KNOWN.has(held)) return held;
  return (word.length >= 4 && MISSPELT.find((w) => w[0] === word[0] && oneOff(word, w))) || word;
}
/** One letter added, left out, changed, or two swapped. */
function oneOff(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1)
    || (a.length === b.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
}

/** What kind of small talk the message is, or null when it asks (or says) anything else. */
export function smallTalk(message: string): SmallTalk | null {
  const words = normalize(message).split(' ').filter(Boolean).map(known);
  // A chat's closing can be long ("Ok, thank you for your help. Have a nice day!"); every word still has to be small talk.
  if (words.length === 0 || words.length > 16) return null;
  let found: SmallTalk | null = null;
  for (let i = 0; i < words.length;) {
    const who = whoRun(words, i);
    if (who) {
      found = 'who';
      i += who;
      continue;
    }
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

/** Words that only acknowledge ("OK.", "yeah,"): small talk when they stand alone before or after a question. */
const ACKNOWLEDGES = new Set(['ok', 'okay', 'k', 'kk', 'oh', 'ah', 'yes', 'yeah', 'yep', 'sure', 'hmm', 'hm', 'um', 'uh']);

/** A piece of a message that is small talk and nothing else ("Thanks!", "OK.", "Hi there,"). */
function isChatter(piece: string): boolean {
  if (smallTalk(piece)) return true;
  const words = normalize(piece).split(' ').filter(Boolean);
  return words.length > 0 && words.every((w) => ACKNOWLEDGES.has(w));
}

/**
 * The message without the small talk it opens or closes with: "Thanks! And for the frame?" is
 * "And for the frame?", and "Great, thanks. How much is the paper bill fee?" asks only the
 * latter. A visitor thanks for the last answer before asking the next thing; searched with the
 * thanks, "OK" reads as a name the pages lack and "and for…" no longer opens the message, so
 * a follow-up loses the conversation it leans on. Pieces end at a sentence's end, a comma, a
 * colon or a line break; a message that is all small talk is returned as it is.
 */
export function withoutSmallTalk(message: string): string {
  const pieces = message.trim().split(/(?<=[.!?…,;:])\s+|\s*\n\s*/u).filter(Boolean);
  let [from, to] = [0, pieces.length];
  while (from < to - 1 && isChatter(pieces[from])) from++;
  while (to - 1 > from && isChatter(pieces[to - 1])) to--;
  const asked = from === 0 && to === pieces.length ? message : pieces.slice(from, to).join(' ');
  // Typed without a pause: "OK so how much is it?", "thanks and what about Plus?".
  return asked.replace(LEADING_ACK, '');
}
/**
 * Acknowledgements and greetings run into what follows them ("hey there 👋 do you…"): before a
 * connective, a question word or "I". English.
 */
const LEADING_ACK = /^\s*(?:(?:ok(?:ay)?|k|oh|ah|yeah|yes|yep|hmm+|um+|uh|alright|all right|cool|great|perfect|thanks|thank you|thx|(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))(?: there| team| all| everyone)?)[\s,.!\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}]+)+(?=(?:so|and|but|then|now|also|how|what|when|where|which|who|why|can|could|do|does|is|are|will|would|should|another|i)\b)/iu;

/** Abbreviations a sentence does not end at ("e.g. the…", "order no. 48213"). */
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|no|nr|approx|ca|mr|mrs|ms|dr|prof|st|inc|ltd|incl|resp)\.$/iu;
/**
 * A visitor's sentences: one ends at ".", "!", "?" or a line break before a word (typed small
 * too: "Order 48213. what…") or a dash ("…? — Tom"), not at an abbreviation before a small
 * letter or a number.
 */
function sentencesOf(message: string): string[] {
  const pieces = message.trim().split(/(?<=[.!?…])\s+(?=[\p{L}\p{Extended_Pictographic}("'“¿¡–—-])|\s*\n\s*/u).filter(Boolean);
  const out: string[] = [];
  for (const p of pieces) {
    if (out.length && ABBREVIATION.test(out[out.length - 1]) && /^\p{Ll}/u.test(p)) out[out.length - 1] += ` ${p}`;
    else out.push(p);
  }
  return out;
}

/**
 * A message's question sentences apart from what it tells around them: "Hi, I'm Anna from
 * Lyon. I'm setting up our office wifi. How do I reset the router? Thanks, Anna" asks only
 * "How do I reset the router?". A visitor tells who they are, where they write from, their
 * order number and why they ask, and searched with the question these words weigh as much as
 * its own: a city or a company reads as a name the pages lack, and a reason's words leave the
 * answering sentence below the share of the question it must cover. Null when the message is
 * not a question beside statements (no sentence ends with "?", or all do).
 */
export function questionApart(message: string): { asked: string; told: string[] } | null {
  const pieces = sentencesOf(message);
  const asked = pieces.filter((p) => /\?\s*$/u.test(p));
  if (asked.length === 0 || asked.length === pieces.length) return null;
  return { asked: asked.join(' '), told: pieces.filter((p) => !asked.includes(p)) };
}

/**
 * How much more the question must weigh than any sentence told beside it to be asked alone. At
 * 1, a visitor's story that names the subject loosely ("Our company runs on ARM servers.") was
 * dropped and its question answered from a loosely related page; at 2 the eval's dev half had
 * one answer more and one wrong citation fewer, and the wrapped collection (bench/eval/wrapped)
 * kept most of its gain (check half 76% → 69% right; 41% with none of this).
 */
const ALONE_MARGIN = 2;

/**
 * The question to search and answer alone, or null. What is told may be the question's subject
 * ("I signed up five days ago and only came in once. Can I still get my money back?"): the
 * question is asked alone only when it outweighs each sentence told beside it twice over in
 * the knowledge's words (`weigh`; each, not all: a visitor who tells more is not more about the subject): a
 * city, an order number or "I'm new to this" weigh little beside a question
 * that names its subject, a visitor's story weighs more than "What should I try?". A pronoun
 * does not keep it back ("If I upgrade my plan, when does it take effect?" names its "it"
 * itself). The server asks the whole message when the question alone finds no answer.
 */
export function questionAlone(message: string, language: string, weigh: (text: string) => number): string | null {
  const apart = questionApart(message);
  if (!apart || weigh(apart.asked) <= ALONE_MARGIN * Math.max(...apart.told.map(weigh))) return null;
  return apart.asked;
}
