// `npm start`: the demo. Builds (widget, inbox, compiled server) when the sources are newer
// than the build (or there is none), then runs the compiled server under plain `node` (22, 24 or 26: scripts/supported-node.mjs) on the
// demo config at localhost:8787, with the demo page at `/` (--demo). Flags after `--` go to the server and win over these
// defaults (`npm start -- --port 18790 --host 0.0.0.0`); so do CHAT_CONFIG, PORT, HOST and
// DATA_DIR.
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, SERVER_MAIN } from './ensure-built.mjs';
import { supportedNode } from './supported-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!ensureBuilt(root)) process.exit(1);

const given = process.argv.slice(2);
const has = (flag) => given.some((a) => a === flag || a.startsWith(`${flag}=`));
const defaults = [
  ['--config', process.env.CHAT_CONFIG || join(root, 'demo', 'config.json')],
  ['--port', process.env.PORT || '8787'],
  ['--host', process.env.HOST || 'localhost'],
  ['--data-dir', process.env.DATA_DIR || join(root, '.data', 'demo')],
];
// --demo: the demo page at `/` (a server started otherwise has none there).
const args = [join(root, SERVER_MAIN), '--demo', ...defaults.filter(([flag]) => !has(flag)).flat(), ...given.filter((a) => a !== '--demo')];
const server = spawn(supportedNode(), args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
