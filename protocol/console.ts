/**
 * The agent API and the operator console built on it (issue 14): every shape an agent's
 * client sends or receives. Same rules as schemas.ts: one TypeBox definition per shape,
 * types by `Static<>`, the console (agent/) imports types only.
 */
import Type, { type Static } from 'typebox';
import {
  AGENT_ROLES, CONSOLE_EVENT_TYPES, CONTACT_FIELD_TYPES, SIGNAL_TYPES, CONVERSATION_EVENT_TYPES, CONVERSATION_LIST_STATUSES, FEEDBACK_VALUES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS,
} from './codes.ts';
import { DEFAULT_PAGE_SIZE, MAX_CLOSE_NOTE_CHARS, MAX_MESSAGE_CHARS, MAX_PAGE_SIZE, MAX_TAG_CHARS } from './limits.ts';
import { ConversationStatus, IsoTime, Message, Nullable, OneOf, Uuid } from './schemas.ts';

/** A calendar day that exists (2026-02-30 does not), YYYY-MM-DD. */
const Day = (options: Record<string, unknown> = {}) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', 'x-what': 'a date like "2026-11-24"', ...options });

// --- who is signed in -------------------------------------------------------------------

export const AgentRole = OneOf(AGENT_ROLES, { description: '`admin` may also delete data and read the webhook delivery log.' });
export type AgentRole = Static<typeof AgentRole>;

export const CannedReply = Type.Object({
  shortcut: Type.String({ description: 'What the agent types after `/` to pick it, e.g. "hours".' }),
  text: Type.String(),
});
export type CannedReply = Static<typeof CannedReply>;

/** GET /v1/agent/me (the old `{name}` plus the role and the canned replies). */
export const AgentMe = Type.Object({
  name: Type.String(),
  role: AgentRole,
  canned_replies: Type.Array(CannedReply),
  bots: Type.Array(Type.Object({
    id: Type.String(),
    name: Type.String(),
    contact_fields: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), type: OneOf(CONTACT_FIELD_TYPES) }), { description: 'The contact form\'s fields: the console names columns by their labels.' }),
  }), { description: 'The configured bots, for the console\'s filters.' }),
});
export type AgentMe = Static<typeof AgentMe>;

// --- conversations ------------------------------------------------------------------------

export const PresenceResponse = Type.Object({
  available: Type.Boolean({ description: 'true after a heartbeat; false after leaving (sign-out, Away, the tab closed).' }),
  expires_in: Type.Integer({ description: 'Seconds the heartbeat counts for (0 after leaving).' }),
});
const Tab = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: "Issue 21: the console tab's own id: an agent with two tabs open stays present until both have left." });
/** The heartbeat's optional body. */
export const PresenceRequest = Type.Object({ tab: Type.Optional(Tab) });
export type PresenceRequest = Static<typeof PresenceRequest>;
/** Issue 21: `navigator.sendBeacon` cannot send a header, so the closing tab's beacon carries the token in its body. */
export const PresenceLeaveRequest = Type.Object({ token: Type.String({ minLength: 1, maxLength: 500 }), tab: Type.Optional(Tab) });
export type PresenceLeaveRequest = Static<typeof PresenceLeaveRequest>;
/** Issue 21: the agent is typing a reply (true) or stopped (false); the visitor's widget shows it. */
export const AgentTypingRequest = Type.Object({ typing: Type.Boolean() });
export type AgentTypingRequest = Static<typeof AgentTypingRequest>;
export type PresenceResponse = Static<typeof PresenceResponse>;

export const Visitor = Type.Object({
  user_id: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
}, { description: 'A verified user (identity verification, issue 15).' });
export type Visitor = Static<typeof Visitor>;

/** A tag: 1–40 letters, digits, spaces, `-` or `_`; the server keeps it lower-case and trimmed. */
export const Tag = Type.String({ minLength: 1, maxLength: MAX_TAG_CHARS, pattern: '^[\\p{L}\\p{N}][\\p{L}\\p{N} _-]*$', 'x-what': 'letters, digits, spaces, "-" or "_"' });

