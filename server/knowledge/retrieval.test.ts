import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { compose } from '../engines/extractive.ts';
import { KnowledgeBase, MIN_RELEVANCE } from './knowledge.ts';
import { englishSpelling, isBritishSpelling, withApostrophes } from './english-words.ts';
import { LiveKnowledge, mayBeKnowledge } from './live.ts';
import { negatedForm } from './search-index.ts';
import { looksLikeName, normTerm, questionAfterCase, stopWordSlip, questionTerms, terms, withoutPersonalData } from './text.ts';
import { synonymsOf, withPhrasesAsWords } from './synonyms.ts';
import { questionParts, searchedParts } from './question-parts.ts';
import { spawn } from 'node:child_process';
import { BOT_ID, ORIGIN, startFixture, writeFixture } from '../test/fixtures.ts';
import { readSse } from '../test/sse-reader.ts';
import { turn } from '../test/turns.ts';

/** A small workshop help center, separate from the eval's and the demo's. */
const DOCS = [
  { id: 'tuneup', title: 'Bike tune-up', url: 'https://wheels.example/tuneup', text: 'Our workshop checks brakes, gears and chain. A tune-up costs 60 euros. The tune-up takes one working day. Bring the bike before 10 am.' },
  { id: 'membership', title: 'Membership plans', url: '', text: 'The Rider membership costs 8 euros per month or 80 euros per year. Members get 10% off parts.' },
  { id: 'sharing', title: 'Sharing a workshop slot', url: '', text: 'You can share a booked slot with a friend from the booking page. Shared slots cannot be moved.' },
  { id: 'contact', title: 'Contact', url: '', text: 'Our shop in Wheelton is open Monday to Saturday. Email support answers within two days.' },
  { id: 'wheels', title: 'Wheels and tyres', url: '', text: 'Wheelton Wheels sells tyres for city and gravel bikes. Tubeless setup is available for gravel tyres.' },
];
const kb = new KnowledgeBase({ knowledge: { dir: null, documents: DOCS } });
const answer = (q: string, history: string[] = []) => {
  const r = kb.search(q, { history: history.map((content) => ({ role: 'user' as const, content })) });
  return { r, out: compose(q, r.passages, r.weights, 'en', r.unknownNames, r.alternatives) };
};

