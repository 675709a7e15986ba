/**
 * A TCP proxy the test controls (node:net), standing between a server and PostgreSQL or
 * Redis: `cut()` stops listening and drops every open connection, as an outage would;
 * `restore()` listens again on the same port; `hold()` keeps everything the server sends from
 * then on (it never arrives), as a write in flight when the server dies. The real services are
 * never touched.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface Proxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** From now on nothing the server sends is forwarded; resolves once what it sent since matches `what`. */
  hold(what: RegExp): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<Proxy> {
  const sockets = new Set<Socket>();
  let held: { text: string; what: RegExp; seen: () => void } | null = null;
  const make = () => createServer((client) => {
    const upstream = createConnection(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('data', (d: Buffer) => {
      if (!held) return void upstream.write(d);
      held.text += d.toString('latin1');
      if (held.what.test(held.text)) held.seen();
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  let server: Server = make();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const stop = () => new Promise<void>((r) => {
    server.close(() => r());
    for (const s of sockets) s.destroy();
  });
  return {
    port,
    cut: stop,
    restore: async () => {
      server = make();
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
    hold: (what) => new Promise<void>((seen) => {
      held = { text: '', what, seen };
    }),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
