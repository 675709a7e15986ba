// Widget weight: raw, gzip -9 and brotli -q 11 of what a page loads before the chat is
// opened (dist/widget.js) and on first open (dist/widget-markdown.js), against the peers'
// single-file embeds installed from the npm registry into bench/.peers.
import { existsSync } from 'node:fs';
import { OURS, compressed, ensurePeers, fmtInt, kb, main, ratio } from './common.mjs';

const TARGET_GZIP = 25 * 1024;

export async function measure() {
  for (const o of OURS) if (!existsSync(o.file)) throw new Error(`${o.file} is missing: run \`npm run build\``);
  const [pre, lazy] = OURS.map((o) => {
    const c = compressed(o.file);
    return { ...o, raw: c.raw.length, gzip: c.gzip.length, br: c.br.length };
  });
  const total = { name: 'ours: both (after opening)', when: 'total', raw: pre.raw + lazy.raw, gzip: pre.gzip + lazy.gzip, br: pre.br + lazy.br };
  const peers = ensurePeers().map(({ peer, path, error }) => {
    if (error) return { name: `${peer.name} (${peer.pkg}@${peer.version})`, error };
    const c = compressed(path);
    return { name: `${peer.name} (${peer.pkg}@${peer.version} ${peer.file})`, when: 'with the page', raw: c.raw.length, gzip: c.gzip.length, br: c.br.length };
  });
  const row = (r) => r.error
    ? [r.name, 'failed', '', '', '', '', r.error]
    : [r.name, fmtInt(r.raw), fmtInt(r.gzip), fmtInt(r.br), r === lazy ? '' : ratio(r.gzip, pre.gzip), r === pre || r === lazy ? '' : ratio(r.gzip, total.gzip), r.when];
  return {
    title: 'Widget weight (bytes)',
    tables: [{
      headers: ['file', 'raw', 'gzip -9', 'brotli -q 11', 'gzip ÷ ours before open', 'gzip ÷ ours after open', 'loaded'],
      rows: [pre, lazy, total, ...peers].map(row),
    }],
    notes: [
      `Before the chat is opened a page loads ${kb(pre.gzip)} gzip (${kb(pre.br)} brotli) of ours; target ≤ ${kb(TARGET_GZIP)} gzip: ${pre.gzip <= TARGET_GZIP ? 'met' : `missed by ${kb(pre.gzip - TARGET_GZIP)}`}.`,
      'Peers are measured as their one embed file; files they fetch later (fonts, extra chunks) are not counted here but are in the host-page figure.',
    ],
    data: { ours: { pre, lazy, total }, peers },
  };
}

await main(import.meta.url, measure);