export const ConversationSummary = Type.Object({
  conversation_id: Type.String(),
  bot_id: Uuid(),
  bot_name: Type.String(),
  session_id: Type.String({ description: 'The widget session that started it (what deleting a session takes).' }),
  status: ConversationStatus,
  created_at: IsoTime(),
  waiting_since: Nullable(IsoTime(), { description: 'When the conversation entered handoff; null otherwise.' }),
  updated_at: IsoTime(),
  assignee: Nullable(Type.String(), { description: 'The agent who claimed the conversation (or was assigned it); null when no one has.' }),
  claimed_at: Nullable(IsoTime(), { description: 'Since when the assignee has it; null when no one has.' }),
  title: Nullable(Type.String({ description: "The visitor's first message (at most 200 characters): what the lists are titled by." })),
  tags: Type.Array(Tag, { description: 'Sorted.' }),
  last_message: Nullable(Message),
  visitor: Nullable(Visitor, { description: 'The verified user, or null for an anonymous visitor.' }),
});
export type ConversationSummary = Static<typeof ConversationSummary>;

/**
 * A yes/no query parameter: `true` filters, `false` or absent does not. (`x-problem` is the
 * validator's wording for any bad value: a query parameter is text, so it names the text.)
 */
const Flag = (description: string) => Type.Optional(Type.Boolean({ description, 'x-problem': 'must be one of "true", "false"' }));
/** A page of a list: how many rows, and where the previous page ended. */
const Limit = () => Type.Optional(Type.Integer({
  minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `1–${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}.`, 'x-problem': `must be an integer from 1 to ${MAX_PAGE_SIZE}`,
}));
const Cursor = () => Type.Optional(Type.String({ description: 'The `next_cursor` of the previous page.' }));
/** The console's lists other than conversations also check that the bot is configured. */
const BotFilter = (description = "Only this bot's.") => Type.Optional(Type.String({ description }));

/**
 * The query of GET /v1/agent/conversations: the list's filters and the page. The server reads
 * the query string through it (server/config/validate.ts `parseQuery`: a bad value is a 400
 * naming the parameter, never silently ignored, since a typo in a filter must not show
 * everything); the console builds its requests from the same type.
 */
export const ConversationListQuery = Type.Object({
  status: Type.Optional(OneOf(CONVERSATION_LIST_STATUSES, { default: 'handoff', description: 'Default `handoff`; `all`: every status (latest activity first).' })),
  bot_id: BotFilter(),
  from: Type.Optional(Day({ description: 'Only conversations with activity on or after this day (YYYY-MM-DD, UTC).' })),
  to: Type.Optional(Day({ description: 'Only conversations with activity on or before this day (YYYY-MM-DD, UTC).' })),
  feedback: Type.Optional(OneOf(FEEDBACK_VALUES, { description: 'Only conversations with an answer rated so.' })),
  unanswered: Flag('`true`: only conversations with a question the bot could not answer.'),
  handed_off: Flag('`true`: only conversations ever handed to a person.'),
  contact: Flag('`true`: only conversations with a contact-form submission.'),
  mine: Flag('`true`: only conversations the signed-in agent has (claimed or assigned).'),
  tag: Type.Optional(Type.String({ description: 'Only conversations with this tag.' })),
  q: Type.Optional(Type.String({ description: 'Full-text search over the messages: every word in one message, the last word also as a prefix, English stemming ("refunds" finds "refund"); the first 200 characters count.' })),
  limit: Limit(),
  cursor: Cursor(),
}, { description: 'Unknown parameters are ignored; an empty value counts as absent.' });
export type ConversationListQuery = Static<typeof ConversationListQuery>;
/** The list's filters: the query without the page (the store's query adds its own page). */
export type ConversationFilters = Omit<ConversationListQuery, 'limit' | 'cursor'>;

export const ConversationList = Type.Object({
  conversations: Type.Array(ConversationSummary),
  next_cursor: Nullable(Type.String(), { description: 'Pass as `cursor` for the next page; null on the last page.' }),
});
export type ConversationList = Static<typeof ConversationList>;

/** What happened to a conversation besides its messages, oldest first. */
export const ConversationEvent = Type.Object({
  type: OneOf(CONVERSATION_EVENT_TYPES),
  at: IsoTime(),
  agent_name: Nullable(Type.String()),
  note: Nullable(Type.String({ description: 'On `closed`: the note the agent left (never shown to the visitor).' })),
  message_id: Nullable(Type.String({ description: 'On `unanswered`: the visitor message the bot could not answer.' })),
});
export type ConversationEvent = Static<typeof ConversationEvent>;

