// Wire shapes come from protocol/ (type-only imports: no byte reaches the bundle), in the form
// "what another spec server may send" (protocol/received.ts), under the names the widget uses.
import type { MessageRole, StreamErrorCode, WidgetPosition, WidgetTheme } from '../protocol/codes.ts';
import type { MessageEvent, ThemeOverride } from './public-types';
import type { ChatEvent } from '../protocol/schemas.ts';
import type { Result as SharedResult } from '../protocol/result.ts';

export type {
  ReceivedCitation as Citation, ReceivedContactField as ContactField, ReceivedWidgetConfig as BotConfig,
  ReceivedProactiveMessage as ProactiveMessage, ReceivedIdentifyResponse as IdentifyResponse,
  ReceivedMessage as HistoryMessage, ReceivedHistory as History,
} from '../protocol/received.ts';
/** Every event of protocol/, exactly: widget/stream.ts must handle each one (it ends on a `never` check). */
export type StreamEvent = ChatEvent;

/** The closed set of failures the widget tells a user about (the stream's own codes among them); each has a default localized line. */
export type ErrorCode =
  | 'bad_request' | 'forbidden' | 'not_found' | 'rate_limited' | 'server' | 'network'
  | 'bad_response' | 'interrupted' | StreamErrorCode
  | 'recaptcha' | 'image_type' | 'image_size';

export interface Failure {
  code: ErrorCode;
  /** Server-provided text (in-stream `error.message`, or an HTTP body's `message`). */
  message?: string;
  status?: number;
  /** Seconds, from a 429's Retry-After. */
  retryAfter?: number;
  /** Extra detail from an HTTP error body (e.g. contact form `fields`). */
  body?: Record<string, unknown>;
}

export type Result<T> = SharedResult<T, Failure>;

// public-types.ts is the npm package's declarations and imports nothing, so it spells the
// theme, position and role values out; these lines stop the build when it drifts from protocol's lists.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<NonNullable<ThemeOverride['theme']>, WidgetTheme>;
true satisfies Same<NonNullable<ThemeOverride['position']>, WidgetPosition>;
true satisfies Same<MessageEvent['role'], MessageRole>;
