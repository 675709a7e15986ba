// Typed client for the Agent API (docs/extensions.md). Every call resolves to a value,
// never throws: `{data}` on success, `{error}` with a closed code otherwise. The bearer token
// and the reaction to a 401 live here and nowhere else.

export interface Citation {
  page_title: string;
  source_url: string;
  source_id: string;
  score: number;
  from_web_search: boolean;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[] | null;
  feedback: string | null;
  image_preview: unknown;
  created_at: string;
  /** Non-null on an assistant message written by a human agent. */
  agent_name?: string | null;
}

export type ConversationStatus = 'open' | 'handoff' | 'closed';

/** The extension doc names `last_message` without a shape: accept a text or a Message-like object. */
export type LastMessage = string | { role?: string; content?: string } | null;

export interface ConversationSummary {
  conversation_id: string;
  bot_id: string;
  bot_name: string;
  status: ConversationStatus;
  waiting_since: string | null;
  updated_at: string;
  last_message: LastMessage;
}

export interface ContactSubmission {
  id: string;
  fields: Record<string, unknown>;
  created_at: string;
}

export interface ConversationDetail {
  conversation: ConversationSummary;
  messages: Message[];
  contact_submissions: ContactSubmission[];
}

export type ApiErrorCode = 'unauthorized' | 'not_found' | 'bad_request' | 'server' | 'network';

export interface ApiError {
  code: ApiErrorCode;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
}

export type Result<T> = { data: T } | { error: ApiError };

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
  if (status >= 400 && status < 500) return 'bad_request';
  return 'server';
}

export function createAgentApi(options: AgentApiOptions) {
  const { token, onUnauthorized, base = '' } = options;
  // Looked up at call time so a test (or a polyfill) replacing globalThis.fetch is honoured.
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Result<T>> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    // No Content-Type without a body: fastify answers 400 to an empty body declared as JSON.
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchFn(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { error: { code: 'network', status: 0 } };
    }
    if (response.status === 401) {
      onUnauthorized();
      return { error: { code: 'unauthorized', status: 401 } };
    }
    if (!response.ok) return { error: { code: codeFor(response.status), status: response.status } };
    try {
      return { data: (await response.json()) as T };
    } catch {
      // A 2xx that is not JSON (a proxy's error page, a cut connection) is a server fault.
      return { error: { code: 'server', status: response.status } };
    }
  }

  const conversationPath = (id: string) => `/v1/agent/conversations/${encodeURIComponent(id)}`;

  return {
    me: () => request<{ name: string }>('GET', '/v1/agent/me'),
    presence: () => request<{ available: boolean; expires_in: number }>('POST', '/v1/agent/presence'),
    listConversations: (status: ConversationStatus = 'handoff') =>
      request<{ conversations: ConversationSummary[] }>('GET', `/v1/agent/conversations?status=${status}`),
    getConversation: (id: string) => request<ConversationDetail>('GET', conversationPath(id)),
    reply: (id: string, content: string) => request<Message>('POST', `${conversationPath(id)}/messages`, { content }),
    close: (id: string) =>
      request<{ conversation_id: string; conversation_status: 'closed' }>('POST', `${conversationPath(id)}/close`),
  };
}

export type AgentApi = ReturnType<typeof createAgentApi>;
