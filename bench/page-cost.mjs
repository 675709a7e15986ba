// Cost on a host page: a blank page, our widget and each peer's embed on an otherwise
// identical page, served pre-compressed from loopback. 5 cold runs each (a fresh browser
// context, so no cache), in rounds so noise spreads evenly: time to the load event, JS bytes
// on the wire, ScriptDuration/TaskDuration and JS heap 3 s after load (CDP), long tasks, and
// for ours the time from the script tag to the launcher on screen. Peers are pointed at the
// loopback server, where they find no bot: their cost up to that point is what is measured.
import { join } from 'node:path';
import { CHUNK, OURS, ensurePeers, fmt, fmtInt, kb, log, main, median, min, outDir, ratio, sleep, startOurServer } from './common.mjs';
import { BOTS, writeBenchConfig } from './config.mjs';
import { INIT_SCRIPT, hostPage, launch, metrics } from './browser.mjs';
import { startStaticServer } from './static-server.mjs';

const SETTLE_MS = 3000;

function variants(apiBase, staticUrl, peers) {
  const list = [
    { name: 'blank page', embed: '' },
    // The documented snippet: widget.js from our server, which writes the bot's config into it.
    { name: 'ours', embed: `<script src="${apiBase}/widget.js?bot=${BOTS.page}" async></script>`, ours: true },
    // A copy of widget.js on another host (a CDN): the loader reads the config itself.
    { name: 'ours, widget.js copied to a CDN', embed: `<script src="/ours/widget.js" data-bot-id="${BOTS.page}" data-api-base="${apiBase}" async></script>`, ours: true, copy: true },
  ];
  const snippets = {
    // Each as its project documents it: an ES module import and an init call, or the element.
    'flowise-embed': (src) => `<script type="module">import Chatbot from "${src}"; Chatbot.init({ chatflowid: "bench-flow", apiHost: "${staticUrl}" });</script>`,
    '@typebot.io/js': (src) => `<script type="module">import Typebot from "${src}"; Typebot.initBubble({ typebot: "bench-bot", apiHost: "${staticUrl}" });</script>`,
    'deep-chat': (src) => `<script type="module" src="${src}"></script>\n<deep-chat connect='{"url": "${staticUrl}/api/chat"}'></deep-chat>`,
  };
  for (const { peer, error } of peers) {
    const src = `/peers/${peer.pkg}/${peer.file}`;
    list.push({ name: `${peer.name} ${peer.version}`, embed: error ? '' : snippets[peer.pkg](src), error, peer, src });
  }
  return list;
}

async function coldRun(browser, url, ours) {
  const context = await browser.newContext();
  await context.addInitScript(INIT_SCRIPT);
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Network.enable');
  const types = new Map();
  const r = { jsWire: 0, scripts: 0, wire: 0, failedExternal: new Set(), errors: [] };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    r.wire += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') {
      r.jsWire += e.encodedDataLength;
      r.scripts++;
    }
  });
  cdp.on('Network.requestWillBeSent', (e) => types.set(`url:${e.requestId}`, e.request.url));
  cdp.on('Network.loadingFailed', (e) => {
    const u = types.get(`url:${e.requestId}`) ?? '';
    if (!/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(u) && !u.startsWith('data:')) r.failedExternal.add(new URL(u).host);
  });
  page.on('pageerror', (e) => r.errors.push(String(e.message).slice(0, 120)));
  await page.goto(url, { waitUntil: 'load' });
  await sleep(SETTLE_MS);
  const m = await metrics(cdp);
  const inPage = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { load: nav.loadEventStart, bench: window.__bench };
  });
  await context.close();
  return {
    load: inPage.load,
    jsWire: r.jsWire,
    scripts: r.scripts,
    wire: r.wire,
    script: m.ScriptDuration * 1000,
    task: m.TaskDuration * 1000,
    heap: m.JSHeapUsedSize,
    longTasks: inPage.bench.longTasks.length,
    longTaskMs: inPage.bench.longTasks.reduce((a, b) => a + b, 0),
    launcher: ours && inPage.bench.launcherFrameAt !== null ? inPage.bench.launcherFrameAt - inPage.bench.scriptAt : NaN,
    launcherFromNav: ours && inPage.bench.launcherFrameAt !== null ? inPage.bench.launcherFrameAt : NaN,
    external: [...r.failedExternal],
    errors: r.errors,
  };
}

// Main-thread time from a Chromium trace: the thread (CPU) time of the renderer's top-level
// script tasks. ScriptDuration is wall time inside V8, so it grows when the renderer waits for
// a core (two here, shared with both servers) and leaves out the native side of a task (an
// XHR's load handling); thread time counts what the page's main thread itself spent.
const SCRIPT_TASKS = new Set(['EvaluateScript', 'FunctionCall', 'XHRLoad', 'XHRReadyStateChange', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'FireIdleCallback', 'RunMicrotasks']);

