// An in-memory Agent API behind a fetch function, for tests. It answers with real Response
// objects shaped exactly as docs/extensions.md says, checks the bearer token on every call
// like the server, and records each request so tests can assert what the inbox sent.
import type { Citation, ContactSubmission, ConversationDetail, ConversationSummary, Message } from '../api';

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

type Failure = 'network' | number;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

function errorBody(status: number): Response {
  const code = status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : status === 400 ? 'invalid_request' : 'internal_error';
  return json({ error: code, message: `fake ${status}` }, status);
}

let seq = 0;
const nextId = (prefix: string) => `${prefix}-${(++seq).toString().padStart(4, '0')}`;

export function message(role: 'user' | 'assistant', content: string, extra: Partial<Message> = {}): Message {
  return {
    id: nextId('msg'),
    role,
    content,
    citations: role === 'user' ? null : [],
    feedback: null,
    image_preview: null,
    created_at: '2025-01-01T10:00:00.000Z',
    agent_name: null,
    ...extra,
  };
}

export function citation(page_title: string, source_url: string): Citation {
  return { page_title, source_url, source_id: nextId('src'), score: 0.8, from_web_search: false };
}

export interface SeedConversation {
  id?: string;
  botName?: string;
  status?: ConversationSummary['status'];
  waitingSince: string;
  messages: Message[];
  contactSubmissions?: ContactSubmission[];
}

interface Stored {
  conversation: Omit<ConversationSummary, 'last_message'>;
  messages: Message[];
  contact_submissions: ContactSubmission[];
}

export interface FakeOptions {
  /** token → agent name */
  agents?: Record<string, string>;
  conversations?: SeedConversation[];
  /** 'seeded' answers the list in seed order, to check that the client orders it itself. */
  listOrder?: 'oldest-first' | 'seeded';
}

export function createFakeAgentApi(options: FakeOptions = {}) {
  const agents: Record<string, string> = { ...(options.agents ?? { 'tok-ana': 'Ana' }) };
  const store = new Map<string, Stored>();
  for (const seed of options.conversations ?? []) {
    const id = seed.id ?? nextId('conv');
    store.set(id, {
      conversation: {
        conversation_id: id,
        bot_id: 'bot-1',
        bot_name: seed.botName ?? 'Docs helper',
        status: seed.status ?? 'handoff',
        waiting_since: seed.waitingSince,
        updated_at: seed.waitingSince,
        visitor: null,
      },
      messages: seed.messages,
      contact_submissions: seed.contactSubmissions ?? [],
    });
  }
  const calls: RecordedCall[] = [];
  const failures: Array<{ method: string; path: RegExp; failure: Failure }> = [];
  let offline = false;

  const summary = (s: Stored): ConversationSummary => ({ ...s.conversation, last_message: s.messages.at(-1) ?? null });
  const detail = (s: Stored): ConversationDetail => ({
    conversation: summary(s),
    messages: s.messages,
    contact_submissions: s.contact_submissions,
  });

  function route(method: string, url: URL, body: unknown, agent: string): Response {
    const path = url.pathname;
    if (method === 'GET' && path === '/v1/agent/me') return json({ name: agent });
    if (method === 'POST' && path === '/v1/agent/presence') return json({ available: true, expires_in: 60 });
    if (method === 'GET' && path === '/v1/agent/conversations') {
      const status = url.searchParams.get('status') ?? 'handoff';
      let list = [...store.values()].filter((s) => s.conversation.status === status);
      if (options.listOrder !== 'seeded') {
        list = list.sort((a, b) => Date.parse(a.conversation.waiting_since ?? '') - Date.parse(b.conversation.waiting_since ?? ''));
      }
      return json({ conversations: list.map(summary) });
    }
    const match = /^\/v1\/agent\/conversations\/([^/]+)(\/messages|\/close)?$/.exec(path);
    const stored = match ? store.get(decodeURIComponent(match[1])) : undefined;
    if (!match || !stored) return errorBody(404);
    if (method === 'GET' && !match[2]) return json(detail(stored));
    if (method === 'POST' && match[2] === '/messages') {
      const content = (body as { content?: unknown } | undefined)?.content;
      if (typeof content !== 'string' || !content.trim()) return errorBody(400);
      const reply = message('assistant', content, { citations: null, agent_name: agent, created_at: new Date().toISOString() });
      stored.messages = [...stored.messages, reply];
      return json(reply, 201);
    }
    if (method === 'POST' && match[2] === '/close') {
      stored.conversation.status = 'closed';
      return json({ conversation_id: stored.conversation.conversation_id, conversation_status: 'closed' });
    }
    return errorBody(404);
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://agent.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname + url.search,
      authorization: headers.get('Authorization'),
      contentType: headers.get('Content-Type'),
      body,
    });
    const index = failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
    const failure = index >= 0 ? failures.splice(index, 1)[0].failure : offline ? 'network' : undefined;
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (typeof failure === 'number') return errorBody(failure);
    const token = /^Bearer (.+)$/.exec(headers.get('Authorization') ?? '')?.[1];
    const agent = token ? agents[token] : undefined;
    if (!agent) return errorBody(401);
    return route(method, url, body, agent);
  };

  return {
    fetch,
    calls,
    /** Messages as stored "server side". */
    messagesOf: (id: string) => store.get(id)?.messages ?? [],
    statusOf: (id: string) => store.get(id)?.conversation.status,
    /** The next matching request fails once: 'network' rejects like fetch does, a number answers that status. */
    failOnce(method: string, path: RegExp, failure: Failure) {
      failures.push({ method, path, failure });
    },
    setOffline(value: boolean) {
      offline = value;
    },
    revoke(token: string) {
      delete agents[token];
    },
    callsTo(method: string, path: string | RegExp) {
      return calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));
    },
  };
}

export type FakeAgentApi = ReturnType<typeof createFakeAgentApi>;
