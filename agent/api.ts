// Typed client for the Agent API (docs/extensions.md). Every call resolves to a value,
// never throws: `{data}` on success, `{error}` with a closed code otherwise. The bearer token
// and the reaction to a 401 live here and nowhere else.

import type { Result as SharedResult } from '../protocol/result.ts';
import type { ConversationStatus, Message, StatusChange } from '../protocol/schemas.ts';
import type {
  AgentList, AgentMe, ClaimResponse, ConversationListQuery, ContactList, ContactListQuery, ConversationDetail, ConversationList, DeleteResponse, HandledResponse, KnowledgeHealth,
  EmailSent, PresenceResponse, Stats, StatsQuery, UnansweredList, UnansweredQuery, WebhookDeliveryList,
} from '../protocol/console.ts';

// The wire shapes are protocol's; re-exported so the inbox's components import from one place.
export type { Citation, ConversationStatus, Message } from '../protocol/schemas.ts';
export type {
  AgentMe, CannedReply, ConsoleEvent, EarlierConversation, StatsTotals, VisitorContext, ContactSubmission, ConversationDetail, ConversationEvent, ConversationSummary, DayStats, SourceHealth,
  EmailSent, Stats, UnansweredGroup, Visitor, WebhookDelivery,
} from '../protocol/console.ts';

export type ApiErrorCode = 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'bad_request' | 'server' | 'network';

export interface ApiError {
  code: ApiErrorCode;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  /** The server's sentence, when it gave one (e.g. who has a claimed conversation). */
  message?: string;
}

/** The conversation list's query: its filters plus the page asked for (protocol/console.ts, the schema the server reads it with). */
export type ConversationFilters = ConversationListQuery;

/** `?a=1&b=2` of the values that are set. */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '' && v !== false) q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}

export type Result<T> = SharedResult<T, ApiError>;

export interface AgentApiOptions {
  token: string;
  /** Called on every 401, before the error value is returned. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  /** Prefix for every path; '' means the page's own origin, where the server serves /agent. */
  base?: string;
}

// A request that hangs must not hold up the next poll forever.
const TIMEOUT_MS = 15_000;

function codeFor(status: number): ApiErrorCode {
  if (status === 404) return 'not_found';
  if (status === 403) return 'forbidden';
  if (status === 409) return 'conflict';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'server';
}

