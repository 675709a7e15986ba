/**
 * node:http requests that show the bytes as sent (fetch decodes Content-Encoding and hides
 * HEAD details), optionally from another loopback address (localAddress 127.0.0.2).
 */
import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawResponse { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

export function raw(url: string, o: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: o.method ?? 'GET', headers: o.headers, localAddress: o.localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/**
 * Writes `bytes` on a plain TCP socket and reads the answer until the server closes it: for
 * requests no HTTP client will send (malformed URLs, oversized headers, not HTTP at all).
 */
export function rawSocket(url: string, bytes: string): Promise<RawResponse & { head: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.on('data', (d: Buffer) => chunks.push(d));
    // The server may close while we still write a large request: what it answered counts.
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, end < 0 ? all.length : end).toString('latin1');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: end < 0 ? Buffer.alloc(0) : all.subarray(end + 4), head });
    });
  });
}
