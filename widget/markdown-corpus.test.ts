// The corpus of model-shaped answers (test/markdown-corpus.ts): each renders to its expected
// DOM shape, and streaming it in small pieces shows at every step exactly what a whole render
// of the text so far shows.
import { describe, expect, test } from 'vitest';
import { renderMarkdown } from './markdown';
import { paintMarkdown, type Live } from './markdown-live';
import { CORPUS } from './test/markdown-corpus';

/** The DOM shape of rendered Markdown in the corpus notation. */
function shape(nodes: NodeListOf<ChildNode> | ChildNode[]): string {
  return [...nodes].map((n) => {
    if (n.nodeType === Node.TEXT_NODE) return JSON.stringify(n.nodeValue);
    const el = n as Element;
    const tag = el.tagName.toLowerCase();
    if (tag === 'figure') {
      const lang = el.querySelector('figcaption > span')?.textContent;
      return `fence${lang ? `[${lang}]` : ''}(${JSON.stringify(el.querySelector('pre > code')?.textContent)})`;
    }
    let name = tag === 'div' && el.getAttribute('role') === 'region' ? 'region' : tag;
    if (el.hasAttribute('start')) name += `[start=${el.getAttribute('start')}]`;
    if (el.hasAttribute('align')) name += `[${el.getAttribute('align')}]`;
    if (tag === 'a') name += `[${el.getAttribute('href')}]`;
    return el.childNodes.length ? `${name}(${shape(el.childNodes)})` : name;
  }).join(' ');
}

const dom = (src: string) => {
  const div = document.createElement('div');
  div.append(renderMarkdown(src));
  return div;
};

test('the corpus has at least 40 answers with distinct names', () => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  expect(new Set(CORPUS.map((a) => a.name)).size).toBe(CORPUS.length);
});

describe('each answer renders to its expected shape', () => {
  test.each(CORPUS.map((a) => [a.name, a] as const))('%s', (_, a) => {
    const d = dom(a.src);
    expect(shape(d.childNodes)).toBe(a.shape);
    for (const link of d.querySelectorAll('a')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});

describe('streamed in small pieces, every frame equals a whole render of the text so far, and so does the last', () => {
  test.each(CORPUS.map((a) => [a.name, a] as const))('%s', (_, a) => {
    const el = document.createElement('div');
    let live: Live | null = null;
    // Steps of a few characters (at most ~40 frames per answer: jsdom is slow).
    const step = Math.max(3, Math.ceil(a.src.length / 40));
    for (let n = 1; n <= a.src.length + step - 1; n += step) {
      const src = a.src.slice(0, n);
      live = paintMarkdown(el, src, null, live);
      if (!a.lateDefinition) expect(el.innerHTML, `after ${n} characters`).toBe(dom(src).innerHTML);
    }
    // The frame after the stream ended (what MarkdownBody paints at the end).
    paintMarkdown(el, a.src, null, live, true);
    expect(el.innerHTML).toBe(dom(a.src).innerHTML);
  }, 30_000);
});
