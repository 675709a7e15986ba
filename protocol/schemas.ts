/**
 * Every shape that crosses the wire, defined once as a TypeBox schema: the TypeScript type
 * comes from `Static<>`, the JSON Schema is the object itself. The server validates requests
 * with these and builds /openapi.json from them; the widget and the agent inbox import the
 * types only (`import type`), so no byte of this file reaches the widget bundle.
 *
 * Adding an SSE event here makes the widget fail to compile until its stream reader handles
 * it (widget/stream.ts ends its switch with a `never` check).
 *
 * The closed lists (codes, roles, themes …) are not written here: they are protocol/codes.ts,
 * which has no imports, so the widget can import their values; the schemas build on them.
 */
import Type, { type Static, type TLiteral, type TProperties, type TSchema, type TUnion } from 'typebox';
import {
  BUTTON_DISPLAYS, CONTACT_FIELD_TYPES, CONVERSATION_STATUSES, FEEDBACK_VALUES, HTTP_ERROR_CODES, IMAGE_MEDIA_TYPES, MESSAGE_ROLES, NOTICE_CODES,
  NOTICE_LEVELS, POSITIONS, STREAM_ERROR_CODES, STREAM_STAGES, THEMES, TRIGGERS, type ChatEventType,
} from './codes.ts';
import {
  MAX_EMAIL_CHARS, MAX_ID_CHARS, MAX_MESSAGE_CHARS, MAX_PROACTIVE_DELAY_MS, MAX_PROACTIVE_TEXT_CHARS,
  MAX_PAGE_TITLE_CHARS, MAX_PAGE_URL_CHARS, MAX_RECAPTCHA_TOKEN_CHARS, MAX_SESSION_ID_CHARS, MAX_USER_ID_CHARS, MAX_VISITOR_NAME_CHARS,
} from './limits.ts';

/** A closed set of strings as a schema (a union of literals; `must be one of …` on failure). */
export const OneOf = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Union(values.map((v) => Type.Literal(v)), options) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
/** Whether two unions hold the same members (for compile-time checks against codes.ts). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T, options: Record<string, unknown> = {}) => Type.Union([schema, Type.Null()], options);
/** An optional field that a client may also send as null ("not set"); both count as absent. */
export const Absent = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
/** `x-what` names a format in error messages: `bot_id: must be a UUID`. */
export const Uuid = (options: Record<string, unknown> = {}) => Type.String({ format: 'uuid', 'x-what': 'a UUID', ...options });
export const IsoTime = (options: Record<string, unknown> = {}) => Type.String({ format: 'date-time', ...options });

// --- codes -----------------------------------------------------------------------------

export const ConversationStatus = OneOf(CONVERSATION_STATUSES, { description: '`handoff`: with or waiting for a human.' });
export type ConversationStatus = Static<typeof ConversationStatus>;

export const FeedbackValue = Nullable(OneOf(FEEDBACK_VALUES));
export type FeedbackValue = Static<typeof FeedbackValue>;

export const ErrorBody = Type.Object({
  error: OneOf(HTTP_ERROR_CODES, { description: 'Machine-readable code.' }),
  message: Type.String({ description: 'Text a person can read; for a bad field it starts with the field: `message: must be at most 4000 characters`.' }),
  retry_after: Type.Optional(Type.Integer({ minimum: 1, description: 'On 429: seconds until a retry can succeed (also in `Retry-After`).' })),
  fields: Type.Optional(Type.Array(Type.String(), { description: 'On `invalid_fields`: every failing contact-form field.' })),
}, { description: 'The body of every 4xx and 5xx JSON answer.' });
export type ErrorBody = Static<typeof ErrorBody>;

// --- messages --------------------------------------------------------------------------

export const Citation = Type.Object({
  page_title: Type.String(),
  source_url: Type.String({ description: 'Empty when the bot has `include_links_in_responses` off, or the source has no URL.' }),
  source_id: Type.String(),
  score: Type.Number({ minimum: 0, maximum: 1, description: 'Relevance of the cited passage to the question.' }),
  from_web_search: Type.Boolean(),
});
export type Citation = Static<typeof Citation>;

