/**
 * The one error type of the server. Every failure a client can see is an ApiError; the
 * single error handler in app.ts turns it into `{error, message}` and never shows a stack.
 */
import type { HttpErrorCode } from '../protocol/codes.ts';

export class ApiError extends Error {
  readonly status: number;
  /** One of protocol's codes: a new code is added there first, so clients and docs know it. */
  readonly code: HttpErrorCode;
  /** Extra fields merged into the JSON body (e.g. `fields` for invalid contact forms). */
  readonly extra: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After on 429). */
  readonly headers: Record<string, string>;

  constructor(status: number, code: HttpErrorCode, message: string, opts: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = opts.extra ?? {};
    this.headers = opts.headers ?? {};
  }

  toJSON(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const badRequest = (message: string, code: HttpErrorCode = 'invalid_request') => new ApiError(400, code, message);
export const notFound = (message: string, code: HttpErrorCode = 'not_found') => new ApiError(404, code, message);
export const forbidden = (code: HttpErrorCode, message: string) => new ApiError(403, code, message);
