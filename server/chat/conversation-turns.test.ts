/**
 * What a visitor asks in a conversation, over the real server: the thanks or greeting around a
 * question ("OK. What about the Max?") is not what is searched, so a follow-up still leans on
 * the turn before it and a new question is still searched by its own words.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { phrase } from '../engines/phrases.ts';
import { BOT_ID, botConfig, startFixture, type TestServer } from '../test/fixtures.ts';
import { parseSse } from '../test/sse-reader.ts';

const KNOWLEDGE = [
  { id: 'models', title: 'Models and prices', text: '# Models\n\nThe Aurora Mini costs 49 euros and weighs 300 grams.\n\nThe Aurora Max costs 89 euros and weighs 700 grams.' },
  { id: 'warranty', title: 'Warranty', text: '# Warranty\n\nThe Aurora lamp has a 2-year warranty. The warranty covers the battery and the switch.' },
  { id: 'tools', title: 'Tools', text: '# Speed\n\nMemcheck makes a program run 20 times slower than native.\n\nAt the other end, Nulgrind causes only a 4 times slowdown.' },
  { id: 'cache', title: 'Cache', text: 'The cache keeps 500 entries. Entries are often reused. The cache is refreshed every 5 seconds.' },
  { id: 'fds', title: 'Options', text: '# --track-fds\n\nWith --track-fds=yes, Valgrind prints the file descriptors still open at exit. It makes a run about 10% slower.' },
  { id: 'versand', title: 'Versand', text: '# Versand\n\nDer Versand nach Österreich kostet 9 Euro und dauert drei Werktage.' },
];
let s: TestServer;
beforeAll(async () => {
  s = await startFixture({ uniqueClients: true, bots: [botConfig({ knowledge: { documents: KNOWLEDGE } })] });
});
afterAll(async () => {
  await s?.stop();
});

async function turn(message: string, session: string, conversation_id?: string) {
  const res = await s.chat({ bot_id: BOT_ID, message, session_id: session, ...(conversation_id ? { conversation_id } : {}) });
  const { events } = parseSse(await res.text());
  const text = events.filter((e) => e.type === 'content').map((e) => e.content).join('');
  const done = events.find((e) => e.type === 'done') as { conversation_id: string } | undefined;
  return { text, conversation: done!.conversation_id };
}

test('a follow-up after "OK." or "Thanks!" is still the earlier question asked of the new thing', async () => {
  const first = await turn('How much does the Aurora Mini cost?', 'ct-1');
  expect(first.text).toContain('49 euros');
  // "OK" alone reads as a name the pages never use, and "What about…" no longer opens the message.
  const next = await turn('OK. What about the Max?', 'ct-1', first.conversation);
  expect(next.text).toContain('89 euros');
  const last = await turn('Great, thanks! And the Mini, how heavy is it?', 'ct-1', first.conversation);
  expect(last.text).toContain('300 grams');
});

test('thanks after the question, and a message that is only thanks, are what they were', async () => {
  const asked = await turn('What does the warranty cover? Thanks!', 'ct-2');
  expect(asked.text).toMatch(/battery and the switch/);
  const thanks = await turn('Thanks!', 'ct-2', asked.conversation);
  expect(thanks.text).not.toBe(phrase('en', 'no_answer'));
  expect(thanks.text).not.toMatch(/warranty/);
});

test('a question signed with the visitor\'s name, or opened with it, is answered as the question', async () => {
  // A name the pages never use reads as a thing they lack ("don't know") unless it is known to be the visitor's.
  for (const [message, session] of [['How much does the Aurora Max cost? Thanks, Maria (maria@example.com)', 'ct-3'], ["Dear support, my name's Lena Vogel. How much does the Aurora Max cost?", 'ct-4']])
    expect((await turn(message, session)).text).toContain('89 euros');
});

test('"what about X?" that the restated question does not answer is answered as a follow-up with the turn before', async () => {
  const first = await turn('How much slower than native does Memcheck make a program?', 'ct-5');
  expect(first.text).toContain('20 times');
  // Restated, it asks "how much slower…" of Nulgrind, whose page says "slowdown".
  expect((await turn('What about Nulgrind?', 'ct-5', first.conversation)).text).toContain('4 times slowdown');
});

test('a misspelt question is answered as the question spelt right: "how oftn…?" asks how often', async () => {
  // The engine reads what is asked (a frequency) from the search's spelling of the message;
  // read as typed, "oftn" was a word to cover and brought "Entries are often reused."
  const typed = await turn('How oftn is the cache refreshed?', 'ct-9');
  expect(typed.text).toBe('The cache is refreshed every 5 seconds.');
  expect(typed.text).toBe((await turn('How often is the cache refreshed?', 'ct-10')).text);
});

test('a question in another language than the bot\'s is answered only from pages in that language', async () => {
  // The English page shares only the option's name with it: "With --track-fds=yes, Valgrind
  // prints…" was the answer to whether the option works with another tool.
  const asked = await turn('Est-ce que --track-fds=yes marche avec Helgrind ?', 'ct-11');
  expect(asked.text).toBe(phrase('fr', 'other_language', 'en'));
  // A German page of an English bot still answers a German question.
  expect((await turn('Was kostet der Versand nach Österreich?', 'ct-12')).text).toContain('9 Euro');
});
