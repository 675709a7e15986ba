import { afterEach, describe, expect, test } from 'vitest';
import { pageContext } from './page-context';

describe('where the chat started (issue 22)', () => {
  const before = location.href;
  afterEach(() => history.replaceState(null, '', before));

  test('the page without query string and fragment, its title, the referrer\'s origin and path, the language', () => {
    history.replaceState(null, '', '/shop/kettle?email=jo%40example.com&utm=x#reviews');
    document.title = '  Aurora Kettle  ';
    Object.defineProperty(document, 'referrer', { value: 'https://search.example/results?q=kettle#top', configurable: true });
    const page = pageContext()!;
    expect(page.url).toBe(`${location.origin}/shop/kettle`);
    expect(page.title).toBe('Aurora Kettle');
    expect(page.referrer).toBe('https://search.example/results');
    expect(page.language).toBe(navigator.language);
    expect(JSON.stringify(page)).not.toContain('jo%40example.com');
  });

  test('no referrer, and a long title cut to the protocol\'s limit', () => {
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    document.title = 'x'.repeat(400);
    const page = pageContext()!;
    expect('referrer' in page).toBe(false);
    expect(page.title).toHaveLength(300);
  });
});