describe('questions', () => {
  test('stop words exist for every shipped language; stems join word forms', () => {
    expect(terms('What is the price of the plan?')).toEqual(['price', 'plan']);
    expect(terms('Wie ist der Preis des Plans?', 'de')).not.toContain('der');
    expect(terms('Quel est le prix du plan ?', 'fr')).not.toContain('le');
    expect(terms('¿Cuál es el precio del plan?', 'es')).not.toContain('el');
    expect(terms('ما هو سعر الخطة؟', 'ar')).toEqual(['سعر', 'خطه']);
    expect(terms('takes')).toEqual(terms('take'));
    expect(terms('adding added adds')).toEqual(terms('add add add')); // Porter cuts "adding" to "ad", and now "add" and "adds" too
    expect(terms('call')).toEqual(terms('calling'));
    // A noun in "-tion"/"-sion" keeps the verb's last letter, as Porter does: it meets its verb.
    expect(terms('connection protections encryption expression')).toEqual(terms('connect protect encrypted expressing'));
    expect(terms('question section session')).toEqual(['section', 'session']); // too short to lose "-ion"
    expect(terms('colours optimise licence cancelled centre catalogue tyres')).toEqual(terms('colors optimize license canceled center catalog tires'));
    expect(terms('hour four promise')).toEqual(['hour', 'four', 'promis']); // not British spellings
    // A version stays whole and is also its major number; a single digit is a word.
    expect(terms('Fastify 5.0.0 and v1.2 on 2.4 GHz')).toEqual(['fastifi', '5.0.0', '5', 'v1.2', 'v1', '2.4', '2', 'ghz']);
  });

  test('the question a visitor asks after telling their case is its sentences from the first that asks', () => {
    expect(questionAfterCase("My schema marks 'X-Api-Key' as required. Node hands me lowercase names. Will the check still work?")).toBe('Will the check still work?');
    expect(questionAfterCase('I use dns.lookup() a lot. Why is it slow? Is it the thread pool?')).toBe('Why is it slow? Is it the thread pool?');
    // Asked first, or never asked, it is the whole message.
    expect(questionAfterCase('Why is dns.lookup() slow? I call it a lot.')).toBe('Why is dns.lookup() slow? I call it a lot.');
    expect(questionAfterCase('Tell me about dns.lookup(). It seems slow.')).toBe('Tell me about dns.lookup(). It seems slow.');
  });

  test('personal data and question frames do not become search terms', () => {
    expect(withoutPersonalData('mail jo.doe@mail.example, call +49 30 1234567, order 88812345, see https://x.example/a').match(/\p{L}+|\d+/gu)).toEqual(['mail', 'call', 'order', 'see']);
    // A date as tables write it is what is asked about, not a phone number.
    expect(questionTerms('Which version has a release date of 2019-02-25? Call 0171-555-1234.')).toEqual(['version', 'releas', 'date', '2019-02-25', '20190225', '2019', '02', '25', 'call']);
    expect(questionTerms('How long does the tune-up take?')).not.toContain('long');
    expect(questionTerms('Different question: which hook runs right before the handler?')).toEqual(['hook', 'run', 'befor', 'handler']);
    // A wish and "where should I look?" frame the question: the topic is what is wished for.
    expect(questionTerms("I'd like to help translate Git's messages into my language. Where should I look?")).toEqual(['help', 'translat', 'git', 'messag', 'languag']);
    expect(questionTerms('We would like to move our office. Where can we start?')).toEqual(['move', 'offic']);
    expect(questionTerms('What does it look like?')).toContain('look');
    // "Unrelated, but …" opens a new question; "unrelated histories" further on is a topic.
    expect(questionTerms('Unrelated, but which hook runs right before the handler?')).toEqual(['hook', 'run', 'befor', 'handler']);
    expect(questionTerms('Why does git refuse to merge unrelated histories?')).toContain('unrel');
    // Saying how many questions follow asks nothing ("two" is rare in most pages: it weighed as the first question's word).
    expect(questionTerms('Two questions: which hook runs before the handler?')).toEqual(['hook', 'run', 'befor', 'handler']);
    expect(questionTerms('A couple of quick questions - which hook runs before the handler?')).toEqual(['hook', 'run', 'befor', 'handler']);
    expect(questionTerms('Which two hooks run before the handler?')).toContain('two');
    expect(questionTerms('my email is j.doe@example.net — what does --time-stamp add?')).toEqual(['time-stamp', 'timestamp', 'time', 'stamp', 'ad']);
    expect(questionTerms('My order number: 88812345. Where is my order?')).toEqual(['order']);
    // "What does X do under the hood?" and "what is X good for?" ask what X does: "hood" and
    // "good" are no words of X's page.
    expect(questionTerms('What does the sync command actually do under the hood?')).toEqual(['sync', 'command']);
    expect(questionTerms("What is 'git stash pop' good for?")).toEqual(['git', 'stash', 'pop']);
    // A short number is the visitor's case only where their words say so, or with a code's
    // letters or "#"; alone it may be what the pages speak of (a process id in a log example).
    expect(questionTerms('My ticket 40213 is still open, and my invoice no. 77120?')).toEqual(['still', 'open', 'invoic']);
    expect(questionTerms('Is #40213 or INV-77120 paid?')).toEqual(['pai']);
    expect(questionTerms('What is the 40213 in the log lines?')).toEqual(['40213', 'log', 'line']);
    // A code is the visitor's only after the words that name it, and only in capitals and digits.
    expect(questionTerms('Booking ref ZX7K2P, account ID AC-310294: in which case is utf8 used, and what is order ABCDE?')).toEqual(['book', 'ref', 'account', 'id', 'case', 'utf8', 'order', 'abcd']);
    // A sentence that is only a case number goes whole; "order" asked about stays.
    expect(questionTerms('Order 55120. Customer number 904417. (case #48213) Where is order 48213?')).toEqual(['order']);
    expect(questionTerms('Customer number 904417. How do I change my name?')).toEqual(['chang', 'name']);
    // A name is the visitor's, however the message carries it: a sign-off, a salutation, a
    // form's labels, "my name's", a name beside the address that opens the message.
    const card = questionTerms('How much is a replacement card?');
    for (const q of ['How much is a replacement card? Thanks, Maria (maria@gmail.com)', 'How much is a replacement card?\n\nBest regards,\nAna Ruiz', 'How much is a replacement card? -- Tom',
      "Dear support, my name's Lena Vogel. How much is a replacement card?", 'Name: Tom Becker, e-mail: tom@example.com. How much is a replacement card?',
      "Tom Becker, tom@example.com, +1 555 123 4567: how much is a replacement card?", 'Hi there, how much is a replacement card?',
      // Small letters after "my name is", a title, a company, how to reach them, where they live, a mail client's signature.
      'Good morning, my name is tom becker. How much is a replacement card?', 'Hello, I am Dr. Anna Schmidt from Acme Corp. How much is a replacement card?',
      'How much is a replacement card? You can reach me at 0151 2345678.', 'I live at 12 Main Street, Springfield. How much is a replacement card?',
      'My customer number is 44120 and my account email is t.b@example.com. How much is a replacement card?',
      'How much is a replacement card?\n--\nTom Becker\nAcme Corp', 'How much is a replacement card?\n\nSent from my iPhone',
      // A company with "&" or a suffix, "X from Y here".
      "It's Dmitri from Dupont & Fils! How much is a replacement card?", 'Dear support, my name is Nguyen Thi Lan - how much is a replacement card?', 'Grace Post from Blue Harbor Inc. here! How much is a replacement card?',
    ])
      expect(questionTerms(q), q).toEqual(card);
    // What only looks like one stays: a capitalised thing the question is about, "best" inside it.
    expect(questionTerms('Which plan is best for Volta Max users?')).toContain('best');
    expect(questionTerms('How do I set the name: field in Fastify?')).toContain('fastifi');
    expect(questionTerms('My name is wrong on the invoice, how do I fix it?')).toEqual(expect.arrayContaining(['wrong', 'invoic', 'fix']));
    expect(questionTerms('What kinds of lists can git-jump produce?')).toEqual(['list', 'git-jump', 'gitjump', 'git', 'jump', 'produc']);
    expect(questionTerms('Which kind of battery does it take?')).toEqual(['batteri', 'take']);
    // The visitor's story around the question: when it happened, whether it is all right.
    expect(questionTerms("I got a huge bill after a trip last year. Is there a cap so that can't happen again?")).toEqual(['huge', 'bill', 'after', 'trip', 'cap']);
    expect(questionTerms('Is it OK to build with -O2? My CLI never exits on its own. How can that be?')).toEqual(['build', 'o2', 'cli', 'never', 'exit']);
    expect(questionTerms("It doesn't start and the screen won't turn on")).toEqual(['start', 'screen', 'turn']);
  });

  test("a phrase of the synonym table is found in any form of its verb and with anyone's noun after \"my\"", () => {
    expect(withPhrasesAsWords('I signed up last week')).toBe('I register last week');
    expect(withPhrasesAsWords('Is roaming switched on?')).toBe('Is roaming enable?');
    // The owner's noun is the visitor's own thing, kept: a page may say "use your tablet as a hotspot".
    expect(withPhrasesAsWords('Can I share my tablet\'s internet?')).toBe('Can I hotspot tablet?');
    expect(withPhrasesAsWords('Can I share the internet?')).toBe('Can I hotspot?');
    // A phrase that ends on "my" needs an owner: "the end the price" ends nothing.
    expect(withPhrasesAsWords('in the end the price is lower')).toBe('in the end the price is lower');
  });

  test('a verb and its particle are found with the object between them, and the object is kept', () => {
    expect(withPhrasesAsWords('How do I turn the alarm off?')).toBe('How do I disable the alarm?');
    expect(withPhrasesAsWords('Can I switch it on again later?')).toBe('Can I enable it again later?');
    expect(withPhrasesAsWords('Will they put my rent up?')).toBe('Will they increase my rent?');
    // No object between them: a direction and a place, not the phrase.
    expect(withPhrasesAsWords('Turn left on Elm Road')).toBe('Turn left on Elm Road');
  });

  test('a value the visitor does not give is asked as the default', () => {
    expect(withPhrasesAsWords("and what's it set to if I don't pass it?")).toBe("and what's it set to default?");
    expect(withPhrasesAsWords("What colours does it use if I don't configure any?")).toBe('What colours does it use default?');
    expect(withPhrasesAsWords('What happens when the caller does not specify one?')).toBe('What happens default?');
    // Not giving a value is not every "don't": not paying is asked as written.
    expect(withPhrasesAsWords("What happens if I don't pay on time?")).toBe("What happens if I don't pay on time?");
  });

  test('what is left of an allowance and what carries over are said as the pages say them', () => {
    expect(withPhrasesAsWords('Does my data carry over into next month?')).toBe('Does my data rollover into next month?');
    expect(withPhrasesAsWords('Will the insurance pay out for scratches?')).toBe('Will the insurance cover for scratches?');
    expect(withPhrasesAsWords('How early can I book a room?')).toBe('advance can I book a room?');
    expect(synonymsOf(normTerm('leftover')!)).toContain(normTerm('unused'));
    expect(synonymsOf(normTerm('gigabytes')!)).toContain('gb');
    // A bill is settled or paid; a payment the bank refused bounced.
    expect(synonymsOf(normTerm('settle')!)).toContain(normTerm('pay'));
    expect(synonymsOf(normTerm('bounced')!)).toContain(normTerm('refused'));
    // "While the app is running" is "at runtime"; "the usual port" the default one.
    expect(withPhrasesAsWords('Can I switch it on while the app is running?')).toBe('Can I enable it runtime?');
    expect(synonymsOf(normTerm('usual')!)).toContain(normTerm('default'));
    expect(withPhrasesAsWords("If I type 'git push' and nothing else, what is pushed?")).toBe("If I type 'git push' default, what is pushed?");
    // Paying is not "payment": "the account holder pays" does not name a payment processor.
    expect(synonymsOf(normTerm('pay')!)).not.toContain(normTerm('payment'));
  });

  test('"for good" is "permanently", as a page says it', () => {
    expect(withPhrasesAsWords('Is the café closed for good?')).toBe('Is the café closed permanently?');
  });
});

