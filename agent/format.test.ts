import { describe, expect, test } from 'vitest';
import { excerpt, fieldText, formatWaiting, safeHttpUrl } from './format';

describe('format helpers', () => {
  test('safeHttpUrl keeps absolute http(s) only', () => {
    expect(safeHttpUrl('https://docs.example.com/a b')).toBe('https://docs.example.com/a%20b');
    expect(safeHttpUrl('http://x.test/')).toBe('http://x.test/');
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', '/relative', '', 'mailto:a@b.c']) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });

  test('excerpt collapses whitespace and cuts long text with an ellipsis', () => {
    expect(excerpt('  a\n\n b  ')).toBe('a b');
    const long = excerpt('word '.repeat(40), 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long.endsWith('…')).toBe(true);
  });

  test('formatWaiting reads at a glance', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(formatWaiting('2025-01-01T11:59:30Z', now)).toBe('just now');
    expect(formatWaiting('2025-01-01T11:55:00Z', now)).toBe('5 min');
    expect(formatWaiting('2025-01-01T09:50:00Z', now)).toBe('2 h 10 min');
    expect(formatWaiting('2025-01-01T10:00:00Z', now)).toBe('2 h');
    expect(formatWaiting(null, now)).toBe('');
  });

  test('fieldText shows any JSON value as text', () => {
    expect(fieldText(['a', 'b'])).toBe('a, b');
    expect(fieldText(3)).toBe('3');
    expect(fieldText(null)).toBe('');
    expect(fieldText({ x: 1 })).toBe('{"x":1}');
  });
});
