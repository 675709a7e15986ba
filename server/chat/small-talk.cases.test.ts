/**
 * The held-out collection of small-talk.cases.ts (written before the recognisers' lists were
 * read): small talk of every kind is recognised, nothing that asks something is, an English
 * question is never taken for another language, and one in another language is never taken
 * for the wrong one.
 */
import { expect, test } from 'vitest';
import { messageLanguage } from '../knowledge/language.ts';
import { ENGLISH, NOT_SMALL_TALK, OTHER_LANGUAGE, SMALL_TALK, WITHOUT_SMALL_TALK } from './small-talk.cases.ts';
import { smallTalk, withoutSmallTalk } from './small-talk.ts';

test('small talk as visitors type it: every kind, with typos, chat spellings and emoji', () => {
  const wrong = SMALL_TALK.filter(([m, want]) => ![want].flat().includes(smallTalk(m)!));
  expect(wrong.map(([m]) => [m, smallTalk(m)])).toEqual([]);
});

test('a message that asks or says anything else is not small talk, whatever it opens with', () => {
  expect(NOT_SMALL_TALK.filter((m) => smallTalk(m) !== null)).toEqual([]);
});

test('the small talk around a question is not searched', () => {
  expect(WITHOUT_SMALL_TALK.map(([m]) => withoutSmallTalk(m))).toEqual(WITHOUT_SMALL_TALK.map(([, want]) => want));
});

test('an English question, foreign-looking names and all, is never taken for another language', () => {
  expect(ENGLISH.filter((m) => ![null, 'en'].includes(messageLanguage(m)))).toEqual([]);
});

test('a question in another shipped language is never taken for the wrong one, and most are told', () => {
  expect(OTHER_LANGUAGE.filter(([m, want]) => ![null, want as string].includes(messageLanguage(m)))).toEqual([]);
  // What is left undecided is a bare term or two ("Preis?", "Livraison gratuite ?"): no
  // function word says its language, and a guess from its letters takes names ("Volta Plus",
  // "Zürich") for French or German as often (see language.ts).
  expect(OTHER_LANGUAGE.filter(([m, want]) => messageLanguage(m) === want).length).toBeGreaterThanOrEqual(53);
});