describe('retrieval', () => {
  test('a typo within one or two edits of a knowledge word still finds its passage', () => {
    expect(answer('how do I shre a slot?').r.passages[0].sourceId).toBe('sharing');
    expect(answer('how much is a tuneup?').r.passages[0].sourceId).toBe('tuneup');
    expect(answer('membrship price?').r.passages[0].sourceId).toBe('membership');
    // A changed letter is a typo only where a finger slips: a neighbouring key or another vowel.
    const words = new KnowledgeBase({ knowledge: { dir: null, documents: [{ id: 's', title: 'Scripts', url: '', text: 'Run the install script from a separate shell. The user:pass pair is sent in clear.' }] } });
    expect(words.search('How do I hash with scrypt?').alternatives.get('scrypt')).toEqual(['scrypt']);
    expect(words.search('in a seperate shell?').alternatives.get('separ')).toContain('separ');
    // A word that starts another counts as it only when it is most of it: "pass" is not "password".
    const passage = { id: 's#0', sourceId: 's', title: 'Clear text', url: '', heading: '', text: 'The user:pass pair is sent in clear.', score: 1 };
    expect(compose('Is my password sent in clear?', [passage], new Map([['password', 5], ['clear', 1]]))).toBeNull();
    expect(compose('Is the passphrase sent in clear?', [{ ...passage, text: 'The passphr is sent in clear.' }], new Map([['passphras', 5], ['clear', 1]]))?.text).toBe('The passphr is sent in clear.');
  });

  test('a word with a prefix that turns its meaning round is not a slip of the word without it', () => {
    expect(negatedForm('unsubscrib', 'subscrib')).toBe(true);
    expect(negatedForm('instal', 'uninstal')).toBe(true);
    expect(negatedForm('reactiv', 'deactiv')).toBe(true);
    expect(negatedForm('reactivate', 'deactivated')).toBe(true); // surface words, with an ending
    expect(negatedForm('subscib', 'subscrib')).toBe(false);
    expect(negatedForm('dispatch', 'dispach')).toBe(false);
    const list = new KnowledgeBase({ knowledge: { dir: null, documents: [{ id: 'l', title: 'Mailing list', url: '', text: 'To subscribe to the mailing list, send an e-mail to the list address. Install the helper with make install.' }] } });
    expect(list.search('How do I unsubscribe from the mailing list?').alternatives.get('unsubscrib') ?? []).not.toContain('subscrib');
    expect(list.search('How do I uninstall the helper?').alternatives.get('uninstal') ?? []).not.toContain('instal');
    expect(list.search('How do I subscibe to the mailing list?').alternatives.get('subscrib')).toContain('subscrib'); // a slip still is one
  });

  test('a typo is corrected from what the visitor typed, to the likeliest slip, not from its stem', () => {
    const club = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'list', title: 'Mailing list', url: '', text: 'To join the mailing list, send an email to join@club.example.' },
      { id: 'rides', title: 'Rides', url: '', text: 'Making a ride plan: we make one every week. We make it at a steady speed. Please leave your bags outside.' },
      { id: 'rules', title: 'Club rules', url: '', text: 'Quiet hours start at 10 pm. A key that stops turning is replaced for free.' },
    ] } });
    // "maling" stems to "male"; "mailing" is one letter left out, "making" a key next to the right one.
    expect([...club.search('how do I join the maling list?').alternatives]).toEqual([['join', ['join']], ['mail', ['mail']], ['list', ['list']]]);
    // The one word the likeliest slip makes is matched as if spelt right.
    expect(club.search('how do I join the maling list?').passages[0].score).toBe(club.search('how do I join the mailing list?').passages[0].score);
    // Two neighbours swapped ("seped") and a letter typed twice ("leavinng", a form the pages lack).
    expect(club.search('at what seped do you ride?').alternatives.get('speed')).toEqual(['speed']);
    // A slip after the stem ("leavinng" → leaving → "leav") is a slip, read as meant; only an
    // ending goes on from a stem as typed (the "largest" of the next test).
    expect(club.search('before leavinng?').alternatives.get('leav')).toEqual(['leav']);
    expect(club.search('before leavinng?').spelled).toBe('before leaving?');
    // A key next to the right one, in a short word ("quist"); a letter too many, in a form the
    // pages never write ("stoppsed" for "stopped": no word of theirs has "ppe").
    expect(club.search('when are quist hours?').alternatives.get('quiet')).toEqual(['quiet']);
    expect(club.search('my key stoppsed turning').alternatives.get('stop')).toEqual(['stop']);
    // A key next to the right one in a four-letter word too, when it is no English word.
    expect(club.search('how do I make a ride plsn?').alternatives.get('plan')).toEqual(['plan']);
    expect(club.search('how often do we mqke a plan?').alternatives.get('make')).toEqual(['make']);
    // A word of three letters with a letter left out; not one in capitals, an abbreviation.
    expect(club.search('how do I jin the mailing list?').alternatives.get('join')).toEqual(['join']);
    expect(club.search('how do I join the mailing list by SND?').alternatives.get('snd')).toEqual(['snd']);
    expect(club.search('how do I join pls?').weights.has('pls')).toBe(false); // chat for "please"
  });

  test('two words typed without the space between them are searched apart', () => {
    const server = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'opts', title: 'Options', url: '', text: 'The default value of maxParamLength is 100. Pass host 0.0.0.0 to listen on every address. Node throws an error.' },
    ] } });
    expect(server.search('What is the default valueof maxParamLength?').spelled).toBe('What is the default value of maxParamLength?');
    expect(server.search('What if I passhost 0.0.0.0?').weights.has('host')).toBe(true);
    expect(server.search('When does Nodethrows an error?').spelled).toBe('When does Node throws an error?'); // a name the pages use, then a word
    // One of the two may be a slip of a word of the knowledge, corrected as any other.
    expect(server.search('What is the default valeuof maxParamLength?').spelled).toBe('What is the default value of maxParamLength?');
    expect(server.search('When does nodethrrows an error?').weights.has('throw')).toBe(true);
    // A name with an inner capital, a name whose first part the pages lack, an English word, a
    // slip of one word and a slip of a stop word are not cut.
    for (const q of ['Does it do WebSocket?', 'Can I pay with Codepass?', 'Is there a password?']) expect(server.search(q).spelled).toBe(q);
    expect(server.search('What is the defalt value?').spelled).toBe('What is the default value?');
    expect(server.search('Is the value arround 100?').weights.has('round')).toBe(false);
    // A negative contraction's first part is no slip: "doesn't" stays, and weighs nothing.
    const q = "Why doesn't the server throw an error?";
    expect(server.search(q).spelled).toBe(q);
    expect([...server.search(q).weights.keys()].some((t) => /does/.test(t))).toBe(false);
  });

  test('a word typed against the name of code after it is cut before the name', () => {
    const server = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'errors', title: 'Errors', url: '', text: 'FST_ERR_CTP_EMPTY_JSON_BODY: the body is not valid JSON. Call rl.question() to ask. The Server class listens; createReadStream reads, create one per file.' },
    ] } });
    expect(server.search("I'm gettingFST_ERR_CTP_EMPTY_JSON_BODY, why?").spelled).toBe("I'm getting FST_ERR_CTP_EMPTY_JSON_BODY, why?");
    expect(server.search('Can a pendingrl.question() be canceled?').spelled).toBe('Can a pending rl.question() be canceled?');
    // A capitalised word after it is no name of code: "createServer" may be one the pages lack.
    expect(server.search('Is there a createServer option?').spelled).toBe('Is there a createServer option?');
    // Nor is a name the pages do not write as typed.
    expect(server.search('Can a pendingrl.answer() be canceled?').spelled).toBe('Can a pendingrl.answer() be canceled?');
  });

  test('a word typed against the capitalised name after it is cut before the capital', () => {
    const roaming = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'zones', title: 'Roaming', url: '', text: 'Roaming in Zone 2 costs $5 a day. Our Server keeps your settings. Run it with Memcheck. Call createReadStream to create a stream.' },
    ] } });
    expect(roaming.search('Which countries are in roamingZone 2?').spelled).toBe('Which countries are in roaming Zone 2?');
    expect(roaming.search('Can I run it withMemcheck?').spelled).toBe('Can I run it with Memcheck?');
    // A slip of a word of the pages after the capital too ("Zome" for Zone).
    expect(roaming.search('Which countries are in roamingZome 2?').weights.has('zone')).toBe(true);
    // Not after a word the pages open names of code with: "createServer" may be a name they lack.
    expect(roaming.search('Is there a createServer option?').spelled).toBe('Is there a createServer option?');
  });

  test('a contraction typed without its apostrophe is read as the contraction', () => {
    expect(withApostrophes('why doesnt it start, isnt it on? i cant tell, im lost')).toBe("why doesn't it start, isn't it on? i can't tell, i'm lost");
    expect(withApostrophes('ive tried, youre sure theyll work?')).toBe("i've tried, you're sure they'll work?");
    // A bare form that is a word of its own stays ("well", "were", "shell"), and so does a word
    // that only ends like a contraction ("want", "event").
    expect(withApostrophes('well, were the shell events what i want?')).toBe('well, were the shell events what i want?');
    const timers = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'timers', title: 'Timers', url: '', text: 'If callback is not a function, a TypeError will be thrown. Pass an instance of AbortSignal to cancel.' },
    ] } });
    // "isnt" was corrected to "inst" (instance), and "ive" weighed as the rarest word.
    const typed = timers.search('what if my callback isnt a function, ive checked?');
    expect(typed.spelled).toBe("what if my callback isn't a function, i've checked?");
    expect([...typed.weights.keys()]).toEqual([...timers.search("what if my callback isn't a function, I've checked?").weights.keys()]);
  });

  test('a slip of an English word the pages lack is read as that word, as the clean question is', () => {
    expect(englishSpelling('kinsd')).toBe('kinds');
    expect(englishSpelling('ofyen')).toBe('often');
    expect(englishSpelling('scrypt')).toBeNull(); // only a slip on its first letter makes a word ("crypt")
    // "bedge" is badge or budge: the one the knowledge has a word for (badge → card), else neither.
    expect(englishSpelling('bedge')).toBeNull();
    expect(englishSpelling('bedge', (w) => w === 'badge')).toBe('badge');
    const club = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'data', title: 'Your data', url: '', text: 'We collect your name and e-mail address when you join the club.' },
    ] } });
    expect(club.search('What kinsd of data do you collect?').spelled).toBe('What kinds of data do you collect?');
    expect([...club.search('What kinsd of data do you collect?').weights.keys()]).toEqual([...club.search('What kinds of data do you collect?').weights.keys()]);
    // A name is left as typed ("Venmo" is not "venom", "Kenji" not "Kanji"), and so are a British
    // spelling ("programme" is not "program me") and a message in another language ("Quelle").
    for (const q of ['Can I pay with Venmo?', 'Kenji here: can I join?', 'Is there a mentoring programme?', 'quelle est la longueur maximale du nom ?']) {
      expect(club.search(q).spelled).toBe(q);
    }
    expect(isBritishSpelling('programme') && isBritishSpelling('customise') && isBritishSpelling('travelled')).toBe(true);
    expect(isBritishSpelling('calller') || isBritishSpelling('ordre')).toBe(false); // slips that end like British words
  });

  test('a misspelt name of a table row\'s key is read as the key, as typed in capitals', () => {
    const errors = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'codes', title: 'Error constants', url: '', text: '| Constant | Description |\n|---|---|\n| ENOSPC | No space left on the device. |\n| EACCES | Permission denied. |' },
      { id: 'disk', title: 'Disks', url: '', text: 'A disk that seems full may hold deleted files still open. Node throws an error with a code.' },
      { id: 'errors', title: 'Errors', url: '', text: 'Node throws an error with a code when a call fails. The code tells you what went wrong.' },
      { id: 'full', title: 'Full disks', url: '', text: 'When a disk is full, Node throws an error. Free some space on the disk.' },
    ] } });
    const typed = errors.search('My disk seems full and Node throws ENOSSPC - what is that code telling me?');
    const clean = errors.search('My disk seems full and Node throws ENOSPC - what is that code telling me?');
    expect(typed.spelled).toContain('ENOSPC');
    expect(typed.passages.map((p) => [p.id, p.score])).toEqual(clean.passages.map((p) => [p.id, p.score]));
  });

  test('of several words a slip could stand for, the one found with the question\'s other words is meant', () => {
    const house = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'wifi', title: 'Wi-Fi', url: '', text: 'Wi-Fi is free for members. Coffee is free too.' },
      { id: 'guests', title: 'Guests', url: '', text: 'Guests are free on Fridays. Parking is free after 6 pm.' },
      { id: 'safety', title: 'Safety', url: '', text: 'If the fire alarm sounds, leave by the nearest exit.' },
    ] } });
    // "fre" is a letter from "free" (more frequent) and from "fire" (with "alarm").
    const r = house.search('what do I do when the fre alarm sounds?');
    expect(r.spelled).toBe('what do I do when the fire alarm sounds?');
    expect(r.passages[0].score).toBe(house.search('what do I do when the fire alarm sounds?').passages[0].score);
    expect(house.search('is parking fre?').alternatives.get('free')?.[0]).toBe('free'); // "parking" is found with "free"
  });

  test('a space put in a word of the knowledge, or left out of a name it writes apart, is read as the knowledge writes it', () => {
    const node = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'rl', title: 'Readline', url: '', text: 'The readline module reads a line at a time. Press Ctrl + Y to recall deleted text.' },
      { id: 'ins', title: 'Insurance', url: '', text: 'Volta Protect covers screen repairs. A web page lists the socket types.' },
      { id: 'mr', title: 'Rooms', url: '', text: 'Book a meeting room in the app. The meeting-room hours are in your plan.' },
    ] } });
    expect(node.search('how do I recall text in a read line prompt?').spelled).toBe('how do I recall text in a readline prompt?');
    expect(node.search('does the new read line prompt recall text?').spelled).toBe('does the new readline prompt recall text?'); // after "new read"
    expect(node.search('What does VoltaProtect cover?').spelled).toBe('What does Volta Protect cover?');
    // Not a name of code the knowledge never writes apart, nor two words it writes apart too.
    expect(node.search('Does the page use WebSocket?').spelled).toBe('Does the page use WebSocket?');
    expect(node.search('Can I book a meeting room?').spelled).toBe('Can I book a meeting room?');
  });

  test('a typo is corrected to a word, not to a spelling that only stems like one', () => {
    const node = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'core', title: 'Core', url: '', text: 'Node core sets a timeout of two minutes.' },
      { id: 'conf', title: 'Files', url: '', text: 'Put the settings in the conf directory; the types infer them.' },
    ] } });
    // "cofe" + n is "confe", which stems to "conf" but is no word; "core" is a key away.
    expect(node.search('what timeout does Node cofe set?').spelled).toBe('what timeout does Node core set?');
  });

  test('a corrected word brings the synonyms of the word it stands for', () => {
    const shop = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'prices', title: 'Prices', url: '', text: 'A repair costs 40 euros. The price list is at the desk.' },
    ] } });
    expect(shop.search('What does a repair cost?').alternatives.get('cost')).toContain('price');
    expect(shop.search('What does a repair csot?').alternatives.get('cost')).toContain('price');
  });

  test('an English word spelt right is the visitor\'s own word, not a slip for a word the pages use', () => {
    const shop = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'apps', title: 'Apps', url: '', text: 'Older versions of the app are kept for a year. Taking a backup is free.' },
      { id: 'files', title: 'Files', url: '', text: 'Exported files are saved as CSV.' },
    ] } });
    // "folder" is one letter from "older", "talking" from "taking": both are words, so neither is
    // corrected, and the question stays about what the visitor asked.
    expect(shop.search('Where is the export folder?').spelled).toBe('Where is the export folder?');
    expect(shop.search('Where is the export folder?').alternatives.has('older')).toBe(false);
    expect(shop.search('Is talking to support free?').alternatives.has('take')).toBe(false);
    // A slip that makes no word is still corrected.
    expect(shop.search('Are oldr versions kept?').alternatives.get('older')).toEqual(['older']);
  });

  test('a misspelt question is read as meant: the answer asked for is read from its corrected words', () => {
    const server = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'plugins', title: 'Server options', url: '', text: '## pluginTimeout\n\n+ Default: `10000`\n\nThe maximum time in milliseconds in which a plugin can load. A larger value suits slow plugins.' },
      { id: 'hooks', title: 'Hooks', url: '', text: 'A hook runs before the handler. Hooks can load data.' },
    ] } });
    const ask = (q: string) => {
      const r = server.search(q);
      return { r, text: compose(r.spelled, r.passages, r.weights, 'en', r.unknownNames, r.alternatives)?.text };
    };
    // "…by default?" brings the passage's default line; misspelt, it was read as no such question.
    const typed = ask('What does pluginTimeout do by defalt?');
    expect(typed.r.spelled).toBe('What does pluginTimeout do by default?');
    expect(typed.text).toBe(ask('What does pluginTimeout do by default?').text);
    expect(typed.text).toContain('10000');
    // Listed slips of question words and slips of long stop words are spelt as meant too; a word
    // that goes on from its stem ("largest", the pages write "larger") is read as typed.
    expect(server.search('wich plugin timeout is used arround here?').spelled).toBe('which plugin timeout is used around here?');
    expect(server.search('What is the largest pluginTimeout?').spelled).toBe('What is the largest pluginTimeout?');
  });

  test('a slip in a word of the question\'s framing ("arround", "whould") is not a word the pages lack', () => {
    const { r, out } = answer('whould a tune-up take arround one day?');
    expect([...r.weights.keys()]).not.toContain('whould');
    expect([...r.weights.keys()]).not.toContain('arround');
    expect(out?.text).toContain('one working day');
    expect(stopWordSlip('theme')).toBeNull(); // "them" is too short to be slipped on
    expect(stopWordSlip('becuase')).toBe('because');
    expect([...answer('I just want to know: how long does a tune-up really take?').r.weights.keys()]).toEqual(['tune-up', 'take']);
  });

  test('a hyphenated word of the question counts once, in the form the pages use', () => {
    const wifi = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'logs', title: 'Logs', url: '', text: 'We keep Wi-Fi connection logs for 90 days.' },
      { id: 'e', title: 'Mail', url: '', text: 'Send an email to the front desk.' },
    ] } });
    expect([...wifi.search('What is the Wi-Fi password?').weights.keys()]).toEqual(['wi-fi', 'password']);
    expect(compose('What is the Wi-Fi password?', ...(({ passages, weights }) => [passages, weights] as const)(wifi.search('What is the Wi-Fi password?')))).toBeNull();
    expect([...wifi.search('Can I send an e-mail?').weights.keys()]).toContain('email'); // the pages write it joined
    // A part of the hyphenated word that the question also says on its own stays a word.
    const origins = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'opt', title: 'Options', url: '', text: 'Use --track-origins=yes to see where uninitialised values come from. An origin can be a heap block or a stack allocation.' },
    ] } });
    expect([...origins.search('With --track-origins=yes, where can the origin be?').weights.keys()]).toEqual(expect.arrayContaining(['track-origins', 'origin']));
    expect([...origins.search('What does --track-origins=yes do?').weights.keys()]).not.toContain('origin');
  });

  test('a version in the question is searched once: whole when the pages have it, else by its major number', () => {
    const lts = new KnowledgeBase({ knowledge: { dir: null, documents: [{ id: 'lts', title: 'Support', url: '', text: 'Each Fastify major release is tested against these Node.js versions:\n\n| Version | Node.js |\n|---|---|\n| 5.0.0 | 20, 22 |\n| 4.0.0 | 14, 16, 18 |' }] } });
    const five = lts.search('Which Node.js versions is Fastify 5 tested against?');
    expect(five.passages[0].sourceId).toBe('lts');
    expect(compose('Which Node.js versions is Fastify 5 tested against?', five.passages, five.weights, 'en', five.unknownNames, five.alternatives)?.text).toContain('20, 22');
    expect([...lts.search('What changed in 5.0.0?').weights.keys()]).toEqual(['chang', '5.0.0']);
    expect([...lts.search('What changed in 6.1?').weights.keys()]).toEqual(['chang', '6']);
  });

  test('an exact word is not drowned by words one letter away', () => {
    // "wheels" is known: it is not expanded to "wheel"-like words of other passages.
    expect(answer('Which tyres do you sell for gravel bikes?').r.passages[0].sourceId).toBe('wheels');
  });

  test('a follow-up is searched with the turns before it', () => {
    const followUp = answer('and how long does it take?', ['How much is a bike tune-up?']);
    expect(followUp.r.passages[0].sourceId).toBe('tuneup');
    expect(followUp.out!.text.startsWith('The tune-up takes one working day.')).toBe(true);
    // The earlier turn's words search along, weighing less than the question's own.
    const fragment = answer('and per year?', ['How much is the Rider membership?']);
    expect(fragment.r.weights.get('membership')).toBeLessThan(fragment.r.weights.get('year')!);
    // A new topic after it is answered from its own page, not pulled back to the old one.
    expect(answer('Can I share my slot with a friend?', ['How much is a bike tune-up?']).r.passages[0].sourceId).toBe('sharing');
  });

  test('"its" in a follow-up is the thing the question before was about: its rarest word is searched as the question\'s own', () => {
    const r = answer('and what does it cost?', ['Is there a Rider membership?']).r;
    expect(r.passages[0].sourceId).toBe('membership');
    expect(r.weights.get('rider')).toBe(kb.weight('rider')); // full weight, like "cost"
    // The rest of the turn found the page, but is no word of what is asked now (below).
    expect(r.weights.has('membership')).toBe(false);
  });

  test('a follow-up with a question of its own asks the earlier subject something new: searched and answered as the question naming it is', () => {
    const lamp = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'dimming', title: 'Night dimming', url: '', text: '--dim-level=<low|mid|high> [default: mid] Sets how far the lamp dims after midnight. When set to low, the lamp keeps a quarter of its brightness. When set to high, the lamp goes dark.' },
      { id: 'saver', title: 'Default values', url: '', text: 'The battery saver checks the charge every hour. Its default value is set relatively low, so the lamp seldom wakes up.' },
      { id: 'rooms', title: 'Meeting rooms', url: '', text: '| Room | Seats | Price per hour |\n|---|---|---|\n| Lantern Room | 8 | $40 |\n| Wick Room | 4 | $20 |' },
      { id: 'care', title: 'Care', url: '', text: 'Wipe the lamp with a dry cloth. Keep it away from water.' },
    ] } });
    const ask = (q: string, before: string[] = []) => {
      const r = lamp.search(q, { history: before.map((content) => ({ role: 'user' as const, content })) });
      return { r, text: compose(q, r.passages, r.weights, 'en', r.unknownNames, r.alternatives, r.earlier)?.text };
    };
    // "the default value" is what the earlier question asked of --dim-level, not what is asked
    // now: the answer is read for the new question's words and --dim-level alone, as the
    // question naming --dim-level is (the battery saver's "default value is set relatively low"
    // has nothing to gain from them).
    const followUp = ask('And what does the low setting mean?', ['What is the default value of --dim-level?']);
    const named = ask('What does the low setting of --dim-level mean?');
    expect(new Set(followUp.r.weights.keys())).toEqual(new Set(named.r.weights.keys()));
    expect(followUp.r.weights.get('dim-level')).toBe(named.r.weights.get('dim-level'));
    expect(followUp.r.passages[0].sourceId).toBe('dimming');
    expect(followUp.text).toContain('a quarter of its brightness');
    expect(followUp.text).toBe(named.text);
    // "it" is the Lantern Room, a name, not the seats asked about before (a word as rare).
    const room = ask("what's the price per hour for it?", ['How many seats does the Lantern Room have?']);
    expect(room.r.weights.get('lantern')).toBe(lamp.weight('lantern'));
    expect(room.text).toContain('$40');
    // "What about …?" and a fragment still ask the earlier question of another thing: its words stay.
    expect(ask('and for the Wick Room?', ['How many seats does the Lantern Room have?']).r.weights.has('seat')).toBe(true);
  });

  test('"it" standing for a name of code is that entry: its member is searched as the subject too, its object is not', () => {
    const ref = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'qs', title: 'Query string', url: '', text: [
        '## querystring.parse(str)', 'Splits a query string into an object. A key that appears more than once gets an array of its values.',
        '## querystring.stringify(obj)', 'Joins an object into a query string. Keys of the object are written in order.',
        '## querystring.escape(str)', 'Percent-encodes a string for a query string. Every key and value is escaped.',
      ].join('\n\n') },
      { id: 'body', title: 'Request body', url: '', text: 'The body parser parses each request body. Parse errors are answered with status 400.' },
      { id: 'json', title: 'JSON', url: '', text: '## JSON.parse(text)\n\nParses a JSON text into a value.' },
      { id: 'url', title: 'URL', url: '', text: '## url.parse(str)\n\nParses a URL string into its parts.' },
      { id: 'timers', title: 'Timers', url: '', text: [
        '## timeout.hasRef()', 'Returns true when the timer keeps the event loop alive.',
        '## timeout.unref()', 'Lets the event loop exit while the timer is pending.',
        '## setTimeout(callback, delay)', 'Schedules the callback after delay milliseconds. Added in the first release.',
        '## clearTimeout(timeout)', 'Cancels a timeout made by setTimeout.',
      ].join('\n\n') },
    ] } });
    const ask = (q: string, before: string) => ref.search(q, { history: [{ role: 'user' as const, content: before }] });
    // The subject is the name's rarest word ("querystring"); "parse", a word of many pages, is which entry of it.
    const twice = ask('and if a key shows up twice, what do I get for it?', 'How do I read a query string with querystring.parse()?');
    expect(twice.weights.get('pars')).toBe(ref.weight('pars'));
    expect(twice.passages[0].heading).toBe('querystring.parse(str)');
    // "hasRef" is the subject; "timeout" is every member's object, and setTimeout's word: not the question's own.
    const ref2 = ask('What does that return?', 'Tell me about timeout.hasRef().');
    expect(ref2.weights.get('hasref')).toBe(ref.weight('hasref'));
    expect(ref2.weights.get('timeout') ?? 0).toBeLessThan(ref.weight('timeout'));
    expect(ref2.passages[0].heading).toBe('timeout.hasRef()');
  });

  test('an e-mail address or phone number in the question does not steer it', () => {
    const r = answer('I am support@wheelton.example, phone 0800 1234567: how much is the membership per year?');
    expect(r.r.passages[0].sourceId).toBe('membership');
    expect(r.out!.text).toContain('80 euros per year');
  });

  test('questions about something the knowledge does not cover get no passage above the floor', () => {
    for (const q of ['Who is the CEO of Wheelton?', 'Do you repair kick scooters?', 'What is the capital of France?']) {
      const { r, out } = answer(q);
      expect(r.passages.filter((p) => p.score >= MIN_RELEVANCE), q).toEqual([]);
      expect(out, q).toBeNull();
    }
    // ...while a paraphrase with the page's words in other forms still passes.
    expect(answer('What do members pay yearly for the Rider membership?').out!.text).toContain('80 euros per year');
  });

  test('the answer leads with the sentence that answers, not with what stood before it', () => {
    const { out } = answer('How long does the tune-up take?');
    expect(out!.text.startsWith('The tune-up takes one working day.')).toBe(true);
    expect(out!.used).toEqual(['tuneup#0']);
  });
});