export const Message = Type.Object({
  id: Uuid(),
  role: OneOf(MESSAGE_ROLES),
  content: Type.String(),
  citations: Nullable(Type.Array(Citation)),
  feedback: FeedbackValue,
  image_preview: Nullable(Type.String(), { description: 'A small `data:image/webp;base64,…` URL renderable as `<img src>`: a thumbnail of the user image, at most 320 px on its long side, metadata stripped.' }),
  created_at: IsoTime(),
  agent_name: Nullable(Type.String(), { description: 'Extension: the human agent who wrote an assistant message.' }),
});
export type Message = Static<typeof Message>;

export const History = Type.Object({
  messages: Type.Array(Message, { description: 'Oldest first.' }),
  conversation_status: ConversationStatus,
  agent_name: Type.Optional(Nullable(Type.String(), { description: 'Extension: the human agent who has claimed the conversation, while it is in `handoff`; null otherwise.' })),
});
export type History = Static<typeof History>;

// --- the chat turn ---------------------------------------------------------------------

/**
 * Extension (issue 22): where the visitor is when the chat starts, sent by the widget with the
 * first turn of a conversation (later turns leave it out; the server keeps the first). Agents
 * see it beside the conversation. Query strings and fragments are removed by the widget.
 */
export const PageContext = Type.Object({
  url: Type.String({ maxLength: MAX_PAGE_URL_CHARS, description: 'The page, without query string or fragment.' }),
  title: Type.String({ maxLength: MAX_PAGE_TITLE_CHARS }),
  referrer: Absent(Type.String({ maxLength: MAX_PAGE_URL_CHARS, description: 'Where the visitor came from (origin and path only); absent when unknown.' })),
  language: Absent(Type.String({ maxLength: 35, description: 'The browser\'s language (BCP 47, e.g. "de-DE").' })),
});
export type PageContext = Static<typeof PageContext>;

export const ChatRequest = Type.Object({
  bot_id: Uuid(),
  message: Type.String({ maxLength: MAX_MESSAGE_CHARS, description: `1–${MAX_MESSAGE_CHARS} characters after trimming.` }),
  session_id: Type.String({ minLength: 1, maxLength: MAX_SESSION_ID_CHARS }),
  conversation_id: Absent(Type.String({ minLength: 1, maxLength: MAX_ID_CHARS })),
  recaptcha_token: Absent(Type.String({ maxLength: MAX_RECAPTCHA_TOKEN_CHARS })),
  image_data: Absent(Type.String({ description: 'Base64 without a `data:` prefix; at most 4 MB decoded.' })),
  image_media_type: Absent(Type.String({ description: `One of ${IMAGE_MEDIA_TYPES.join(', ')}; another type is refused with \`invalid_image\`.` })),
  page: Absent(PageContext),
}, { description: 'Unknown fields are ignored; an optional field sent as null counts as absent.' });
export type ChatRequest = Static<typeof ChatRequest>;

/** One SSE event: its `type` is one of protocol/codes.ts's CHAT_EVENT_TYPES. */
const SseEvent = <T extends ChatEventType, P extends TProperties>(type: T, properties: P) => Type.Object({ type: Type.Literal(type), ...properties });

const StatusEvent = SseEvent('status', { stage: OneOf(STREAM_STAGES) });
const ContentEvent = SseEvent('content', { content: Type.String({ description: 'Append to the answer.' }) });
const ReplaceEvent = SseEvent('replace', { content: Type.String({ description: 'The whole answer, replacing what was streamed (after redaction).' }) });
const NoticeEvent = SseEvent('notice', {
  code: OneOf(NOTICE_CODES),
  level: OneOf(NOTICE_LEVELS),
  message_key: Type.String({ description: '`notice.<code>`: the client shows its own localized text.' }),
});
const DoneEvent = SseEvent('done', {
  conversation_id: Type.String(),
  assistant_message_id: Type.String({ description: 'Empty when the turn stored no assistant message (a human has the conversation).' }),
  citations: Type.Optional(Type.Array(Citation, { maxItems: 3, description: 'Only when the bot has citations enabled.' })),
});
const ErrorEvent = SseEvent('error', { error: OneOf(STREAM_ERROR_CODES), message: Type.String() });

