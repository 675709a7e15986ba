import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { botConfig, botId, BOT_ID, SESSION, startFixture, type TestServer } from '../test/fixtures.ts';
import { turn } from '../test/turns.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startFixture({ uniqueClients: true, bots: [botConfig(), botConfig({ id: botId(2), privacy: 'private' })], start: { demo: true } });
});
afterAll(() => s.stop());

const history = (id: string, query: string) => s.get(`/v1/public/conversations/${id}/messages?${query}`);

describe('history', () => {
  test('every Message field, oldest first, ISO UTC timestamps, `after` for polling, survives a restart', async () => {
    const first = await turn(s, { message: 'How much does the lamp cost?' });
    const id = first.last!.conversation_id as string;
    await turn(s, { message: 'Is shipping free?', conversation_id: id });

    const res = await history(id, `session_id=${SESSION}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.conversation_status).toBe('open');
    expect(body.messages).toHaveLength(4);
    const [user, assistant] = body.messages;
    expect(Object.keys(user).sort()).toEqual(['agent_name', 'citations', 'content', 'created_at', 'feedback', 'id', 'image_preview', 'role']);
    expect(user).toMatchObject({ role: 'user', content: 'How much does the lamp cost?', citations: null, feedback: null, image_preview: null, agent_name: null });
    expect(user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(assistant).toMatchObject({ role: 'assistant', id: first.last!.assistant_message_id, citations: first.last!.citations });
    expect(assistant.content).toBe(first.text);

    const after = await (await history(id, `session_id=${SESSION}&after=${assistant.id}`)).json();
    expect(after.messages.map((m: { content: string }) => m.content)).toEqual(body.messages.slice(2).map((m: { content: string }) => m.content));
    const last = body.messages[3].id;
    expect((await (await history(id, `session_id=${SESSION}&after=${last}`)).json()).messages).toEqual([]);

    s = await s.restart();
    const again = await (await history(id, `session_id=${SESSION}`)).json();
    expect(again).toEqual(body);
    // And the conversation goes on after the restart.
    expect((await turn(s, { message: 'Can I return it?', conversation_id: id })).last!.type).toBe('done');
  });

  test('missing session 400; unknown or foreign conversation the same 404; bad `after` 400; refused origin 403', async () => {
    const r = await turn(s, { message: 'Is shipping free?' });
    const id = r.last!.conversation_id as string;
    expect((await history(id, '')).status).toBe(400);
    const foreign = await history(id, 'session_id=intruder');
    const unknown = await history('00000000-0000-4000-8000-000000000000', `session_id=${SESSION}`);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await foreign.json()).toEqual(await unknown.json());
    const bad = await history(id, `session_id=${SESSION}&after=not-a-message`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^after:/);
    const evil = await s.get(`/v1/public/conversations/${id}/messages?session_id=${SESSION}`, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
  });
});

describe('widget configuration', () => {
  test('all 23 fields of the spec (plus the proactive_messages extension) from the bot settings; unknown widget settings are not echoed', async () => {
    const res = await s.get(`/v1/public/bots/${BOT_ID}/config`);
    expect(res.status).toBe(200);
    const cfg = await res.json();
    expect(Object.keys(cfg)).toHaveLength(24);
    expect(cfg.proactive_messages).toEqual([]);
    expect(cfg).toMatchObject({
      bot_id: BOT_ID, bot_name: 'Nimbus helper', show_suggested_questions: true, suggested_questions_count: 3,
      suggested_questions: ['How much does it cost?', 'How do I reset it?'], welcome_message: 'Hi! Ask me about the Nimbus Lamp.',
      warning_message: null, recaptcha_site_key: null, include_links: true, language: 'en', mcp_url: null,
      handoff_enabled: false, handoff_trigger: 'button', handoff_available: false, allow_user_images: false,
      contact_form_enabled: false, contact_form_button_display: 'after_response',
    });
    expect(cfg.widget_settings).toEqual({ primary_color: '#2563eb', position: 'bottom-right', title: 'Help', theme: 'auto' });
  });

  test('unknown bot 404, private bot 403, malformed id 400', async () => {
    expect((await s.get(`/v1/public/bots/${botId(77)}/config`)).status).toBe(404);
    expect((await s.get(`/v1/public/bots/${botId(2)}/config`)).status).toBe(403);
    expect((await s.get('/v1/public/bots/abc/config')).status).toBe(400);
  });
});

describe('static files', () => {
  test('widget.js, the demo page, the agent inbox and the OpenAPI document are served with their types', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(`${s.dir}/dist`, { recursive: true });
    writeFileSync(`${s.dir}/dist/widget.js`, 'console.log("widget")');
    writeFileSync(`${s.dir}/index.html`, '<!doctype html><title>demo</title>');
    const js = await fetch(`${s.url}/widget.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('access-control-allow-origin')).toBe('*');
    expect(js.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(await js.text()).toBe('console.log("widget")');
    const again = await fetch(`${s.url}/widget.js`, { headers: { 'if-none-match': js.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const page = await fetch(`${s.url}/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>demo</title>');
    const doc = await (await fetch(`${s.url}/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    mkdirSync(`${s.dir}/dist/agent`, { recursive: true });
    writeFileSync(`${s.dir}/dist/agent/index.html`, '<!doctype html><script type="module" src="/agent.js"></script>');
    writeFileSync(`${s.dir}/dist/agent/agent.js`, 'export {}');
    writeFileSync(`${s.dir}/dist/agent/agent.css`, 'body{}');
    const inbox = await fetch(`${s.url}/agent`);
    expect(inbox.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${s.url}/agent.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${s.url}/agent.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetch(`${s.url}/widget-app.Ab12Cd34.js`)).status).toBe(404); // not built yet
    // The app is an ES module that widget.js imports from another origin than the page: CORS.
    writeFileSync(`${s.dir}/dist/widget-app.Ab12Cd34.js`, 'export const start = () => {}');
    const app = await fetch(`${s.url}/widget-app.Ab12Cd34.js`);
    expect(app.headers.get('access-control-allow-origin')).toBe('*');
    expect(app.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });
});
