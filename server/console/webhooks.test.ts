/**
 * Webhooks against a local receiver (the one stand-in: a site owner's endpoint we cannot
 * reach). The receiver checks each signature with the Standard Webhooks algorithm written
 * out here on its own, not with the server's code, so a wrong signer cannot pass its own test.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { WebhookDelivery } from '../../protocol/console.ts';
import { BOT_ID, botConfig, startFixture, type TestServer } from '../test/fixtures.ts';
import { parseSse } from '../test/sse-reader.ts';

const SECRET = 'whsec_' + Buffer.from('a-receiver-key-of-32-bytes-long!').toString('base64');
const PLAIN_SECRET = 'a-plain-secret-of-some-length';
const ADMIN = 'admin-token-zoe-333';

interface Received { path: string; headers: IncomingMessage['headers']; body: string; valid: boolean }

/** Verifies as a receiver would: v1 HMAC-SHA256 over `id.timestamp.body`, base64, constant-time compare. */
function verify(secret: string, h: IncomingMessage['headers'], body: string): boolean {
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret);
  const expected = createHmac('sha256', key).update(`${h['webhook-id']}.${h['webhook-timestamp']}.${body}`).digest();
  return String(h['webhook-signature']).split(' ').some((part) => {
    const [version, sig] = part.split(',');
    const given = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
/** How the receiver answers each attempt at a path, in turn; 200 once the list is used up. */
const script: Record<string, number[]> = { '/flaky': [500], '/gone': [410] };

let s: TestServer;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const secret = req.url === '/slack' ? PLAIN_SECRET : SECRET;
      received.push({ path: req.url!, headers: req.headers, body, valid: verify(secret, req.headers, body) });
      res.statusCode = script[req.url!]?.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  s = await startFixture({
    uniqueClients: true,
    config: {
      agents: [{ name: 'Ana', token: 'agent-token-ana-1' }, { name: 'Zoe', token: ADMIN, role: 'admin' }, { name: 'Bo', token: 'agent-token-bo-22222' }],
      workspaces: [{
        id: 'ws1',
        webhooks: [
          { url: `${receiverUrl}/flaky`, secret: SECRET, events: ['contact.submitted'] },
          { url: `${receiverUrl}/gone`, secret: SECRET, events: ['contact.submitted'] },
          { url: `${receiverUrl}/slack`, secret: PLAIN_SECRET, events: ['contact.submitted', 'handoff.requested'], format: 'slack' },
          { url: `${receiverUrl}/team`, secret: SECRET, events: ['conversation.assigned', 'conversation.tagged', 'conversation.untagged'] },
        ],
      }],
    },
    bots: [botConfig({ handoff: { enabled: true }, contact_form: { enabled: true, fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] } })],
    start: { webhooks: { retryBaseMs: 50, pollMs: 25 } },
  });
});
afterAll(async () => {
  await s.stop();
  await new Promise((r) => receiver.close(r));
});

/** Waits (up to 10 s) until `check` holds: deliveries are sent in the background. */
const until = (check: () => boolean, what: string) => vi.waitFor(() => expect(check(), what).toBe(true), { timeout: 10_000, interval: 25 });

/** The delivery log as the console shows it. */
const deliveries = async (): Promise<WebhookDelivery[]> =>
  (await (await fetch(`${s.url}/v1/agent/webhooks/deliveries`, { headers: { authorization: `Bearer ${ADMIN}` } })).json()).deliveries;
const pathOf = (d: WebhookDelivery) => new URL(d.url).pathname;

