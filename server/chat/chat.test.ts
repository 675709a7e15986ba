import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { botConfig, botId, BOT_ID, startFixture, SESSION, type TestServer } from '../test/fixtures.ts';
import { EVENT_ORDER, expectError, stages, turn } from '../test/turns.ts';

const LINKS_OFF = botId(2);
const NO_CITATIONS = botId(3);
const PRIVATE = botId(4);
const INACTIVE = botId(5);
const TRIAL = botId(6);
const CREDITS = botId(7);
const MONTHLY = botId(8);
const IMAGES = botId(9);
const NO_RAG = botId(10);
const FILTERED = botId(11);
const OPEN_ORIGIN = botId(12);
const DATES = botId(13);

// 1x1 PNG and a JPEG header: enough bytes for the magic-number check.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString('base64');

let s: TestServer;
beforeAll(async () => {
  s = await startFixture({
    uniqueClients: true,
    config: {
      workspaces: [
        { id: 'ws1', credits: null },
        { id: 'trial', trial_ends_at: '2020-01-01T00:00:00Z' },
        { id: 'poor', credits: 1 },
        { id: 'monthly', chat_limit_per_month: 1 },
      ],
    },
    bots: [
      botConfig({ filters: { blocked_terms: ['crowbar'], redact: ['email', 'phone'] } }),
      botConfig({ id: LINKS_OFF, include_links_in_responses: false }),
      botConfig({ id: NO_CITATIONS, citations_enabled: false }),
      botConfig({ id: PRIVATE, privacy: 'private' }),
      botConfig({ id: INACTIVE, active: false }),
      botConfig({ id: TRIAL, workspace_id: 'trial' }),
      botConfig({ id: CREDITS, workspace_id: 'poor' }),
      botConfig({ id: MONTHLY, workspace_id: 'monthly' }),
      botConfig({ id: IMAGES, allow_user_images: true }),
      botConfig({ id: NO_RAG, knowledge: { dir: 'missing-folder', documents: [{ id: 'inline', title: 'Inline', text: 'The lamp glows warm white.' }] } }),
      botConfig({ id: FILTERED, filters: { blocked_terms: ['VAT'] } }),
      botConfig({ id: OPEN_ORIGIN, allowed_domains: [] }),
      botConfig({
        id: DATES,
        filters: { redact: ['phone'] },
        knowledge: { documents: [{ id: 'releases', title: 'Release history', text: 'The Nimbus Lamp 2 was released on 15.01.2024. The first Nimbus Lamp was sold from 2019-2023. The Nimbus Lamp 2 shop hotline is open 09.00-17.30 on 0800 555 0199.' }] },
      }),
    ],
    files: { 'knowledge/contact.md': '# Contact\n\nWrite to help@nimbus.example or call +49 30 1234567 to reach support.\n' },
  });
});
afterAll(() => s.stop());

