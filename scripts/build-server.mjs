// `npm run build`, server part: compiles server/ (and every top-level folder it imports, e.g.
// protocol/) to plain JavaScript in dist/server with tsc -p tsconfig.server.json, so
// production runs `node` with no TypeScript loader. The old output is removed first, so a
// deleted module cannot linger there.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'dist', 'server'), { recursive: true, force: true });
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.server.json')], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
