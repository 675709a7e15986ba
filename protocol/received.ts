/**
 * What a client reads, typed as "what another server may send": the widget must work against
 * ANY server that implements the spec, so each shape keeps the spec's required fields and makes
 * the rest optional. Derived from schemas.ts (types only, no bytes in a bundle); the widget
 * imports these instead of declaring its own.
 */
import type {
  Citation, ContactField, History, IdentifyResponse, Message, ProactiveMessage, WidgetConfig,
} from './schemas.ts';

/** `T` as a server other than ours may send it: the fields in `Required`, the rest may be missing. */
export type FromAnyServer<T, Required extends keyof T> = Pick<T, Required> & Partial<Omit<T, Required>>;

export type ReceivedCitation = FromAnyServer<Citation, 'page_title' | 'source_url'>;
export type ReceivedContactField = FromAnyServer<ContactField, 'name'>;
export type ReceivedWidgetConfig = FromAnyServer<WidgetConfig, 'bot_id' | 'bot_name'>;
/** Extension: a line shown above the launcher; only `text` is needed to show one. */
export type ReceivedProactiveMessage = FromAnyServer<ProactiveMessage, 'text'>;
export type ReceivedIdentifyResponse = FromAnyServer<IdentifyResponse, 'user_id'>;
export type ReceivedMessage = FromAnyServer<Message, 'id' | 'role' | 'content'>;
export type ReceivedHistory = Omit<FromAnyServer<History, 'messages'>, 'messages'> & { messages: ReceivedMessage[] };