export const ContactSubmission = Type.Object({
  id: Type.String(),
  bot_id: Type.String(),
  bot_name: Type.String(),
  conversation_id: Nullable(Type.String()),
  session_id: Type.String(),
  fields: Type.Record(Type.String(), Type.String()),
  created_at: IsoTime(),
});
export type ContactSubmission = Static<typeof ContactSubmission>;

/** Where the visitor was when the chat started (issue 22): the widget's `page` field with the first turn, and the browser's request headers. */
export const VisitorContext = Type.Object({
  page_url: Nullable(Type.String()),
  page_title: Nullable(Type.String()),
  referrer: Nullable(Type.String()),
  language: Nullable(Type.String({ description: 'The browser\'s language (BCP 47).' })),
  browser: Nullable(Type.String({ description: 'Browser name and major version, from the User-Agent (the header itself is not kept).' })),
  os: Nullable(Type.String({ description: 'Operating system, from the User-Agent.' })),
});
export type VisitorContext = Static<typeof VisitorContext>;

/** Another conversation of the same visitor (session, or the same verified user). */
export const EarlierConversation = Type.Object({
  conversation_id: Type.String(),
  status: ConversationStatus,
  created_at: IsoTime(),
  title: Nullable(Type.String()),
});
export type EarlierConversation = Static<typeof EarlierConversation>;

export const ConversationDetail = Type.Object({
  conversation: ConversationSummary,
  messages: Type.Array(Message),
  contact_submissions: Type.Array(ContactSubmission),
  events: Type.Array(ConversationEvent),
  context: Nullable(VisitorContext, { description: 'Where the chat started; null when the widget did not say (older widgets, API clients).' }),
  earlier: Type.Array(EarlierConversation, { description: 'The visitor\'s other conversations (same session or verified user), newest first, at most 20.' }),
});
export type ConversationDetail = Static<typeof ConversationDetail>;

export const AgentReplyRequest = Type.Object({ content: Type.String({ maxLength: MAX_MESSAGE_CHARS, description: `1–${MAX_MESSAGE_CHARS} characters after trimming.` }) });
export type AgentReplyRequest = Static<typeof AgentReplyRequest>;

export const CloseRequest = Type.Object({
  note: Type.Optional(Type.String({ maxLength: MAX_CLOSE_NOTE_CHARS, description: 'Kept with the conversation for agents; the visitor never sees it.' })),
}, { description: 'The body is optional.' });
export type CloseRequest = Static<typeof CloseRequest>;

export const ClaimResponse = Type.Object({ conversation: ConversationSummary });

export const AssignRequest = Type.Object({ agent: Type.String({ minLength: 1, description: 'The name of a configured agent.' }) });
export type AssignRequest = Static<typeof AssignRequest>;
export const TagRequest = Type.Object({ tag: Tag });
export type TagRequest = Static<typeof TagRequest>;
/** The agents an agent may assign a conversation to (GET /v1/agent/agents). */
export const AgentList = Type.Object({ agents: Type.Array(Type.Object({ name: Type.String(), role: AgentRole })) });
export type AgentList = Static<typeof AgentList>;
export type ClaimResponse = Static<typeof ClaimResponse>;

export const DeleteResponse = Type.Object({
  deleted_conversations: Type.Integer({ minimum: 0 }),
  deleted_messages: Type.Integer({ minimum: 0 }),
  deleted_contacts: Type.Integer({ minimum: 0 }),
});
export type DeleteResponse = Static<typeof DeleteResponse>;

// --- unanswered questions -----------------------------------------------------------------

export const UnansweredGroup = Type.Object({
  id: Type.String({ description: 'The id of the group\'s newest question; changes as the group grows.' }),
  bot_id: Type.String(),
  question: Type.String({ description: 'The newest question of the group, as the visitor wrote it.' }),
  count: Type.Integer({ minimum: 1 }),
  no_answer: Type.Integer({ minimum: 0, description: 'How many the bot could not answer: no passage, or none that answers (one "don\'t know").' }),
  negative_feedback: Type.Integer({ minimum: 0, description: 'How many got a thumbs-down on their answer.' }),
  last_asked_at: IsoTime(),
  question_ids: Type.Array(Type.String(), { description: 'Every question of the group (what `handled` takes).' }),
  conversation_ids: Type.Array(Type.String(), { description: 'Their conversations, newest first, at most 20.' }),
  examples: Type.Array(Type.String(), { description: 'Up to 5 other wordings.' }),
});
export type UnansweredGroup = Static<typeof UnansweredGroup>;