export const ChatEvent = Type.Union([StatusEvent, ContentEvent, ReplaceEvent, NoticeEvent, DoneEvent, ErrorEvent], {
  description: 'One SSE event, sent as `data: <json>` and a blank line. Order: status retrieving, notice*, status generating, content*, replace?, then done or error.',
});
export type ChatEvent = Static<typeof ChatEvent>;
// The union has an event of every type of codes.ts's CHAT_EVENT_TYPES, and no other (else a compile error here).
true satisfies Same<ChatEvent['type'], ChatEventType>;

// --- the widget configuration ----------------------------------------------------------

export const ContactField = Type.Object({
  name: Type.String(),
  label: Type.String(),
  type: OneOf(CONTACT_FIELD_TYPES),
  required: Type.Boolean(),
  options: Type.Optional(Type.Array(Type.String(), { description: 'For `select` fields.' })),
});
export type ContactField = Static<typeof ContactField>;

export const WidgetSettings = Type.Object({
  primary_color: Type.Optional(Type.String()),
  position: Type.Optional(OneOf(POSITIONS)),
  title: Type.Optional(Type.String()),
  subtitle: Type.Optional(Type.String()),
  avatar_url: Type.Optional(Type.String()),
  theme: Type.Optional(OneOf(THEMES)),
  open_on_load: Type.Optional(Type.Boolean()),
});
export type WidgetSettings = Static<typeof WidgetSettings>;

export const ProactiveMessage = Type.Object({
  text: Type.String({ minLength: 1, maxLength: MAX_PROACTIVE_TEXT_CHARS }),
  delay_ms: Type.Integer({ minimum: 0, maximum: MAX_PROACTIVE_DELAY_MS, description: 'Milliseconds after the page loaded.' }),
  url_pattern: Nullable(Type.String({ minLength: 1, maxLength: 500 }), { description: 'A glob on the page path (`/pricing`, `/docs/**`); null: every page.' }),
  once: Type.Boolean({ description: 'Shown once per visitor (remembered only where the widget may store).' }),
}, { description: 'Extension (issue 15): a line the widget shows above its launcher.' });
export type ProactiveMessage = Static<typeof ProactiveMessage>;

export const WidgetConfig = Type.Object({
  bot_id: Uuid(),
  bot_name: Type.String(),
  widget_settings: WidgetSettings,
  suggested_questions: Type.Array(Type.String()),
  show_suggested_questions: Type.Boolean(),
  suggested_questions_count: Type.Integer({ minimum: 0 }),
  welcome_message: Nullable(Type.String()),
  warning_message: Nullable(Type.String()),
  recaptcha_site_key: Nullable(Type.String()),
  include_links: Type.Boolean(),
  language: Type.String(),
  mcp_url: Nullable(Type.String()),
  handoff_enabled: Type.Boolean(),
  handoff_trigger: OneOf(TRIGGERS),
  handoff_offline_message: Nullable(Type.String()),
  handoff_agent_label: Nullable(Type.String()),
  handoff_available: Type.Boolean({ description: 'True while handoff is enabled and an agent sent a presence heartbeat in the last 60 s (and has not left since).' }),
  handoff_typing_preview: Type.Optional(Type.Boolean({ description: 'Extension (issue 21), present only when true: agents may see what the visitor types before it is sent, so the widget sends it.' })),
  allow_user_images: Type.Boolean(),
  contact_form_enabled: Type.Boolean(),
  contact_form_trigger: OneOf(TRIGGERS),
  contact_form_fields: Nullable(Type.Array(ContactField), { description: 'Null when the form is disabled.' }),
  contact_form_success_message: Nullable(Type.String()),
  contact_form_button_display: OneOf(BUTTON_DISPLAYS),
  proactive_messages: Type.Array(ProactiveMessage),
}, { description: "A bot's public widget configuration (the spec's fields plus the extensions' `handoff_*`, `contact_form_*` and `proactive_messages`)." });
export type WidgetConfig = Static<typeof WidgetConfig>;

// --- extensions ------------------------------------------------------------------------

const SessionId = Type.String({ minLength: 1, maxLength: MAX_SESSION_ID_CHARS });

export const HandoffRequest = Type.Object({ session_id: SessionId });
export type HandoffRequest = Static<typeof HandoffRequest>;

export const StatusChange = Type.Object({
  conversation_id: Type.String(),
  conversation_status: ConversationStatus,
  handoff_available: Type.Optional(Type.Boolean({ description: 'On handoff: whether an agent is online now.' })),
});
export type StatusChange = Static<typeof StatusChange>;

