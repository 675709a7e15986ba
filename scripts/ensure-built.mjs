// Builds the browser bundles (the widget, its lazy chunk, the agent inbox) when dist/ is missing
// any of them or their sources changed since: `npm start` and the end-to-end suite both serve
// what is in dist/, and a stale bundle there would show yesterday's widget.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUTPUTS = ['dist/widget.js', 'dist/widget-markdown.js', 'dist/agent/agent.js'];
const SOURCES = ['widget', 'agent', 'vite.config.ts', 'vite.agent.config.ts'];

/** Newest modification time under `path`; test files do not go into a bundle. */
function newest(path) {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let t = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) continue;
    t = Math.max(t, newest(join(path, entry.name)));
  }
  return t;
}

/** Runs `npm run build` when needed; returns false when the build failed. */
export function ensureBuilt(root, log = console.log) {
  const outputs = OUTPUTS.map((p) => join(root, p));
  const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
  if (built > Math.max(...SOURCES.map((p) => newest(join(root, p))))) return true;
  log('building the widget and the agent inbox (dist/ is missing or older than its sources)');
  return spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status === 0;
}