export function createAgentApi(options: AgentApiOptions) {
  const { token, onUnauthorized, base = '' } = options;
  // Looked up at call time so a test (or a polyfill) replacing globalThis.fetch is honoured.
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, accept = 'application/json', signal: AbortSignal | null = AbortSignal.timeout(TIMEOUT_MS)): Promise<Response | ApiError> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: accept };
    // No Content-Type without a body: fastify answers 400 to an empty body declared as JSON.
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchFn(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', signal });
    } catch {
      return { code: 'network', status: 0 };
    }
    if (response.status === 401) {
      onUnauthorized();
      return { code: 'unauthorized', status: 401 };
    }
    if (!response.ok) {
      const said = await response.json().then((b: { message?: unknown }) => (typeof b?.message === 'string' ? b.message : undefined), () => undefined);
      return { code: codeFor(response.status), status: response.status, message: said };
    }
    return response;
  }

  async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Result<T>> {
    const answer = await send(method, path, body);
    if (!(answer instanceof Response)) return { ok: false, error: answer };
    try {
      return { ok: true, data: (await answer.json()) as T };
    } catch {
      // A 2xx that is not JSON (a proxy's error page, a cut connection) is a server fault.
      return { ok: false, error: { code: 'server', status: answer.status } };
    }
  }

  const conversationPath = (id: string) => `/v1/agent/conversations/${encodeURIComponent(id)}`;
  /** Issue 21: this tab's presence is its own: another tab of the same agent leaving does not end it. */
  const tab = Math.random().toString(36).slice(2) + Date.now().toString(36);

  return {
    me: () => request<AgentMe>('GET', '/v1/agent/me'),
    presence: () => request<PresenceResponse>('POST', '/v1/agent/presence', { tab }),
    /** Issue 21: leave now (sign-out, Away): handoff_available follows at once. */
    leave: () => request<PresenceResponse>('DELETE', `/v1/agent/presence?tab=${tab}`),
    /** Issue 21: the closing tab's last word; a beacon survives the page, a fetch may not. False when the browser would not queue it. */
    leaveBeacon: () => typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      && navigator.sendBeacon(`${base}/v1/agent/presence/leave`, new Blob([JSON.stringify({ token, tab })], { type: 'application/json' })),
    /** Issue 21: answers a contact submission by e-mail (the server tries again on a refusal for now). */
    replyToContact: (id: string, body: { subject?: string; text: string }) => request<EmailSent>('POST', `/v1/agent/contacts/${encodeURIComponent(id)}/reply`, body),
    /** Issue 21: typing a reply (the visitor's widget shows it). */
    typing: (id: string, typing: boolean) => request<{ ok: true }>('POST', `${conversationPath(id)}/typing`, { typing }),
    listConversations: (filters: ConversationFilters | ConversationStatus = 'handoff') =>
      request<ConversationList>('GET', `/v1/agent/conversations${query(typeof filters === 'string' ? { status: filters } : { ...filters })}`),
    getConversation: (id: string) => request<ConversationDetail>('GET', conversationPath(id)),
    reply: (id: string, content: string) => request<Message>('POST', `${conversationPath(id)}/messages`, { content }),
    close: (id: string, note?: string) => request<StatusChange>('POST', `${conversationPath(id)}/close`, note ? { note } : undefined),
    claim: (id: string) => request<ClaimResponse>('POST', `${conversationPath(id)}/claim`),
    release: (id: string) => request<ClaimResponse>('POST', `${conversationPath(id)}/release`),
    agents: () => request<AgentList>('GET', '/v1/agent/agents'),
    assign: (id: string, agent: string) => request<ClaimResponse>('POST', `${conversationPath(id)}/assign`, { agent }),
    addTag: (id: string, tag: string) => request<ClaimResponse>('POST', `${conversationPath(id)}/tags`, { tag }),
    removeTag: (id: string, tag: string) => request<ClaimResponse>('DELETE', `${conversationPath(id)}/tags/${encodeURIComponent(tag)}`),
    handBack: (id: string) => request<StatusChange>('POST', `${conversationPath(id)}/handback`),
    deleteConversation: (id: string) => request<DeleteResponse>('DELETE', conversationPath(id)),
    deleteSession: (sessionId: string) => request<DeleteResponse>('DELETE', `/v1/agent/sessions/${encodeURIComponent(sessionId)}`),
    unanswered: (o: UnansweredQuery = {}) => request<UnansweredList>('GET', `/v1/agent/unanswered${query(o)}`),
    markHandled: (question_ids: string[]) => request<HandledResponse>('POST', '/v1/agent/unanswered/handled', { question_ids }),
    knowledge: (bot_id?: string) => request<KnowledgeHealth>('GET', `/v1/agent/knowledge${query({ bot_id })}`),
    contacts: (o: ContactListQuery = {}) => request<ContactList>('GET', `/v1/agent/contacts${query(o)}`),
    stats: (o: StatsQuery) => request<Stats>('GET', `/v1/agent/stats${query(o)}`),
    deliveries: () => request<WebhookDeliveryList>('GET', '/v1/agent/webhooks/deliveries'),
    /** A CSV download (the bearer token rules out a plain link): the file's text. */
    csv: async (path: string): Promise<Result<string>> => {
      const answer = await send('GET', path, undefined, 'text/csv');
      return answer instanceof Response ? { ok: true, data: await answer.text() } : { ok: false, error: answer };
    },
    /** The live channel: an open SSE response, or the error; the caller reads and closes it. */
    events: async (signal: AbortSignal): Promise<Result<Response>> => {
      const answer = await send('GET', '/v1/agent/events', undefined, 'text/event-stream', signal);
      return answer instanceof Response ? { ok: true, data: answer } : { ok: false, error: answer };
    },
  };
}

export type AgentApi = ReturnType<typeof createAgentApi>;
