/**
 * Every closed list of the contract, once: the values as `as const` arrays, each with its
 * union type. No imports, so the widget can take values from here without pulling in the
 * schema library (schemas.ts imports TypeBox; a value imported from it would bring TypeBox
 * into the bundle).
 *
 * The schemas build on these arrays (protocol/schemas.ts, protocol/console.ts and the
 * server's config schema, with `OneOf(LIST)`), so /openapi.json, config.schema.json and the
 * validator's `must be one of …` follow from them; the widget, the console and the server
 * import the values and types from here instead of writing them again. A new value is added
 * here first; the type checker then names every table (`Record<Code, …>`) and exhaustive
 * switch that must handle it.
 */

// --- messages and conversations ---------------------------------------------------------

/** Who wrote a message (a human agent's reply is an `assistant` message with an `agent_name`). */
export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** `handoff`: with or waiting for a human. */
export const CONVERSATION_STATUSES = ['open', 'handoff', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** The `status` filter of the console's conversation list: a status, or `all`. */
export const CONVERSATION_LIST_STATUSES = [...CONVERSATION_STATUSES, 'all'] as const;
export type ConversationListStatus = (typeof CONVERSATION_LIST_STATUSES)[number];

/** A visitor's rating of an answer (on the wire it may also be null: not rated). */
export const FEEDBACK_VALUES = ['positive', 'negative'] as const;
export type FeedbackRating = (typeof FEEDBACK_VALUES)[number];

/** What happened to a conversation besides its messages (the console's timeline). */
export const CONVERSATION_EVENT_TYPES = ['handoff_requested', 'claimed', 'released', 'handed_back', 'closed', 'reopened', 'unanswered', 'assigned', 'tagged', 'untagged', 'email_sent', 'email_failed'] as const;
export type ConversationEventType = (typeof CONVERSATION_EVENT_TYPES)[number];

/** Image types a user may attach; the server checks the bytes match the declared type. */
export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

// --- errors --------------------------------------------------------------------------------

/**
 * Every `error` code of an HTTP error body. Each has its status and default message in the
 * server's error table (server/errors.ts), which docs/api.md lists.
 */
export const HTTP_ERROR_CODES = [
  'invalid_request', 'invalid_json', 'payload_too_large', 'unsupported_media_type', 'invalid_image', 'image_too_large',
  'images_not_allowed', 'bot_not_found', 'not_found', 'bot_not_public', 'bot_inactive', 'origin_not_allowed',
  'trial_expired', 'recaptcha_required', 'recaptcha_failed', 'recaptcha_unavailable', 'rate_limited',
  'handoff_disabled', 'contact_form_disabled', 'invalid_fields', 'unauthorized', 'internal_error', 'not_ready', 'request_timeout',
  'identity_invalid', 'session_taken', 'service_unavailable',
  // Refused before routing (server/http/app.ts): a URL path part too long, the request line and headers too large.
  'uri_too_long', 'headers_too_large',
  // The agent API and console (protocol/console.ts):
  'forbidden', 'conversation_claimed',
  // E-mail (issue 21): no SMTP server configured, or it would not take the message after every attempt.
  'email_not_configured', 'email_failed',
] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** Every `error` code of an in-stream `error` event. */
export const STREAM_ERROR_CODES = ['content_filtered', 'service_unavailable', 'internal_error'] as const;
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];

// --- the chat stream -------------------------------------------------------------------------

/** The `type` of every SSE event of a chat turn (protocol/schemas.ts `ChatEvent`). */
export const CHAT_EVENT_TYPES = ['status', 'content', 'replace', 'notice', 'done', 'error'] as const;
export type ChatEventType = (typeof CHAT_EVENT_TYPES)[number];

/** The `stage` of a `status` event, in the order they come. */
export const STREAM_STAGES = ['retrieving', 'generating'] as const;
export type StreamStage = (typeof STREAM_STAGES)[number];

