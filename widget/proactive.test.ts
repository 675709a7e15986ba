import { beforeEach, describe, expect, test } from 'vitest';
import { globMatch, markProactiveSeen, pickProactive } from './proactive';
import { BOT } from './test/helpers';

beforeEach(() => localStorage.clear());

describe('globMatch', () => {
  test.each([
    ['/pricing', '/pricing', true],
    ['/pricing', '/pricing/team', false],
    ['/docs/*', '/docs/setup', true],
    ['/docs/*', '/docs/a/b', false],
    ['/docs/**', '/docs/a/b', true],
    ['/p?ge', '/page', true],
    ['/a.b', '/axb', false], // a dot is a dot, not "any character"
    ['/(x)', '/(x)', true],
  ])('%s on %s → %s', (pattern, path, expected) => {
    expect(globMatch(pattern, path)).toBe(expected);
  });
});

describe('pickProactive', () => {
  const list = [
    { text: 'Docs only', delay_ms: 0, url_pattern: '/docs/**', once: true },
    { text: 'Everywhere', delay_ms: 1000, url_pattern: null, once: true },
  ];

  test('the first matching message; none for an empty or missing list, without touching storage', () => {
    expect(pickProactive(list, BOT, '/docs/setup')?.text).toBe('Docs only');
    expect(pickProactive(list, BOT, '/')?.text).toBe('Everywhere');
    expect(pickProactive([], BOT, '/')).toBeNull();
    expect(pickProactive(null, BOT, '/')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  test('a message the visitor acted on is not shown again when once; it is when once is false', () => {
    markProactiveSeen(BOT, list[1]);
    expect(pickProactive(list, BOT, '/')).toBeNull();
    const always = [{ ...list[1], once: false }];
    markProactiveSeen(BOT, always[0]);
    expect(pickProactive(always, BOT, '/')?.text).toBe('Everywhere');
  });
});
