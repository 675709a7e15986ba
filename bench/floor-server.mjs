// The floor: a raw node:http server that answers every POST with the same SSE frames as a
// full chat turn of our server (captured from it by bench/server-load.mjs), one write per
// event, with the same headers. No routing, checks, retrieval, storage or JSON work: the
// cost of HTTP + SSE in Node alone, which our server can approach but not beat.
// With BUSY_US it also spins that many µs of CPU per request: a floor that costs what our
// server costs, to tell the latency of a busy single core from anything our server does.
//   [BUSY_US=N] node bench/floor-server.mjs '<JSON array of frames>'
import { createServer } from 'node:http';

const frames = JSON.parse(process.argv[2] ?? '[]');
const busyNs = BigInt(Math.round(Number(process.env.BUSY_US ?? 0) * 1000));
const headers = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

const server = createServer((req, res) => {
  // Read the whole body, as the real server must before it can answer.
  req.on('data', () => {});
  req.on('end', () => {
    for (const t0 = process.hrtime.bigint(); process.hrtime.bigint() - t0 < busyNs; );
    res.writeHead(200, { ...headers, 'access-control-allow-origin': req.headers.origin ?? '*', vary: 'Origin' });
    res.flushHeaders(); // as our SseWriter does: the client sees the stream open at once
    for (const f of frames) res.write(f);
    res.end();
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
