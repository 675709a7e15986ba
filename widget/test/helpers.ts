// Test helpers: a fetch stub that answers with real Response objects. Stream bodies carry the
// protocol's bytes exactly as a server would send them, optionally cut into arbitrary chunks.
import { vi } from 'vitest';
import type { BotConfig } from '../types';

export const BOT = '3f6c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f';
export const BASE = 'https://api.test';

export const enc = (s: string) => new TextEncoder().encode(s);

/** SSE lines for a list of event objects. */
export const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

/** A streamed body from byte chunks (strings are UTF-8 encoded). */
export function body(chunks: (string | Uint8Array)[], opts: { fail?: boolean } = {}): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < chunks.length) {
        const x = chunks[i++];
        c.enqueue(typeof x === 'string' ? enc(x) : x);
      } else if (opts.fail) c.error(new TypeError('network error'));
      else c.close();
    },
  });
}

export const sseResponse = (chunks: (string | Uint8Array)[] | string, init: ResponseInit = {}, opts = {}) =>
  new Response(body(typeof chunks === 'string' ? [chunks] : chunks, opts), {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
    ...init,
  });

export const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export function config(extra: Partial<BotConfig> = {}): BotConfig {
  return {
    bot_id: BOT,
    bot_name: 'Lumen Helper',
    widget_settings: { primary_color: '#2563eb', position: 'bottom-right', theme: 'light' },
    suggested_questions: ['How do I sync?', 'Is there a free plan?', 'Export to PDF?', 'Fourth?'],
    show_suggested_questions: true,
    suggested_questions_count: 3,
    welcome_message: 'Hi! Ask me about **Lumen Notes**.',
    warning_message: null,
    recaptcha_site_key: null,
    language: 'en',
    handoff_enabled: false,
    handoff_trigger: 'button',
    handoff_available: true,
    allow_user_images: false,
    contact_form_enabled: false,
    contact_form_trigger: 'button',
    contact_form_fields: null,
    contact_form_button_display: 'after_response',
    ...extra,
  };
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Routes `METHOD /path` (regex on the path) to handlers; records every call. */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: any }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = (init.method || 'GET').toUpperCase();
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    for (const [k, h] of Object.entries(routes)) {
      const [m, p] = k.split(' ');
      if (m === method && new RegExp(p).test(url.pathname)) return h(url, init);
    }
    return json({ error: 'not_found', message: 'no route' }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, streams: () => calls.filter((c) => c.url.pathname.endsWith('/chat/stream')) };
}
