// Streaming render cost: answers of 250, 1,000 and 4,000 words in 5-word chunks (one every
// 10 ms, from the paced model stand-in through our server's openai engine) rendered by the
// widget in Chromium. Per answer: scripting time from send to the finished answer (CDP
// ScriptDuration delta), the longest frame (rAF deltas, and long-animation-frame entries),
// and the ratios between sizes: rendering must grow linearly with the answer.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHUNK, OURS, fmt, log, main, max, median, outDir, ratio, sleep, startOurServer } from './common.mjs';
import { BOTS, writeBenchConfig } from './config.mjs';
import { INIT_SCRIPT, hostPage, launch, metrics } from './browser.mjs';
import { startModelStandIn } from './model-stand-in.mjs';
import { summarizeProfile } from './profile.mjs';
import { startStaticServer } from './static-server.mjs';

export const SIZES = [250, 1000, 4000];
const INTERVAL_MS = 10;

/** Records frames while a turn streams; resolves when the widget reports the finished answer. */
const IN_PAGE_TURN = async (n) => {
  const frames = [];
  const loaf = [];
  let last = performance.now();
  let running = true;
  const tick = (t) => {
    frames.push(t - last);
    last = t;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame((t) => {
    last = t;
    requestAnimationFrame(tick);
  });
  let obs = null;
  try {
    obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const scripts = e.scripts ?? [];
        const top = [...scripts].sort((a, b) => b.duration - a.duration)[0];
        loaf.push({
          duration: e.duration,
          script: scripts.reduce((a, x) => a + x.duration, 0),
          forced: scripts.reduce((a, x) => a + (x.forcedStyleAndLayoutDuration ?? 0), 0),
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          top: top ? `${top.invoker} ${top.sourceFunctionName ?? ''}`.trim() : '',
        });
      }
    });
    obs.observe({ type: 'long-animation-frame' });
  } catch {}
  const t0 = performance.now();
  const text = await new Promise((resolve) => {
    window.ChatWidget.on('message', (m) => m.role === 'assistant' && resolve(m.text));
    window.ChatWidget.on('error', (e) => resolve(`ERROR ${JSON.stringify(e)}`));
    window.ChatWidget.send(`bench-words-${n}`);
  });
  const elapsed = performance.now() - t0;
  // Two more frames: the final (non-streaming) render and its paint are part of the cost.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  running = false;
  obs?.disconnect();
  return { frames: frames.slice(1), loaf, elapsed, words: text.split(/\s+/).filter((w) => w && w !== '-').length, text: text.slice(0, 80) };
};

async function openWidget(browser, url) {
  const context = await browser.newContext();
  await context.addInitScript(INIT_SCRIPT);
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__bench.launcherAt !== null, null, { timeout: 15_000 });
  await page.evaluate(() => window.ChatWidget.open());
  // The app (renderer included) has been imported and has drawn the panel.
  await page.waitForFunction(() => document.querySelector('chat-widget')?.shadowRoot?.querySelector('[role=dialog]'), null, { timeout: 15_000 });
  await sleep(300);
  return { context, page, cdp };
}

async function turn(browser, url, n, { profile = null } = {}) {
  const { context, page, cdp } = await openWidget(browser, url);
  try {
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const before = await metrics(cdp);
    const r = await page.evaluate(IN_PAGE_TURN, n);
    const after = await metrics(cdp);
    if (profile) {
      const { profile: p } = await cdp.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(p));
    }
    if (r.words !== n) throw new Error(`expected ${n} words, the widget reported ${r.words}: ${r.text}`);
    return {
      script: (after.ScriptDuration - before.ScriptDuration) * 1000,
      task: (after.TaskDuration - before.TaskDuration) * 1000,
      longestFrame: max(r.frames),
      frames: r.frames.length,
      over50: r.frames.filter((f) => f > 50).length,
      loafCount: r.loaf.length,
      // What the page itself did in its longest frames: script plus style/layout/paint.
      loafWork: r.loaf.length ? max(r.loaf.map((l) => l.script + l.layout)) : 0,
      loafTop: r.loaf.sort((a, b) => b.duration - a.duration)[0] ?? null,
      elapsed: r.elapsed,
    };
  } finally {
    await context.close();
  }
}

