/**
 * The OpenAPI 3.1 document of the server, written by hand. A test checks that every route
 * registered in fastify is here and every path here is registered.
 */
type Schema = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json(ref('Error'), description);
const nullable = (type: string, extra: Schema = {}) => ({ type: [type, 'null'], ...extra });
const uuidParam = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string', format: 'uuid' } });
const stringParam = (name: string, where: 'path' | 'query', required: boolean, description: string) => ({ name, in: where, required, description, schema: { type: 'string' } });
const rateLimited = {
  description: 'Rate limit exceeded; `message` names the window.',
  headers: { 'Retry-After': { description: 'Seconds until a retry can succeed.', schema: { type: 'integer' } } },
  content: { 'application/json': { schema: ref('Error') } },
};

const AGENT = [{ agentToken: [] }];

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object', required: ['error', 'message'],
    properties: {
      error: { type: 'string', description: 'Machine-readable code, e.g. `invalid_request`, `bot_not_found`, `origin_not_allowed`, `rate_limited`.' },
      message: { type: 'string', description: 'Text a person can read.' },
      retry_after: { type: 'integer', description: 'On 429: seconds until a retry can succeed.' },
      fields: { type: 'array', items: { type: 'string' }, description: 'On `invalid_fields`: the failing contact-form fields.' },
    },
  },
  Citation: {
    type: 'object', required: ['page_title', 'source_url', 'source_id', 'score', 'from_web_search'],
    properties: {
      page_title: { type: 'string' },
      source_url: { type: 'string', description: 'Empty when the bot has `include_links_in_responses` off.' },
      source_id: { type: 'string' },
      score: { type: 'number', minimum: 0, maximum: 1 },
      from_web_search: { type: 'boolean' },
    },
  },
  Message: {
    type: 'object', required: ['id', 'role', 'content', 'citations', 'feedback', 'image_preview', 'created_at', 'agent_name'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      role: { type: 'string', enum: ['user', 'assistant'] },
      content: { type: 'string' },
      citations: { type: ['array', 'null'], items: ref('Citation') },
      feedback: { type: ['string', 'null'], enum: ['positive', 'negative', null] },
      image_preview: nullable('string', { description: 'A small `data:image/webp;base64,...` URL renderable as `<img src>`: a thumbnail of the user image, at most 320 px on its long side, metadata stripped.' }),
      created_at: { type: 'string', format: 'date-time' },
      agent_name: nullable('string', { description: 'Extension: the human agent who wrote an assistant message.' }),
    },
  },
  ChatRequest: {
    type: 'object', required: ['bot_id', 'message', 'session_id'],
    description: 'Unknown fields are ignored; an optional field sent as null counts as absent.',
    properties: {
      bot_id: { type: 'string', format: 'uuid' },
      message: { type: 'string', minLength: 1, maxLength: 4000, description: '1-4000 characters after trimming.' },
      session_id: { type: 'string', minLength: 1, maxLength: 256 },
      conversation_id: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
      recaptcha_token: { type: ['string', 'null'], maxLength: 10000 },
      image_data: { type: ['string', 'null'], description: 'Base64 without a `data:` prefix; at most 4 MB decoded.' },
      image_media_type: { type: ['string', 'null'], enum: ['image/jpeg', 'image/png', 'image/webp', null] },
    },
  },
  ChatEvent: {
    description: 'One SSE event, sent as `data: <json>` followed by a blank line. Order: status retrieving, notice*, status generating, content*, replace?, then done or error.',
    oneOf: [
      { type: 'object', required: ['type', 'stage'], properties: { type: { const: 'status' }, stage: { enum: ['retrieving', 'generating'] } } },
      { type: 'object', required: ['type', 'content'], properties: { type: { const: 'content' }, content: { type: 'string' } } },
      { type: 'object', required: ['type', 'content'], properties: { type: { const: 'replace' }, content: { type: 'string' } } },
      { type: 'object', required: ['type', 'code', 'level', 'message_key'], properties: { type: { const: 'notice' }, code: { type: 'string', examples: ['rag_unavailable', 'handoff_active', 'handoff_started', 'handoff_offline'] }, level: { type: 'string' }, message_key: { type: 'string' } } },
      { type: 'object', required: ['type', 'conversation_id', 'assistant_message_id'], properties: { type: { const: 'done' }, conversation_id: { type: 'string' }, assistant_message_id: { type: 'string' }, citations: { type: 'array', items: ref('Citation'), maxItems: 3 } } },
      { type: 'object', required: ['type', 'error', 'message'], properties: { type: { const: 'error' }, error: { enum: ['content_filtered', 'service_unavailable', 'internal_error'] }, message: { type: 'string' } } },
    ],
  },
  WidgetConfig: {
    type: 'object',
    required: ['bot_id', 'bot_name', 'widget_settings', 'suggested_questions', 'show_suggested_questions', 'suggested_questions_count', 'welcome_message', 'warning_message', 'recaptcha_site_key', 'include_links', 'language', 'mcp_url', 'handoff_enabled', 'handoff_trigger', 'handoff_offline_message', 'handoff_agent_label', 'handoff_available', 'allow_user_images', 'contact_form_enabled', 'contact_form_trigger', 'contact_form_fields', 'contact_form_success_message', 'contact_form_button_display'],
    properties: {
      bot_id: { type: 'string', format: 'uuid' },
      bot_name: { type: 'string' },
      widget_settings: {
        type: 'object',
        properties: {
          primary_color: { type: 'string' }, position: { enum: ['bottom-right', 'bottom-left'] }, title: { type: 'string' },
          subtitle: { type: 'string' }, avatar_url: { type: 'string' }, theme: { enum: ['light', 'dark', 'auto'] }, open_on_load: { type: 'boolean' },
        },
      },
      suggested_questions: { type: 'array', items: { type: 'string' } },
      show_suggested_questions: { type: 'boolean' },
      suggested_questions_count: { type: 'integer' },
      welcome_message: nullable('string'),
      warning_message: nullable('string'),
      recaptcha_site_key: nullable('string'),
      include_links: { type: 'boolean' },
      language: { type: 'string' },
      mcp_url: nullable('string'),
      handoff_enabled: { type: 'boolean' },
      handoff_trigger: { enum: ['button', 'auto', 'both'] },
      handoff_offline_message: nullable('string'),
      handoff_agent_label: nullable('string'),
      handoff_available: { type: 'boolean' },
      allow_user_images: { type: 'boolean' },
      contact_form_enabled: { type: 'boolean' },
      contact_form_trigger: { enum: ['button', 'auto', 'both'] },
      contact_form_fields: {
        type: ['array', 'null'],
        items: { type: 'object', required: ['name', 'label', 'type', 'required'], properties: { name: { type: 'string' }, label: { type: 'string' }, type: { enum: ['text', 'email', 'tel', 'textarea', 'select'] }, required: { type: 'boolean' }, options: { type: 'array', items: { type: 'string' } } } },
      },
      contact_form_success_message: nullable('string'),
      contact_form_button_display: { enum: ['always', 'after_response', 'never'] },
    },
  },
  AgentConversation: {
    type: 'object', required: ['conversation_id', 'bot_id', 'bot_name', 'status', 'waiting_since', 'updated_at', 'last_message'],
    properties: {
      conversation_id: { type: 'string' }, bot_id: { type: 'string', format: 'uuid' }, bot_name: { type: 'string' },
      status: { enum: ['open', 'handoff', 'closed'] },
      waiting_since: nullable('string', { format: 'date-time', description: 'When the conversation entered handoff; null otherwise.' }),
      updated_at: { type: 'string', format: 'date-time' },
      last_message: { oneOf: [ref('Message'), { type: 'null' }] },
    },
  },
  StatusChange: {
    type: 'object', required: ['conversation_id', 'conversation_status'],
    properties: { conversation_id: { type: 'string' }, conversation_status: { enum: ['open', 'handoff', 'closed'] }, handoff_available: { type: 'boolean' } },
  },
  History: {
    type: 'object', required: ['messages', 'conversation_status'],
    properties: { messages: { type: 'array', items: ref('Message') }, conversation_status: { enum: ['open', 'handoff', 'closed'] } },
  },
};