/** Every `code` of a `notice` event; its `message_key` is `notice.<code>`. */
export const NOTICE_CODES = ['rag_unavailable', 'handoff_active', 'handoff_started', 'handoff_offline'] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];
export const NOTICE_LEVELS = ['info', 'warning'] as const;
export type NoticeLevel = (typeof NOTICE_LEVELS)[number];

// --- the widget's configuration ---------------------------------------------------------------

export const THEMES = ['light', 'dark', 'auto'] as const;
export type WidgetTheme = (typeof THEMES)[number];
export const POSITIONS = ['bottom-right', 'bottom-left'] as const;
export type WidgetPosition = (typeof POSITIONS)[number];

/** When the handoff button and the contact form are offered: a button, automatically when the bot cannot help, or both. */
export const TRIGGERS = ['button', 'auto', 'both'] as const;
export type Trigger = (typeof TRIGGERS)[number];
/** When the contact form's button shows. */
export const BUTTON_DISPLAYS = ['always', 'after_response', 'never'] as const;
export type ButtonDisplay = (typeof BUTTON_DISPLAYS)[number];
export const CONTACT_FIELD_TYPES = ['text', 'email', 'tel', 'textarea', 'select'] as const;
export type ContactFieldType = (typeof CONTACT_FIELD_TYPES)[number];

// --- the agent API and the console -----------------------------------------------------------

/** `admin` may also delete data and read the webhook delivery log. */
export const AGENT_ROLES = ['agent', 'admin'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

/** The `type` of an event of the console's live channel. */
export const CONSOLE_EVENT_TYPES = [
  'conversation.created', 'handoff.requested', 'message.visitor', 'message.agent', 'conversation.claimed', 'conversation.released',
  'conversation.handed_back', 'conversation.closed', 'conversation.reopened', 'conversation.deleted', 'contact.submitted', 'feedback.negative',
  // Issue 22:
  'conversation.assigned', 'conversation.tagged', 'conversation.untagged',
] as const;
export type ConsoleEventType = (typeof CONSOLE_EVENT_TYPES)[number];
/** The SSE event name (`event: console`) of every event of GET /v1/agent/events. */
export const CONSOLE_SSE_EVENT = 'console';

/**
 * Issue 21: what changes nothing stored and is told live only: someone typing, a reply seen.
 * Domain events like the others (so they cross instances the same way), but the console's
 * channel sends them as `event: signal` and webhooks never see them.
 */
export const SIGNAL_TYPES = ['visitor.typing', 'visitor.seen', 'agent.typing'] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];
/** The SSE event name of a signal on GET /v1/agent/events. */
export const SIGNAL_SSE_EVENT = 'signal';

/** Issue 21: the `type` of every event of the visitor's live channel (GET /v1/public/conversations/{id}/live). */
export const LIVE_EVENT_TYPES = ['message', 'status', 'typing'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The numbers counted per day and bot, in the order of the stats CSV's columns. */
export const STAT_NAMES = ['conversations', 'turns', 'deflected', 'handed_off', 'unanswered', 'positive', 'negative', 'rate_limited'] as const;
export type StatName = (typeof STAT_NAMES)[number];

export const WEBHOOK_EVENTS = ['handoff.requested', 'contact.submitted', 'feedback.negative', 'conversation.closed', 'conversation.assigned', 'conversation.tagged', 'conversation.untagged'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** `slack`: a `{"text"}` body an incoming Slack (or Mattermost, Discord /slack) webhook shows. */
export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
/** `failed`: every attempt failed; no more are made. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

// --- the server's configuration ----------------------------------------------------------------

export const BOT_PRIVACIES = ['public', 'private'] as const;
export type BotPrivacy = (typeof BOT_PRIVACIES)[number];
/** What the output filter can mask in an answer. */
export const REDACTIONS = ['email', 'phone', 'credit_card'] as const;
export type Redaction = (typeof REDACTIONS)[number];
