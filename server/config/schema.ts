/**
 * The config file's JSON Schema, written once in TypeBox: the server validates with it
 * (unknown keys refused with a "did you mean"), and `npm run schema` publishes it as
 * config.schema.json, which example configs reference with "$schema" so editors complete
 * and check them. Defaults live here too, so the published schema documents them.
 */
import Type, { type Static } from 'typebox';
import {
  AGENT_ROLES, BOT_PRIVACIES, BUTTON_DISPLAYS, CONTACT_FIELD_TYPES, POSITIONS, REDACTIONS, THEMES, TRIGGERS, WEBHOOK_EVENTS, WEBHOOK_FORMATS,
} from '../../protocol/codes.ts';
import { MAX_PROACTIVE_DELAY_MS, MAX_PROACTIVE_TEXT_CHARS } from '../../protocol/limits.ts';
import { Nullable, OneOf } from '../../protocol/schemas.ts';
import { DEFAULT_CRAWL } from '../knowledge/sources/crawl-config.ts';

const Strict = { additionalProperties: false } as const;
const HttpUrl = (o: Record<string, unknown> = {}) => Type.String({ pattern: '^https?://[^\\s]+$', 'x-what': 'an http(s) URL', ...o });
/** Hex, rgb()/hsl() or a CSS colour keyword: anything else could break out of the widget's CSS. */
const CSS_COLOR = '^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(rgb|hsl)a?\\([\\d\\s.,%/]+\\)|[a-zA-Z]{3,30})$';
const Limit = Type.Optional(Nullable(Type.Integer({ minimum: 1 }), { default: null }));

const Recaptcha = Type.Object({
  site_key: Type.String({ minLength: 1, pattern: '^[^…]+$', 'x-what': 'the site key from your provider (not a placeholder)' }),
  secret_key: Type.String({ minLength: 1, pattern: '^[^…]+$', 'x-what': 'the secret key from your provider (not a placeholder)' }),
  verify_url: Type.Optional(HttpUrl({ default: 'https://www.google.com/recaptcha/api/siteverify', description: "reCAPTCHA's by default; hCaptcha and Turnstile speak the same protocol." })),
  min_score: Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0.5, description: 'Checked only when the verifier returns a score (reCAPTCHA v3).' })),
}, { ...Strict, description: 'Bot protection: a token from the widget is verified once per chat request.' });

const Agent = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  token: Type.Optional(Type.String({ minLength: 16, maxLength: 500, description: 'A bearer token of at least 16 characters. Kept in memory only as its SHA-256.' })),
  token_sha256: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$', 'x-what': 'a SHA-256 as 64 hex digits', description: 'Instead of `token`: the hex SHA-256 of the token, so the file holds no secret (`printf %s TOKEN | sha256sum`).' })),
  role: Type.Optional(OneOf(AGENT_ROLES, { default: 'agent' })),
}, { ...Strict, description: 'A human agent of the agent API; give `token` or `token_sha256`.' });

/** Issue 21: the SMTP server e-mail goes through (replies to contact submissions, agent replies to visitors who left). */
const Smtp = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 253 }),
  port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, default: 587 })),
  starttls: Type.Optional(Type.Boolean({ default: true, description: 'Require STARTTLS (port 587): no mail goes out over a connection that could not be encrypted. false: plain SMTP (a relay on the same host, tests).' })),
  tls: Type.Optional(Type.Boolean({ default: false, description: 'Implicit TLS from the first byte (port 465) instead of STARTTLS.' })),
  user: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }), { default: null, description: 'Null: no authentication.' })),
  password_env: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }), { default: null, description: 'The environment variable holding the password (the file never holds it).' })),
  from: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$|<[^\\s@]+@[^\\s@]+>$', 'x-what': 'an address like "help@example.com" or "Aurora help <help@example.com>"' }),
}, { ...Strict, description: 'Issue 21: outgoing e-mail through SMTP (nodemailer).' });

const CannedReplyConfig = Type.Object({
  shortcut: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$', 'x-what': 'a short lowercase word like "hours"' }),
  text: Type.String({ minLength: 1, maxLength: 4000 }),
}, Strict);

