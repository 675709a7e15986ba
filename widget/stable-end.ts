// Where the finished blocks of a streaming Markdown answer end. The renderer (markdown.ts)
// closes every block at a blank line except a fenced code block, so text up to a blank line
// outside a fence renders the same alone as it does followed by more text. A streaming
// message renders those blocks once and re-renders only the part after them each frame:
// the cost of a frame no longer grows with the length of the answer (bench/stream-render.mjs).

const FENCE_OPEN = /^\s*(```|~~~)/;
const FENCE_CLOSE = /^\s*(```|~~~)\s*$/;

/**
 * The index just after the last blank line of `src` that is outside a fenced code block,
 * scanning from `from` (itself such an index, or 0); `from` when there is none yet. The last
 * line counts only once its newline has arrived: it may still be growing.
 */
export function stableEnd(src: string, from = 0): number {
  let end = from;
  let fenced = false;
  for (let pos = from; pos < src.length; ) {
    const nl = src.indexOf('\n', pos);
    if (nl === -1) break;
    const line = src.slice(pos, nl);
    if (fenced) fenced = !FENCE_CLOSE.test(line);
    else if (FENCE_OPEN.test(line)) fenced = true;
    else if (!line.trim()) end = nl + 1;
    pos = nl + 1;
  }
  return end;
}