describe('questions of several parts', () => {
  const baseOf = (documents: { id: string; title: string; url: string; text: string }[]) => new KnowledgeBase({ knowledge: { dir: null, documents } });
  test('a part is searched on its own only when it asks of a thing it names', () => {
    expect(searchedParts('Can a Day Pass be refunded? Also, how much is the American Express surcharge?')).toHaveLength(2);
    // A condition is no question; "it" is the thing the first part names.
    expect(searchedParts('If I never call reply.code, what statusCode does the response get?')).toEqual([]);
    expect(searchedParts('Which editor was git-jump tested with, and who maintains it?')).toEqual([]);
    expect(searchedParts('When handlerTimeout runs out, what status does the client get?')).toEqual([]);
    // A label before the first question asks nothing, and hides no question.
    expect(searchedParts('Two questions: what does reply.hasHeader return? What application hooks are there?')).toHaveLength(2);
    expect(searchedParts('When did Fastify 3 come out, and which Node versions does Fastify 4 support?')).toHaveLength(2);
    expect(searchedParts('How much is a tune-up?')).toEqual([]);
    // The "it" of "how long does it take to port…" stands for the porting it goes on to name.
    expect(searchedParts('What are the steps to port my number? And how long does it take to port a landline number?')).toHaveLength(2);
    expect(searchedParts('Which plan has roaming, and is it possible to add a line?')).toHaveLength(2);
    expect(searchedParts('Which plan has roaming, and how long does it take?')).toEqual([]);
  });

  test('a later part that says "it" of the one name of code the first part asks about is read with that name', () => {
    expect(questionParts("What's the default --valgrind-stacksize, and when should I change it?")).toEqual(["What's the default --valgrind-stacksize", 'when should I change --valgrind-stacksize?']);
    // So it is searched on its own, as a part naming its thing is.
    expect(searchedParts('Does cg_merge check that its input files come from the same program, and what does it check instead?')).toEqual(['Does cg_merge check that its input files come from the same program', 'what does cg_merge check instead?']);
    // Two names: which one "it" is is not told; "what is it by default?" with the name would read as "What is X?".
    expect(questionParts('Does dns.lookup() call getaddrinfo, and does dns.resolve() use it?')).toEqual(['Does dns.lookup() call getaddrinfo', 'does dns.resolve() use it?']);
    expect(questionParts('What is --freelist-vol for and what is it by default?')).toEqual(['What is --freelist-vol for', 'what is it by default?']);
    // A name that is no name of code ("git-jump", a word with a hyphen) is left to retrieval.
    expect(questionParts('Which editor was git-jump tested with, and who maintains it?')).toEqual(['Which editor was git-jump tested with', 'who maintains it?']);
  });

  test("each part is searched by its own words: the whole question's best passages may all be the other part's", () => {
    // Thirty passages say the second part's rare words; the one about the first part says only its own, among many others.
    const filler = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const counts = Array.from({ length: 30 }, (_, i) => ({ id: `c${i}`, title: `Counts ${i}`, url: '', text: `In the cg_annotate example, concord.c:f${i} has a D1mw count of ${i} and a concord D1mw total.` }));
    const kb2 = baseOf([...counts, { id: 'name', title: 'Legends', url: '', text: `The origin of the name is a Norse legend. ${filler}` }]);
    const r = kb2.search("What's the origin of the name? Also, in the cg_annotate example, what's the D1mw count for concord.c:f7?");
    expect(r.passages.map((p) => p.sourceId)).toContain('name');
  });

  test("a passage's strength for a part is by that part's words alone", () => {
    const kb2 = baseOf([
          { id: 'kitchen', title: 'House rules', url: '', text: '# Kitchen\n\nPlease label your food and wash your dishes. It closes at 9 pm.' },
          { id: 'pets', title: 'House rules', url: '', text: '# Pets\n\nDogs are allowed at two locations under our pet rules. Other animals are not allowed. Keep dogs out of the kitchen and the meeting rooms.' },
          { id: 'smoking', title: 'House rules', url: '', text: '# Smoking\n\nSmoking and vaping are not allowed inside any location.' },
          { id: 'guests', title: 'Guests', url: '', text: '# Guests\n\nGuests are allowed during staffed hours.' },
    ]);
    // The pets page says "kitchen" and "rules" too, and "allowed" of the other part: that made it
    // the kitchen part's best, lifted to that part's relevance.
    const r = kb2.search('Are smoking and vaping allowed? Also, what are the kitchen rules?');
    expect(r.passages.slice(0, 2).map((p) => p.sourceId).sort()).toEqual(['kitchen', 'smoking']);
    expect(r.passages.find((p) => p.sourceId === 'pets')!.score).toBeLessThan(0.5);
  });

  test("one part's passages, which say more of the question's words, do not crowd out the other part's", () => {
    const kb2 = baseOf([
          { id: 'fees', title: 'Card fees', url: '', text: 'Paying by American Express card adds a surcharge of 3%. Paying by Visa card adds no surcharge.' },
          { id: 'cards', title: 'Cards we accept', url: '', text: 'We accept Visa, Mastercard and American Express cards. American Express cards are accepted at every desk.' },
          { id: 'express', title: 'Express booking', url: '', text: 'Express booking of a desk costs nothing extra. The express surcharge for parking is 2 dollars.' },
          { id: 'amex', title: 'American Express', url: '', text: 'American Express corporate cards can be linked to a company account. American Express statements show each visit.' },
          { id: 'refunds', title: 'Refunds', url: '', text: 'A Day Pass can be refunded in full before 8 am on its day.' },
          { id: 'passes', title: 'Passes', url: '', text: 'A Day Pass gives one day at any desk. A Week Pass gives five days.' },
    ]);
    const q = 'How much is the American Express surcharge on corporate cards? Also, can a Day Pass be refunded?';
    const r = kb2.search(q);
    // The refunds page comes right after the best passage, as relevant as it is to its part
    // (it says under half the whole question's words: 0.37 by them).
    expect(r.passages[1].id).toMatch(/^refunds/);
    expect(r.passages[1].score).toBeGreaterThan(0.8);
    const out = compose(q, r.passages, r.weights, 'en', r.unknownNames, r.alternatives);
    expect(out?.text).toMatch(/refunded in full/);
  });
});