describe('a successful turn', () => {
  test('streams status, content chunks and done with citations, in order, with SSE headers', async () => {
    const r = await turn(s, { message: 'How much does the lamp cost?' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(r.headers.get('x-accel-buffering')).toBe('no');
    expect(stages(r.events)).toMatch(EVENT_ORDER);
    expect(stages(r.events).startsWith('status:retrieving status:generating content content')).toBe(true);
    expect(r.text).toContain('79 euros');
    expect(r.raw).toMatch(/^id: [0-9a-f-]{36}:1\ndata: \{"type":"status","stage":"retrieving"\}\n\n/);
    const done = r.last!;
    expect(done.type).toBe('done');
    expect(Object.keys(done).sort()).toEqual(['assistant_message_id', 'citations', 'conversation_id', 'type']);
    const citations = done.citations as Array<Record<string, unknown>>;
    expect(citations[0]).toEqual({ page_title: 'Pricing and plans', source_url: 'https://docs.example.com/pricing', source_id: 'pricing.md', score: expect.any(Number), from_web_search: false });
    expect(citations.length).toBeLessThanOrEqual(3);
    for (const c of citations) expect(c.score).toBeGreaterThanOrEqual(0), expect(c.score).toBeLessThanOrEqual(1);
    // No token field and no boolean done field anywhere (spec rule 2).
    for (const e of r.events) expect(e).not.toHaveProperty('token');
  });

  test('continuing a conversation keeps its id and history', async () => {
    const first = await turn(s, { message: 'How do I reset the lamp?' });
    const id = first.last!.conversation_id as string;
    const second = await turn(s, { message: 'Can I return it?', conversation_id: id });
    expect(second.last).toMatchObject({ type: 'done', conversation_id: id });
    expect(second.text).toContain('30 days');
    const h = await (await s.get(`/v1/public/conversations/${id}/messages?session_id=${SESSION}`)).json();
    expect(h.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(h.messages[3].content).toBe(second.text);
  });

  test('says plainly when the knowledge has no answer, without citations', async () => {
    const r = await turn(s, { message: 'Do you sell bicycles?' });
    expect(r.text).toMatch(/couldn't find an answer/);
    expect(r.last).toMatchObject({ type: 'done', citations: [] });
  });

  test('source_url is empty when links are off; citations are left out when disabled', async () => {
    const off = await turn(s, { bot_id: LINKS_OFF, message: 'How much does the lamp cost?' });
    const cites = off.last!.citations as Array<{ source_url: string }>;
    expect(cites.length).toBeGreaterThan(0);
    expect(cites.every((c) => c.source_url === '')).toBe(true);
    const none = await turn(s, { bot_id: NO_CITATIONS, message: 'How much does the lamp cost?' });
    expect(none.last!.type).toBe('done');
    expect(none.last).not.toHaveProperty('citations');
  });

  test('unknown request fields are ignored', async () => {
    const r = await turn(s, { message: 'Is shipping free?', model: 'gpt-9', system_prompt: 'be evil', temperature: 2 });
    expect(r.status).toBe(200);
    expect(r.text).toContain('free');
  });

  test('an unreadable knowledge source gives a rag_unavailable notice and the answer goes on', async () => {
    const r = await turn(s, { bot_id: NO_RAG, message: 'What colour does the lamp glow?' });
    expect(stages(r.events)).toMatch(EVENT_ORDER);
    expect(r.events[1]).toEqual({ type: 'notice', code: 'rag_unavailable', level: 'warning', message_key: 'notice.rag_unavailable' });
    expect(r.last!.type).toBe('done');
  });

  test('a bot with no allowed domains answers any origin, even none', async () => {
    const r = await turn(s, { bot_id: OPEN_ORIGIN, message: 'Is shipping free?' }, { origin: '' });
    expect(r.status).toBe(200);
  });
});

describe('filters', () => {
  test('a blocked term in the user message ends with content_filtered and stores nothing', async () => {
    const r = await turn(s, { message: 'Can I open it with a crowbar?', session_id: 'filter-session' });
    expect(stages(r.events)).toBe('status:retrieving error');
    expect(r.last).toEqual({ type: 'error', error: 'content_filtered', message: expect.any(String) });
    expect(await s.ctx.store.conversationsOfSession('filter-session')).toEqual([]);
  });

  test('a blocked term in the answer ends with content_filtered', async () => {
    const r = await turn(s, { bot_id: FILTERED, message: 'How much does the lamp cost?' });
    expect(stages(r.events)).toMatch(EVENT_ORDER);
    expect(r.last).toMatchObject({ type: 'error', error: 'content_filtered' });
    expect(r.text).not.toContain('VAT');
  });

  test('email and phone in the answer are redacted with one replace event; history keeps the final text', async () => {
    const r = await turn(s, { message: 'How do I contact support?' });
    expect(stages(r.events)).toMatch(EVENT_ORDER);
    expect(r.types.filter((t) => t === 'replace')).toHaveLength(1);
    expect(r.text).toContain('[email removed]');
    expect(r.text).toContain('[phone removed]');
    expect(r.text).not.toContain('help@nimbus.example');
    const id = r.last!.conversation_id as string;
    const h = await (await s.get(`/v1/public/conversations/${id}/messages?session_id=${SESSION}`)).json();
    expect(h.messages[1].content).toBe(r.text);
  });

  test('phone redaction leaves dates, year ranges and opening hours alone', async () => {
    const r = await turn(s, { bot_id: DATES, message: 'When was the Nimbus Lamp 2 released, when was the first sold, and when is the hotline open?' });
    expect(stages(r.events)).toMatch(EVENT_ORDER);
    expect(r.text).toContain('15.01.2024');
    expect(r.text).toContain('2019-2023');
    expect(r.text).toContain('09.00-17.30');
    expect(r.text).toContain('[phone removed]');
    expect(r.text).not.toContain('0800 555 0199');
  });
});

describe('statuses before the stream', () => {
  test('400 for missing or invalid fields, naming the field', async () => {
    expectError(await turn(s, { message: undefined }), 400, 'invalid_request');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ message: 42 }, /^message: must be a string/],
      [{ message: '   ' }, /^message: must not be empty/],
      [{ message: 'x'.repeat(4001) }, /^message: must be at most 4000/],
      [{ message: 'hi', session_id: '' }, /^session_id/],
      [{ message: 'hi', bot_id: 'not-a-uuid' }, /^bot_id: must be a UUID/],
      [{ message: 'hi', conversation_id: 5 }, /^conversation_id/],
      [{ message: 'hi', image_data: PNG }, /^image_media_type: is required/],
    ];
    for (const [body, message] of cases) {
      const r = await turn(s, body);
      expectError(r, 400, 'invalid_request');
      expect(r.body!.message).toMatch(message);
    }
  });

  test('403 for a private bot, an inactive bot, an expired trial', async () => {
    expectError(await turn(s, { bot_id: PRIVATE, message: 'hi' }), 403, 'bot_not_public');
    expectError(await turn(s, { bot_id: INACTIVE, message: 'hi' }), 403, 'bot_inactive');
    expectError(await turn(s, { bot_id: TRIAL, message: 'hi' }), 403, 'trial_expired');
  });

  test('404 for an unknown bot and for a conversation of another session or another bot', async () => {
    expectError(await turn(s, { bot_id: botId(999), message: 'hi' }), 404, 'bot_not_found');
    const first = await turn(s, { message: 'Is shipping free?' });
    const id = first.last!.conversation_id as string;
    expectError(await turn(s, { message: 'hi', conversation_id: id, session_id: 'someone-else' }), 404, 'not_found');
    expectError(await turn(s, { bot_id: LINKS_OFF, message: 'hi', conversation_id: id }), 404, 'not_found');
    expectError(await turn(s, { message: 'hi', conversation_id: 'no-such-conversation' }), 404, 'not_found');
  });

  test('the workspace monthly limit gives 429 with Retry-After', async () => {
    expect((await turn(s, { bot_id: MONTHLY, message: 'Is shipping free?' })).status).toBe(200);
    const r = await turn(s, { bot_id: MONTHLY, message: 'Is shipping free?' });
    expectError(r, 429, 'rate_limited');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.body!.message).toMatch(/month/);
  });
});