/** The query of GET /v1/agent/unanswered. */
export const UnansweredQuery = Type.Object({ bot_id: BotFilter(), handled: Flag('`true`: the groups marked handled instead.') });
export type UnansweredQuery = Static<typeof UnansweredQuery>;

export const UnansweredList = Type.Object({ groups: Type.Array(UnansweredGroup) });
export type UnansweredList = Static<typeof UnansweredList>;

export const HandledRequest = Type.Object({ question_ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 5000 }) });
export type HandledRequest = Static<typeof HandledRequest>;
export const HandledResponse = Type.Object({ handled: Type.Integer({ minimum: 0 }) });
export type HandledResponse = Static<typeof HandledResponse>;

// --- knowledge health --------------------------------------------------------------------

export const SourceHealth = Type.Object({
  bot_id: Type.String(),
  source_id: Type.String(),
  title: Type.String(),
  url: Type.String({ description: 'Empty when the source has none.' }),
  citations: Type.Integer({ minimum: 0, description: 'Answers that cited it.' }),
  positive: Type.Integer({ minimum: 0 }),
  negative: Type.Integer({ minimum: 0 }),
  in_knowledge: Type.Boolean({ description: 'False for a source cited in the past that the knowledge no longer has.' }),
});
export type SourceHealth = Static<typeof SourceHealth>;
export const KnowledgeHealth = Type.Object({ sources: Type.Array(SourceHealth, { description: 'Most cited first; never-cited sources last.' }) });
export type KnowledgeHealth = Static<typeof KnowledgeHealth>;

// --- contacts ------------------------------------------------------------------------------

/** The query of GET /v1/agent/contacts. */
export const ContactListQuery = Type.Object({ bot_id: BotFilter(), limit: Limit(), cursor: Cursor() });
export type ContactListQuery = Static<typeof ContactListQuery>;

export const ContactList = Type.Object({
  contacts: Type.Array(ContactSubmission, { description: 'Newest first.' }),
  next_cursor: Nullable(Type.String()),
});
export type ContactList = Static<typeof ContactList>;

// --- numbers --------------------------------------------------------------------------------

export const DayStats = Type.Object({
  day: Day(),
  bot_id: Type.String(),
  conversations: Type.Integer({ minimum: 0, description: 'Conversations started.' }),
  turns: Type.Integer({ minimum: 0, description: 'Visitor messages.' }),
  deflected: Type.Integer({ minimum: 0, description: 'Conversations started that day that the bot answered and that were never handed to a person.' }),
  handed_off: Type.Integer({ minimum: 0, description: 'Handoffs requested.' }),
  unanswered: Type.Integer({ minimum: 0, description: 'Questions the bot could not answer: no passage, or none that answers.' }),
  positive: Type.Integer({ minimum: 0 }),
  negative: Type.Integer({ minimum: 0 }),
  rate_limited: Type.Integer({ minimum: 0, description: 'Chat requests refused with 429.' }),
});
export type DayStats = Static<typeof DayStats>;
/** The query of GET /v1/agent/stats and stats.csv. */
export const StatsQuery = Type.Object({
  bot_id: BotFilter('Only this bot.'),
  to: Type.Optional(Day({ description: 'Last day (YYYY-MM-DD, UTC); default today. At most 366 days in all.' })),
  from: Type.Optional(Day({ description: 'First day (YYYY-MM-DD, UTC); default 29 days before `to`.' })),
});
export type StatsQuery = Static<typeof StatsQuery>;

/** Headline figures of the whole range (issue 22). */
export const StatsTotals = Type.Object({
  conversations: Type.Integer({ minimum: 0 }),
  deflected: Type.Integer({ minimum: 0, description: 'Answered by the bot alone.' }),
  handed_off: Type.Integer({ minimum: 0 }),
  unanswered: Type.Integer({ minimum: 0 }),
  positive: Type.Integer({ minimum: 0 }),
  negative: Type.Integer({ minimum: 0 }),
  first_response_ms: Nullable(Type.Integer({ minimum: 0 }), { description: "Median time from a handoff to the agents' first reply; null when none." }),
  resolution_ms: Nullable(Type.Integer({ minimum: 0 }), { description: 'Median time from a handoff to closing; null when none.' }),
});
export type StatsTotals = Static<typeof StatsTotals>;