const Webhook = Type.Object({
  url: HttpUrl({ maxLength: 2000, 'x-what': 'an http(s) URL like "https://example.com/hooks/chat"' }),
  secret: Type.String({ minLength: 16, maxLength: 500, description: 'Signs each POST (Standard Webhooks): a string of at least 16 characters, or "whsec_" + base64 as Standard Webhooks tools generate.' }),
  events: Type.Optional(Type.Array(OneOf(WEBHOOK_EVENTS), { minItems: 1, uniqueItems: true, description: 'Which events to send; every one when absent.' })),
  format: Type.Optional(OneOf(WEBHOOK_FORMATS, { default: 'standard', description: '`slack`: a `{"text"}` body that a Slack (or Mattermost, Discord /slack) incoming webhook shows as a message.' })),
}, { ...Strict, description: 'Issue 14: where the workspace hears of handoffs, contact submissions, thumbs-down and closed conversations.' });

const Workspace = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  webhooks: Type.Optional(Type.Array(Webhook, { default: [], maxItems: 20 })),
  credits: Type.Optional(Nullable(Type.Integer(), { default: null, description: 'Answered turns the workspace may spend; null = unlimited.' })),
  trial_ends_at: Type.Optional(Nullable(Type.String({ format: 'date-time', 'x-what': 'an ISO 8601 date-time' }), { default: null })),
  chat_limit_per_month: Type.Optional(Nullable(Type.Integer({ minimum: 0 }), { default: null, description: 'Accepted chat requests per UTC calendar month.' })),
}, Strict);

const WidgetSettingsConfig = Type.Object({
  primary_color: Type.Optional(Type.String({ pattern: CSS_COLOR, 'x-what': 'a CSS color like "#2563eb"' })),
  position: Type.Optional(OneOf(POSITIONS)),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  subtitle: Type.Optional(Type.String({ maxLength: 200 })),
  avatar_url: Type.Optional(Nullable(Type.String({ pattern: '^(https?://[^\\s]+|/[^\\s]*)$', 'x-what': 'an http(s) URL or a path' }), { description: 'null or absent: no avatar.' })),
  theme: Type.Optional(OneOf(THEMES)),
  open_on_load: Type.Optional(Type.Boolean()),
}, Strict);

const ContactFieldConfig = Type.Object({
  name: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,63}$', 'x-what': 'a simple identifier like "email"' }),
  label: Type.String({ minLength: 1, maxLength: 200 }),
  type: Type.Optional(OneOf(CONTACT_FIELD_TYPES, { default: 'text' })),
  required: Type.Optional(Type.Boolean({ default: false })),
  options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { description: 'Required for `select` fields.' })),
}, Strict);

const InlineDoc = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  title: Type.Optional(Type.String({ minLength: 1 })),
  url: Type.Optional(Type.String({ default: '' })),
  text: Type.String({ minLength: 1 }),
}, Strict);

export const ExtractiveEngine = Type.Object({
  type: Type.Literal('extractive'),
  chunk_delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 15, description: 'Pause between streamed chunks.' })),
}, Strict);

export const OpenAIEngine = Type.Object({
  type: Type.Literal('openai'),
  base_url: HttpUrl({ description: 'An OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://localhost:11434/v1.' }),
  model: Type.String({ minLength: 1 }),
  api_key_env: Type.Optional(Nullable(Type.String({ minLength: 1 }), { default: null, description: 'The environment variable holding the key; omit for keyless servers.' })),
  vision: Type.Optional(Type.Boolean({ default: false })),
  timeout_ms: Type.Optional(Type.Integer({ minimum: 100, maximum: 600000, default: 30000 })),
  max_tokens: Type.Optional(Nullable(Type.Integer({ minimum: 1 }), { default: null })),
  temperature: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 2 }), { default: null })),
}, Strict);

export const RateLimits = Type.Object({ per_minute: Limit, per_hour: Limit, per_day: Limit }, { ...Strict, description: 'Per client IP, on top of the baseline (15/min, 120/h).' });

export const Handoff = Type.Object({
  enabled: Type.Optional(Type.Boolean({ default: false })),
  trigger: Type.Optional(OneOf(TRIGGERS, { default: 'button' })),
  offline_message: Type.Optional(Nullable(Type.String({ maxLength: 2000 }), { default: null })),
  agent_label: Type.Optional(Nullable(Type.String({ maxLength: 200 }), { default: null })),
  typing_preview: Type.Optional(Type.Boolean({ default: false, description: 'Issue 21: agents see what the visitor is typing before it is sent. Off: they see only that the visitor is typing.' })),
  email_replies: Type.Optional(Type.Boolean({ default: false, description: 'Issue 21: an agent reply to a visitor who left an e-mail address and is no longer connected is also sent by e-mail (needs `smtp`).' })),
}, Strict);

