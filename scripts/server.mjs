// `npm run server -- --config FILE [--port N] [--host ADDR] [--data-dir DIR]`: the compiled
// server under plain `node`, built first when dist/ is missing or older than its sources.
// In production run `node dist/server/server/main.js ...` directly after `npm run build`
// (docs/deployment.md); this wrapper is for a fresh clone.
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, SERVER_MAIN } from './ensure-built.mjs';
import { supportedNode } from './supported-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!ensureBuilt(root, (line) => console.error(line))) process.exit(1);

const server = spawn(supportedNode(), [join(root, SERVER_MAIN), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
