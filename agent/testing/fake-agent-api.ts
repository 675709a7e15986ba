// An in-memory Agent API behind a fetch function, for tests. It answers with real Response
// objects shaped exactly as docs/extensions.md says, checks the bearer token on every call
// like the server, and records each request so tests can assert what the inbox sent.
import { CONSOLE_SSE_EVENT, type AgentRole, type MessageRole } from '../../protocol/codes.ts';
import type {
  Citation, ConsoleEvent, ContactSubmission, ConversationDetail, ConversationEvent, ConversationSummary, DayStats, Message, SourceHealth, UnansweredGroup,
  WebhookDelivery,
} from '../api';

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

export function message(role: MessageRole, content: string, extra: Partial<Message> = {}): Message {
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
  contactSubmissions?: Array<Pick<ContactSubmission, 'id' | 'fields' | 'created_at'>>;
  assignee?: string | null;
}

interface Stored {
  conversation: Omit<ConversationSummary, 'last_message' | 'title'>;
  messages: Message[];
  contact_submissions: ContactSubmission[];
  events: ConversationEvent[];
}

export interface FakeOptions {
  /** token → agent name */
  agents?: Record<string, string>;
  conversations?: SeedConversation[];
  /** 'seeded' answers the list in seed order, to check that the client orders it itself. */
  listOrder?: 'oldest-first' | 'seeded';
  /** token → role; agents not named are `agent`. */
  roles?: Record<string, AgentRole>;
  canned?: Array<{ shortcut: string; text: string }>;
  unanswered?: UnansweredGroup[];
  sources?: SourceHealth[];
  stats?: DayStats[];
  deliveries?: WebhookDelivery[];
  /** Conversations per page of the list (next_cursor is the index of the next page). */
  pageSize?: number;
  /** The live channel answers 503, as a server without it (or behind a buffering proxy) would fail. */
  liveDown?: boolean;
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
        session_id: `session-${id}`,
        created_at: seed.waitingSince,
        waiting_since: seed.waitingSince,
        updated_at: seed.waitingSince,
        assignee: seed.assignee ?? null,
        claimed_at: seed.assignee ? seed.waitingSince : null,
        tags: [],
        visitor: null,
      },
      messages: seed.messages,
      contact_submissions: (seed.contactSubmissions ?? []).map((c) => ({ ...c, bot_id: 'bot-1', bot_name: seed.botName ?? 'Docs helper', conversation_id: id, session_id: `session-${id}` })),
      events: [],
    });
  }
  const calls: RecordedCall[] = [];
  const failures: Array<{ method: string; path: RegExp; failure: Failure }> = [];
  let offline = false;

  const summary = (s: Stored): ConversationSummary => ({
    ...s.conversation, last_message: s.messages.at(-1) ?? null, title: s.messages.find((m) => m.role === 'user')?.content.slice(0, 200) ?? null,
  });
  const detail = (s: Stored): ConversationDetail => ({
    conversation: summary(s),
    messages: s.messages,
    contact_submissions: s.contact_submissions,
    events: s.events,
    context: null,
    earlier: [],
  });
  const event = (s: Stored, type: ConversationEvent['type'], agent: string | null, note: string | null = null) =>
    s.events.push({ type, at: new Date().toISOString(), agent_name: agent, note, message_id: null });
  const tokenOf: Record<string, string> = {};
  const handled = new Set<string>();
  /** Open live streams: tests push events into them with emit(). */
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();

  function route(method: string, url: URL, body: unknown, agent: string): Response {
    const path = url.pathname;
    const role = options.roles?.[tokenOf[agent]] ?? 'agent';
    if (method === 'GET' && path === '/v1/agent/me') {
      return json({ name: agent, role, canned_replies: options.canned ?? [], bots: [
        { id: 'bot-1', name: 'Docs helper', contact_fields: [{ name: 'email', label: 'E-mail', type: 'email' }, { name: 'company', label: 'Company name', type: 'text' }, { name: 'message', label: 'Your message', type: 'textarea' }] },
        { id: 'bot-2', name: 'Sales bot', contact_fields: [] },
      ] });
    }
    if (method === 'GET' && path === '/v1/agent/events' && options.liveDown) return errorBody(503);
    if (method === 'GET' && path === '/v1/agent/events') {
      let ctrl!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({ start: (c) => void streams.add((ctrl = c)), cancel: () => void streams.delete(ctrl) });
      return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (method === 'GET' && path === '/v1/agent/unanswered') {
      const show = url.searchParams.get('handled') === 'true';
      return json({ groups: (options.unanswered ?? []).filter((g) => handled.has(g.id) === show) });
    }
    if (method === 'POST' && path === '/v1/agent/unanswered/handled') {
      const ids = (body as { question_ids: string[] }).question_ids;
      const groups = (options.unanswered ?? []).filter((g) => g.question_ids.some((q) => ids.includes(q)));
      groups.forEach((g) => handled.add(g.id));
      return json({ handled: groups.reduce((n, g) => n + g.question_ids.length, 0) });
    }
    if (method === 'GET' && path === '/v1/agent/knowledge') return json({ sources: options.sources ?? [] });
    if (method === 'GET' && path === '/v1/agent/contacts') return json({ contacts: [...store.values()].flatMap((s) => s.contact_submissions), next_cursor: null });
    if (method === 'GET' && path === '/v1/agent/stats') {
      const days = options.stats ?? [];
      const sum = (k: 'conversations' | 'deflected' | 'handed_off' | 'unanswered' | 'positive' | 'negative') => days.reduce((a, d) => a + d[k], 0);
      const totals = {
        conversations: sum('conversations'), deflected: sum('deflected'), handed_off: sum('handed_off'), unanswered: sum('unanswered'),
        positive: sum('positive'), negative: sum('negative'), first_response_ms: null, resolution_ms: null,
      };
      return json({ from: url.searchParams.get('from'), to: url.searchParams.get('to'), days, totals, tags: [] });
    }
    if (method === 'GET' && path.endsWith('.csv')) return new Response('day,bot_id\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    if (method === 'GET' && path === '/v1/agent/webhooks/deliveries') {
      return role === 'admin' ? json({ deliveries: options.deliveries ?? [] }) : json({ error: 'forbidden', message: 'Only an admin may do this.' }, 403);
    }
    if (method === 'DELETE' && path.startsWith('/v1/agent/sessions/')) {
      if (role !== 'admin') return json({ error: 'forbidden', message: 'Only an admin may do this.' }, 403);
      const sid = decodeURIComponent(path.split('/').pop()!);
      let n = 0;
      for (const [id, s] of store) if (s.conversation.session_id === sid) (store.delete(id), n++);
      return json({ deleted_conversations: n, deleted_messages: 0, deleted_contacts: 0 });
    }
    if (method === 'POST' && path === '/v1/agent/presence') return json({ available: true, expires_in: 60 });
    if (method === 'GET' && path === '/v1/agent/conversations') {
      const status = url.searchParams.get('status') ?? 'handoff';
      const q = url.searchParams.get('q')?.toLowerCase();
      let list = [...store.values()].filter((s) => status === 'all' || s.conversation.status === status)
        .filter((s) => !q || s.messages.some((m) => m.content.toLowerCase().includes(q)));
      if (options.listOrder !== 'seeded') {
        list = list.sort((a, b) => Date.parse(a.conversation.waiting_since ?? '') - Date.parse(b.conversation.waiting_since ?? ''));
      }
      const size = options.pageSize ?? 50;
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const page = list.slice(from, from + size);
      return json({ conversations: page.map(summary), next_cursor: from + size < list.length ? String(from + size) : null });
    }
    const match = /^\/v1\/agent\/conversations\/([^/]+)(\/messages|\/close|\/claim|\/release|\/handback)?$/.exec(path);
    const stored = match ? store.get(decodeURIComponent(match[1])) : undefined;
    if (!match || !stored) return errorBody(404);
    const c = stored.conversation;
    const conflict = () => json({ error: 'conversation_claimed', message: `${c.assignee} has this conversation.` }, 409);
    if (method === 'GET' && !match[2]) return json(detail(stored));
    if (method === 'DELETE' && !match[2]) {
      if (role !== 'admin') return json({ error: 'forbidden', message: 'Only an admin may do this.' }, 403);
      store.delete(c.conversation_id);
      return json({ deleted_conversations: 1, deleted_messages: stored.messages.length, deleted_contacts: 0 });
    }
    if (method === 'POST' && match[2] === '/claim') {
      if (c.assignee && c.assignee !== agent) return conflict();
      if (c.assignee !== agent) event(stored, 'claimed', agent);
      c.assignee = agent;
      c.claimed_at = new Date().toISOString();
      return json({ conversation: summary(stored) });
    }
    if (method === 'POST' && match[2] === '/release') {
      if (c.assignee && c.assignee !== agent) return conflict();
      c.assignee = null;
      event(stored, 'released', agent);
      return json({ conversation: summary(stored) });
    }
    if (method === 'POST' && match[2] === '/handback') {
      if (c.assignee && c.assignee !== agent) return conflict();
      c.status = 'open';
      c.assignee = null;
      event(stored, 'handed_back', agent);
      return json({ conversation_id: c.conversation_id, conversation_status: 'open' });
    }
    if (method === 'POST' && match[2] === '/messages') {
      const content = (body as { content?: unknown } | undefined)?.content;
      if (typeof content !== 'string' || !content.trim()) return errorBody(400);
      const reply = message('assistant', content, { citations: null, agent_name: agent, created_at: new Date().toISOString() });
      stored.messages = [...stored.messages, reply];
      return json(reply, 201);
    }
    if (method === 'POST' && match[2] === '/close') {
      stored.conversation.status = 'closed';
      event(stored, 'closed', agent, (body as { note?: string } | undefined)?.note ?? null);
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
    tokenOf[agent] = token!;
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
    /** Sends an event to every open live stream, as the server would. */
    emit(e: Partial<ConsoleEvent> & Pick<ConsoleEvent, 'type'>) {
      const full: ConsoleEvent = { at: new Date().toISOString(), conversation_id: null, conversation: null, message: null, agent_name: null, ...e };
      const bytes = new TextEncoder().encode(`event: ${CONSOLE_SSE_EVENT}\ndata: ${JSON.stringify(full)}\n\n`);
      for (const c of streams) c.enqueue(bytes);
    },
    /** Adds a waiting conversation "server side" (a new handoff). */
    add(seed: SeedConversation) {
      const id = seed.id ?? nextId('conv');
      store.set(id, {
        conversation: {
          conversation_id: id, bot_id: 'bot-1', bot_name: seed.botName ?? 'Docs helper', status: seed.status ?? 'handoff', session_id: `session-${id}`,
          created_at: seed.waitingSince, waiting_since: seed.waitingSince, updated_at: seed.waitingSince, assignee: seed.assignee ?? null, claimed_at: seed.assignee ? seed.waitingSince : null, tags: [], visitor: null,
        },
        messages: seed.messages, contact_submissions: [], events: [],
      });
      return id;
    },
    summaryOf: (id: string) => {
      const s = store.get(id);
      return s ? summary(s) : null;
    },
    openStreams: () => streams.size,
    revoke(token: string) {
      delete agents[token];
    },
    callsTo(method: string, path: string | RegExp) {
      return calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));
    },
  };
}

export type FakeAgentApi = ReturnType<typeof createFakeAgentApi>;
