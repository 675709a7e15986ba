// The server behind a real nginx, run with the configuration the deployment guide
// recommends (deploy/nginx.conf, that very file with test ports and a self-signed
// certificate swapped in), as a non-daemon process with its own prefix, pid and logs on free
// loopback ports. It proves: answers stream through unbuffered, nginx's gzip leaves the
// stream alone, and with trust_proxy rate limits key on the real client address (clients
// on 127.0.0.1 and 127.0.0.2, and a forged X-Forwarded-For changes nothing).
// Without nginx: skipped with a message locally; a failure under CI=true.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { botConfig, botId, BOT_ID, ORIGIN, SESSION, startFixture, type TestServer } from '../test/fixtures.ts';
import { parseSse } from '../test/sse-reader.ts';
import { ROOT } from '../test/paths.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const LIMITED = botId(2);

if (!NGINX) {
  if (process.env.CI) {
    test('nginx is installed (CI runs the reverse-proxy test)', () => {
      throw new Error('nginx is missing: install it with `apt-get install -y nginx` (.ci/run does).');
    });
  } else {
    console.warn('\n!! server/nginx.test.ts SKIPPED: nginx is not installed (apt-get install -y nginx).\n');
  }
}

const freePort = () => new Promise<number>((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as { port: number };
    srv.close(() => resolve(port));
  });
});

/** Waits (up to 10 s) until something accepts connections on `port`. */
const waitPort = (port: number) => vi.waitFor(() => new Promise<void>((resolve, reject) => {
  const c = connect(port, '127.0.0.1', () => (c.end(), resolve()));
  c.on('error', () => reject(new Error(`nginx did not listen on ${port}`)));
}), { timeout: 10_000, interval: 100 });

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; chunks: string[] }

