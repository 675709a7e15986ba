// Builds everything `npm run build` makes (the widget and its hashed chunk, the agent inbox,
// the compiled server in dist/server, the compressed copies) when dist/ is missing any of it
// or its sources changed since: `npm start`, `npm run server`, the end-to-end suite and the
// bench all run what is in dist/, and a stale build there would run yesterday's code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER_MAIN = 'dist/server/server/main.js';
const OUTPUTS = ['dist/widget.js', 'dist/widget.js.br', 'dist/esm/index.js', 'dist/index.html.gz', 'dist/agent/agent.js', SERVER_MAIN];
// protocol/ (shared wire shapes) is compiled into the server and bundled into the widget.
const SOURCES = ['widget', 'agent', 'server', 'protocol', 'public', 'index.html', 'package.json', 'tsconfig.json', 'tsconfig.server.json',
  'vite.config.ts', 'vite.agent.config.ts', 'scripts/build-server.mjs', 'scripts/compress.mjs'];

/** Newest modification time under `path`; tests (and their helpers) are not built. */
function newest(path) {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let t = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) continue;
    if (entry.isDirectory() && entry.name === 'test') continue;
    t = Math.max(t, newest(join(path, entry.name)));
  }
  return t;
}

/** True when every output exists and is newer than every source. */
export function isBuilt(root) {
  const outputs = OUTPUTS.map((p) => join(root, p));
  const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
  return built > Math.max(...SOURCES.map((p) => newest(join(root, p))));
}

/** Runs `npm run build` when needed; returns false when the build failed. */
export function ensureBuilt(root, log = console.log) {
  if (isBuilt(root)) return true;
  log('building (dist/ is missing or older than its sources): npm run build');
  return spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status === 0;
}