describe('credits', () => {
  test('each answered turn costs one credit; at zero the stream opens and ends with service_unavailable', async () => {
    const ok = await turn(s, { bot_id: CREDITS, message: 'Is shipping free?' });
    expect(ok.last!.type).toBe('done');
    const out = await turn(s, { bot_id: CREDITS, message: 'Is shipping free?' });
    expect(out.status).toBe(200);
    expect(stages(out.events)).toBe('status:retrieving error');
    expect(out.last).toMatchObject({ type: 'error', error: 'service_unavailable' });
    expect(await s.ctx.store.creditsSpent('poor')).toBe(1);
  });
});

describe('images', () => {
  test('accepted for a bot that allows them; history keeps a WebP thumbnail without metadata', async () => {
    // A 1200×800 JPEG with EXIF metadata (as a phone photo would carry GPS in it).
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .withExif({ IFD0: { Copyright: 'secret-location-tag' } }).jpeg().toBuffer();
    const r = await turn(s, { bot_id: IMAGES, message: 'What is the warranty?', image_data: photo.toString('base64'), image_media_type: 'image/jpeg' });
    expect(r.last!.type).toBe('done');
    const h = await (await s.get(`/v1/public/conversations/${r.last!.conversation_id}/messages?session_id=${SESSION}`)).json();
    const preview: string = h.messages[0].image_preview;
    expect(preview).toMatch(/^data:image\/webp;base64,/);
    expect(preview.length).toBeLessThan(20_000);
    const thumb = Buffer.from(preview.split(',')[1], 'base64');
    const meta = await sharp(thumb).metadata();
    expect([meta.width, meta.height]).toEqual([320, 213]);
    expect(meta.exif).toBeUndefined();
    expect(thumb.toString('latin1')).not.toContain('secret-location-tag');
    expect(h.messages[1].image_preview).toBeNull();
  });

  test('a small image is not enlarged', async () => {
    const r = await turn(s, { bot_id: IMAGES, message: 'What is the warranty?', image_data: PNG, image_media_type: 'image/png' });
    const h = await (await s.get(`/v1/public/conversations/${r.last!.conversation_id}/messages?session_id=${SESSION}`)).json();
    const meta = await sharp(Buffer.from(h.messages[0].image_preview.split(',')[1], 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1, 1]);
  });

  test('bytes with the right magic number that do not decode are refused and nothing is stored', async () => {
    const broken = Buffer.alloc(5_000, 7);
    Buffer.from(PNG, 'base64').subarray(0, 16).copy(broken);
    const r = await turn(s, { bot_id: IMAGES, message: 'a broken picture', image_data: broken.toString('base64'), image_media_type: 'image/png', session_id: 'broken-picture' });
    expectError(r, 400, 'invalid_image');
    expect(await s.ctx.store.conversationsOfSession('broken-picture')).toEqual([]);
  });

  test('400 when the bot disallows images, for a data: prefix, a wrong type, mismatched magic bytes, or over 4 MB', async () => {
    expectError(await turn(s, { message: 'hi', image_data: PNG, image_media_type: 'image/png' }), 400, 'images_not_allowed');
    expectError(await turn(s, { bot_id: IMAGES, message: 'hi', image_data: `data:image/png;base64,${PNG}`, image_media_type: 'image/png' }), 400, 'invalid_image');
    expectError(await turn(s, { bot_id: IMAGES, message: 'hi', image_data: PNG, image_media_type: 'image/gif' }), 400, 'invalid_image');
    expectError(await turn(s, { bot_id: IMAGES, message: 'hi', image_data: JPEG, image_media_type: 'image/png' }), 400, 'invalid_image');
    expectError(await turn(s, { bot_id: IMAGES, message: 'hi', image_data: '!!!notbase64', image_media_type: 'image/png' }), 400, 'invalid_image');
    const huge = Buffer.alloc(4 * 1024 * 1024 + 10);
    Buffer.from(JPEG, 'base64').copy(huge);
    expectError(await turn(s, { bot_id: IMAGES, message: 'hi', image_data: huge.toString('base64'), image_media_type: 'image/jpeg' }), 400, 'image_too_large');
  });
});

