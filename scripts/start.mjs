// `npm start`: the demo. Builds the browser bundles when their sources are newer than the
// build (or there is none), then runs the server on the demo config at localhost:8787.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIsStale() {
  const bundle = join(root, 'dist', 'widget.js');
  const outputs = [bundle, join(root, 'dist', 'widget-markdown.js'), join(root, 'dist', 'agent', 'agent.js')];
  if (!outputs.every(existsSync)) return true;
  const sources = ['widget', 'agent'].map((d) => join(root, d)).filter(existsSync);
  const newestSource = Math.max(...sources.map(newestMtime), statSync(join(root, 'vite.config.ts')).mtimeMs);
  return newestSource > statSync(bundle).mtimeMs;
}

if (buildIsStale()) {
  console.log('building the widget…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = [
  '--import', 'tsx', join(root, 'server', 'main.ts'),
  '--config', process.env.CHAT_CONFIG ?? join(root, 'demo', 'config.json'),
  '--port', process.env.PORT ?? '8787',
  '--host', process.env.HOST ?? 'localhost',
  '--data-dir', process.env.DATA_DIR ?? join(root, '.data', 'demo'),
];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
