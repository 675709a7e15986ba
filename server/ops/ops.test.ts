// What an operator has: liveness and readiness, Prometheus metrics that move with real
// traffic, JSON logs with a request id that never hold what a visitor wrote, and a log event
// plus a counter for every contact-form submission.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BOT_ID, botConfig, botId, ORIGIN, SESSION, startFixture, type TestServer } from '../test/fixtures.ts';
import { turn } from '../test/turns.ts';

const contactForm = {
  enabled: true,
  fields: [
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'message', label: 'Message', type: 'textarea', required: true },
  ],
};

/** The value of one sample line of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

let s: TestServer;
const lines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => {
    for (const l of d.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l));
  });
  s = await startFixture({
    uniqueClients: true,
    bots: [botConfig({ contact_form: contactForm, rate_limits: { per_minute: 3 } })],
    config: { workspaces: [{ id: 'ws1', credits: 50, trial_ends_at: null, chat_limit_per_month: null }] },
    start: { log: { level: 'info', stream } },
  });
});
afterAll(() => s.stop());

describe('health', () => {
  test('/healthz and /readyz answer 200 with no caching', async () => {
    const live = await s.get('/healthz');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await s.get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', storage: 'ok', knowledge: 'ok', bots: 1 });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });
});

describe('metrics and logs', () => {
  test('turns, first content, model and retrieval time, responses by route, errors by code, credits, contacts', async () => {
    // Answerable (the engine runs, so its time is counted), and private: it must never reach the log.
    const secret = 'my secret banana question: how much does the Nimbus Lamp cost?';
    const ok = await turn(s, { message: secret });
    expect(ok.last?.type).toBe('done');
    await s.get('/nope/nope');
    // One client over the bot's limit of 3 a minute: a 429 on the chat route.
    const one = { 'x-forwarded-for': '50.0.0.9' };
    for (let i = 0; i < 4; i++) await turn(s, { message: 'Is shipping free?' }, one);
    const contact = await s.post(`/v1/public/bots/${BOT_ID}/contact`, {
      session_id: SESSION, fields: { email: 'visitor@example.com', message: 'Please call me about banana lamps' },
    });
    expect(contact.status).toBe(201);

    const res = await fetch(`${s.url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(sample(text, 'lumen_chat_turns_total', { outcome: 'done' })).toBe(4);
    expect(sample(text, 'lumen_chat_time_to_first_content_seconds_count')).toBe(4);
    expect(sample(text, 'lumen_chat_model_seconds_count', { engine: 'extractive', outcome: 'ok' })).toBe(4);
    expect(sample(text, 'lumen_chat_retrieval_seconds_count')).toBe(4);
    expect(sample(text, 'lumen_chat_http_responses_total', { route: '/v1/public/chat/stream', status: '429' })).toBe(1);
    expect(sample(text, 'lumen_chat_http_responses_total', { route: '/v1/public/chat/stream', status: '200' })).toBe(4);
    expect(sample(text, 'lumen_chat_http_responses_total', { status: '404' })).toBe(1);
    expect(sample(text, 'lumen_chat_errors_total', { code: 'rate_limited', where: 'http' })).toBe(1);
    expect(sample(text, 'lumen_chat_errors_total', { code: 'not_found', where: 'http' })).toBe(1);
    expect(sample(text, 'lumen_chat_open_streams')).toBe(0);
    expect(sample(text, 'lumen_chat_credits_left', { workspace: 'ws1' })).toBe(46);
    expect(sample(text, 'lumen_chat_contact_submissions_total', { bot: BOT_ID })).toBe(1);

    // Logs: JSON lines, each request's with its id (also sent as X-Request-Id), none with the visitor's words.
    const health = await s.get('/healthz');
    const id = health.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => lines.some((l) => l.reqId === id && (l.res as { status?: number })?.status === 200)).toBe(true);
    const all = JSON.stringify(lines);
    expect(all).not.toContain('banana');
    expect(all).not.toContain('visitor@example.com');
    expect(all).not.toContain(SESSION);
    const submitted = lines.find((l) => l.event === 'contact_submitted');
    expect(submitted).toMatchObject({ bot_id: BOT_ID, fields: ['email', 'message'], level: 30 });
    expect(submitted?.reqId).toBeTruthy();
  });

  test('an open stream is counted while it is open', async () => {
    const slow = await startFixture({ bots: [botConfig({ engine: { type: 'extractive', chunk_delay_ms: 300 } })] });
    try {
      const res = await slow.chat({ message: 'How do I reset the lamp?' });
      const reader = res.body!.getReader();
      await reader.read();
      const text = await (await fetch(`${slow.url}/metrics`)).text();
      expect(sample(text, 'lumen_chat_open_streams')).toBe(1);
      await reader.cancel();
    } finally {
      await slow.stop();
    }
  });
});

describe('readiness with knowledge that could not be read', () => {
  test('/readyz stays 200 but says knowledge degraded and names each bot: a missing folder, a sitemap that failed, a bot that knows nothing', async () => {
    const t = await startFixture({
      bots: [
        botConfig(),
        botConfig({ id: botId(2), knowledge: { dir: 'no-such-folder', documents: [{ id: 'd', text: 'Some text.' }] } }),
        // Port 1 on loopback: refused at once, so the sitemap (its robots.txt) cannot be read.
        botConfig({ id: botId(3), knowledge: { dir: null, documents: [{ id: 'd', text: 'Some text.' }], sitemaps: ['http://127.0.0.1:1/sitemap.xml'] } }),
        botConfig({ id: botId(4), knowledge: null }),
      ],
    });
    try {
      await t.crawls;
      const ready = await t.get('/readyz');
      expect(ready.status).toBe(200);
      const body = await ready.json();
      expect(body).toMatchObject({ status: 'ready', storage: 'ok', bots: 4, knowledge: 'degraded' });
      expect(body.degraded_bots).toEqual([
        { bot_id: botId(2), unreadable_sources: 1, passages: 1 },
        { bot_id: botId(3), unreadable_sources: 1, passages: 1 },
        { bot_id: botId(4), unreadable_sources: 0, passages: 0 },
      ]);
      // Names and counts only: the paths and errors are for the log, not a public endpoint.
      expect(JSON.stringify(body)).not.toContain('no-such-folder');
    } finally {
      await t.stop();
    }
  });
});

describe('readiness when the store is gone', () => {
  test('/readyz answers 503 naming the storage while /healthz stays 200', async () => {
    const t = await startFixture();
    try {
      t.ctx.store.close();
      const ready = await fetch(`${t.url}/readyz`, { headers: { origin: ORIGIN } });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ error: 'not_ready', message: expect.stringContaining('storage') });
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