export const ContactForm = Type.Object({
  enabled: Type.Optional(Type.Boolean({ default: false })),
  trigger: Type.Optional(OneOf(TRIGGERS, { default: 'button' })),
  fields: Type.Optional(Type.Array(ContactFieldConfig, { default: [] })),
  success_message: Type.Optional(Nullable(Type.String({ maxLength: 2000 }), { default: null })),
  button_display: Type.Optional(OneOf(BUTTON_DISPLAYS, { default: 'after_response' })),
}, Strict);

/** A path pattern in robots.txt syntax (`*` any characters, `$` the end), matched from the path's start. */
const PathPattern = Type.String({ minLength: 1, maxLength: 500, pattern: '^[/*]', 'x-what': 'a path pattern starting with "/" or "*", like "/docs/" or "/*.pdf$"' });

export const Crawl = Type.Object({
  max_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: DEFAULT_CRAWL.max_pages, description: 'Pages fetched per bot, over all its sitemaps.' })),
  include: Type.Optional(Type.Array(PathPattern, { default: [], description: 'Only pages whose path matches one of these (robots.txt syntax: `*` any characters, `$` the end); [] = every path.' })),
  exclude: Type.Optional(Type.Array(PathPattern, { default: [], description: 'Pages whose path matches one of these are skipped.' })),
  timeout_ms: Type.Optional(Type.Integer({ minimum: 100, maximum: 120_000, default: DEFAULT_CRAWL.timeout_ms, description: 'Per request (sitemap, robots.txt, page): connect, headers and body.' })),
  max_page_bytes: Type.Optional(Type.Integer({ minimum: 1024, maximum: 50 * 1024 * 1024, default: DEFAULT_CRAWL.max_page_bytes, description: 'A larger page (or uncompressed sitemap) is skipped.' })),
}, { ...Strict, description: 'How the sitemaps are crawled: two requests per site at a time, robots.txt and its Crawl-delay respected.' });

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint whose vectors of the passages and of each
 * question join the lexical search (knowledge/embeddings.ts). Null: lexical search only.
 */
export const Embeddings = Type.Object({
  base_url: HttpUrl({ description: 'An OpenAI-compatible API with /embeddings, e.g. https://api.openai.com/v1 or http://localhost:11434/v1.' }),
  model: Type.String({ minLength: 1, maxLength: 200, description: 'The embedding model, e.g. "text-embedding-3-small" or "nomic-embed-text". Vectors cached on disk are kept per model.' }),
  api_key_env: Type.Optional(Nullable(Type.String({ minLength: 1 }), { default: null, description: 'The environment variable holding the key; omit for keyless servers.' })),
  timeout_ms: Type.Optional(Type.Integer({ minimum: 100, maximum: 120_000, default: 3000, description: 'Per request: a question\'s vector (a turn waits at most this long for it, then searches lexically) and a batch of passages.' })),
  batch_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 2048, default: 32, description: 'Passages per request while the knowledge is embedded in the background.' })),
  min_similarity: Type.Optional(Type.Number({ minimum: -1, maximum: 1, default: 0.5, description: 'A passage the lexical search did not find joins the results only when its cosine similarity to the question is at least this; its relevance is then that similarity. Depends on the model.' })),
}, { ...Strict, description: 'Optional: vectors from an embeddings endpoint, fused with the lexical ranking (reciprocal-rank fusion), so a question in other words than the page\'s can find it.' });

export const Knowledge = Type.Object({
  dir: Type.Optional(Nullable(Type.String({ minLength: 1 }), { default: null, description: 'A folder of .md, .markdown, .txt, .html, .htm, .pdf and .docx files, relative to the config file.' })),
  documents: Type.Optional(Type.Array(InlineDoc, { default: [] })),
  sitemaps: Type.Optional(Type.Array(HttpUrl({ maxLength: 2000, 'x-what': 'an http(s) URL like "https://example.com/sitemap.xml"' }), {
    default: [],
    description: 'Sitemaps (or sitemap indexes, gzip or not) whose pages are fetched after the server starts and indexed as they arrive; pages on other sites are skipped.',
  })),
  crawl: Type.Optional(Nullable(Crawl)),
  embeddings: Type.Optional(Nullable(Embeddings, { default: null })),
}, Strict);

export const Filters = Type.Object({
  blocked_terms: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { default: [] })),
  redact: Type.Optional(Type.Array(OneOf(REDACTIONS), { default: [] })),
}, Strict);