describe.skipIf(!NGINX)('behind nginx (deploy/nginx.conf)', () => {
  let s: TestServer;
  let nginx: ChildProcess;
  let prefix: string;
  let port: number;
  let ca: Buffer;

  /** One HTTPS request through nginx, from `localAddress`; records each body chunk as it arrived. */
  const send = (path: string, o: { method?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const body = o.body === undefined ? undefined : JSON.stringify(o.body);
      const req = request({
        host: '127.0.0.1', port, path, method: o.method ?? 'GET', servername: 'chat.example.com', ca, localAddress: o.from ?? '127.0.0.1', agent: false,
        headers: { host: 'chat.example.com', origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}), ...o.headers },
      }, (res) => {
        const chunks: Reply['chunks'] = [];
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => {
          parts.push(d);
          chunks.push(d.toString());
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), chunks }));
      });
      req.on('error', reject);
      req.end(body);
    });

  beforeAll(async () => {
    s = await startFixture({
      config: { trust_proxy: ['127.0.0.1'] },
      bots: [
        // Slow chunks: a buffering proxy would hold the first one until the last.
        botConfig({ engine: { type: 'extractive', chunk_delay_ms: 250 } }),
        botConfig({ id: LIMITED, rate_limits: { per_minute: 2 } }),
      ],
      files: { 'dist/widget.js': 'console.log("widget");'.repeat(200) },
    });
    const { compressDir } = await import('../../scripts/compress.mjs');
    compressDir(join(s.dir, 'dist'));

    prefix = mkdtempSync(join(tmpdir(), 'nginx-'));
    chmodSync(prefix, 0o755); // nginx workers run as another user when started by root
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=chat.example.com',
      '-addext', 'subjectAltName=DNS:chat.example.com', '-keyout', join(prefix, 'key.pem'), '-out', join(prefix, 'cert.pem')], { stdio: 'ignore' });
    ca = readFileSync(join(prefix, 'cert.pem'));
    port = await freePort();
    const httpPort = await freePort();
    const site = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
    const templated = site
      .replace('server 127.0.0.1:8787;', `server 127.0.0.1:${s.port};`)
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
      .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
      .replace(/^\s*listen \[::\].*$/gm, '')
      .replace('/etc/letsencrypt/live/chat.example.com/fullchain.pem', join(prefix, 'cert.pem'))
      .replace('/etc/letsencrypt/live/chat.example.com/privkey.pem', join(prefix, 'key.pem'));
    for (const swapped of [String(s.port), String(port), 'cert.pem', 'key.pem']) expect(templated).toContain(swapped);
    writeFileSync(join(prefix, 'lumen-chat.conf'), templated);
    const p = (name: string) => join(prefix, name);
    writeFileSync(p('nginx.conf'), `
daemon off;
worker_processes 1;
pid ${p('nginx.pid')};
error_log ${p('error.log')} info;
events { worker_connections 256; }
http {
  access_log ${p('access.log')};
  client_body_temp_path ${p('client_body')};
  proxy_temp_path ${p('proxy')};
  fastcgi_temp_path ${p('fastcgi')};
  uwsgi_temp_path ${p('uwsgi')};
  scgi_temp_path ${p('scgi')};
  include ${p('lumen-chat.conf')};
}
`);
    nginx = spawn(NGINX!, ['-p', prefix, '-c', p('nginx.conf'), '-e', p('error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    nginx.stderr?.on('data', (d) => (err += d));
    nginx.once('exit', (code) => {
      if (code) console.error(`nginx exited ${code}: ${err}\n${existsSync(p('error.log')) ? readFileSync(p('error.log'), 'utf8') : ''}`);
    });
    await waitPort(port);
  }, 60_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await s?.stop();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  test('an answer streams through unbuffered: the first content event arrives before the turn ends, even when gzip is accepted', async () => {
    const res = await send('/v1/public/chat/stream', {
      method: 'POST', body: { bot_id: BOT_ID, session_id: SESSION, message: 'How do I reset the lamp to factory settings?' },
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    // nginx's gzip leaves the stream alone, so the events are readable as they come.
    expect(res.headers['content-encoding']).toBeUndefined();
    let soFar = '';
    const firstContentAt = res.chunks.findIndex((c) => (soFar += c).includes('"type":"content"'));
    expect(firstContentAt).toBeGreaterThanOrEqual(0);
    expect(soFar).not.toContain('"type":"done"');
    const events = parseSse(res.body.toString()).events;
    expect(events.filter((e) => e.type === 'content').length).toBeGreaterThan(2);
    expect(events.at(-1)?.type).toBe('done');
    // A separate network read for each chunk of the answer: nothing was held back and sent at once.
    expect(res.chunks.length).toBeGreaterThan(2);
  });

  test('JSON is gzipped by nginx and stays valid; widget.js keeps the server\'s own brotli', async () => {
    const cfg = await send(`/v1/public/bots/${BOT_ID}/config`, { headers: { 'accept-encoding': 'gzip' } });
    expect(cfg.status).toBe(200);
    expect(cfg.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(cfg.body).toString()).bot_id).toBe(BOT_ID);
    const widget = await send('/widget.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(widget.headers['content-encoding']).toBe('br');
    expect(String(widget.headers.vary)).toMatch(/Accept-Encoding/i);
  });

  test('rate limits count the real client: 127.0.0.2 is limited, 127.0.0.1 is not, a forged X-Forwarded-For changes nothing', async () => {
    const chat = (from: string, headers: Record<string, string> = {}) =>
      send('/v1/public/chat/stream', { method: 'POST', body: { bot_id: LIMITED, session_id: `s-${from}`, message: 'Is shipping free?' }, from, headers });
    expect((await chat('127.0.0.2')).status).toBe(200);
    expect((await chat('127.0.0.2')).status).toBe(200);
    const limited = await chat('127.0.0.2');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await chat('127.0.0.2', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    expect((await chat('127.0.0.1')).status).toBe(200);
  });

  test('/metrics is not passed on; /healthz is', async () => {
    expect((await send('/metrics')).status).toBe(404);
    expect((await send('/healthz')).status).toBe(200);
  });
});