describe('webhooks', () => {
  test('a contact submission reaches the receiver signed; a 500 is retried, a 410 stops, and the log says so', async () => {
    const res = await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: 'hook-1', fields: { email: 'jo@example.com' } });
    expect(res.status).toBe(201);
    const { id: contactId } = await res.json();

    await until(() => received.filter((r) => r.path === '/flaky').length === 2, 'the flaky receiver got a retry');
    const flaky = received.filter((r) => r.path === '/flaky');
    expect(flaky.every((r) => r.valid)).toBe(true);
    // Both attempts are the same message: same id, same body; the timestamp is each attempt's own.
    expect(flaky[0].headers['webhook-id']).toBe(flaky[1].headers['webhook-id']);
    expect(flaky[0].body).toBe(flaky[1].body);
    expect(JSON.parse(flaky[0].body)).toMatchObject({
      type: 'contact.submitted', workspace_id: 'ws1', bot_id: BOT_ID, bot_name: 'Nimbus helper', data: { contact_id: contactId, fields: { email: 'jo@example.com' } },
    });
    expect(Math.abs(Number(flaky[1].headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);

    await until(() => received.some((r) => r.path === '/slack'), 'the Slack receiver got its message');
    const slack = received.find((r) => r.path === '/slack')!;
    expect(slack.valid).toBe(true);
    expect(JSON.parse(slack.body)).toEqual({ text: 'A visitor sent the contact form (Nimbus helper): email: jo@example.com' });

    // The log settles once every delivery is delivered or has failed for good.
    const log = await vi.waitFor(async () => {
      const now = await deliveries();
      expect(now.length >= 3 && now.every((d) => d.status !== 'pending'), 'all deliveries settled').toBe(true);
      return now;
    }, { timeout: 10_000, interval: 25 });
    expect(log.length, 'three deliveries').toBe(3);
    const by = (path: string) => log.find((d) => d.url.endsWith(path))!;
    expect(by('/flaky')).toMatchObject({ status: 'delivered', attempts: 2, last_status: 200 });
    expect(by('/gone')).toMatchObject({ status: 'failed', attempts: 1, last_status: 410 });
    expect(by('/slack')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(received.filter((r) => r.path === '/gone')).toHaveLength(1);
  });

  test('a handoff goes only to the webhook that asked for it', async () => {
    const before = received.length;
    const turn = await s.chat({ bot_id: BOT_ID, message: 'How much does the lamp cost?', session_id: 'hook-2' });
    const done = parseSse(await turn.text()).events.find((e) => e.type === 'done')!;
    const res = await s.post(`/v1/public/conversations/${done.conversation_id}/handoff`, { session_id: 'hook-2' });
    expect(res.status).toBe(200);
    await until(() => received.length > before, 'the handoff was sent');
    // The queue: one delivery per webhook that listens for the event, all written at once when
    // the event is enqueued, so the Slack one being there means no other is still to come.
    expect((await deliveries()).filter((d) => d.event === 'handoff.requested').map(pathOf)).toEqual(['/slack']);
    // The receiver: that nothing reaches /flaky or /gone is an absence, so it is looked for
    // after a bounded wait (the sender runs every 25 ms here)...
    await new Promise((r) => setTimeout(r, 200));
    const sent = received.slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/slack']);
    expect(JSON.parse(sent[0].body).text).toBe('A visitor asked for a person (Nimbus helper): How much does the lamp cost?');

    // ...with a positive control, so the silence cannot be a dead channel (a receiver or
    // sender that no longer reaches those two): an event they do listen for, sent the same
    // way, arrives at both. Still no handoff at either.
    const contact = await s.post(`/v1/public/bots/${BOT_ID}/contact`, { session_id: 'hook-3', fields: { email: 'kim@example.com' } });
    expect(contact.status).toBe(201);
    const at = (path: string) => received.slice(before).filter((r) => r.path === path);
    await until(() => at('/flaky').length > 0 && at('/gone').length > 0, 'the contact reached /flaky and /gone');
    for (const path of ['/flaky', '/gone']) {
      expect(at(path).map((r) => JSON.parse(r.body).type), path).toEqual(at(path).map(() => 'contact.submitted'));
      expect(JSON.parse(at(path)[0].body).data.fields).toEqual({ email: 'kim@example.com' });
    }
  });

  test('assignment and tags (issue 22) reach the receiver that asked for them, saying who and what', async () => {
    const turn = await s.chat({ bot_id: BOT_ID, message: 'Where is my invoice?', session_id: 'hook-22' });
    const { conversation_id } = parseSse(await turn.text()).events.find((e) => e.type === 'done')!;
    const as = (token: string, method: string, path: string, body?: unknown) =>
      fetch(`${s.url}/v1/agent/conversations/${conversation_id}${path}`, {
        method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
      });
    expect((await as(ADMIN, 'POST', '/assign', { agent: 'Bo' })).status).toBe(200);
    expect((await as(ADMIN, 'POST', '/tags', { tag: 'billing' })).status).toBe(201);
    expect((await as(ADMIN, 'DELETE', '/tags/billing')).status).toBe(200);
    const team = () => received.filter((r) => r.path === '/team');
    await until(() => team().length === 3, 'three team events arrived');
    expect(team().every((r) => r.valid)).toBe(true);
    const bodies = team().map((r) => JSON.parse(r.body)).sort((a, b) => a.type.localeCompare(b.type));
    expect(bodies.map((b) => [b.type, b.conversation_id, b.data])).toEqual([
      ['conversation.assigned', conversation_id, { agent_name: 'Zoe', assignee: 'Bo' }],
      ['conversation.tagged', conversation_id, { agent_name: 'Zoe', tag: 'billing' }],
      ['conversation.untagged', conversation_id, { agent_name: 'Zoe', tag: 'billing' }],
    ]);
  });
});
