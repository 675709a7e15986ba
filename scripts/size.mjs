// Size budget for the widget: reports raw, gzip -9 and brotli sizes of the built files and fails
// when one is over its hard gzip budget. The loader (dist/widget.js) is what every page pays
// before anyone shows interest in the chat; the app (dist/widget-app.<hash>.js, the name
// widget.js was built with) comes when it is about to be needed; the npm package's files
// (dist/esm/) are what a site's bundler takes in.
// It measures a build; it does not make one (`npm test` builds first).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KB = 1024;
const LOADER = 'dist/widget.js';
const APP = `dist/${/widget-app\.[\w-]{8,}\.js/.exec(existsSync(LOADER) ? readFileSync(LOADER, 'utf8') : '')?.[0] ?? 'widget-app.<hash>.js'}`;
// The app holds Preact, every component, marked + DOMPurify (the Markdown renderer) and the SSE
// parser: 55.4 KB gzip when marked came into it (the app alone had a 50 KB budget before). The
// budget leaves room for a patch release, not for another parser. Issue 21 added the live
// channel, the status line's state machine and typing/seen (56.6 → 58.0 KB gzip), which used
// that room up: 59 KB, so a patch release fits again.
const APP_BUDGET = 59 * KB;
// The npm build is a library build: rollup keeps its whitespace, and the site's bundler minifies
// it again; its app chunk was 58.8 KB gzip as shipped.
const ESM_BUDGET = 64 * KB;
const FILES = [
  { file: LOADER, budget: 6 * KB, when: 'with the page (the loader)' },
  { file: APP, budget: APP_BUDGET, when: 'on hover, focus or click (the app)' },
  ...(existsSync('dist/esm') ? readdirSync('dist/esm').filter((f) => f.endsWith('.js')).sort() : []).map((f) => ({
    file: `dist/esm/${f}`,
    budget: ESM_BUDGET,
    when: f === 'index.js' ? 'npm entry' : 'npm lazy chunk',
  })),
];

// widget.js?bot= as our server sends it for the demo bot (server/widget-script.ts, compiled
// into dist/server by the build): the loader with the bot's widget config written in.
const SERVER = 'dist/server/server';
if (existsSync(LOADER) && existsSync(`${SERVER}/widget-script.js`)) {
  const { loadConfigFile } = await import(`../${SERVER}/config.js`);
  const { widgetConfig } = await import(`../${SERVER}/routes/bot-config.js`);
  const { configStatement, withConfig } = await import(`../${SERVER}/widget-script.js`);
  const demo = loadConfigFile('demo/config.json', {});
  const bot = demo.bots.values().next().value;
  // Presence says an agent is there: handoff_available is true, the longer of its two answers.
  const config = await widgetConfig({ config: demo, presence: { available: async () => true } }, bot);
  FILES.splice(1, 0, { file: `${LOADER}?bot=`, buf: withConfig(readFileSync(LOADER), configStatement(config)), budget: 6 * KB, when: "with the page, the demo bot's config written in" });
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
let failed = false;
for (const { file, budget, when, buf: made } of FILES) {
  if (!made && !existsSync(file)) {
    console.error(`size: FAIL ${file} is missing; run \`npm run build\` first.`);
    failed = true;
    continue;
  }
  const buf = made ?? readFileSync(file);
  const gz = gzipSync(buf, { level: 9 }).length;
  const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const ok = gz <= budget;
  failed ||= !ok;
  console.log(`size: ${ok ? 'OK  ' : 'FAIL'} ${file.padEnd(30)} raw ${kb(buf.length).padStart(9)}  gzip -9 ${kb(gz).padStart(8)}  brotli ${kb(br).padStart(8)}  budget ${kb(budget)} gzip  ${when}`);
}
if (failed) {
  console.error('size: FAIL a file is missing or over its budget.');
  process.exit(1);
}