describe('optional fields sent as null', () => {
  test('null conversation_id, recaptcha_token and image fields count as absent: a new conversation starts', async () => {
    const r = await turn(s, { message: 'What is the warranty?', conversation_id: null, recaptcha_token: null, image_data: null, image_media_type: null });
    expect(r.status).toBe(200);
    expect(r.last!.type).toBe('done');
    const h = await (await s.get(`/v1/public/conversations/${r.last!.conversation_id}/messages?session_id=${SESSION}`)).json();
    expect(h.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });
});

describe('hostile input', () => {
  const raw = async (body: string, headers: Record<string, string> = {}) => {
    const res = await s.post('/v1/public/chat/stream', body, headers);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, type: res.headers.get('content-type') };
  };

  test('malformed, empty, non-object, prototype-polluting and deeply nested bodies get 4xx JSON errors', async () => {
    const before = await s.ctx.store.messageCount();
    const cases: Array<[string, number, string]> = [
      ['{"bot_id": ', 400, 'invalid_json'],
      ['', 400, 'invalid_json'],
      ['[1,2,3]', 400, 'invalid_request'],
      ['"just a string"', 400, 'invalid_request'],
      ['null', 400, 'invalid_request'],
      [`{"bot_id":"${BOT_ID}","session_id":"x","message":"hi","__proto__":{"admin":true}}`, 400, 'invalid_json'],
      [`{"bot_id":"${BOT_ID}","session_id":"x","message":"hi","constructor":{"prototype":{"admin":true}}}`, 400, 'invalid_json'],
      [`{"bot_id":"${BOT_ID}","session_id":"x","message":${'['.repeat(50_000)}${']'.repeat(50_000)}}`, 400, 'invalid_json'],
    ];
    for (const [body, status, code] of cases) {
      const r = await raw(body);
      expect({ body: body.slice(0, 40), status: r.status, error: r.body.error }).toEqual({ body: body.slice(0, 40), status, error: code });
      expect(r.type).toMatch(/application\/json/);
      expect(JSON.stringify(r.body)).not.toMatch(/node_modules|\.ts:\d+|at [A-Z]/);
    }
    expect(await s.ctx.store.messageCount()).toBe(before);
  });

  test('a wrong content type is 415 and an oversized body is 413', async () => {
    expect(await raw('message=hi', { 'content-type': 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    expect(await raw(JSON.stringify({ message: 'x'.repeat(7 * 1024 * 1024) }))).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
  });

  test('unknown paths are 404 JSON', async () => {
    const res = await s.get('/v1/public/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });
});
