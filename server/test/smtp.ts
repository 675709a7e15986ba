/**
 * A real SMTP server for tests (the `smtp-server` package) on a loopback port: it takes what
 * nodemailer sends and keeps each message as it arrived, with its envelope and the headers and
 * text read back from the raw message. `refuse` makes it answer the next RCPT TO with a code
 * (451: try later; 550: no such mailbox), to exercise retries and failures.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received { from: string; to: string[]; subject: string; text: string; raw: string; headers: Record<string, string> }

/** Quoted-printable (RFC 2045) as nodemailer writes a non-ASCII or long-lined text part. */
const unQuote = (s: string) => Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

export function readMessage(raw: string): Pick<Received, 'subject' | 'text' | 'headers'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = raw.slice(split + 4).replace(/\r\n$/, '');
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'quoted-printable') body = unQuote(body);
  else if (enc === 'base64') body = Buffer.from(body, 'base64').toString('utf8');
  return { subject: headers.subject ?? '', text: body.replace(/\r\n/g, '\n'), headers };
}

export async function startSmtp() {
  const received: Received[] = [];
  const refusals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refusals.shift();
      if (code) return callback(Object.assign(new Error(code >= 500 ? 'No such mailbox here' : 'Try again later'), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw, ...readMessage(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** The next RCPT TO answers with each of these codes, in turn. */
    refuse: (...codes: number[]) => refusals.push(...codes),
    /** The config's `smtp` section for this server (plain SMTP on loopback). */
    config: (from = 'Aurora help <help@aurora.test>') => ({ host: '127.0.0.1', port, starttls: false, from }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