describe('stored index and reloads', () => {
  const dirs: string[] = [];
  const temp = () => {
    const d = mkdtempSync(join(tmpdir(), 'retrieval-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  test('a restart reads the stored index; changed knowledge builds a new one', () => {
    const dir = temp();
    const cache = join(dir, 'index');
    writeFileSync(join(dir, 'a.md'), '# Opening hours\n\nThe shop opens at 9.');
    const bot = { knowledge: { dir, documents: [] } };
    const first = new KnowledgeBase(bot, { cacheDir: cache, name: 'bot' });
    expect(first.fromCache).toBe(false);
    expect(readdirSync(cache)).toEqual(['bot.idx']);
    const second = new KnowledgeBase(bot, { cacheDir: cache, name: 'bot' });
    expect(second.fromCache).toBe(true);
    expect(second.search('when does the shop open?').passages[0].text).toBe('The shop opens at 9.');
    writeFileSync(join(dir, 'a.md'), '# Opening hours\n\nThe shop opens at 10.');
    const third = new KnowledgeBase(bot, { cacheDir: cache, name: 'bot' });
    expect(third.fromCache).toBe(false);
    expect(third.search('when does the shop open?').passages[0].text).toBe('The shop opens at 10.');
    // A damaged file is a miss, not an error.
    writeFileSync(join(cache, 'bot.idx'), 'garbage');
    expect(new KnowledgeBase(bot, { cacheDir: cache, name: 'bot' }).search('shop').passages.length).toBe(1);
  });

  test('only changes that can alter the knowledge trigger a reload', () => {
    expect(['guide.md', 'sub/page.html', 'new-folder'].map(mayBeKnowledge)).toEqual([true, true, true]);
    expect(['.index/bot.idx', 'sub/.page.md.swp', 'data/chat.sqlite-wal', 'notes.docx~'].map(mayBeKnowledge)).toEqual([false, false, false, false]);
  });

  test('a changed file is picked up by the watcher, debounced, and swapped in whole', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'a.md'), '# Parking\n\nBikes park in the yard.');
    const live = new LiveKnowledge({ id: 'b', language: 'en', knowledge: { dir, documents: [] } }, { cacheDir: join(dir, '.index') }).watch();
    try {
      await live.ready;
      const before = live.current;
      expect(before.search('where do bikes park?').passages[0]?.sourceId).toBe('a.md');
      writeFileSync(join(dir, 'b.md'), '# Trailers\n\nTrailers can be rented for 5 euros a day.');
      writeFileSync(join(dir, 'c.md'), '# Helmets\n\nHelmets are free to borrow.');
      await expect.poll(() => live.reloads, { timeout: 5000 }).toBeGreaterThan(0);
      await expect.poll(() => live.current.search('rent a trailer').passages[0]?.sourceId, { timeout: 5000 }).toBe('b.md');
      expect(live.current.search('borrow a helmet').passages[0]?.sourceId).toBe('c.md');
      // The base a turn already holds is untouched by the swap.
      expect(before.search('rent a trailer').passages.filter((p) => p.score >= MIN_RELEVANCE)).toEqual([]);
    } finally {
      live.close();
    }
  });

  test('the server keeps its index in the data dir, and a reload keeps an open stream going', async () => {
    const s = await startFixture({ uniqueClients: true, bots: undefined, start: { sse: { heartbeatMs: 60_000 } } });
    try {
      expect(existsSync(join(s.dataDir, 'index'))).toBe(true);
      const asked = turn(s, { message: 'How much does the lamp cost?' });
      await s.ctx.reloadKnowledge();
      writeFileSync(join(s.dir, 'knowledge/colours.md'), '# Colours\n\nThe lamp comes in sage green and sand.');
      await s.ctx.reloadKnowledge();
      const r = await asked;
      expect(r.last!.type).toBe('done');
      expect(r.text).toContain('79 euros');
      const after = await turn(s, { message: 'Which colours does the lamp come in?' });
      expect(after.text).toContain('sage green');
    } finally {
      await s.stop();
    }
  });

  test('SIGHUP makes a running server read its knowledge again', async () => {
    const { dir, configPath } = writeFixture();
    dirs.push(dir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--config', configPath, '--port', '0', '--data-dir', join(dir, 'data')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    try {
      // The log is JSON lines; the `listening` event carries the URL.
      const listeningUrl = () => out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).find((l) => l.event === 'listening')?.url as string | undefined;
      await expect.poll(listeningUrl, { timeout: 45_000 }).toBeTruthy();
      const url = listeningUrl()!;
      const ask = async (message: string) => {
        const res = await fetch(`${url}/v1/public/chat/stream`, {
          method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ bot_id: BOT_ID, session_id: 'sighup-session', message }),
        });
        return (await readSse(res)).events.filter((e) => e.type === 'content').map((e) => e.content).join('');
      };
      expect(await ask('Which colours does the lamp come in?')).toMatch(/couldn't find an answer/);
      writeFileSync(join(dir, 'knowledge/colours.md'), '# Colours\n\nThe lamp comes in sage green and sand.');
      child.kill('SIGHUP');
      await expect.poll(() => out, { timeout: 10_000 }).toContain('SIGHUP: knowledge reloaded');
      expect(await ask('Which colours does the lamp come in?')).toContain('sage green');
    } finally {
      child.kill('SIGTERM');
    }
  }, 70_000);
});