export const ContactRequest = Type.Object({
  session_id: SessionId,
  conversation_id: Absent(Type.String({ minLength: 1, maxLength: MAX_ID_CHARS })),
  fields: Type.Record(Type.String(), Type.Unknown(), { description: 'Values by field name; checked against the bot\'s field definitions (protocol/contact.ts).' }),
});
export type ContactRequest = Static<typeof ContactRequest>;

export const ContactResponse = Type.Object({ id: Uuid(), success_message: Nullable(Type.String()) });
export type ContactResponse = Static<typeof ContactResponse>;

export const FeedbackRequest = Type.Object({ session_id: SessionId, feedback: FeedbackValue });
export type FeedbackRequest = Static<typeof FeedbackRequest>;

export const FeedbackResponse = Type.Object({ message_id: Type.String(), feedback: FeedbackValue });
export type FeedbackResponse = Static<typeof FeedbackResponse>;

export const IdentifyRequest = Type.Object({
  session_id: SessionId,
  user_id: Type.String({ minLength: 1, maxLength: MAX_USER_ID_CHARS }),
  user_hash: Type.String({ minLength: 1, maxLength: 128, description: "Lowercase hex HMAC-SHA256 of `user_id` with the bot's `identity_secret`, computed by the site's backend." }),
  name: Absent(Type.String({ maxLength: MAX_VISITOR_NAME_CHARS })),
  email: Absent(Type.String({ maxLength: MAX_EMAIL_CHARS, description: 'An e-mail address.' })),
});
export type IdentifyRequest = Static<typeof IdentifyRequest>;

export const IdentifyResponse = Type.Object({
  user_id: Type.String(),
  conversation_id: Nullable(Type.String(), { description: "The user's most recent conversation with this bot, from any session; null when none." }),
});
export type IdentifyResponse = Static<typeof IdentifyResponse>;

// --- the visitor's live channel (issue 21) -----------------------------------------------

export const LiveMessageEvent = Type.Object({ type: Type.Literal('message'), message: Message }, { description: 'A message of the conversation (an agent\'s reply, or the visitor\'s from another tab).' });
export const LiveStatusEvent = Type.Object({
  type: Type.Literal('status'),
  conversation_status: ConversationStatus,
  agent_name: Nullable(Type.String(), { description: 'The agent who has claimed the conversation, while it is in `handoff`; else null.' }),
}, { description: 'Sent first on every connection and whenever the status or the agent changes; after a status other than `handoff` the stream ends.' });
export const LiveTypingEvent = Type.Object({
  type: Type.Literal('typing'),
  agent_name: Nullable(Type.String()),
  typing: Type.Boolean({ description: 'true: show "typing…" for up to 6 s or until a message comes; false: stop showing it.' }),
});
export const LiveEvent = Type.Union([LiveMessageEvent, LiveStatusEvent, LiveTypingEvent], { description: 'One event of the visitor\'s live channel, discriminated by `type`.' });
export type LiveEvent = Static<typeof LiveEvent>;

export const ActivityRequest = Type.Object({
  session_id: SessionId,
  typing: Type.Optional(Type.Boolean({ description: 'The visitor is typing (true) or stopped (false).' })),
  text: Type.Optional(Type.String({ maxLength: MAX_MESSAGE_CHARS, description: 'What is typed so far; passed to the console only when the bot has `handoff.typing_preview` on (cut to 500 characters).' })),
  seen_message_id: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_ID_CHARS, description: 'The latest message the visitor has seen on screen.' })),
});
export type ActivityRequest = Static<typeof ActivityRequest>;
export const ActivityResponse = Type.Object({ ok: Type.Literal(true) });
export type ActivityResponse = Static<typeof ActivityResponse>;

/** The public API's named schemas; protocol/catalog.ts adds the agent API's. */
export const PUBLIC_SCHEMAS = {
  ErrorBody, Citation, Message, History, PageContext, ChatRequest, ChatEvent, ContactField, WidgetSettings, ProactiveMessage, WidgetConfig,
  HandoffRequest, StatusChange, ContactRequest, ContactResponse, FeedbackRequest, FeedbackResponse, IdentifyRequest, IdentifyResponse,
  LiveEvent, ActivityRequest, ActivityResponse,
} as const;
