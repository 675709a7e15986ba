// The Node that runs the server. The product supports Node 22, 24 and 26 (its SQLite driver,
// better-sqlite3 13, needs Node-API 10; under Node 20 it crashes on the first query). A command
// started with another Node (a machine whose system Node is 20, say) runs the server with the
// Node 24 of tools/node-lines instead, installed from the npm registry by its own lockfile when
// missing (scripts/node-lines.mjs), and says so once.
import { ensureNodeLines } from './node-lines.mjs';

export const SUPPORTED = (major) => major === 22 || major === 24 || major >= 26;

let chosen = null;
export function supportedNode({ log = (line) => console.error(line) } = {}) {
  if (chosen) return chosen;
  const major = Number(process.versions.node.split('.')[0]);
  if (SUPPORTED(major)) return (chosen = process.execPath);
  const line = ensureNodeLines({ log }).find((l) => l.line === 24);
  log(`Node ${process.versions.node} is not a supported line (22, 24, 26): the server runs on Node ${line.version} from tools/node-lines.`);
  return (chosen = line.bin);
}
