// Block-wise rendering of a streaming answer. Each frame lexes only the text after the blocks
// already on screen; blocks that are finished are rendered once and kept, only the rest is
// rendered again. Re-rendering the whole answer every frame made a frame's cost grow with the
// answer (bench/stream-render.mjs).
//
// When is a top-level block finished? When a blank line follows it and the next block's first
// line is complete. After a blank line, a line that marked put in a new block can no longer
// join the one before it, whatever comes later: a list continues across a blank line only with
// an indented line or another item (marked would have kept those in the list), a paragraph
// ends at a blank line, a fenced code block is one block until it closes. So the finished
// blocks render alone exactly as they do within the whole text. The one exception is a link
// reference definition that arrives after its use: the last frame of a text that has one
// renders everything afresh.
//
// The last frame (`last`) is an ordinary frame: what is on screen then is exactly the whole
// render of the text (markdown-corpus.test.ts checks it frame by frame), without parsing,
// sanitizing and laying out a long answer again in one frame.
import type { Token, Tokens } from 'marked';
import { lex, toFragment, tokensToHtml } from './markdown';

/**
 * A list still being written at the end of the text: its element stays on screen and its
 * finished items (all but the last) are rendered once. An item is finished once the next one
 * has begun; only a change of the whole list's looseness (a blank line between two items
 * later on) changes finished items, and then the list is rendered afresh.
 */
interface OpenList { el: Element; ordered: boolean; start: number | ''; loose: boolean; count: number; raw: string; last: ChildNode[] }

/** What a streaming message has on screen: the source of the finished blocks and the nodes after them. */
export interface Live { stable: string; lang: string | null | undefined; tail: ChildNode[]; list: OpenList | null }

/** How many leading tokens are finished blocks (see above). */
export function finishedCount(tokens: Token[]): number {
  let k = 0;
  for (let i = 1; i < tokens.length; i++)
    // (a newline in the token or any token after it means its first line is complete)
    if (tokens[i - 1].type === 'space' && tokens[i].type !== 'space' && (i < tokens.length - 1 || tokens[i].raw.includes('\n'))) k = i;
  return k;
}

const DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

/** The list that is all that follows the finished blocks (a blank line after it aside), if any. */
function openList(tokens: Token[]): Tokens.List | null {
  const [first, ...more] = tokens;
  return first?.type === 'list' && more.every((t) => t.type === 'space') ? (first as Tokens.List) : null;
}

/** Items `from`..`to` of a list, rendered as the whole list renders them. */
function items(list: Tokens.List, from: number, to: number, lang: string | null | undefined): ChildNode[] {
  const f = toFragment(tokensToHtml([{ ...list, items: list.items.slice(from, to) }]), lang);
  return [...(f.firstElementChild?.childNodes ?? [])];
}

const itemsRaw = (list: Tokens.List, count: number) => list.items.slice(0, count).map((i) => i.raw).join('');

/** Renders only the items of an open list that are new or unfinished; false when it cannot. */
function growList(list: Tokens.List | null, open: OpenList | null, lang: string | null | undefined): boolean {
  if (!list || !open || list.ordered !== open.ordered || list.start !== open.start || list.loose !== open.loose) return false;
  const count = list.items.length - 1;
  if (count < open.count || itemsRaw(list, open.count) !== open.raw) return false;
  for (const node of open.last) node.remove();
  open.el.append(...items(list, open.count, count, lang));
  open.last = items(list, count, count + 1, lang);
  open.el.append(...open.last);
  open.count = count;
  open.raw = itemsRaw(list, count);
  return true;
}

/** One streaming frame of `src` into `el`; returns the state for the next frame. */
export function paintMarkdown(el: HTMLElement, src: string, lang: string | null | undefined, live: Live | null, last = false): Live {
  src = src.replace(/\r\n?/g, '\n'); // marked's own first step, done here so token lengths match `src`
  if (!live || live.lang !== lang || !src.startsWith(live.stable) || (last && DEFINITION.test(src))) {
    el.replaceChildren();
    live = { stable: '', lang, tail: [], list: null };
  }
  let tokens = lex(src.slice(live.stable.length));
  const k = finishedCount(tokens);
  const done = tokens.slice(0, k);
  const raw = done.map((t) => t.raw).join('');
  // The tokens' sources add up to the text; checked anyway, as nothing must be shown twice.
  const finished = k > 0 && src.startsWith(raw, live.stable.length);
  if (!finished && growList(openList(tokens), live.list, lang)) return live;
  for (const node of live.tail) node.remove();
  live.list = null;
  if (finished) {
    el.append(toFragment(tokensToHtml(done), lang));
    live.stable += raw;
    tokens = tokens.slice(k);
  }
  const rest = toFragment(tokensToHtml(tokens), lang);
  live.tail = [...rest.childNodes];
  el.append(rest);
  const list = openList(tokens);
  const listEl = live.tail.find((n): n is Element => n.nodeType === 1);
  if (list && listEl && list.items.length > 1) {
    const count = list.items.length - 1;
    live.list = { el: listEl, ordered: list.ordered, start: list.start, loose: list.loose, count, raw: itemsRaw(list, count), last: [...listEl.childNodes].slice(count) };
  }
  return live;
}