async function tracedRun(browser, url) {
  const context = await browser.newContext();
  await context.addInitScript(INIT_SCRIPT);
  const page = await context.newPage();
  try {
    await browser.startTracing(page, { categories: ['devtools.timeline'] });
    await page.goto(url, { waitUntil: 'load' });
    await sleep(SETTLE_MS);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const tasks = events.filter((e) => e.ph === 'X' && SCRIPT_TASKS.has(e.name) && e.tdur != null && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts);
    let thread = 0;
    let end = -1;
    for (const e of tasks) {
      if (e.ts < end) continue; // nested in the task before
      thread += e.tdur;
      end = e.ts + e.dur;
    }
    return thread / 1000;
  } finally {
    await context.close();
  }
}

/**
 * Ours only: a click on the launcher on a cold cache (a fresh context, clicked as soon as the
 * launcher shows, so the app is fetched by that hover and click) until the frame that shows
 * the panel. Timed in the page from the pointerdown, so the driver's latency is not counted.
 */
const PANEL_WATCH = `(() => {
  window.addEventListener('pointerdown', () => {
    const B = window.__bench;
    if (B.downAt != null) return;
    B.downAt = performance.now();
    const look = () => {
      const root = document.querySelector('chat-widget')?.shadowRoot;
      if (root?.querySelector('[role=dialog]')) requestAnimationFrame(() => (B.panelAt = performance.now()));
      else requestAnimationFrame(look);
    };
    look();
  }, true);
})();`;

async function clickRun(browser, url) {
  const context = await browser.newContext();
  await context.addInitScript(INIT_SCRIPT);
  await context.addInitScript(PANEL_WATCH);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__bench.launcherFrameAt !== null, null, { timeout: 15_000 });
    await page.locator('chat-widget').getByRole('button').first().click();
    await page.waitForFunction(() => window.__bench.panelAt != null, null, { timeout: 15_000 });
    return await page.evaluate(() => window.__bench.panelAt - window.__bench.downAt);
  } finally {
    await context.close();
  }
}

export async function measure({ quick = false } = {}) {
  const runs = quick ? 2 : process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 5;
  // --ours: the blank page and ours only (before/after comparisons of the loader, no peers).
  const peers = process.argv.includes('--ours') ? [] : ensurePeers();
  const server = await startOurServer({ configPath: writeBenchConfig({ name: 'page' }), dataDir: outDir('data', `page-${Date.now()}`) });
  const files = { '/ours/widget.js': OURS[0].file, [`/ours/${CHUNK}`]: OURS[1].file };
  for (const { peer, path, error } of peers) if (!error) files[`/peers/${peer.pkg}/${peer.file}`] = path;
  const statics = await startStaticServer({ files });
  const list = variants(server.url, statics.url, peers);
  list.forEach((v, i) => {
    v.path = `/page-${i}.html`;
    statics.setPage(v.path, hostPage(v.embed));
  });

  const browser = await launch();
  const results = new Map(list.map((v) => [v, []]));
  const clicks = [];
  try {
    // One discarded round first: the browser's first pages pay for starting renderer processes
    // and warming its own caches (seen: ours 10–25 ms in the first rounds, 4–6 ms after), which
    // is the browser's cost, not the page's. Every run still uses a fresh context (cold cache).
    for (const v of list) if (!v.error) await coldRun(browser, statics.url + v.path, v.ours).catch(() => undefined);
    for (let round = 0; round < runs; round++) {
      for (const v of list) {
        if (v.error) continue;
        log(`page-cost: round ${round + 1}/${runs} ${v.name}`);
        try {
          results.get(v).push(await coldRun(browser, statics.url + v.path, v.ours));
          if (v.ours && !v.copy) clicks.push(await clickRun(browser, statics.url + v.path));
        } catch (e) {
          v.failure = String(e?.message ?? e).split('\n')[0];
        }
      }
    }
    // Traced runs, apart from the rounds above (tracing slows the page it watches): ours in both embeds and the blank page.
    for (let round = 0; round < runs; round++) {
      for (const v of list.filter((x) => !x.peer)) {
        log(`page-cost: traced round ${round + 1}/${runs} ${v.name}`);
        (v.thread ??= []).push(await tracedRun(browser, statics.url + v.path));
      }
    }
  } finally {
    await browser.close();
    await statics.close();
    await server.stop();
  }
  return report(list, results, runs, clicks);
}

