// A stand-in for a site owner's webhook endpoint (a third party the suite cannot reach): it
// records each POST's headers and body and answers 200, as a real receiver would.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookCall { path: string; headers: Record<string, string>; body: string }

export async function startWebhookReceiver() {
  const calls: WebhookCall[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
