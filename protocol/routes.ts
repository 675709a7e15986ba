/**
 * The HTTP API as data: every operation with its path, parameters, body and the schema of
 * each answer. The server's /openapi.json is generated from this table (server/openapi.ts),
 * a test checks it against the routes fastify registered, and the contract test validates
 * real answers of every operation against the schemas named here.
 */
import type { SchemaName } from './catalog.ts';

export interface Param { name: string; in: 'path' | 'query'; required: boolean; description: string; uuid?: boolean }
export interface Answer {
  description: string;
  /** A JSON body of this schema; errors always carry ErrorBody. */
  json?: SchemaName;
  /** An SSE stream whose events follow this schema. */
  sse?: SchemaName;
  /** A 429: carries Retry-After. */
  retryAfter?: boolean;
  /** A CSV file (`text/csv; charset=utf-8`, with a header row) for download. */
  csv?: boolean;
}
export interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  /** Bearer token of an agent from the config. */
  agent?: boolean;
  /** Only agents with `role: "admin"` (others get 403 `forbidden`). */
  admin?: boolean;
  extension?: boolean;
  params?: Param[];
  /** The query parameters as one schema: each property is a parameter (after `params`), its schema and description with it. */
  query?: SchemaName;
  body?: SchemaName;
  answers: Record<number, Answer>;
}

const uuid = (name: string, description: string): Param => ({ name, in: 'path', required: true, description, uuid: true });
const path = (name: string, description: string): Param => ({ name, in: 'path', required: true, description });
const err = (description: string): Answer => ({ description, json: 'ErrorBody' });
const tooMany: Answer = { description: 'Rate limit exceeded; `message` names the window.', json: 'ErrorBody', retryAfter: true };
const unauthorized = err('Missing or wrong agent token.');

/**
 * What any operation may answer while PostgreSQL or Redis is unreachable: the generator adds
 * it to every operation (merged into a 503 an operation already documents), and
 * server/outage.test.ts provokes it through a cut connection.
 */
export const OUTAGE: Answer = { description: 'PostgreSQL or Redis unreachable (`service_unavailable`): nothing was stored; retry after `Retry-After` seconds.', json: 'ErrorBody', retryAfter: true };

