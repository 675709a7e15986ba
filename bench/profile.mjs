// Summarizes a V8 CPU profile (.cpuprofile, from the inspector's Profiler domain, in Node or
// Chromium): self time per function and per area (a package, a file of ours, Node itself).
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './common.mjs';

function where(url, line) {
  if (!url) return '';
  let path = url;
  if (url.startsWith('file://')) path = relative(ROOT, fileURLToPath(url));
  return `${path}:${line + 1}`;
}

/** The area a frame belongs to: a package, a file of ours, Node's own JS, or native code. */
export function areaOf(name, url) {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
  if (!url) return '(native: V8 builtins, C++ bindings)';
  if (url.startsWith('node:')) return 'node: internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const file = /\/(server|widget|bench)\/(.+?)(\?|$)/.exec(url);
  if (file) return `${file[1]}/${file[2]}`;
  return url.length > 60 ? `…${url.slice(-60)}` : url;
}

export function summarizeProfile(profile, { top = 15, areas = 12 } = {}) {
  const counts = new Map();
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples?.length ?? 0;
  const byFn = new Map();
  const byArea = new Map();
  for (const node of profile.nodes) {
    const n = counts.get(node.id) ?? 0;
    if (!n) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const key = `${name}\u0000${url}\u0000${lineNumber}`;
    const f = byFn.get(key) ?? { name, where: where(url, lineNumber), area: areaOf(name, url), n: 0 };
    f.n += n;
    byFn.set(key, f);
    const a = areaOf(name, url);
    byArea.set(a, (byArea.get(a) ?? 0) + n);
  }
  const pct = (n) => (total ? (100 * n) / total : 0);
  const idle = byArea.get('(idle)') ?? 0;
  return {
    samples: total,
    idlePct: pct(idle),
    top: [...byFn.values()].filter((f) => f.name !== '(idle)').sort((a, b) => b.n - a.n).slice(0, top).map((f) => ({ ...f, pct: pct(f.n) })),
    areas: [...byArea.entries()].sort((a, b) => b[1] - a[1]).slice(0, areas).map(([area, n]) => ({ area, pct: pct(n) })),
  };
}
