// Typed client for the Agent API (docs/extensions.md). Every call resolves to a value,
// never throws: `{data}` on success, `{error}` with a closed code otherwise. The bearer token
// and the reaction to a 401 live here and nowhere else.

import type { Result as SharedResult } from '../protocol/result.ts';
import type { ConversationStatus, Message, StatusChange } from '../protocol/schemas.ts';
import type { AgentMe, ConversationDetail, ConversationList, PresenceResponse } from '../protocol/console.ts';

// The wire shapes are protocol's; re-exported so the inbox's components import from one place.
export type { Citation, ConversationStatus, Message } from '../protocol/schemas.ts';
export type { ContactSubmission, ConversationDetail, ConversationSummary, Visitor } from '../protocol/console.ts';

export type ApiErrorCode = 'unauthorized' | 'not_found' | 'bad_request' | 'server' | 'network';

export interface ApiError {
  code: ApiErrorCode;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
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
      return { ok: false, error: { code: 'network', status: 0 } };
    }
    if (response.status === 401) {
      onUnauthorized();
      return { ok: false, error: { code: 'unauthorized', status: 401 } };
    }
    if (!response.ok) return { ok: false, error: { code: codeFor(response.status), status: response.status } };
    try {
      return { ok: true, data: (await response.json()) as T };
    } catch {
      // A 2xx that is not JSON (a proxy's error page, a cut connection) is a server fault.
      return { ok: false, error: { code: 'server', status: response.status } };
    }
  }

  const conversationPath = (id: string) => `/v1/agent/conversations/${encodeURIComponent(id)}`;

  return {
    me: () => request<AgentMe>('GET', '/v1/agent/me'),
    presence: () => request<PresenceResponse>('POST', '/v1/agent/presence'),
    listConversations: (status: ConversationStatus = 'handoff') => request<ConversationList>('GET', `/v1/agent/conversations?status=${status}`),
    getConversation: (id: string) => request<ConversationDetail>('GET', conversationPath(id)),
    reply: (id: string, content: string) => request<Message>('POST', `${conversationPath(id)}/messages`, { content }),
    close: (id: string) => request<StatusChange>('POST', `${conversationPath(id)}/close`),
  };
}

export type AgentApi = ReturnType<typeof createAgentApi>;