export const Stats = Type.Object({
  from: Day(),
  to: Day(),
  days: Type.Array(DayStats, { description: 'One row per day and bot, every day of the range, zeros included; by day, then bot.' }),
  totals: StatsTotals,
  tags: Type.Array(Type.Object({ tag: Tag, conversations: Type.Integer({ minimum: 0 }) }), { description: 'Tags added in the range, most used first.' }),
});
export type Stats = Static<typeof Stats>;

// --- live updates ---------------------------------------------------------------------------

/** One event of GET /v1/agent/events (SSE, `event: console`). */
export const ConsoleEvent = Type.Object({
  type: OneOf(CONSOLE_EVENT_TYPES),
  at: IsoTime(),
  conversation_id: Nullable(Type.String()),
  conversation: Nullable(ConversationSummary, { description: 'The conversation as it is now; null when deleted or when the event has none.' }),
  message: Nullable(Message, { description: 'On `message.*`: the message.' }),
  agent_name: Nullable(Type.String(), { description: 'On agent actions (claim, assignment, tags, deletion…): who did it.' }),
});
export type ConsoleEvent = Static<typeof ConsoleEvent>;

/** Issue 21: an operator answers a contact submission by e-mail (to its e-mail field). */
export const ContactReplyRequest = Type.Object({
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Default: "Re: your message to <bot name>".' })),
  text: Type.String({ minLength: 1, maxLength: MAX_MESSAGE_CHARS }),
});
export type ContactReplyRequest = Static<typeof ContactReplyRequest>;
export const EmailSent = Type.Object({
  to: Type.String(),
  subject: Type.String(),
  attempts: Type.Integer({ minimum: 1, description: 'Attempts it took (a failed one is tried again).' }),
});
export type EmailSent = Static<typeof EmailSent>;

/** Issue 21: `event: signal` on the same channel: someone typing, a reply seen; nothing of it is stored. */
export const ConsoleSignal = Type.Object({
  type: OneOf(SIGNAL_TYPES),
  at: IsoTime(),
  conversation_id: Type.String(),
  agent_name: Nullable(Type.String(), { description: 'On `agent.typing`: who.' }),
  typing: Nullable(Type.Boolean(), { description: 'On `*.typing`: started (true) or stopped (false).' }),
  text: Nullable(Type.String(), { description: "On `visitor.typing`: what the visitor has typed so far, only when the bot has `handoff.typing_preview` on." }),
  message_id: Nullable(Type.String(), { description: 'On `visitor.seen`: the latest message the visitor has seen.' }),
});
export type ConsoleSignal = Static<typeof ConsoleSignal>;

// --- webhooks -------------------------------------------------------------------------------

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  workspace_id: Type.String(),
  event: OneOf(WEBHOOK_EVENTS),
  url: Type.String(),
  status: OneOf(WEBHOOK_DELIVERY_STATUSES, { description: '`failed`: every attempt failed; no more are made.' }),
  attempts: Type.Integer({ minimum: 0 }),
  last_status: Nullable(Type.Integer(), { description: 'The HTTP status of the last attempt; null when it got no answer.' }),
  last_error: Nullable(Type.String()),
  created_at: IsoTime(),
  next_attempt_at: Nullable(IsoTime()),
  delivered_at: Nullable(IsoTime()),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export const WebhookDeliveryList = Type.Object({ deliveries: Type.Array(WebhookDelivery, { description: 'Newest first, at most 200.' }) });
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

/** The agent API's named schemas (protocol/catalog.ts joins them with the public ones). */
export const AGENT_SCHEMAS = {
  AgentMe, CannedReply, PresenceResponse, PresenceRequest, PresenceLeaveRequest, AgentTypingRequest, Visitor, ConversationSummary, ConversationListQuery, ConversationList, ConversationEvent, ContactSubmission,
  ConversationDetail, VisitorContext, EarlierConversation, AssignRequest, TagRequest, AgentList, StatsTotals,
  AgentReplyRequest, CloseRequest, ClaimResponse, DeleteResponse, UnansweredGroup, UnansweredQuery, UnansweredList, HandledRequest, HandledResponse, SourceHealth,
  KnowledgeHealth, ContactListQuery, ContactList, DayStats, StatsQuery, Stats, ConsoleEvent, ConsoleSignal, ContactReplyRequest, EmailSent, WebhookDelivery, WebhookDeliveryList,
} as const;
