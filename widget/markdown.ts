// Markdown → sanitized DOM. The only place in the widget where HTML is made.
//
// The parser is `marked` (CommonMark + GFM tables, strike-through and autolinks): loose and
// nested lists, start numbers, fences inside list items, tables without outer pipes and
// backslash escapes all follow the spec instead of a hand-written approximation. Raw HTML is
// off: the two tokenizers that recognise it are replaced by ones that never match, so `<b>`
// stays text and marked's own renderer escapes it. Every renderer below that emits markup
// escapes what it inserts; DOMPurify then runs on the result with a strict allow-list as a
// second, independent line of defence. Why marked and not markdown-it or micromark: docs/widget.md.
import DOMPurify from 'dompurify';
import { Marked, type Token } from 'marked';
import { addControls } from './block-controls';
import { safeLink } from './url';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const never = () => undefined;

const md = new Marked({
  gfm: true,
  // A single newline inside a paragraph is a line break, as in GitHub comments and chat UIs:
  // models use it for addresses and short line-by-line answers.
  breaks: true,
  tokenizer: { html: never, tag: never },
  renderer: {
    // Bubbles are small: `#` is an h3, and everything from `####` on an h6.
    heading({ tokens, depth }) {
      const n = Math.min(depth + 2, 6);
      return `<h${n}>${this.parser.parseInline(tokens)}</h${n}>`;
    },
    // The fence's language travels in-band as the caption of a figure (no class, no data-*);
    // block-controls.ts turns the caption into the label next to the copy button.
    code({ text, lang }) {
      const label = (lang || '').match(/^\S{1,30}/)?.[0] ?? '';
      return `<figure><figcaption>${esc(label)}</figcaption><pre><code>${esc(text.replace(/\n$/, ''))}</code></pre></figure>`;
    },
    link({ href, tokens, raw }) {
      const inner = this.parser.parseInline(tokens);
      const url = safeLink(href);
      if (url) return `<a href="${esc(url)}">${inner}</a>`;
      // `<javascript:…>` stays visible as written; `[text](javascript:…)` keeps its text.
      return raw.startsWith('<') ? esc(raw) : inner;
    },
    // An answer must never make the browser fetch a URL by itself: images become plain links.
    image({ href, text }) {
      const url = safeLink(href);
      const label = esc(text || href);
      return url ? `<a href="${esc(url)}">${label}</a>` : label;
    },
    // Task list boxes as characters: forms are not allowed in answers.
    checkbox({ checked }) {
      return checked ? '\u2611 ' : '\u2610 ';
    },
  },
});

/** Top-level block tokens of a Markdown source (live rendering works on these). */
export const lex = (src: string): Token[] => md.lexer(src);

/** Block tokens → HTML string (escaped; not yet sanitized). */
export const tokensToHtml = (tokens: Token[]): string => md.parser(tokens);

/** Markdown source → HTML string (escaped; not yet sanitized). Exported for tests. */
export const toHtml = (src: string): string => tokensToHtml(lex(src));

const TAGS = ['p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'figure', 'figcaption', 'blockquote', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
// Attributes the renderer writes besides href, each only where and as it writes them.
const EXTRA: Record<string, (tag: string, value: string) => boolean> = {
  start: (tag, v) => tag === 'OL' && /^\d{1,9}$/.test(v),
  align: (tag, v) => (tag === 'TH' || tag === 'TD') && /^(left|center|right)$/.test(v),
};
let purifier: ReturnType<typeof DOMPurify> | null = null;

function sanitizer() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const ok = EXTRA[data.attrName];
    if (ok && !ok(node.nodeName, data.attrValue)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = safeLink(node.getAttribute('href'));
    if (href) node.setAttribute('href', href);
    else node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

// marked ends block tags with a newline; between blocks those are text nodes that only get in
// the way (textContent, :empty). Inside paragraphs, headings and code they are content: kept.
const LAYOUT = new Set(['#document-fragment', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'TABLE', 'THEAD', 'TBODY', 'TR', 'FIGURE']);

function dropLayoutWhitespace(root: DocumentFragment) {
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const drop: Node[] = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!n.nodeValue?.trim() && LAYOUT.has(n.parentNode!.nodeName)) drop.push(n);
  for (const n of drop) n.parentNode!.removeChild(n);
}

/** Escaped HTML → a sanitized fragment with the code and table controls added. */
export function toFragment(html: string, lang?: string | null): DocumentFragment {
  const f = sanitizer().sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ['href', ...Object.keys(EXTRA)],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    // Not URLs: without this DOMPurify would test them against the URL pattern and drop them.
    ADD_URI_SAFE_ATTR: Object.keys(EXTRA),
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  dropLayoutWhitespace(f);
  addControls(f, lang);
  return f;
}

/**
 * Markdown → a sanitized fragment, ready to append. Returned as DOM (not a string) so nothing
 * is parsed twice (mXSS). `lang` picks the language of the controls' labels (default English).
 */
export function renderMarkdown(src: string, lang?: string | null): DocumentFragment {
  return toFragment(toHtml(src), lang);
}
