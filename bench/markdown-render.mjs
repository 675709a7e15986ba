// The Markdown renderer's own cost per streaming frame, apart from the network, the server and
// the rest of the widget: the renderer (widget/markdown-live.ts with marked and DOMPurify, as the
// app module ships it, bundled and minified on its own here) in Chromium paints answers of 1,000 and
// 4,000 words five words at a time, the way MarkdownBody does each animation frame, and the
// page is laid out after each frame. Per answer: the longest frame (paint, and paint + layout),
// the last frame (after the stream ended) and, for comparison, one whole render of the answer.
// Three kinds of answer: the stream bench's (paragraphs and short lists), a rich one (headings,
// a loose numbered list with code fences, tables, quotes), and one long tight list (a single
// block until it ends: the worst case for block-wise rendering). Medians of 3 runs; on a busy machine
// the maxima are noisy, the ratios between sizes less so.
//   node bench/markdown-render.mjs [--quick] [--json FILE]
import { build } from 'vite';
import { ROOT, fmt, log, main, median } from './common.mjs';
import { launch } from './browser.mjs';
import { answerOf } from './model-stand-in.mjs';

const SIZES = [1000, 4000];

const RICH_BLOCK = [
  '## Step {i}',
  '',
  'To set this up you need the **CLI** and a `config` file. See [the docs](https://example.com/docs/{i}).',
  '',
  '1. Install it:',
  '',
  '   ```sh',
  '   npm install -g lumen-cli',
  '   ```',
  '',
  '2. Configure the bot with these settings and check each one twice before you go on:',
  '   - `botId`: the id from the dashboard',
  '   - `theme`: light or dark',
  '',
  '| setting | default | meaning |',
  '|---|:---:|---|',
  '| retries | 3 | how often a failed request is sent again |',
  '| timeout | 30 s | how long one request may take |',
  '',
  '> Tip: keep the config in version control.',
].join('\n');

/** A rich answer of about `n` words. */
function richOf(n) {
  const words = RICH_BLOCK.split(/\s+/).length;
  return Array.from({ length: Math.ceil(n / words) }, (_, i) => RICH_BLOCK.replaceAll('{i}', String(i + 1))).join('\n\n');
}

/** The worst shape for block-wise rendering: one tight list of about `n` words, a single block until it ends. */
function listOf(n) {
  const item = (i) => `- Tip ${i + 1}: keep the **kettle** clean and descale it with \`citric acid\` every month, then rinse it twice before use.`;
  const words = item(0).split(/\s+/).length;
  return Array.from({ length: Math.ceil(n / words) }, (_, i) => item(i)).join('\n');
}

const IN_PAGE = ({ src }) => {
  const { render, paint } = window.__chunk;
  const el = document.getElementById('md');
  el.replaceChildren();
  const words = src.match(/\s*\S+/g);
  let live = null;
  let text = '';
  const frames = [];
  for (let i = 0; i < words.length; i += 5) {
    text += words.slice(i, i + 5).join('');
    const t0 = performance.now();
    live = paint(el, text, 'en', live);
    const t1 = performance.now();
    void el.offsetHeight; // layout, as the browser does before the frame is shown
    frames.push([t1 - t0, performance.now() - t0]);
  }
  const t0 = performance.now();
  paint(el, src, 'en', live, true);
  void el.offsetHeight;
  const last = performance.now() - t0;
  const w0 = performance.now();
  el.replaceChildren(render(src, 'en'));
  void el.offsetHeight;
  const whole = performance.now() - w0;
  const sorted = frames.map((f) => f[1]).sort((a, b) => a - b);
  return {
    paint: Math.max(...frames.map((f) => f[0])),
    frame: sorted.at(-1),
    p50: sorted[Math.floor(sorted.length / 2)],
    p95: sorted[Math.floor(sorted.length * 0.95)],
    last,
    whole,
    frames: frames.length,
  };
};

/** The renderer alone as one minified script that sets window.__chunk = {render, paint}. */
async function rendererBundle() {
  const ENTRY = '\0markdown-bench-entry';
  const entry = {
    name: 'markdown-bench-entry',
    resolveId: (id) => (id === ENTRY ? ENTRY : null),
    load: (id) => (id === ENTRY
      ? `import { renderMarkdown } from '${ROOT}/widget/markdown.ts'; import { paintMarkdown } from '${ROOT}/widget/markdown-live.ts'; window.__chunk = { render: renderMarkdown, paint: paintMarkdown };`
      : null),
  };
  const out = await build({
    configFile: false, logLevel: 'silent', root: ROOT, plugins: [entry],
    build: { write: false, target: 'es2020', rollupOptions: { input: ENTRY, output: { format: 'iife' } } },
  });
  return (Array.isArray(out) ? out[0] : out).output.find((o) => o.type === 'chunk').code;
}

export async function measure({ quick = false } = {}) {
  const runs = quick ? 1 : 3;
  const browser = await launch();
  const results = [];
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html lang="en"><body><div id="md" class="md" style="width:320px;font:14px/1.45 sans-serif"></div></body></html>');
    await page.addScriptTag({ content: await rendererBundle() });
    await page.evaluate(IN_PAGE, { src: richOf(1000) }); // warm-up (JIT), not counted
    for (const [kind, make] of [['stream bench answer', answerOf], ['rich answer', richOf], ['one long list', listOf]]) {
      for (const n of SIZES) {
        log(`markdown-render: ${kind}, ${n} words`);
        const src = make(n);
        const r = [];
        for (let i = 0; i < runs; i++) r.push(await page.evaluate(IN_PAGE, { src }));
        results.push({ kind, n, chars: src.length, r });
      }
    }
  } finally {
    await browser.close();
  }
  const med = (x, k) => median(x.r.map((y) => y[k]));
  return {
    title: `Markdown renderer per streaming frame (Chromium, the renderer alone, 5 words per frame, median of ${runs} run${runs > 1 ? 's' : ''})`,
    tables: [
      {
        headers: ['answer', 'words', 'frames', 'frame ms p50 / p95 / max (paint + layout)', 'longest paint ms', 'last frame ms', 'one whole render ms'],
        rows: results.map((x) => [
          x.kind,
          x.n.toLocaleString('en-US'),
          String(x.r[0].frames),
          `${fmt(med(x, 'p50'), 1)} / ${fmt(med(x, 'p95'), 1)} / ${fmt(med(x, 'frame'), 1)}`,
          fmt(med(x, 'paint'), 1),
          fmt(med(x, 'last'), 1),
          fmt(med(x, 'whole'), 1),
        ]),
      },
    ],
    notes: [
      'A frame paints what arrived since the last one: it lexes the text after the finished blocks, renders and sanitizes the unfinished ones, and the page is laid out (offsetHeight). "Last frame" is the paint after the stream ended; "one whole render" is what re-rendering the full answer in one frame would cost instead.',
    ],
    data: results,
  };
}

await main(import.meta.url, measure);
