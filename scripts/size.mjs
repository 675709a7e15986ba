// Size budget for the widget: reports raw, gzip -9 and brotli sizes of the built files and fails
// when dist/widget.js (the one file a site owner references) is over the hard gzip budget.
// It measures a build; it does not make one (`npm test` builds first).
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const MAIN = 'dist/widget.js'; // loaded by the page: what every visitor pays
const LAZY = 'dist/widget-markdown.js'; // Markdown + sanitizer, fetched when the chat is first opened
const BUDGET_GZIP = 35 * 1024; // hard limit for widget.js
const TARGET_GZIP = 25 * 1024; // stated target for what loads before the chat is opened

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
function measure(file) {
  const buf = readFileSync(file);
  const gz = gzipSync(buf, { level: 9 }).length;
  const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`size: ${file.padEnd(24)} raw ${kb(buf.length).padStart(9)}  gzip -9 ${kb(gz).padStart(8)}  brotli ${kb(br).padStart(8)}`);
  return gz;
}

if (!existsSync(MAIN)) {
  console.error(`size: FAIL ${MAIN} is missing; run \`npm run build\` first.`);
  process.exit(1);
}
const main = measure(MAIN);
const lazy = existsSync(LAZY) ? measure(LAZY) : (console.log(`size: ${LAZY} is missing (answers would show as plain text)`), 0);
console.log(`size: before opening ${kb(main)} gzip (target ${kb(TARGET_GZIP)}); after opening ${kb(main + lazy)} gzip`);
if (main > BUDGET_GZIP) {
  console.error(`size: FAIL ${MAIN} is ${kb(main)} gzip, over the ${kb(BUDGET_GZIP)} budget by ${kb(main - BUDGET_GZIP)}.`);
  process.exit(1);
}
if (main > TARGET_GZIP) console.log(`size: note: ${MAIN} is over the ${kb(TARGET_GZIP)} target by ${kb(main - TARGET_GZIP)} (hard budget met).`);
console.log(`size: OK ${MAIN} ${kb(main)} <= ${kb(BUDGET_GZIP)} gzip`);
