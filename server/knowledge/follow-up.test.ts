/** Follow-ups (issue 20): "What about Plus?" restated as the question before, asked of Plus. */
import { expect, test } from 'vitest';
import { asksItsOwn, namedIn, needsContext, restatedFollowUp, sameSubject } from './follow-up.ts';

test('"what about X?" swaps X into the question before: the same preposition\'s phrase, the same head, a name for a name', () => {
  const again = (q: string, ...before: string[]) => restatedFollowUp(q, before);
  expect(again('What about Plus?', 'How much does the Basic plan cost per month?')).toBe('How much does the Plus plan cost per month?');
  expect(again('What about in Canada?', 'Does roaming work in Mexico?')).toBe('Does roaming work in Canada?');
  expect(again('what about from a landline?', 'How do I call voicemail from my Volta phone?')).toBe('How do I call voicemail from a landline?');
  expect(again('What about guest passes?', 'How much is a day pass?')).toBe('How much is a guest passes?');
  expect(again('And for setInterval?', 'What is the default delay for setTimeout()?')).toBe('What is the default delay for setInterval?');
  expect(again('What about for kids?', 'How much does a membership cost?')).toBe('How much does a membership cost for kids?');
  // The question before was such a follow-up too.
  // "And Max?" (a few words, no verb) asks as "What about Max?" does.
  expect(again('And Max?', 'How much does the Basic plan cost?', 'What about Plus?')).toBe('How much does the Max plan cost?');
  expect(again('And the Flex 10 plan?', 'What are the access hours on the Dedicated Desk plan?')).toBe('What are the access hours on the Flex 10 plan?');
  // With a verb or a question word it is a question of its own.
  expect(again('And how do I install it?', 'What does git-jump do?')).toBeNull();
  expect(again('What about Max?', 'How much does the Basic plan cost?', 'What about Plus?')).toBe('How much does the Max plan cost?');
  // Nothing sure to swap: left to the search with the earlier turns.
  expect(again('What about cancelling?', 'Can I pause my membership?')).toBeNull();
  expect(again('how about dark mode?', 'does the app support offline use?')).toBeNull();
  expect(again('What about Plus?')).toBeNull();
  expect(again('What does Plus cost?', 'How much does the Basic plan cost?')).toBeNull();
  expect(needsContext('What about Plus?')).toBe(true);
});

test('a greeting, a name or an address is not what a question leans on, and does not hide its opening', () => {
  // "there" in "Hi there" and "Tom Becker here" point at nothing said before.
  expect(needsContext('Hi there, I\'m Ana. How much is a replacement card?')).toBe(false);
  expect(needsContext('Hey there! Tom Becker here, tom@example.com. How much is a replacement card?')).toBe(false);
  // What is left of "my name is Ana and my phone is …" is no "and …" follow-up.
  expect(needsContext('Good morning, my name is Ana Ruiz and my phone is 0151 2345678. How much is a replacement card?')).toBe(false);
  // After the introduction, "and for…" still opens what is asked.
  expect(needsContext('Hi, I\'m Ana (ana@example.com). And for the frame?')).toBe(true);
});

test('a phrase of a preposition alone ("on the frame?") is the question before asked of it', () => {
  const again = (q: string, ...before: string[]) => restatedFollowUp(q, before);
  expect(again('on the frame?', 'What is the warranty on the motor?')).toBe('What is the warranty on the frame?');
  expect(again('at Northgate?', 'How much is a Hot Desk at Waterfront?')).toBe('How much is a Hot Desk at Northgate?');
  expect(again('for setInterval?', 'What is the default delay for setTimeout()?')).toBe('What is the default delay for setInterval?');
  expect(needsContext('on the frame?')).toBe(true);
  // With a question word or a verb of its own, it is a question of its own.
  expect(again('For how long is the warranty valid?', 'What is the warranty on the motor?')).toBeNull();
  expect(again('In which cities is 5G available?', 'Do you have 5G in Denver?')).toBeNull();
  expect(needsContext('In which cities is 5G available?')).toBe(false);
  // The visitor's introduction before it changes nothing.
  expect(again("Hi, I'm Ana (ana@example.com). What about Plus?", 'How much does the Basic plan cost per month?')).toBe('How much does the Plus plan cost per month?');
});