/** Issue 15: a line the widget shows above its launcher (the wire shape is protocol's ProactiveMessage). */
const ProactiveMessageConfig = Type.Object({
  text: Type.String({ minLength: 1, maxLength: MAX_PROACTIVE_TEXT_CHARS }),
  delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PROACTIVE_DELAY_MS, default: 0, description: 'Milliseconds after the page loaded.' })),
  url_pattern: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }), { default: null, description: 'A glob on the page path ("/pricing", "/docs/**"); null shows it on every page.' })),
  once: Type.Optional(Type.Boolean({ default: true, description: 'Shown once per visitor (remembered only where the widget may store).' })),
}, Strict);

const Bot = Type.Object({
  id: Type.String({ format: 'uuid', 'x-what': 'a UUID' }),
  workspace_id: Type.Optional(Type.String({ minLength: 1, description: 'Without it the bot is in an implicit unlimited workspace "default".' })),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  privacy: Type.Optional(OneOf(BOT_PRIVACIES, { default: 'public' })),
  active: Type.Optional(Type.Boolean({ default: true })),
  allowed_domains: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { default: [], description: 'Host names or "*.host" patterns; [] = any origin.' })),
  include_links_in_responses: Type.Optional(Type.Boolean({ default: true })),
  citations_enabled: Type.Optional(Type.Boolean({ default: true })),
  language: Type.Optional(Type.String({ default: 'en', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$', 'x-what': 'a language code like "en" or "pt-BR"' })),
  welcome_message: Type.Optional(Nullable(Type.String({ maxLength: 2000 }), { default: null })),
  warning_message: Type.Optional(Nullable(Type.String({ maxLength: 2000 }), { default: null })),
  suggested_questions: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { default: [] })),
  show_suggested_questions: Type.Optional(Type.Boolean({ default: true })),
  suggested_questions_count: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, default: 3 })),
  widget_settings: Type.Optional(Nullable(WidgetSettingsConfig)),
  rate_limits: Type.Optional(Nullable(RateLimits)),
  recaptcha: Type.Optional(Nullable(Recaptcha)),
  allow_user_images: Type.Optional(Type.Boolean({ default: false })),
  mcp_url: Type.Optional(Nullable(HttpUrl(), { default: null })),
  handoff: Type.Optional(Nullable(Handoff)),
  contact_form: Type.Optional(Nullable(ContactForm)),
  knowledge: Type.Optional(Nullable(Knowledge)),
  engine: Type.Optional(Nullable(Type.Union([ExtractiveEngine, OpenAIEngine]))),
  filters: Type.Optional(Nullable(Filters)),
  proactive_messages: Type.Optional(Type.Array(ProactiveMessageConfig, { default: [], description: 'Issue 15: lines the widget shows above its launcher after a delay, on matching pages.' })),
  retention_days: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 36_500 }), {
    default: null,
    description: 'Issue 14: conversations without activity for this many days are deleted (checked at start and hourly); null keeps them.',
  })),
  identity_secret: Type.Optional(Nullable(Type.String({ minLength: 32, maxLength: 1024 }), {
    default: null,
    description: "Issue 15: turns identity verification on. The site's backend sends user_hash = hex HMAC-SHA256(identity_secret, user_id); at least 32 characters. Null: off.",
  })),
}, Strict);

export const ConfigFile = Type.Object({
  $schema: Type.Optional(Type.String({ description: 'The schema this file follows (for editors).' })),
  trust_proxy: Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0 }), Type.Array(Type.String())], {
    default: false,
    'x-what': 'true, false, a hop count or a list of CIDRs',
    description: 'false: the socket address is the client; true: the left-most X-Forwarded-For entry; n: the n-th hop from the right; a list of IPs/CIDRs: the right-most hop not in it.',
  })),
  recaptcha: Type.Optional(Nullable(Recaptcha)),
  agents: Type.Optional(Type.Array(Agent, { default: [] })),
  canned_replies: Type.Optional(Type.Array(CannedReplyConfig, { default: [], maxItems: 500, description: 'Issue 14: replies agents insert in the console by typing `/` and the shortcut.' })),
  workspaces: Type.Optional(Type.Array(Workspace, { default: [] })),
  smtp: Type.Optional(Nullable(Smtp, { default: null })),
  bots: Type.Optional(Type.Array(Bot, { default: [] })),
}, { ...Strict, title: 'Lumen Chat server configuration' });
export type ConfigFile = Static<typeof ConfigFile>;
export type BotFile = Static<typeof Bot>;

/** The published form: JSON Schema 2020-12 with an id editors can resolve. */
export function configJsonSchema(): Record<string, unknown> {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'config.schema.json', ...JSON.parse(JSON.stringify(ConfigFile)) };
}
