// Typed client for the JSON endpoints: config, history and our extensions.
// Every call resolves to a Result; nothing here throws.
import { STREAM_ERROR_CODES, type StreamErrorCode } from '../protocol/codes.ts';
import type { BotConfig, ErrorCode, Failure, History, IdentifyResponse, Result } from './types';
import type { Identity } from './public-types';

function statusCode(status: number): ErrorCode {
  if (status === 400 || status === 413 || status === 422) return 'bad_request';
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return 'server';
}

/** Retry-After is seconds or an HTTP date; anything unreadable reads as "not given". */
export function retryAfter(v: string | null): number | undefined {
  if (!v) return undefined;
  const s = /^\s*\d+\s*$/.test(v) ? +v : (Date.parse(v) - Date.now()) / 1000;
  return Number.isFinite(s) && s >= 0 ? Math.ceil(s) : undefined;
}

/** A non-2xx response → Failure, reading the documented `{error, message}` body when present. */
export async function httpFailure(res: Response): Promise<Failure> {
  let body: Record<string, unknown> | undefined;
  try {
    const j = await res.json();
    if (j && typeof j === 'object') body = j;
  } catch {
    /* body shape is not part of the spec */
  }
  return {
    code: statusCode(res.status),
    status: res.status,
    message: typeof body?.message === 'string' ? body.message : undefined,
    retryAfter: res.status === 429 ? retryAfter(res.headers.get('Retry-After')) : undefined,
    body,
  };
}

/** Maps an in-stream `error` code onto the closed set; unknown codes read as internal errors. */
export function streamErrorCode(code: unknown): ErrorCode {
  return STREAM_ERROR_CODES.includes(code as StreamErrorCode) ? (code as StreamErrorCode) : 'internal_error';
}

export async function request<T>(url: string, init?: RequestInit): Promise<Result<T>> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', ...init });
  } catch (e) {
    return { ok: false, error: { code: (e as Error)?.name === 'AbortError' ? 'interrupted' : 'network' } };
  }
  if (!res.ok) return { ok: false, error: await httpFailure(res) };
  try {
    return { ok: true, data: (await res.json()) as T };
  } catch {
    return { ok: false, error: { code: 'bad_response', status: res.status } };
  }
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export interface Api {
  base: string;
  config(): Promise<Result<BotConfig>>;
  history(conversationId: string, sessionId: string, after?: string): Promise<Result<History>>;
  handoff(conversationId: string, sessionId: string): Promise<Result<{ handoff_available?: boolean; conversation_status?: string }>>;
  contact(sessionId: string, conversationId: string | null, fields: Record<string, string>): Promise<Result<{ success_message?: string | null }>>;
  feedback(messageId: string, sessionId: string, feedback: string | null): Promise<Result<unknown>>;
  identify(sessionId: string, user: Identity): Promise<Result<IdentifyResponse>>;
  /** Issue 21: the live channel's URL (read by live.ts). */
  liveUrl(conversationId: string, sessionId: string): string;
  /** Issue 21: the visitor is typing, or has seen a reply. */
  activity(conversationId: string, sessionId: string, a: { typing?: boolean; text?: string; seen_message_id?: string }): Promise<Result<unknown>>;
}

export function api(base: string, botId: string): Api {
  const root = base.replace(/\/+$/, '') + '/v1/public';
  const e = encodeURIComponent;
  return {
    base: root,
    config: () => request(`${root}/bots/${e(botId)}/config`),
    history: (c, s, after) =>
      request(`${root}/conversations/${e(c)}/messages?session_id=${e(s)}${after ? `&after=${e(after)}` : ''}`),
    handoff: (c, s) => request(`${root}/conversations/${e(c)}/handoff`, post({ session_id: s })),
    contact: (s, c, fields) =>
      request(`${root}/bots/${e(botId)}/contact`, post({ session_id: s, ...(c ? { conversation_id: c } : {}), fields })),
    feedback: (m, s, feedback) => request(`${root}/messages/${e(m)}/feedback`, post({ session_id: s, feedback })),
    identify: (s, user) => request(`${root}/bots/${e(botId)}/identify`, post({ session_id: s, ...user })),
    liveUrl: (c, s) => `${root}/conversations/${e(c)}/live?session_id=${e(s)}`,
    activity: (c, s, a) => request(`${root}/conversations/${e(c)}/activity`, post({ session_id: s, ...a })),
  };
}