test('a measure written with a hyphen ("12-month", "30-day") is a quantity, not a name the answer must repeat', () => {
  const q = 'On Protect Plus, how often can I claim in a 12-month period?';
  expect(looksLikeName('12-month', q)).toBe(false);
  expect(looksLikeName('30-day', 'Is there a 30-day trial?')).toBe(false);
  // An ordinal is a day or a rank: "I'm joining on the 20th".
  expect(['20th', '1st', '2nd', '3rd'].map((w) => looksLikeName(w, `I'm joining on the ${w} - what will my invoice cover?`))).toEqual([false, false, false, false]);
  // Letters with digits still name things.
  expect(looksLikeName('X11', 'Does it run on X11?')).toBe(true);
  expect(looksLikeName('utf8', 'Is the output utf8?')).toBe(true);
});

describe('entries of an option list', () => {
  test("an option's synopsis on a line of its own finds its entry before the passages that mention the option", () => {
    const base = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'mention', title: 'Monitor commands', url: '', text: 'In the example the pointers are shown before the tree was leaked. The descriptions are detailed as the option --read-var-info=yes was given at startup, with --read-var-info=yes again.' },
      { id: 'options', title: 'Uncommon options', url: '', text: '==15377== at 0x8048520: fun_d (inlinfo.c:6)\n--read-var-info=<yes|no> [default: no]\nWhen enabled, the tool reads information about variable types and locations from debug info. This slows startup significantly.' },
      ...['one', 'two', 'three'].map((w) => ({ id: w, title: w, url: '', text: `Page ${w} about something else entirely.` })),
    ] } });
    expect(base.search('What is --read-var-info?').passages[0].sourceId).toBe('options');
  });
});

