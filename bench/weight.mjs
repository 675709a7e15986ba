// Widget weight: raw, gzip -9 and brotli -q 11 of what a page loads before anyone shows
// interest in the chat (dist/widget.js, the loader) and on hover, focus or click
// (dist/widget-app.<hash>.js), against the peers' single-file embeds installed from the npm
// registry into bench/.peers. Then the bytes on the wire: both files as our own server sends
// them (HTTP/1.1 status line, headers and body, counted on the socket) for a browser accepting
// brotli, one accepting only gzip, and a client accepting neither.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { CHUNK, OURS, compressed, ensurePeers, fmtInt, kb, main, outDir, ratio, startOurServer } from './common.mjs';
import { writeBenchConfig } from './config.mjs';

/** Every byte the server sends for one GET (Connection: close), and the body's Content-Encoding. */
function onTheWire(url, path, acceptEncoding) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks = [];
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${acceptEncoding ? `Accept-Encoding: ${acceptEncoding}\r\n` : ''}Connection: close\r\n\r\n`);
    });
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const head = all.subarray(0, all.indexOf('\r\n\r\n') + 4).toString();
      resolve({ total: all.length, body: all.length - head.length, encoding: /content-encoding: (\S+)/i.exec(head)?.[1] ?? 'identity', status: Number(head.split(' ')[1]) });
    });
  });
}

async function servedBytes() {
  const server = await startOurServer({ configPath: writeBenchConfig({ name: 'weight' }), dataDir: outDir('data', `weight-${Date.now()}`) });
  try {
    const rows = [];
    for (const [client, accept] of [['brotli (current browsers)', 'gzip, deflate, br, zstd'], ['gzip only', 'gzip'], ['no compression', '']]) {
      for (const path of ['/widget.js', `/${CHUNK}`]) {
        const r = await onTheWire(server.url, path, accept);
        if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}`);
        rows.push({ client, path, ...r });
      }
    }
    return rows;
  } finally {
    await server.stop();
  }
}

const TARGET_GZIP = 6 * 1024; // the loader's budget (scripts/size.mjs)

export async function measure() {
  for (const o of OURS) if (!existsSync(o.file)) throw new Error(`${o.file} is missing: run \`npm run build\``);
  const [pre, lazy] = OURS.map((o) => {
    const c = compressed(o.file);
    return { ...o, raw: c.raw.length, gzip: c.gzip.length, br: c.br.length };
  });
  const total = { name: 'ours: both (after interaction)', when: 'total', raw: pre.raw + lazy.raw, gzip: pre.gzip + lazy.gzip, br: pre.br + lazy.br };
  const peers = ensurePeers().map(({ peer, path, error }) => {
    if (error) return { name: `${peer.name} (${peer.pkg}@${peer.version})`, error };
    const c = compressed(path);
    return { name: `${peer.name} (${peer.pkg}@${peer.version} ${peer.file})`, when: 'with the page', raw: c.raw.length, gzip: c.gzip.length, br: c.br.length };
  });
  const wire = await servedBytes();
  const row = (r) => r.error
    ? [r.name, 'failed', '', '', '', '', r.error]
    : [r.name, fmtInt(r.raw), fmtInt(r.gzip), fmtInt(r.br), r === lazy ? '' : ratio(r.gzip, pre.gzip), r === pre || r === lazy ? '' : ratio(r.gzip, total.gzip), r.when];
  return {
    title: 'Widget weight (bytes)',
    tables: [{
      headers: ['file', 'raw', 'gzip -9', 'brotli -q 11', 'gzip ÷ ours before interaction', 'gzip ÷ ours after interaction', 'loaded'],
      rows: [pre, lazy, total, ...peers].map(row),
    }, {
      headers: ['as served by our server', 'file', 'Content-Encoding', 'body bytes', 'bytes on the wire (headers + body)'],
      rows: wire.map((w) => [w.client, w.path.replace(CHUNK, 'widget-app.<hash>.js'), w.encoding, fmtInt(w.body), fmtInt(w.total)]),
    }],
    notes: [
      `Before the visitor shows interest in the chat a page loads ${kb(pre.gzip)} gzip (${kb(pre.br)} brotli) of ours; target ≤ ${kb(TARGET_GZIP)} gzip: ${pre.gzip <= TARGET_GZIP ? 'met' : `missed by ${kb(pre.gzip - TARGET_GZIP)}`}.`,
      `On the wire from our server, widget.js costs ${fmtInt(wire[0].total)} bytes with brotli and ${fmtInt(wire[2].total)} with gzip (${fmtInt(wire[4].total)} uncompressed): the build writes both copies (scripts/compress.mjs) and the server picks by Accept-Encoding.`,
      'Peers are measured as their one embed file; files they fetch later (fonts, extra chunks) are not counted here but are in the host-page figure.',
    ],
    data: { ours: { pre, lazy, total }, peers, wire },
  };
}

await main(import.meta.url, measure);