const paths: Record<string, Schema> = {
  '/v1/public/chat/stream': {
    post: {
      summary: 'Stream one chat turn as Server-Sent Events',
      requestBody: { required: true, content: { 'application/json': { schema: ref('ChatRequest') } } },
      responses: {
        200: { description: 'The SSE stream (`text/event-stream; charset=utf-8`); `: keep-alive` comments every 15 s of silence.', content: { 'text/event-stream': { schema: ref('ChatEvent') } } },
        400: error('Missing or invalid field, image not allowed or invalid, or bot-protection token missing (`recaptcha_required`).'),
        403: error('Bot not public or inactive, origin not allowed, trial expired, or bot protection failed (`recaptcha_failed`).'),
        404: error('Bot not found, or `conversation_id` unknown, of another bot or another session.'),
        413: error('Body larger than 6 MB.'),
        415: error('Body is not JSON.'),
        429: rateLimited,
        503: error('The bot-protection verifier could not be reached (`recaptcha_unavailable`).'),
      },
    },
  },
  '/v1/public/bots/{bot_id}/config': {
    get: {
      summary: "Read a bot's widget configuration",
      parameters: [uuidParam('bot_id', 'The bot.')],
      responses: { 200: json(ref('WidgetConfig'), 'The configuration.'), 400: error('Malformed bot id.'), 403: error('Bot private or inactive, or origin not allowed.'), 404: error('Bot not found.') },
    },
  },
  '/v1/public/conversations/{conversation_id}/messages': {
    get: {
      summary: 'Read the history of a conversation (oldest first)',
      parameters: [
        stringParam('conversation_id', 'path', true, 'From a `done` event.'),
        stringParam('session_id', 'query', true, 'Must be the session that created the conversation.'),
        stringParam('after', 'query', false, 'A message id; only later messages are returned.'),
      ],
      responses: {
        200: json(ref('History'), 'The messages.'),
        400: error('`session_id` missing, or `after` not a message of this conversation.'),
        403: error('Origin not allowed for the conversation\'s bot.'),
        404: error('Unknown conversation or another session\'s (same answer for both).'),
        429: rateLimited,
      },
    },
  },
  '/v1/public/conversations/{conversation_id}/handoff': {
    post: {
      summary: 'Extension: hand the conversation to a human',
      parameters: [stringParam('conversation_id', 'path', true, 'The conversation.')],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['session_id'], properties: { session_id: { type: 'string' } } } } } },
      responses: {
        200: json(ref('StatusChange'), 'Status is now `handoff`; `handoff_available` says whether an agent is online.'),
        400: error('`handoff_disabled` for a bot without handoff; `invalid_request` for a bad body.'),
        403: error('Origin not allowed.'),
        404: error('Unknown conversation or another session\'s.'),
        429: rateLimited,
      },
    },
  },
  '/v1/public/bots/{bot_id}/contact': {
    post: {
      summary: 'Extension: submit the contact form',
      parameters: [uuidParam('bot_id', 'The bot.')],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', required: ['session_id', 'fields'], properties: { session_id: { type: 'string' }, conversation_id: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } } } } },
      },
      responses: {
        201: json({ type: 'object', required: ['id', 'success_message'], properties: { id: { type: 'string', format: 'uuid' }, success_message: nullable('string') } }, 'Stored.'),
        400: error('`contact_form_disabled`, or `invalid_fields` with `fields` naming every failing field.'),
        403: error('Bot private or inactive, or origin not allowed.'),
        404: error('Bot or conversation not found.'),
        429: rateLimited,
      },
    },
  },
  '/v1/public/messages/{message_id}/feedback': {
    post: {
      summary: 'Extension: rate an assistant message',
      parameters: [stringParam('message_id', 'path', true, 'An assistant message.')],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['session_id', 'feedback'], properties: { session_id: { type: 'string' }, feedback: { enum: ['positive', 'negative', null] } } } } } },
      responses: {
        200: json({ type: 'object', required: ['message_id', 'feedback'], properties: { message_id: { type: 'string' }, feedback: { enum: ['positive', 'negative', null] } } }, 'Stored.'),
        400: error('Bad value, or not an assistant message.'),
        403: error('Origin not allowed.'),
        404: error('Unknown message or another session\'s.'),
        429: rateLimited,
      },
    },
  },
  '/v1/agent/me': {
    get: { summary: 'Agent: who am I', security: AGENT, responses: { 200: json({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, 'The agent.'), 401: error('Missing or wrong token.') } },
  },
  '/v1/agent/presence': {
    post: {
      summary: 'Agent: presence heartbeat; `handoff_available` is true while any agent sent one in the last 60 s', security: AGENT,
      responses: { 200: json({ type: 'object', required: ['available', 'expires_in'], properties: { available: { const: true }, expires_in: { type: 'integer' } } }, 'Recorded.'), 401: error('Missing or wrong token.') },
    },
  },
  '/v1/agent/conversations': {
    get: {
      summary: 'Agent: list conversations (handoff: oldest waiting first; others: latest first)', security: AGENT,
      parameters: [{ name: 'status', in: 'query', required: false, schema: { enum: ['handoff', 'open', 'closed'], default: 'handoff' } }],
      responses: { 200: json({ type: 'object', required: ['conversations'], properties: { conversations: { type: 'array', items: ref('AgentConversation') } } }, 'The list.'), 400: error('Unknown status.'), 401: error('Missing or wrong token.') },
    },
  },
  '/v1/agent/conversations/{conversation_id}': {
    get: {
      summary: 'Agent: read one conversation', security: AGENT,
      parameters: [stringParam('conversation_id', 'path', true, 'The conversation.')],
      responses: {
        200: json({
          type: 'object', required: ['conversation', 'messages', 'contact_submissions'],
          properties: {
            conversation: ref('AgentConversation'), messages: { type: 'array', items: ref('Message') },
            contact_submissions: { type: 'array', items: { type: 'object', required: ['id', 'fields', 'created_at'], properties: { id: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } }, created_at: { type: 'string', format: 'date-time' } } } },
          },
        }, 'The conversation.'),
        401: error('Missing or wrong token.'), 404: error('Unknown conversation.'),
      },
    },
  },
  '/v1/agent/conversations/{conversation_id}/messages': {
    post: {
      summary: 'Agent: reply (stored as an assistant message with `agent_name`)', security: AGENT,
      parameters: [stringParam('conversation_id', 'path', true, 'The conversation.')],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['content'], properties: { content: { type: 'string', minLength: 1, maxLength: 4000 } } } } } },
      responses: { 201: json(ref('Message'), 'The stored message.'), 400: error('Bad content.'), 401: error('Missing or wrong token.'), 404: error('Unknown conversation.') },
    },
  },
  '/v1/agent/conversations/{conversation_id}/close': {
    post: {
      summary: 'Agent: close (a new user message reopens it)', security: AGENT,
      parameters: [stringParam('conversation_id', 'path', true, 'The conversation.')],
      responses: { 200: json(ref('StatusChange'), 'Closed.'), 401: error('Missing or wrong token.'), 404: error('Unknown conversation.') },
    },
  },
  '/widget-markdown.js': { get: { summary: 'The widget\'s Markdown renderer, loaded by widget.js on first open', responses: { 200: { description: 'JavaScript.', content: { 'text/javascript': {} } }, 304: { description: 'Not modified.' }, 404: error('Not built yet.') } } },
  '/agent': { get: { summary: 'The agent inbox page (strict CSP)', responses: { 200: { description: 'HTML.', content: { 'text/html': {} } }, 304: { description: 'Not modified.' }, 404: error('Not built yet.') } } },
  '/agent.js': { get: { summary: 'The agent inbox script', responses: { 200: { description: 'JavaScript.', content: { 'text/javascript': {} } }, 304: { description: 'Not modified.' }, 404: error('Not built yet.') } } },
  '/agent.css': { get: { summary: 'The agent inbox styles', responses: { 200: { description: 'CSS.', content: { 'text/css': {} } }, 304: { description: 'Not modified.' }, 404: error('Not built yet.') } } },
  '/widget.js': { get: { summary: 'The embeddable widget script', responses: { 200: { description: 'JavaScript.', content: { 'text/javascript': {} } }, 304: { description: 'Not modified.' }, 404: error('Not built yet.') } } },
  '/': { get: { summary: 'The demo page', responses: { 200: { description: 'HTML.', content: { 'text/html': {} } }, 304: { description: 'Not modified.' }, 404: error('No demo page.') } } },
  '/openapi.json': { get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1 JSON.', content: { 'application/json': {} } } } } },
};

export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Chat Service',
      version: '1.0.0',
      description: 'The three endpoints of the Public Chat Service spec plus this server\'s documented extensions. CORS preflights (`OPTIONS`) on `/v1/public/*` are always granted; the bot\'s allowed domains are enforced on the request itself.',
    },
    paths,
    components: { schemas, securitySchemes: { agentToken: { type: 'http', scheme: 'bearer', description: 'A token from `agents[]` in the server config.' } } },
  };
}
