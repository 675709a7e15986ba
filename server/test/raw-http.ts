/**
 * node:http requests that show the bytes as sent (fetch decodes Content-Encoding and hides
 * HEAD details), optionally from another loopback address (localAddress 127.0.0.2).
 */
import { request } from 'node:http';

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