function report(list, results, runs, clicks) {
  const blank = results.get(list[0]);
  const ours = results.get(list[1]);
  const mm = (rs, k, f = (x) => fmt(x, 0)) => (rs.length ? `${f(min(rs.map((r) => r[k])))} / ${f(median(rs.map((r) => r[k])))}` : '–');
  const rows = list.map((v) => {
    const rs = results.get(v);
    if (v.error || (!rs.length && v.failure)) return [v.name, `failed: ${v.error ?? v.failure}`, '', '', '', '', '', '', ''];
    return [
      v.name,
      mm(rs, 'load'),
      mm(rs, 'jsWire', (x) => fmtInt(x)),
      mm(rs, 'script', (x) => fmt(x, 1)),
      v === list[0] ? '' : ratio(median(rs.map((r) => r.script)), median(ours.map((r) => r.script))),
      mm(rs, 'task'),
      mm(rs, 'heap', (x) => fmt(x / 2 ** 20, 1)),
      mm(rs, 'longTasks'),
      mm(rs, 'longTaskMs'),
    ];
  });
  const notes = [];
  for (const v of list.filter((x) => x.ours)) {
    const rs = results.get(v);
    const launch = rs.map((r) => r.launcher).filter(Number.isFinite);
    if (!launch.length) {
      notes.push(`${v.name}: the launcher did not appear.`);
      continue;
    }
    notes.push(`${v.name[0].toUpperCase()}${v.name.slice(1)}: launcher on screen ${fmt(min(launch), 0)} / ${fmt(median(launch), 0)} ms (min / median) after the script tag was inserted (`
      + `${fmt(median(rs.map((r) => r.launcherFromNav)), 0)} ms after navigation start), `
      + (v.copy ? 'including the config request to our server.' : 'with the config written into widget.js by our server (widget.js?bot=): no request of its own.'));
  }
  if (clicks.length) {
    notes.push(`Ours: panel on screen ${fmt(min(clicks), 0)} / ${fmt(median(clicks), 0)} ms (min / median of ${clicks.length}) after a click on the launcher on a cold cache `
      + '(a fresh browser context, clicked as soon as the launcher showed: the app, widget-app.js, is fetched by that hover and click), from pointerdown to the frame that shows the panel; budget 150 ms.');
  }
  notes.push('Ours before the first interaction is the loader (widget.js) only: its budget is 6 KB gzip of JavaScript and 5 ms of ScriptDuration over the blank page (medians).');
  for (const v of list.filter((x) => x.peer)) {
    const rs = results.get(v);
    const ext = [...new Set(rs.flatMap((r) => r.external))];
    const errs = [...new Set(rs.flatMap((r) => r.errors))];
    if (ext.length) notes.push(`${v.name} tried to reach ${ext.join(', ')} (blocked: loopback only).`);
    if (errs.length) notes.push(`${v.name} page errors: ${errs.slice(0, 2).join('; ')}.`);
    if (v.failure) notes.push(`${v.name} failed in some runs: ${v.failure}`);
  }
  const threads = list.filter((v) => v.thread?.length);
  if (threads.length) {
    const base = median(list[0].thread);
    notes.push(`Main-thread time of script tasks (thread CPU time from a Chromium trace, ${runs} separate cold runs each, min / median): `
      + threads.map((v) => `${v.name} ${fmt(min(v.thread), 1)} / ${fmt(median(v.thread), 1)} ms`).join('; ')
      + `. Over the blank page: ours ${fmt(median(list[1].thread) - base, 1)} ms, the CDN copy ${fmt(median(list[2].thread) - base, 1)} ms. `
      + 'ScriptDuration is wall time inside V8: it grows when the renderer waits for a core and leaves out the native side of a task (the config XHR), which thread time counts.');
  }
  notes.push('Each page was loaded once before the measured runs (discarded), so no figure pays for the browser starting its first renderer processes.');
  notes.push(`Blank page scripting ${fmt(median(blank.map((r) => r.script)), 1)} ms is the bench's own init script and Chromium's baseline; JS bytes are the encoded bytes of script responses (brotli here), headers included.`);
  notes.push(`"scripting ÷ ours" divides medians. Heap is JSHeapUsedSize; long tasks are > 50 ms from a PerformanceObserver installed before any page script.`);
  return {
    title: `Cost on a host page (Chromium, ${runs} cold runs each, min / median)`,
    tables: [{
      headers: ['page', 'load event ms', 'JS bytes on the wire', 'ScriptDuration ms', 'scripting ÷ ours', 'TaskDuration ms', 'JS heap MB', 'long tasks', 'long-task ms'],
      rows,
    }],
    notes,
    data: { ...Object.fromEntries(list.map((v) => [v.name, results.get(v)])), clickToPanelMs: clicks, mainThreadMs: Object.fromEntries(list.filter((v) => v.thread).map((v) => [v.name, v.thread])) },
  };
}

await main(import.meta.url, measure);
