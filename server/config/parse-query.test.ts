import { describe, expect, test } from 'vitest';
import { ContactListQuery, ConversationListQuery, StatsQuery, UnansweredQuery } from '../../protocol/console.ts';
import { parseQuery } from './validate.ts';

const read = (query: Record<string, unknown>) => parseQuery(ConversationListQuery, query);
const problem = (query: Record<string, unknown>, schema: Parameters<typeof parseQuery>[0] = ConversationListQuery) => {
  try {
    parseQuery(schema, query);
  } catch (e) {
    return (e as Error).message;
  }
  return null;
};

describe('the conversation list query, read through its schema', () => {
  test('values come typed; empty and unknown parameters are absent', () => {
    expect(read({ status: 'all', limit: '20', unanswered: 'true', contact: 'false', from: '2024-02-29', q: 'a b', bot_id: '' })).toEqual({
      status: 'all', limit: 20, unanswered: true, contact: false, from: '2024-02-29', q: 'a b',
    });
    expect(read({ status: '', other: 'x' })).toEqual({});
  });

  test('a bad value is refused naming its parameter, in the words the hand-written reader used', () => {
    expect(problem({ status: 'lost' })).toBe('status: must be one of "open", "handoff", "closed", "all"');
    expect(problem({ feedback: 'meh' })).toBe('feedback: must be one of "positive", "negative"');
    expect(problem({ handed_off: 'yes' })).toBe('handed_off: must be one of "true", "false"');
    expect(problem({ from: '2026-02-30' })).toBe('from: must be a date like "2026-11-24"');
    expect(problem({ to: '2026-2-3' })).toBe('to: must be a date like "2026-11-24"');
    for (const limit of ['0', '101', 'abc', '2.5']) expect(problem({ limit })).toBe('limit: must be an integer from 1 to 100');
    expect(problem({ q: ['a', 'b'] })).toBe('q: must be a string');
  });
});

test("the console's other lists read their queries the same way", () => {
  expect(parseQuery(UnansweredQuery, { handled: 'true', bot_id: 'b' })).toEqual({ handled: true, bot_id: 'b' });
  expect(problem({ handled: '1' }, UnansweredQuery)).toBe('handled: must be one of "true", "false"');
  expect(parseQuery(ContactListQuery, { limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
  expect(problem({ limit: '500' }, ContactListQuery)).toBe('limit: must be an integer from 1 to 100');
  expect(parseQuery(StatsQuery, { from: '2026-01-01', to: '' })).toEqual({ from: '2026-01-01' });
  expect(problem({ from: '2026-13-01' }, StatsQuery)).toBe('from: must be a date like "2026-11-24"');
});
