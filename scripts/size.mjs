// Size budget for the widget bundle: reports raw, gzip -9 and brotli sizes of dist/widget.js
// and fails over the hard gzip budget. It measures a build; it does not make one
// (`npm test` runs the build first).
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const FILE = 'dist/widget.js';
const BUDGET_GZIP = 35 * 1024; // hard limit for the file a site owner references
const TARGET_GZIP = 25 * 1024; // stated target for what loads before the chat is opened

if (!existsSync(FILE)) {
  console.error(`size: ${FILE} is missing; run \`npm run build\` first.`);
  process.exit(1);
}
const buf = readFileSync(FILE);
const gz = gzipSync(buf, { level: 9 }).length;
const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`size: ${FILE} raw ${kb(buf.length)}, gzip -9 ${kb(gz)}, brotli ${kb(br)} (budget ${kb(BUDGET_GZIP)} gzip, target ${kb(TARGET_GZIP)})`);
if (gz > BUDGET_GZIP) {
  console.error(`size: FAIL ${FILE} is ${kb(gz)} gzip, over the ${kb(BUDGET_GZIP)} budget by ${kb(gz - BUDGET_GZIP)}.`);
  process.exit(1);
}
if (gz > TARGET_GZIP) console.log(`size: note: over the ${kb(TARGET_GZIP)} target by ${kb(gz - TARGET_GZIP)} (budget still met).`);
console.log('size: OK');
