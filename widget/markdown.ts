// Markdown → sanitized DOM. The only place in the widget where HTML is made.
//
// Why hand-written: answers need paragraphs, emphasis, code, lists, headings, quotes, tables
// and links, nothing more. `marked` 18 is ~16 KB gzip — half our budget — and would still need
// its raw-HTML path disabled. This renderer is ~1.3 KB gzip and "escaped first": every `<`,
// `>`, `&` and quote of the source is escaped before any Markdown syntax is recognised, so raw
// HTML can never exist (raw HTML is off by construction). DOMPurify then runs on the result
// with a strict allow-list as a second, independent line of defence.
import DOMPurify from 'dompurify';
import { safeLink } from './url';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const unesc = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(+n));

function link(text: string, rawUrl: string): string {
  const href = safeLink(unesc(rawUrl));
  return href ? `<a href="${esc(href)}">${text}</a>` : text;
}

/** Inline syntax on an already-escaped line. Code spans are set aside first so nothing inside them is parsed. */
function inline(s: string): string {
  const held: string[] = [];
  const hold = (html: string) => `\u0000${held.push(html) - 1}\u0000`;
  s = s.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, __, c) => hold(`<code>${c.trim()}</code>`));
  // Images become plain links: an answer must never make the browser fetch a URL by itself.
  // Targets may hold balanced parentheses (`wiki/Mercury_(planet)`), as in CommonMark and GFM.
  s = s.replace(/!?\[([^\]]*)\]\(\s*((?:[^\s()]|\([^\s()]*\))+)(?:\s+&#34;[^)]*&#34;)?\s*\)/g, (_, t, u) => hold(link(t || u, u)));
  s = s.replace(/&#60;((?:https?:\/\/|mailto:)\S*?)&#62;/g, (_, u) => hold(link(u, u))); // <https://…>
  s = s.replace(/(^|[\s(])((?:https?:\/\/|mailto:)(?:\([^\s<()]*\)|[^\s<()])*(?:\([^\s<()]*\)|[^\s<().,:;!?'&]))/g, (_, pre, u) => pre + hold(link(u, u)));
  s = s
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '<strong>$2</strong>')
    .replace(/(\*|\b_)(?=\S)([\s\S]*?\S)\1(?!\w)/g, '<em>$2</em>')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '<del>$1</del>');
  // Recursive: a held link may itself hold a code span (`[`npm i`](url)`).
  const put = (x: string): string => x.replace(/\u0000(\d+)\u0000/g, (_, i) => put(held[+i]));
  return put(s);
}

const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split('|').map((c) => inline(c.trim()));

/** Markdown source → HTML string (escaped first; not yet sanitized). Exported for tests. */
export function toHtml(src: string): string {
  const lines = esc(src.replace(/\u0000/g, '')).split(/\r?\n/);
  const out: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join('\n')).replace(/\n/g, '<br>')}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let m: RegExpExecArray | null;
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^\s*(```|~~~)\s*$/.test(lines[i])) code.push(lines[i]);
      out.push(`<pre><code>${code.join('\n')}</code></pre>`);
    } else if ((m = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line))) {
      flush();
      const n = Math.min(m[1].length + 2, 6);
      out.push(`<h${n}>${inline(m[2])}</h${n}>`);
    } else if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.push('<hr>');
    } else if (/^\s{0,3}&#62;/.test(line)) {
      flush();
      const q: string[] = [];
      for (; i < lines.length && /^\s{0,3}&#62;/.test(lines[i]); i++) q.push(lines[i].replace(/^\s{0,3}&#62;\s?/, ''));
      i--;
      out.push(`<blockquote>${toHtmlEscaped(q)}</blockquote>`);
    } else if ((m = /^\s*([-*+]|\d{1,9}[.)])\s+/.exec(line))) {
      flush();
      const tag = /\d/.test(m[1]) ? 'ol' : 'ul';
      const items: string[] = [];
      for (; i < lines.length; i++) {
        const item = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(.*)$/.exec(lines[i]);
        if (item) items.push(item[1]);
        else if (/^\s{2,}\S/.test(lines[i]) && items.length) items[items.length - 1] += '\n' + lines[i].trim();
        else break;
      }
      i--;
      out.push(`<${tag}>${items.map((t) => `<li>${inline(t).replace(/\n/g, '<br>')}</li>`).join('')}</${tag}>`);
    } else if (/^\s*\|.*\|\s*$/.test(line) && /^\s*\|?[\s:|-]*-[\s:|-]*$/.test(lines[i + 1] || '')) {
      flush();
      const head = cells(line).map((c) => `<th>${c}</th>`).join('');
      const rows: string[] = [];
      for (i += 2; i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]); i++)
        rows.push(`<tr>${cells(lines[i]).map((c) => `<td>${c}</td>`).join('')}</tr>`);
      i--;
      out.push(`<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`);
    } else if (!line.trim()) flush();
    else para.push(line);
  }
  flush();
  return out.join('');
}

// Blockquote bodies are already escaped; re-run the block parser without escaping twice.
const toHtmlEscaped = (lines: string[]) => toHtml(unesc(lines.join('\n')));

const TAGS = ['p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
let purifier: ReturnType<typeof DOMPurify> | null = null;

function sanitizer() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
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

/** Markdown → a sanitized fragment, ready to append. Returned as DOM (not a string) so nothing is parsed twice (mXSS). */
export function renderMarkdown(src: string): DocumentFragment {
  return sanitizer().sanitize(toHtml(src), {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}
