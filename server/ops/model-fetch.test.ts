// The model client's fetch over node:http (model-fetch.ts), against a local server: what the
// openai SDK relies on — status and headers, a body streamed in pieces, and an abort that ends
// the request whether it comes before the answer or while the body streams.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { modelFetch } from './model-fetch.ts';

let server: Server;
let base = '';
let closed = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.on('close', () => closed++);
      if (req.url === '/fail') return void res.writeHead(500, { 'content-type': 'application/json', 'x-request-id': 'r1' }).end('{"error":"boom"}');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`echo ${req.method} ${req.headers['x-test']} ${body}\n`);
      if (req.url === '/hold') return; // held open until the client goes away
      res.write('second piece\n');
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

test('sends method, headers and body; the streamed answer arrives whole, with its status and headers', async () => {
  const res = await modelFetch(`${base}/ok`, { method: 'POST', headers: { 'x-test': 'yes' }, body: '{"q":1}' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  expect(await res.text()).toBe('echo POST yes {"q":1}\nsecond piece\n');
});

test('an error status is a response like any other (the SDK reads its body and headers)', async () => {
  const res = await modelFetch(`${base}/fail`, { method: 'POST', body: '{}' });
  expect([res.status, res.ok, res.headers.get('x-request-id')]).toEqual([500, false, 'r1']);
  expect(await res.json()).toEqual({ error: 'boom' });
});

test('an abort while the body streams ends the read with an AbortError and closes the upstream request', async () => {
  const controller = new AbortController();
  const res = await modelFetch(`${base}/hold`, { method: 'POST', body: 'x', signal: controller.signal });
  const reader = res.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain('echo POST');
  const before = closed;
  controller.abort();
  await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  await expect.poll(() => closed).toBe(before + 1);
});

test('an abort before anything is sent rejects at once', async () => {
  const controller = new AbortController();
  controller.abort();
  await expect(modelFetch(`${base}/ok`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
});
