// Knowledge sources: how long a PDF, a DOCX and a web page take to read, how fast a sitemap
// crawl indexes a site, and how long each blocks the event loop (PDF.js and the HTML parser
// run on the main thread). Files are generated (pdf-lib, docx) from seeded prose; the site is
// a local node:http server on loopback.
//   node --import tsx bench/sources.mjs
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LiveKnowledge } from '../server/knowledge/live.ts';
import { DEFAULT_CRAWL } from '../server/knowledge/sources/crawl-config.ts';
import { crawlSitemaps } from '../server/knowledge/sources/crawl.ts';
import { readDocx } from '../server/knowledge/sources/docx.ts';
import { mainText } from '../server/knowledge/sources/page.ts';
import { readPdf } from '../server/knowledge/sources/pdf.ts';
import { makeDocx, makePdf } from '../server/test/documents.ts';
import { page, urlset } from '../server/test/site.ts';
import { fmt, fmtInt, main, median } from './common.mjs';

const WORDS = 'lamp battery charge hours shade linen oak base cable socket button ring blue app pairing network warranty return refund delivery parcel order invoice colour white black green brightness timer alarm sunrise schedule update firmware reset factory settings support'.split(' ');

function prose(random, words) {
  const out = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)] + (i % 12 === 11 ? '.' : ''));
  return out.join(' ');
}

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Wall time of `fn` and the longest event-loop stall while it ran. */
async function timed(fn) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  h.disable();
  return { ms, stallMs: h.max / 1e6, value };
}

/** Median time over `runs` after one warm-up run (module loading, JIT), and the worst stall. */
async function repeat(runs, fn) {
  await fn();
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await timed(fn));
  return { ms: median(all.map((r) => r.ms)), stallMs: Math.max(...all.map((r) => r.stallMs)), value: all[0].value };
}

export async function measure({ quick = false } = {}) {
  const random = rng(11);
  const runs = quick ? 2 : 5;
  const rows = [];

  const PAGES = 100;
  const lines = (n) => Array.from({ length: n }, () => prose(random, 12));
  const pdf = Buffer.from(await makePdf(Array.from({ length: PAGES }, () => [lines(1), lines(12), lines(12), lines(12)]), { title: 'Bench manual' }));
  const p = await repeat(runs, () => readPdf(pdf, 'bench.pdf', 'bench'));
  rows.push([`PDF, ${PAGES} pages (${fmtInt(pdf.length / 1024)} KB)`, fmt(p.ms, 0), `${fmt(p.ms / PAGES, 1)} per page`, fmt(p.stallMs, 0), fmtInt(p.value.length)]);

  const SECTIONS = 50;
  const blocks = Array.from({ length: SECTIONS }, (_, i) => [{ h2: `Section ${i}` }, ...Array.from({ length: 6 }, () => ({ p: prose(random, 60) }))]).flat();
  const docx = await makeDocx(blocks, { title: 'Bench guide' });
  const d = await repeat(runs, () => readDocx(docx, 'bench.docx', 'bench'));
  rows.push([`DOCX, ${SECTIONS} headings × 6 paragraphs (${fmtInt(docx.length / 1024)} KB)`, fmt(d.ms, 0), `${fmt(d.ms / SECTIONS, 2)} per section`, fmt(d.stallMs, 0), fmtInt(d.value[0].text.length)]);

  const html = page('Bench page', Array.from({ length: 80 }, (_, i) => `<h2>Part ${i}</h2><p>${prose(random, 120)}</p>`).join(''));
  const m = await repeat(runs * 10, () => mainText(html));
  rows.push([`web page, main text (${fmtInt(html.length / 1024)} KB of HTML)`, fmt(m.ms, 1), '', fmt(m.stallMs, 0), fmtInt(m.value.text.length)]);

  // A crawl of a local site: sitemap, robots.txt without rules, pages of about 20 KB.
  const SITE_PAGES = quick ? 50 : 200;
  const pages = new Map(Array.from({ length: SITE_PAGES }, (_, i) => [`/p/${i}`, page(`Page ${i}`, Array.from({ length: 16 }, (_, j) => `<h2>Part ${j}</h2><p>${prose(random, 140)}</p>`).join(''))]));
  let origin = '';
  const server = createServer((req, res) => {
    const body = req.url === '/sitemap.xml' ? urlset([...pages.keys()].map((k) => origin + k)) : pages.get(req.url);
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': req.url === '/sitemap.xml' ? 'application/xml' : 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${server.address().port}`;
  // As the server holds a bot's knowledge: pages join the immutable index in batches (knowledge-live.ts).
  const live = new LiveKnowledge({ id: 'bench', language: 'en', knowledge: { dir: null, documents: [] } }, {});
  await live.ready;
  const quiet = console.log;
  console.log = () => undefined;
  const c = await timed(async () => {
    const report = await crawlSitemaps('bench', { sitemaps: [`${origin}/sitemap.xml`], crawl: { ...DEFAULT_CRAWL, max_pages: SITE_PAGES } }, live, new AbortController().signal);
    await live.flush(); // until the last page is searchable
    return report;
  });
  console.log = quiet;
  server.close();
  rows.push([`sitemap crawl, ${SITE_PAGES} pages of ${fmtInt(pages.get('/p/0').length / 1024)} KB, 2 at a time`, fmt(c.ms, 0), `${fmt(SITE_PAGES / (c.ms / 1000), 0)} pages/s`, fmt(c.stallMs, 0), `${fmtInt(c.value.indexed)} pages, ${fmtInt(live.current.size)} passages, ${fmtInt(live.reloads)} index build${live.reloads === 1 ? '' : 's'}`]);

  return {
    title: 'Knowledge sources (PDF, DOCX, web pages, sitemap crawl; in process)',
    tables: [{ headers: ['source', 'ms (median)', 'rate', 'longest event-loop stall ms', 'result'], rows }],
    notes: [
      `Median of ${runs} reads after one warm-up read (web page: ${runs * 10}); files generated from seeded prose by pdf-lib and docx, read by server/sources/.`,
      'The stall is the longest the event loop was blocked while reading: PDF.js parses on the main thread, page by page; a PDF is read before the server listens, a crawl after, between chat turns.',
      'The crawl runs against a local node:http site on loopback (no network latency): it measures our side only; a real site is paced by its own latency and Crawl-delay.',
      'Crawl time runs until the last page is searchable: pages join the index in batches (at most one build a second, longer when a build is slow), each batch rebuilding the whole index with the async build.',
    ],
  };
}

await main(import.meta.url, measure);