test('a few words with no question word and no verb ("Nulgrind?", "The Clipper Room?") lean on the question before', () => {
  for (const q of ['Nulgrind?', 'The Clipper Room?', 'Only the data read misses?', 'To the end of the line?']) expect(needsContext(q), q).toBe(true);
  // A question of its own, however short, does not; nor a phrase that is no question.
  for (const q of ['Which hook runs first?', 'How much is a day pass?', 'Is parking free at Midtown?', 'Can I bring a dog to the office?', 'Refund policy for annual plans in Germany?'])
    expect(needsContext(q), q).toBe(false);
  // English words only: another language's fragment is left to its own openers.
  expect(needsContext('Nulgrind?', 'de')).toBe(false);
});

test('"and", "so", "also" before a question of its own (four words of its own, a verb, nothing pointing back) do not make it a follow-up', () => {
  for (const q of ['So how can I cancel a pending setTimeout from node:timers/promises?', 'Also, which config setting makes git jump grep use the silver searcher?', 'And how much does a Private Office cost at Midtown?'])
    expect(needsContext(q), q).toBe(false);
  // Still follow-ups: few words of their own, something pointing back, or no verb.
  for (const q of ['And what does the low setting mean?', 'and if several plugins register one, in which order do they run?', 'And only the data read misses?', 'And how do I stop it and print the elapsed time?'])
    expect(needsContext(q), q).toBe(true);
});

test('"it" and "them" stand for a thing named before, however long the question', () => {
  expect(needsContext("what's the hourly charge for it once my included hours run out?")).toBe(true);
  expect(needsContext('Can I still use them after my membership ends next month?')).toBe(true);
  // A question with no pronoun and words of its own stands alone.
  expect(needsContext('What is the hourly charge for the Sloop Room beyond my plan hours?')).toBe(false);
});

test('a pronoun in a later clause than a name of the question\'s own stands for that name', () => {
  for (const q of ['Which editor was Git-Jump tested with, and who maintains it?', 'If I order a physical SIM, how long does delivery take, and once I activate it how long until the line is live?', 'Which options should a GUI front end pass when it wants XML output from Valgrind?']) {
    expect(needsContext(q), q).toBe(false);
    expect(sameSubject(q), q).toBe(false);
  }
  // In the name's own clause, or after only the visitor's "I", it is a thing named before.
  for (const q of ['Does Nulgrind support it?', 'If I cancel, do I get it back?', 'And how do I install it?']) expect(needsContext(q), q).toBe(true);
});

test('"and" before a question that names its own thing goes on to that thing, not the earlier one', () => {
  expect(sameSubject('And what is not covered by Volta Protect?')).toBe(false);
  expect(sameSubject('And what does the low setting mean?')).toBe(true);
  // Its pronouns after its own names do not point back either.
  expect(needsContext('Oh, and if console.time measured 3869 ms, how does timeEnd show it, and where is it printed?')).toBe(false);
});

test('"that" standing for a thing and "there" for a place named before', () => {
  for (const q of ['How much is that at Midtown per month?', 'Which nice value does that map to on Linux?', 'How many times per week can one member book that?', 'What does a Private Office cost there?', "Do I pay extra for data when I'm there?"])
    expect(needsContext(q), q).toBe(true);
  // A relative or a conjunction, an existential "there", or a "that" after a name of the question's own clause before.
  for (const q of ['Which file configures the options that git daemon reads at startup?', 'What kinds of plugin hooks and decorators are there?', 'What stack size does Valgrind give the main thread by default, and what range does that usually come to?'])
    expect(needsContext(q), q).toBe(false);
});

test('a follow-up with a question of its own asks the earlier subject something new; "and for X?" asks the earlier question of X', () => {
  for (const q of ['And what does the low setting mean?', 'and how do I install it?', 'will I see its output in the console window?']) {
    expect(asksItsOwn(q), q).toBe(true);
    expect(sameSubject(q), q).toBe(true);
  }
  for (const q of ['And for the frame?', 'What about Plus?', 'on the frame?', 'And the Wick Room?']) expect(asksItsOwn(q), q).toBe(false);
  // A new question that neither goes on from the last one nor points back is about its own thing.
  expect(sameSubject('How much is a replacement card?')).toBe(false);
  // What "it" can stand for among equally rare words: names and identifiers.
  expect([...namedIn('How many seats does the Lantern Room have?')]).toEqual(['lantern', 'room']);
  expect(namedIn('What is the default value of --dim-level?').has('dim-level')).toBe(true);
  expect(namedIn('What does console.clear() do?').has('clear')).toBe(true);
});
