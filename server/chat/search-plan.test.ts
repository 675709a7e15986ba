import { describe, expect, it } from 'vitest';
import { searchAttempts } from './search-plan.ts';

/** Each word the knowledge "uses" weighs 1 (a stand-in for KnowledgeBase.knownWeight). */
const KNOWN = new Set(['reset', 'wireless', 'router', 'basic', 'plan', 'cost', 'plus', 'default', 'timeout']);
const weigh = (text: string) => text.toLowerCase().split(/\W+/).filter((w) => KNOWN.has(w)).length;
const user = (content: string) => ({ role: 'user' as const, content });

describe('searchAttempts', () => {
  it('searches a self-contained question alone, whatever came before', () => {
    const tries = searchAttempts('How do I reset the wireless router?', [user('How much does the Basic plan cost?')], 'en', weigh);
    expect(tries).toEqual([{ question: 'How do I reset the wireless router?', searched: 'How do I reset the wireless router?', history: [] }]);
  });

  it('takes the earlier turns along for an elliptical follow-up', () => {
    const earlier = [user('What is the request timeout?')];
    const tries = searchAttempts("And what's its default?", earlier, 'en', weigh);
    expect(tries).toHaveLength(1);
    expect(tries[0].history).toEqual(earlier);
  });

  it('restates "What about X?" first, then asks the message with the earlier turns', () => {
    const earlier = [user('How much does the Basic plan cost?')];
    const tries = searchAttempts('What about Plus?', earlier, 'en', weigh);
    expect(tries.map((t) => t.searched)).toEqual(['How much does the Plus plan cost?', 'What about Plus?']);
    expect(tries[0].history).toEqual([]);
    expect(tries[1].history).toEqual(earlier);
  });

  it('asks a question told beside chatter alone first, then the whole message', () => {
    const message = "I'm in Lyon. How do I reset the wireless router?";
    const tries = searchAttempts(message, [], 'en', weigh);
    expect(tries.map((t) => t.searched)).toEqual(['How do I reset the wireless router?', message]);
  });

  it('leaves restating to an engine that restates questions itself', () => {
    const tries = searchAttempts('What about Plus?', [user('How much does the Basic plan cost?')], 'en', weigh, true);
    expect(tries).toHaveLength(1);
    expect(tries[0].searched).toBe('What about Plus?');
  });
});