describe('candidates', () => {
  test('a section titled by the rarest word of the question is a candidate, however many passages repeat its common words', () => {
    const filler = Array.from({ length: 40 }, (_, i) => ({ id: `f${i}`, title: `Options ${i}`, url: '', text: `# Option ${i}\n\nSet the default option. The default is set by the option set. Default option set, default set.` }));
    const base = new KnowledgeBase({ knowledge: { dir: null, documents: [
      ...filler,
      { id: 'proxy', title: 'Server', url: '', text: '# `trustProxy`\n\n+ Default: `false`\n+ `true/false`: Trust all proxies (`true`) or do not trust any proxies (`false`).\n+ `string`: Trust only given IP/CIDR (e.g. `127.0.0.1`). May be a list of comma separated values, one after another, as many as the deployment needs.\n+ `number`: Hop-count-only trust is disabled because it cannot validate the immediate peer and lets direct clients spoof forwarded values. Use an address string, array, or custom function that validates the proxy address instead.\n+ `Function`: Custom trust function that takes the address as first argument and the hop as second.' },
      ...Array.from({ length: 8 }, (_, i) => ({ id: `mention${i}`, title: 'Request', url: '', text: `# .ip${i}\n\nThe address ${i} of the incoming request, when trustProxy is enabled.` })),
    ] } });
    expect(base.search('By default, what is trustProxy set to?').passages.map((p) => p.sourceId)).toContain('proxy');
  });
});

describe('options named by the question', () => {
  test("an option the question names ranks its entry first, before passages that say its word more often", () => {
    const base = new KnowledgeBase({ knowledge: { dir: null, documents: [
      ...[1, 2, 3, 4, 5, 6].map((i) => ({ id: `auto${i}`, title: 'Output', url: '', text: `Auto-annotation ${i}: whether auto-annotation was requested via the --auto=yes option. Auto runs auto tools.` })),
      { id: 'options', title: 'cg_annotate options', url: '', text: '--context=N [default: 8]\nPrint N lines of context.\n\n--auto=<no|yes> [default: yes]\nWhen enabled, automatically annotates every file that can be found.' },
    ] } });
    expect(base.search('What is --auto for?').passages[0].sourceId).toBe('options');
  });
});
