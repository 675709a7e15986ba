/**
 * The main text of a web page, parsed with htmlparser2 (a forgiving HTML parser): the page's
 * chrome (nav, aside, scripts, styles, hidden parts; header and footer unless they belong to
 * an article) is dropped, and <main>, else a lone <article>, else <body> is kept. Headings stay
 * headings for the chunker (text.ts htmlToText on the kept part).
 */
import { hasChildren, isTag, isText, type AnyNode, type Element } from 'domhandler';
import { findAll, findOne, getAttributeValue, getOuterHTML, removeElement, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { htmlToText } from '../text.ts';
import { ROBOTS_AGENT } from './http.ts';

const NOISE = new Set(['script', 'style', 'noscript', 'template', 'nav', 'aside', 'iframe', 'svg', 'canvas', 'form', 'button', 'dialog']);
const NOISE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog']);
const CHROME = new Set(['header', 'footer']);

function inArticle(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (isTag(p) && p.name === 'article') return true;
  return false;
}

function isNoise(el: Element): boolean {
  if (NOISE.has(el.name)) return true;
  const role = getAttributeValue(el, 'role');
  if (role && NOISE_ROLES.has(role.toLowerCase())) return true;
  if (el.attribs.hidden !== undefined || getAttributeValue(el, 'aria-hidden') === 'true') return true;
  return CHROME.has(el.name) && !inArticle(el);
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface PageText {
  title: string | null;
  text: string;
  /** The page asks robots not to index it (`<meta name="robots" content="noindex">`, or for our agent). */
  noindex: boolean;
}

export function mainText(html: string): PageText {
  const doc = parseDocument(html);
  const nodes = doc.children;
  const titleEl = findOne((el) => el.name === 'title', nodes);
  const ogTitle = findOne((el) => el.name === 'meta' && getAttributeValue(el, 'property') === 'og:title', nodes);
  let title = clean(titleEl ? textContent(titleEl) : '') || clean(ogTitle ? getAttributeValue(ogTitle, 'content') ?? '' : '');
  const noindex = findAll((el) => el.name === 'meta' && ['robots', ROBOTS_AGENT.toLowerCase()].includes(getAttributeValue(el, 'name')?.toLowerCase() ?? ''), nodes)
    .some((el) => /\b(noindex|none)\b/i.test(getAttributeValue(el, 'content') ?? ''));

  for (const el of findAll(isNoise, nodes)) removeElement(el);
  const articles = findAll((el) => el.name === 'article', nodes);
  const root = findOne((el) => el.name === 'main' || getAttributeValue(el, 'role') === 'main', nodes)
    ?? (articles.length === 1 ? articles[0] : null)
    ?? findOne((el) => el.name === 'body', nodes)
    ?? doc;
  // Source line breaks are not text breaks: collapse them (outside <pre>) so a sentence
  // wrapped in the HTML source stays one sentence.
  const collapse = (n: AnyNode) => {
    if (isText(n)) n.data = n.data.replace(/\s+/g, ' ');
    else if (hasChildren(n) && !(isTag(n) && n.name === 'pre')) n.children.forEach(collapse);
  };
  collapse(root);
  if (!title) {
    const h1 = findOne((el) => el.name === 'h1', [root]);
    title = h1 ? clean(textContent(h1)) : '';
  }
  return { title: title || null, text: htmlToText(getOuterHTML(root)).text, noindex };
}