export async function measure({ quick = false } = {}) {
  const runs = quick ? 1 : 3;
  const model = await startModelStandIn({ intervalMs: INTERVAL_MS });
  const server = await startOurServer({ configPath: writeBenchConfig({ modelUrl: model.baseUrl, name: 'stream' }), dataDir: outDir('data', `stream-${Date.now()}`) });
  const statics = await startStaticServer({ files: { '/ours/widget.js': OURS[0].file, [`/ours/${CHUNK}`]: OURS[1].file } });
  statics.setPage('/stream.html', hostPage(`<script src="/ours/widget.js" data-bot-id="${BOTS.stream}" data-api-base="${server.url}" async></script>`));
  const url = `${statics.url}/stream.html`;
  const browser = await launch();
  const results = new Map(SIZES.map((n) => [n, []]));
  let profile = null;
  try {
    for (let round = 0; round < runs; round++) {
      for (const n of SIZES) {
        log(`stream-render: round ${round + 1}/${runs}, ${n} words`);
        results.get(n).push(await turn(browser, url, n));
      }
    }
    // Where the time goes in the largest answer: a CPU profile of one more run.
    const file = join(outDir('profiles'), `stream-${SIZES.at(-1)}.cpuprofile`);
    log(`stream-render: CPU profile of ${SIZES.at(-1)} words`);
    await turn(browser, url, SIZES.at(-1), { profile: file });
    profile = summarizeProfile(JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')), { top: 10 });
  } finally {
    await browser.close();
    await statics.close();
    await server.stop();
    await model.close();
  }
  return report(results, runs, profile);
}

function report(results, runs, profile) {
  const med = (n, k) => median(results.get(n).map((r) => r[k]));
  const rows = SIZES.map((n) => [
    `${n.toLocaleString('en-US')} words`,
    fmt(med(n, 'elapsed') / 1000, 1),
    fmt(med(n, 'script'), 0),
    fmt(med(n, 'script') / n, 3),
    fmt(med(n, 'task'), 0),
    `${fmt(max(results.get(n).map((r) => r.longestFrame)), 0)} / ${fmt(med(n, 'longestFrame'), 0)}`,
    fmt(med(n, 'over50'), 0),
    fmt(med(n, 'loafCount'), 0),
    fmt(max(results.get(n).map((r) => r.loafWork)), 0),
  ]);
  const s = (n) => med(n, 'script');
  const worst = max(SIZES.flatMap((n) => results.get(n).map((r) => r.longestFrame)));
  const loafs = SIZES.flatMap((n) => results.get(n).map((r) => r.loafTop)).filter(Boolean).sort((a, b) => b.duration - a.duration);
  const l = loafs[0];
  const loafNote = l
    ? `The longest long animation frame (${fmt(l.duration, 0)} ms): scripts ${fmt(l.script, 0)} ms (of which forced style and layout ${fmt(l.forced, 0)} ms), style/layout/paint after them ${fmt(l.layout, 0)} ms; longest script: ${l.top || 'n/a'}.`
    : 'No long animation frame (> 50 ms) was reported.';
  const ratios = [
    ['1,000 ÷ 250 words', ratio(s(1000), s(250)), ratio(med(1000, 'task'), med(250, 'task')), '4× if linear'],
    ['4,000 ÷ 1,000 words', ratio(s(4000), s(1000)), ratio(med(4000, 'task'), med(1000, 'task')), '4× if linear'],
  ];
  const tables = [
    {
      headers: ['answer', 'stream s', 'scripting ms', 'scripting ms / word', 'task ms', 'longest frame ms (max / median run)', 'frames > 50 ms', 'long animation frames', 'work in a long frame ms (max)'],
      rows,
    },
    { caption: 'Ratios (medians)', headers: ['sizes', 'scripting', 'task time', 'expected'], rows: ratios },
  ];
  if (profile) {
    tables.push({
      caption: `Where the time goes (CPU profile of one ${SIZES.at(-1).toLocaleString('en-US')}-word run, self time, ${profile.samples.toLocaleString('en-US')} samples, ${fmt(profile.idlePct, 0)}% idle)`,
      headers: ['function', 'where', 'self %'],
      rows: profile.top.map((f) => [f.name, f.where.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''), fmt(f.pct, 1)]),
    });
  }
  return {
    title: `Streaming render cost (Chromium, our widget, ${runs} run${runs > 1 ? 's' : ''} per size, 5-word chunks every ${INTERVAL_MS} ms)`,
    tables,
    notes: [
      `Longest frame over all runs: ${fmt(worst, 1)} ms (${worst > 50 ? 'over' : 'within'} the 50 ms limit). Frames are requestAnimationFrame intervals from send to the finished answer (16.7 ms is a 60 Hz frame on time); on a busy machine a gap can be time the browser was not scheduled at all, so "work in a long frame" is what the page did in it (script + style/layout/paint, from long-animation-frame entries).`,
      loafNote,
      'Scripting is CDP ScriptDuration from send to the finished answer (plus two frames); it includes the widget\'s fetch and SSE parsing, Markdown, sanitizing and Preact work.',
    ],
    data: Object.fromEntries(results),
  };
}

await main(import.meta.url, measure);