export const API: readonly Operation[] = [
  {
    method: 'POST', path: '/v1/public/chat/stream', summary: 'Stream one chat turn as Server-Sent Events', body: 'ChatRequest',
    answers: {
      200: { description: 'The SSE stream (`text/event-stream; charset=utf-8`); `: keep-alive` comments every 15 s of silence.', sse: 'ChatEvent' },
      400: err('Missing or invalid field, image not allowed or invalid, or bot-protection token missing (`recaptcha_required`).'),
      403: err('Bot not public or inactive, origin not allowed, trial expired, or bot protection failed (`recaptcha_failed`).'),
      404: err('Bot not found, or `conversation_id` unknown, of another bot or another session.'),
      413: err('Body larger than 6 MB.'),
      415: err('Body is not JSON.'),
      429: tooMany,
      503: err('The bot-protection verifier could not be reached (`recaptcha_unavailable`).'),
    },
  },
  {
    method: 'GET', path: '/v1/public/chat/streams/{turn_id}', summary: 'Extension: resume a chat turn after a dropped connection', extension: true,
    params: [
      path('turn_id', 'The part before `:` of the SSE `id` of any event of the turn.'),
      { name: 'session_id', in: 'query', required: true, description: 'Must be the session that sent the turn.' },
      { name: 'last_event_id', in: 'query', required: false, description: 'Instead of the `Last-Event-ID` header: the last event id received (`<turn_id>:<n>`); absent: from the first event.' },
    ],
    answers: {
      200: { description: 'The events after `Last-Event-ID`, then the rest of the turn, with the same ids; ends with `done` or `error` (`service_unavailable` when the instance generating it stopped).', sse: 'ChatEvent' },
      400: err('`session_id` missing, or `Last-Event-ID` not an id of this turn.'),
      403: err("Origin not allowed for the turn's bot."),
      404: err('No such turn for this session (unknown, another session\'s, or ended more than a minute ago).'),
      429: tooMany,
    },
  },
  {
    method: 'GET', path: '/v1/public/bots/{bot_id}/config', summary: "Read a bot's widget configuration",
    params: [uuid('bot_id', 'The bot.')],
    answers: { 200: { description: 'The configuration.', json: 'WidgetConfig' }, 400: err('Malformed bot id.'), 403: err('Bot private or inactive, or origin not allowed.'), 404: err('Bot not found.') },
  },
  {
    method: 'GET', path: '/v1/public/conversations/{conversation_id}/messages', summary: 'Read the history of a conversation (oldest first)',
    params: [
      path('conversation_id', 'From a `done` event.'),
      { name: 'session_id', in: 'query', required: true, description: 'Must be the session that created the conversation.' },
      { name: 'after', in: 'query', required: false, description: 'A message id; only later messages are returned.' },
    ],
    answers: {
      200: { description: 'The messages.', json: 'History' },
      400: err('`session_id` missing, or `after` not a message of this conversation.'),
      403: err("Origin not allowed for the conversation's bot."),
      404: err("Unknown conversation or another session's (same answer for both)."),
      429: tooMany,
    },
  },
  {
    method: 'POST', path: '/v1/public/conversations/{conversation_id}/handoff', summary: 'Extension: hand the conversation to a human', extension: true,
    params: [path('conversation_id', 'The conversation.')], body: 'HandoffRequest',
    answers: {
      200: { description: 'Status is now `handoff`; `handoff_available` says whether an agent is online.', json: 'StatusChange' },
      400: err('`handoff_disabled` for a bot without handoff; `invalid_request` for a bad body.'),
      403: err('Origin not allowed.'),
      404: err("Unknown conversation or another session's."),
      429: tooMany,
    },
  },
  {
    method: 'GET', path: '/v1/public/conversations/{conversation_id}/live', summary: "Extension: the conversation's live channel (agent messages, typing, status)", extension: true,
    params: [
      path('conversation_id', 'The conversation.'),
      { name: 'session_id', in: 'query', required: true, description: 'Must be the session that owns the conversation.' },
      { name: 'last_event_id', in: 'query', required: false, description: 'Where a `Last-Event-ID` header cannot be set: the last message id received.' },
    ],
    answers: {
      200: { description: 'The SSE stream: the messages after `Last-Event-ID`, a `status` event, then changes as they happen; it ends after a status other than `handoff`.', sse: 'LiveEvent' },
      400: err('`session_id` missing, or `Last-Event-ID` malformed.'),
      403: err('Origin not allowed.'),
      404: err("Unknown conversation or another session's."),
      429: { description: 'Rate limit exceeded, or too many live channels open for this session or address (`message` says which).', json: 'ErrorBody', retryAfter: true },
    },
  },
  {
    method: 'POST', path: '/v1/public/conversations/{conversation_id}/activity', summary: 'Extension: the visitor is typing, or has seen a reply (told to the console)', extension: true,
    params: [path('conversation_id', 'The conversation.')], body: 'ActivityRequest',
    answers: {
      200: { description: 'Told to the console.', json: 'ActivityResponse' },
      400: err('A bad body, named in `message`.'),
      403: err('Origin not allowed.'),
      404: err("Unknown conversation or another session's."),
      429: tooMany,
    },
  },
  {
    method: 'POST', path: '/v1/public/bots/{bot_id}/contact', summary: 'Extension: submit the contact form', extension: true,
    params: [uuid('bot_id', 'The bot.')], body: 'ContactRequest',
    answers: {
      201: { description: 'Stored.', json: 'ContactResponse' },
      400: err('`contact_form_disabled`, or `invalid_fields` with `fields` naming every failing field.'),
      403: err('Bot private or inactive, or origin not allowed.'),
      404: err('Bot or conversation not found.'),
      429: tooMany,
    },
  },
  {
    method: 'POST', path: '/v1/public/messages/{message_id}/feedback', summary: 'Extension: rate an assistant message', extension: true,
    params: [path('message_id', 'An assistant message.')], body: 'FeedbackRequest',
    answers: {
      200: { description: 'Stored.', json: 'FeedbackResponse' },
      400: err('Bad value, or not an assistant message.'),
      403: err('Origin not allowed.'),
      404: err("Unknown message or another session's."),
      429: tooMany,
    },
  },
  {
    method: 'POST', path: '/v1/public/bots/{bot_id}/identify', extension: true,
    summary: "Extension: identity verification; links the session to a user whose `user_hash` (lowercase hex HMAC-SHA256 of `user_id` with the bot's `identity_secret`) matches",
    params: [uuid('bot_id', 'The bot.')], body: 'IdentifyRequest',
    answers: {
      200: { description: "Linked; `conversation_id` is the user's most recent conversation with this bot.", json: 'IdentifyResponse' },
      400: err('A missing or malformed field (named in the message).'),
      403: err('`identity_invalid`: `user_hash` does not match `user_id`; or bot private or inactive, or origin not allowed.'),
      404: err('Bot not found, or identity verification is off for this bot.'),
      409: err('`session_taken`: the session is linked to another user.'),
      429: tooMany,
    },
  },
  { method: 'GET', path: '/v1/agent/me', summary: 'Agent: who am I', agent: true, answers: { 200: { description: 'The agent.', json: 'AgentMe' }, 401: unauthorized } },
  {
    method: 'POST', path: '/v1/agent/presence', summary: 'Agent: presence heartbeat; `handoff_available` is true while any agent (tab) sent one in the last 60 s and has not left', agent: true,
    body: 'PresenceRequest',
    answers: { 200: { description: 'Recorded.', json: 'PresenceResponse' }, 400: err('A bad `tab`.'), 401: unauthorized },
  },
  {
    method: 'DELETE', path: '/v1/agent/presence', summary: 'Agent: leave now (sign-out, the "Away" switch); `handoff_available` follows at once', agent: true,
    query: 'PresenceRequest',
    answers: { 200: { description: 'Left.', json: 'PresenceResponse' }, 400: err('A bad `tab`.'), 401: unauthorized },
  },
  {
    method: 'POST', path: '/v1/agent/presence/leave', summary: "Agent: leave, from the closing console tab's `navigator.sendBeacon` (the token in the body, since a beacon sends no header)",
    body: 'PresenceLeaveRequest',
    answers: { 200: { description: 'Left.', json: 'PresenceResponse' }, 400: err('A bad body.'), 401: unauthorized },
  },
  {
    method: 'GET', path: '/v1/agent/conversations', summary: 'Agent: list conversations (handoff: oldest waiting first; others: latest first)', agent: true,
    query: 'ConversationListQuery',
    answers: { 200: { description: 'One page of the list.', json: 'ConversationList' }, 400: err('A bad filter, named in `message`.'), 401: unauthorized },
  },
  {
    method: 'GET', path: '/v1/agent/conversations/{conversation_id}', summary: 'Agent: read one conversation', agent: true,
    params: [path('conversation_id', 'The conversation.')],
    answers: { 200: { description: 'The conversation.', json: 'ConversationDetail' }, 401: unauthorized, 404: err('Unknown conversation.') },
  },
  {
    method: 'POST', path: '/v1/agent/conversations/{conversation_id}/messages', summary: 'Agent: reply (stored as an assistant message with `agent_name`)', agent: true,
    params: [path('conversation_id', 'The conversation.')], body: 'AgentReplyRequest',
    answers: { 201: { description: 'The stored message.', json: 'Message' }, 400: err('Bad content.'), 401: unauthorized, 404: err('Unknown conversation.') },
  },
  {
    method: 'POST', path: '/v1/agent/conversations/{conversation_id}/close', summary: 'Agent: close, with an optional note for agents (a new user message reopens it)', agent: true,
    params: [path('conversation_id', 'The conversation.')], body: 'CloseRequest',
    answers: { 200: { description: 'Closed.', json: 'StatusChange' }, 400: err('Note too long.'), 401: unauthorized, 404: err('Unknown conversation.') },
  },
  {
    method: 'POST', path: '/v1/agent/conversations/{conversation_id}/typing', summary: "Agent: typing a reply (true) or stopped (false); the visitor's live channel shows it", agent: true,
    params: [path('conversation_id', 'The conversation.')], body: 'AgentTypingRequest',
    answers: { 200: { description: 'Told.', json: 'ActivityResponse' }, 400: err('A bad body.'), 401: unauthorized, 404: err('Unknown conversation.') },
  },
  {
    method: 'POST', path: '/v1/agent/conversations/{conversation_id}/claim', summary: 'Agent: take the conversation (others see who has it)', agent: true,
    params: [path('conversation_id', 'The conversation.')],
    answers: { 200: { description: 'Claimed (or already yours).', json: 'ClaimResponse' }, 401: unauthorized, 404: err('Unknown conversation.'), 409: err('Another agent has it (`conversation_claimed`; `message` names them).') },
  },
  {
    method: 'POST', path: '/v1/agent/conversations/{conversation_id}/release', summary: 'Agent: give a claimed conversation back to the team (it stays with a person)', agent: true,
    params: [path('conversation_id', 'The conversation.')],
    answers: { 200: { description: 'Released.', json: 'ClaimResponse' }, 401: unauthorized, 404: err('Unknown conversation.'), 409: err('Another agent has it.') },
  },
  {
    method: 'POST', path: '/v1/agent/conversations/{conversation_id}/handback', summary: 'Agent: hand the conversation back to the bot (status `open`; the visitor is told)', agent: true,
    params: [path('conversation_id', 'The conversation.')],
    answers: { 200: { description: 'The bot answers again.', json: 'StatusChange' }, 401: unauthorized, 404: err('Unknown conversation.'), 409: err('Another agent has it.') },
  },
  { method: 'GET', path: '/v1/agent/agents', summary: 'Agent: the configured agents (whom a conversation can be assigned to)', agent: true, answers: { 200: { description: 'Every agent.', json: 'AgentList' }, 401: unauthorized } },
  {
    method: 'POST', path: '/v1/agent/conversations/{conversation_id}/assign', summary: 'Agent: give the conversation to a named agent (an agent may pass on an unclaimed conversation or their own; an admin any)', agent: true,
    params: [path('conversation_id', 'The conversation.')], body: 'AssignRequest',
    answers: { 200: { description: 'Assigned.', json: 'ClaimResponse' }, 400: err('No agent of that name.'), 401: unauthorized, 404: err('Unknown conversation.'), 409: err('Another agent has it (`conversation_claimed`).') },
  },
  {
    method: 'POST', path: '/v1/agent/conversations/{conversation_id}/tags', summary: 'Agent: add a tag (kept trimmed and lower-case)', agent: true,
    params: [path('conversation_id', 'The conversation.')], body: 'TagRequest',
    answers: { 200: { description: 'The conversation already had it.', json: 'ClaimResponse' }, 201: { description: 'Added.', json: 'ClaimResponse' }, 400: err('Not a valid tag.'), 401: unauthorized, 404: err('Unknown conversation.') },
  },
  {
    method: 'DELETE', path: '/v1/agent/conversations/{conversation_id}/tags/{tag}', summary: 'Agent: remove a tag', agent: true,
    params: [path('conversation_id', 'The conversation.'), path('tag', 'The tag.')],
    answers: { 200: { description: 'Removed (or it was not there).', json: 'ClaimResponse' }, 401: unauthorized, 404: err('Unknown conversation.') },
  },
  {
    method: 'DELETE', path: '/v1/agent/conversations/{conversation_id}', summary: 'Admin: delete a conversation with its messages and contact submissions', agent: true, admin: true,
    params: [path('conversation_id', 'The conversation.')],
    answers: { 200: { description: 'Deleted.', json: 'DeleteResponse' }, 401: unauthorized, 403: err('Not an admin (`forbidden`).'), 404: err('Unknown conversation.') },
  },
  {
    method: 'DELETE', path: '/v1/agent/sessions/{session_id}', summary: 'Admin: delete everything of one widget session (conversations, messages, contact submissions, identity link)', agent: true, admin: true,
    params: [path('session_id', 'The widget session.')],
    answers: { 200: { description: 'Deleted (zeros when the session left nothing).', json: 'DeleteResponse' }, 401: unauthorized, 403: err('Not an admin (`forbidden`).') },
  },
  {
    method: 'GET', path: '/v1/agent/events', summary: 'Agent: live console updates over Server-Sent Events (no polling)', agent: true, extension: true,
    answers: { 200: { description: 'An SSE stream of `console` events; `: keep-alive` comments every 15 s.', sse: 'ConsoleEvent' }, 401: unauthorized },
  },
  {
    method: 'GET', path: '/v1/agent/unanswered', summary: 'Agent: questions the bot could not answer, grouped by similarity, newest first', agent: true,
    query: 'UnansweredQuery',
    answers: { 200: { description: 'The groups.', json: 'UnansweredList' }, 400: err('A bad filter.'), 401: unauthorized },
  },
  {
    method: 'POST', path: '/v1/agent/unanswered/handled', summary: 'Agent: mark questions (a group) as handled', agent: true, body: 'HandledRequest',
    answers: { 200: { description: 'How many were marked.', json: 'HandledResponse' }, 400: err('Bad body.'), 401: unauthorized },
  },
  {
    method: 'GET', path: '/v1/agent/knowledge', summary: 'Agent: for each source document, how often it was cited and how its answers were rated', agent: true,
    params: [{ name: 'bot_id', in: 'query', required: false, description: 'Only this bot\'s.' }],
    answers: { 200: { description: 'The sources.', json: 'KnowledgeHealth' }, 400: err('A bad filter.'), 401: unauthorized },
  },
  {
    method: 'GET', path: '/v1/agent/contacts', summary: 'Agent: contact-form submissions, newest first', agent: true,
    query: 'ContactListQuery',
    answers: { 200: { description: 'One page.', json: 'ContactList' }, 400: err('A bad filter.'), 401: unauthorized },
  },
  {
    method: 'POST', path: '/v1/agent/contacts/{contact_id}/reply', summary: "Agent: answer a contact submission by e-mail, to its e-mail field (config `smtp`); tried again on a refusal for now", agent: true,
    params: [path('contact_id', 'The submission.')], body: 'ContactReplyRequest',
    answers: {
      200: { description: 'The SMTP server took it.', json: 'EmailSent' },
      400: err('A bad body, or a submission without an e-mail address.'),
      401: unauthorized,
      404: err('Unknown submission.'),
      409: err('`email_not_configured`: the config has no `smtp`.'),
      502: err('`email_failed`: the SMTP server did not take it after every attempt; `message` says what it answered.'),
    },
  },
  {
    method: 'GET', path: '/v1/agent/contacts.csv', summary: 'Agent: every contact-form submission as CSV', agent: true,
    params: [{ name: 'bot_id', in: 'query', required: false, description: 'Only this bot\'s.' }],
    answers: { 200: { description: 'CSV: created_at, bot, conversation_id, session_id, then one column per field name.', csv: true }, 400: err('A bad filter.'), 401: unauthorized },
  },
  {
    method: 'GET', path: '/v1/agent/stats', summary: 'Agent: numbers per day and bot', agent: true,
    query: 'StatsQuery',
    answers: { 200: { description: 'The numbers.', json: 'Stats' }, 400: err('A bad day or range.'), 401: unauthorized },
  },
  {
    method: 'GET', path: '/v1/agent/stats.csv', summary: 'Agent: the numbers per day and bot as CSV', agent: true,
    query: 'StatsQuery',
    answers: { 200: { description: 'CSV with the columns of DayStats.', csv: true }, 400: err('A bad day or range.'), 401: unauthorized },
  },
  {
    method: 'GET', path: '/v1/agent/webhooks/deliveries', summary: 'Admin: the webhook delivery log, newest first', agent: true, admin: true,
    answers: { 200: { description: 'The log.', json: 'WebhookDeliveryList' }, 401: unauthorized, 403: err('Not an admin (`forbidden`).') },
  },
];

/** The operation serving `METHOD /path/{param}`, if any. */
export const operation = (method: string, path: string): Operation | undefined => API.find((o) => o.method === method && o.path === path);
