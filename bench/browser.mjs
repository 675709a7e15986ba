// The browser side of the bench: the system Chromium (Debian package) through playwright-core
// with the project's flags, one host page template for every widget, and an init script that
// records long tasks and when our launcher appears, installed before any page script runs.
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../scripts/chromium.mjs';
import { ensureCommand } from './common.mjs';

export function chromiumPath() {
  let path = findChromium();
  if (!path && ensureCommand('chromium')) path = findChromium();
  if (!path) throw new Error('Chromium is missing and could not be installed (apt-get install chromium)');
  return path;
}

export async function launch() {
  return chromium.launch({
    executablePath: chromiumPath(),
    // Hosts other than loopback fail at once (a peer's fonts or analytics), as they would
    // on a machine without network, instead of waiting on DNS.
    args: [...chromiumArgs, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'],
  });
}

/** The same host page for every widget: some text, and the widget's embed snippet at the end. */
export function hostPage(embed) {
  const para = 'Lumen Notes keeps your notes on every device. Write offline, sync when you are back online, share a notebook with your team and export everything as Markdown whenever you like.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lumen Notes</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; margin: 40px auto; max-width: 680px; padding: 0 16px; color: #222 }</style>
</head>
<body>
<h1>Lumen Notes</h1>
${Array.from({ length: 6 }, () => `<p>${para}</p>`).join('\n')}
${embed}
</body>
</html>
`;
}

/**
 * Runs in every page before its own scripts. `window.__bench`: long task durations (a
 * buffered observer), when the widget's <script data-bot-id> was inserted, when our
 * launcher button existed in the shadow root and the frame that showed it.
 */
export const INIT_SCRIPT = `(() => {
  const B = (window.__bench = { longTasks: [], scriptAt: null, launcherAt: null, launcherFrameAt: null });
  const watch = (type, fn) => { try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  watch('longtask', (e) => B.longTasks.push(e.duration));
  // Our loader marks its launcher (performance.mark). No MutationObserver: its callbacks would
  // bill the page being measured for the bench's own watching of every node it adds.
  watch('mark', (e) => {
    if (e.name !== 'chat-widget:launcher' || B.launcherAt !== null) return;
    B.launcherAt = e.startTime;
    requestAnimationFrame((t) => { B.launcherFrameAt = t; });
  });
  // When the widget script's request started: the tag is in the page by then.
  watch('resource', (e) => { if (B.scriptAt === null && /\\/widget\\.js(\\?|$)/.test(e.name)) B.scriptAt = e.startTime; });
})();`;

/** CDP Performance metrics by name (seconds and bytes as Chromium reports them). */
export async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}
