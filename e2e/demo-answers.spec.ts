// Issue 20: the demo bot asked as a visitor would, in one conversation, with questions written
// from demo/knowledge: a greeting, facts asked directly and in other words, a follow-up, a topic
// switch, two facts at once, a typo, personal data, a near miss, a question the pages do not
// touch, another language, thanks. Each answer carries its fact with a source, or is an honest
// "don't know" with no source.
import { phrase } from '../server/engines/phrases.ts';
import { expect, test } from './fixtures.ts';

type Expectation = { ask: string; facts: RegExp[]; sourced: boolean } | { ask: string; line: string };
const DONT_KNOW = phrase('en', 'no_answer');
const TURNS: Expectation[] = [
  { ask: 'Hello!', line: phrase('en', 'hello') },
  { ask: 'How much does Lumen Notes Pro cost?', facts: [/\$6 per month/], sourced: true },
  { ask: 'and how much is it per year?', facts: [/\$60 per year/], sourced: true }, // follow-up
  { ask: 'Which formats can I export my notes to?', facts: [/Markdown/, /PDF/, /HTML/], sourced: true },
  { ask: 'Is my data encrypted?', facts: [/AES-256|TLS 1\.3/], sourced: true }, // a switch of topic
  { ask: 'Can I get my money back for an annual plan?', facts: [/14 days/], sourced: true }, // other words
  { ask: 'How much is the Team plan, and does it include single sign-on?', facts: [/\$10 per user/, /SAML|single sign-on/], sourced: true },
  { ask: 'how do I chnage my pasword?', facts: [/Settings, then Account/], sourced: true }, // typos
  { ask: 'My email is anna.berg@example.com, how long is a password reset link valid?', facts: [/one hour/], sourced: true },
  { ask: 'How many members can a Team workspace have at most?', line: DONT_KNOW }, // near miss: workspaces are named, no limit is
  { ask: 'Do you have an app for Chromebook?', line: DONT_KNOW },
  { ask: 'Wo werden meine Daten gespeichert?', line: phrase('de', 'other_language', 'en') },
  { ask: 'thanks!', line: phrase('en', 'thanks') },
];

test('the demo bot answers each question with its fact and a source, or says honestly that it does not know', async ({ openWidget, widget, sendMessage }) => {
  test.setTimeout(60_000);
  await openWidget('basic.html', { bot: 'demo' });
  for (const t of TURNS) {
    const answer = await sendMessage(t.ask);
    const text = widget.text(answer);
    const sources = answer.getByRole('list', { name: 'Sources' });
    if ('line' in t) {
      await expect(text, t.ask).toHaveText(t.line);
      await expect(sources, `${t.ask}: no source for a line of the bot's own`).toHaveCount(0);
    } else {
      for (const fact of t.facts) await expect(text, t.ask).toContainText(fact);
      await expect(text, `${t.ask}: not a "don't know"`).not.toHaveText(DONT_KNOW);
      await expect(sources.getByRole('listitem').first(), `${t.ask}: cites its source`).toBeVisible();
    }
  }
});
