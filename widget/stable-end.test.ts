import { describe, expect, test } from 'vitest';
import { toHtml } from './markdown';
import { stableEnd } from './stable-end';

const ANSWER = [
  '### Plans',
  '',
  'Pro costs **$6** a month,',
  'billed yearly.',
  '',
  '- offline mode',
  '- sync',
  '  across devices',
  '',
  '1. open *Settings*',
  '2. choose `Export`',
  '',
  '```js',
  'const a = 1;',
  '',
  'const b = 2;',
  '```',
  '',
  '> Quoted **text**',
  '> on two lines',
  '',
  '| plan | price |',
  '|---|---|',
  '| Pro | $6 |',
  '',
  '---',
  'See https://example.com/help and [docs](https://example.com/docs).',
].join('\n');

describe('stableEnd', () => {
  test('ends after the last blank line; a last line without its newline does not count', () => {
    expect(stableEnd('')).toBe(0);
    expect(stableEnd('one paragraph')).toBe(0);
    expect(stableEnd('one\n\ntwo')).toBe(5);
    expect(stableEnd('one\n\ntwo\n\nthree')).toBe(10);
    expect(stableEnd('one\n\n')).toBe(5);
    expect(stableEnd('one\n   \ntwo')).toBe(8);
    expect(stableEnd('one\r\n\r\ntwo')).toBe(7);
  });

  test('never ends inside a fenced code block', () => {
    expect(stableEnd('```\ncode\n\nmore code\n')).toBe(0);
    expect(stableEnd('text\n\n~~~\ncode\n\n')).toBe(6);
    const closed = '```\ncode\n\nmore\n```\n\nnext';
    expect(stableEnd(closed)).toBe(closed.indexOf('next'));
  });

  test('scans on from an earlier end', () => {
    const src = 'one\n\ntwo\n\nthree';
    expect(stableEnd(src, 5)).toBe(10);
    expect(stableEnd(src, 10)).toBe(10);
  });

  test('finished blocks render alone exactly as within the whole text, at every point of a stream', () => {
    for (let n = 0; n <= ANSWER.length; n++) {
      const src = ANSWER.slice(0, n);
      const end = stableEnd(src);
      expect(toHtml(src.slice(0, end).trimEnd()) + toHtml(src.slice(end)), `after ${n} characters`).toBe(toHtml(src));
    }
  });
});
