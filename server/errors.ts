/**
 * The one error type of the server, and the one table of its errors. Every failure a client
 * can see is an ApiError built from a code of protocol's list (protocol/codes.ts
 * HTTP_ERROR_CODES): the table below gives the code's HTTP status and the message sent when
 * the caller has nothing more precise to say. The single error handler in http/app.ts turns
 * an ApiError into `{error, message}` (plus its details) and never shows a stack.
 *
 * docs/api.md lists this table (server/errors.test.ts keeps the two equal).
 */
import type { HttpErrorCode } from '../protocol/codes.ts';

interface ErrorSpec {
  status: number;
  /** The message when the caller gives none; callers that can name the field or the reason do. */
  message: string;
  /** Seconds for Retry-After, when a retry soon may succeed. */
  retryAfter?: number;
  headers?: Record<string, string>;
}

/** Every error code of the API: its status and default message. A code missing here (or one protocol does not list) is a compile error. */
export const ERRORS = {
  invalid_request: { status: 400, message: 'The request could not be understood.' },
  invalid_json: { status: 400, message: 'The body is not valid JSON.' },
  invalid_image: { status: 400, message: 'image_data: must be a JPEG, PNG or WebP image' },
  image_too_large: { status: 400, message: 'image_data: the image is larger than 4 MB' },
  images_not_allowed: { status: 400, message: 'This bot does not accept images.' },
  recaptcha_required: { status: 400, message: 'This bot requires a bot-protection token (recaptcha_token).' },
  invalid_fields: { status: 400, message: 'Please check the fields named in `fields`.' },
  handoff_disabled: { status: 400, message: 'This bot does not offer a human handoff.' },
  contact_form_disabled: { status: 400, message: 'This bot has no contact form.' },
  unauthorized: { status: 401, message: 'A valid agent token is required.', headers: { 'www-authenticate': 'Bearer' } },
  bot_not_public: { status: 403, message: 'This bot is not public.' },
  bot_inactive: { status: 403, message: 'This bot is not active.' },
  origin_not_allowed: { status: 403, message: "This request's origin is not in this bot's allowed_domains." },
  trial_expired: { status: 403, message: 'The free trial of this workspace has ended.' },
  recaptcha_failed: { status: 403, message: 'Bot-protection verification failed.' },
  identity_invalid: { status: 403, message: 'user_hash does not match user_id for this bot.' },
  forbidden: { status: 403, message: 'Only an admin may do this.' },
  bot_not_found: { status: 404, message: 'No bot with this id exists.' },
  not_found: { status: 404, message: 'Not found.' },
  request_timeout: { status: 408, message: 'The request did not arrive in full in time.' },
  session_taken: { status: 409, message: 'session_id belongs to another user; start a new session.' },
  conversation_claimed: { status: 409, message: 'Another agent has this conversation.' },
  email_not_configured: { status: 409, message: 'No SMTP server is configured (config `smtp`): nothing can be sent by e-mail.' },
  payload_too_large: { status: 413, message: 'The request body is larger than 6 MB.' },
  uri_too_long: { status: 414, message: 'A part of the URL path is longer than 100 characters.' },
  unsupported_media_type: { status: 415, message: 'Send the body as JSON with Content-Type: application/json.' },
  rate_limited: { status: 429, message: 'Too many requests. Please try again later.' },
  headers_too_large: { status: 431, message: 'The request line and headers are larger than 16 KB.' },
  internal_error: { status: 500, message: 'Something went wrong on the server.' },
  email_failed: { status: 502, message: 'The SMTP server did not take the message, after every attempt.' },
  recaptcha_unavailable: { status: 503, message: 'Bot protection could not be checked right now. Please try again shortly.' },
  not_ready: { status: 503, message: 'Not ready.', retryAfter: 5 },
  service_unavailable: { status: 503, message: 'A service the server depends on is unreachable right now. Please try again in a moment.', retryAfter: 5 },
} as const satisfies Record<HttpErrorCode, ErrorSpec>;

export interface ErrorOptions {
  /** Fields merged into the JSON body (e.g. `fields` for invalid contact forms). */
  details?: Record<string, unknown>;
  /** Seconds until a retry can succeed: the Retry-After header, and on a 429 `retry_after` in the body too. */
  retryAfter?: number;
  /** Only for a failure whose status is not ours to choose (a framework's 4xx, read as `invalid_request`). */
  status?: number;
}

export class ApiError extends Error {
  readonly status: number;
  /** One of protocol's codes: a new code is added there first, then to the table above, so clients and docs know it. */
  readonly code: HttpErrorCode;
  /** Extra fields merged into the JSON body. */
  readonly extra: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(code: HttpErrorCode, message?: string, opts: ErrorOptions = {}) {
    const spec: ErrorSpec = ERRORS[code];
    super(message ?? spec.message);
    this.name = 'ApiError';
    this.code = code;
    this.status = opts.status ?? spec.status;
    const retryAfter = opts.retryAfter ?? spec.retryAfter;
    this.headers = { ...spec.headers, ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }) };
    this.extra = { ...(this.status === 429 && retryAfter !== undefined ? { retry_after: retryAfter } : {}), ...opts.details };
  }

  toJSON(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

/** The error of `code` (thrown or returned): its status and default message from the table, or this message instead. */
export const apiError = (code: HttpErrorCode, message?: string, opts?: ErrorOptions) => new ApiError(code, message, opts);
