/**
 * The config file: JSON checked against its schema (config-schema.ts; unknown keys are an
 * error with a "did you mean"), then filled with the schema's defaults and turned into the
 * settings the server runs on, with the checks a schema cannot express (ids that must be
 * unique or must exist, environment variables, CIDRs). A bad file throws `Invalid` naming
 * the field, and main.ts stops the server with that line. Everything returned is fully
 * defaulted, so the rest of the server never re-checks.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import Value from 'typebox/value';
import { WEBHOOK_EVENTS, type AgentRole, type WebhookEventType } from '../../protocol/codes.ts';
import type { CannedReply } from '../../protocol/console.ts';
import { Invalid } from './check.ts';
import type { Static, TSchema } from 'typebox';
import { ConfigFile, ContactForm, Crawl, ExtractiveEngine, Filters, Handoff, Knowledge, RateLimits, type Embeddings, type OpenAIEngine } from './schema.ts';
import type { SitemapSources } from '../knowledge/sources/crawl-config.ts';
import { parse } from './validate.ts';
import type { ContactField, WidgetSettings } from '../../protocol/schemas.ts';

export type TrustProxy = { kind: 'none' } | { kind: 'all' } | { kind: 'hops'; hops: number } | { kind: 'cidrs'; list: BlockList; text: string[] };

/**
 * The settings are the config file's values as its schema types them (schema.ts), with the
 * schema's defaults filled in: every optional field with a default is present. (A field
 * without a default stays optional at run time though `Filled` says otherwise; each such field
 * is normalised below and typed in the override of its settings.)
 */
type Filled<T> = T extends (infer U)[] ? Filled<U>[] : T extends object ? { [K in keyof T]-?: Filled<T[K]> } : T;
type File = Filled<ConfigFile>;
type BotFile = File['bots'][number];
type WorkspaceFile = File['workspaces'][number];
/** A section that may be absent or null in the file and is always there (all defaults) once read. */
type Section<T> = NonNullable<T>;

export type RecaptchaConfig = Section<BotFile['recaptcha']>;
/** An agent as the server keeps it: the token only as its SHA-256. */
export interface AgentConfig { name: string; role: AgentRole; token_sha256: Buffer }
/** A webhook without `events` hears all of them. */
export type WebhookConfig = Omit<WorkspaceFile['webhooks'][number], 'events'> & { events: WebhookEventType[] };
export type WorkspaceConfig = Omit<WorkspaceFile, 'webhooks'> & { webhooks: WebhookConfig[] };
/** A contact-form field and the widget's settings are published as they are: their shapes are protocol's. */
export type ContactFieldSettings = ContactField;
/** A document of the knowledge: inline in the config (a missing title is its id), or read from a file. */
export interface KnowledgeDoc { id: string; title: string; url: string; text: string }
/** The engine as the file gives it; an OpenAI-compatible one also holds its key, read from the environment. */
export type EngineConfig = Filled<Static<typeof ExtractiveEngine>> | (Filled<Static<typeof OpenAIEngine>> & { api_key: string | null });
/** The embeddings endpoint as the file gives it, with its key read from the environment. */
export type EmbeddingsConfig = Filled<Static<typeof Embeddings>> & { api_key: string | null };

export type { WidgetSettings };

/**
 * One bot's settings as the server runs them (the public view of them is protocol's
 * WidgetConfig): the file's bot as its schema types it, so a new config field appears here by
 * itself, except the fields that reading the file turns into something else (`botSettings`).
 */
export type BotSettings = Omit<BotFile, 'workspace_id' | 'widget_settings' | 'rate_limits' | 'handoff' | 'contact_form' | 'knowledge' | 'engine' | 'filters'> & {
  /** The implicit workspace "default" when the file names none. */
  workspace_id: string;
  /** Absent and null sections read as all defaults. */
  widget_settings: WidgetSettings;
  rate_limits: Section<BotFile['rate_limits']>;
  handoff: Section<BotFile['handoff']>;
  contact_form: Omit<Section<BotFile['contact_form']>, 'fields'> & { fields: ContactFieldSettings[] };
  /** `dir` resolved against the config file's folder; sitemap URLs normalised; the crawl's defaults filled in. */
  knowledge: Omit<Section<BotFile['knowledge']>, 'documents' | 'crawl' | 'embeddings'> & { documents: KnowledgeDoc[]; embeddings: EmbeddingsConfig | null } & SitemapSources;
  engine: EngineConfig;
  filters: Section<BotFile['filters']>;
};

export interface AppConfig {
  trust_proxy: TrustProxy;
  recaptcha: RecaptchaConfig | null;
  agents: AgentConfig[];
  /** Issue 14: texts agents insert by shortcut. */
  canned_replies: CannedReply[];
  workspaces: Map<string, WorkspaceConfig>;
  bots: Map<string, BotSettings>;
  /** Issue 21: outgoing e-mail, with the password read from its environment variable; null: none. */
  smtp: SmtpConfig | null;
}

export interface SmtpConfig { host: string; port: number; starttls: boolean; tls: boolean; user: string | null; password: string | null; from: string }

/** The workspace a bot belongs to when its config names none: unlimited, no trial. */
const DEFAULT_WORKSPACE = 'default';

const defaults = <T extends TSchema>(schema: T) => Value.Default(schema, {}) as Filled<Static<T>>;

export function loadConfigFile(file: string, env: NodeJS.ProcessEnv = process.env): AppConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Invalid('', `cannot read config file ${file}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Invalid('', `config file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  return parseConfig(json, dirname(resolve(file)), env);
}

/** Validates a parsed config; `baseDir` anchors relative paths (the config file's folder). */
export function parseConfig(json: unknown, baseDir: string, env: NodeJS.ProcessEnv = process.env): AppConfig {
  parse(ConfigFile, json);
  const file = Value.Default(ConfigFile, structuredClone(json)) as File;

  const workspaces = new Map<string, WorkspaceConfig>();
  file.workspaces.forEach((w, i) => {
    if (workspaces.has(w.id)) throw new Invalid(`workspaces[${i}].id`, `duplicate workspace id "${w.id}"`);
    w.webhooks.forEach((h, j) => {
      notPlaceholder(h.secret, `workspaces[${i}].webhooks[${j}].secret`, OWN_SECRET);
      if (h.secret.startsWith('whsec_') && !/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(h.secret)) throw new Invalid(`workspaces[${i}].webhooks[${j}].secret`, 'a "whsec_" secret must be followed by base64');
    });
    const webhooks = w.webhooks.map((h) => ({ ...h, events: (h.events as WebhookEventType[] | undefined) ?? [...WEBHOOK_EVENTS] }));
    workspaces.set(w.id, { ...w, webhooks });
  });

  const agents = file.agents.map((a, i): AgentConfig => {
    const given = (a.token as string | undefined) !== undefined;
    const hashed = (a.token_sha256 as string | undefined) !== undefined;
    if (given && hashed) throw new Invalid(`agents[${i}]`, 'give either "token" or "token_sha256", not both');
    if (!given && !hashed) throw new Invalid(`agents[${i}].token`, 'is required');
    if (given) notPlaceholder(a.token, `agents[${i}].token`, OWN_SECRET);
    if (given && new Set(a.token).size < 8) throw new Invalid(`agents[${i}].token`, 'is too weak: use a random string with at least 8 different characters');
    const token_sha256 = given ? createHash('sha256').update(a.token).digest() : Buffer.from(a.token_sha256, 'hex');
    return { name: a.name, role: a.role, token_sha256 };
  });
  agents.forEach((a, i) => {
    if (agents.findIndex((b) => b.token_sha256.equals(a.token_sha256)) !== i) throw new Invalid(`agents[${i}].token`, 'must be unique');
  });

  const bots = new Map<string, BotSettings>();
  file.bots.forEach((b, i) => {
    const bot = botSettings(b, `bots[${i}]`, workspaces, baseDir, env);
    if (bots.has(bot.id.toLowerCase())) throw new Invalid(`bots[${i}].id`, `duplicate bot id "${bot.id}"`);
    bots.set(bot.id.toLowerCase(), bot);
  });
  if (!workspaces.has(DEFAULT_WORKSPACE)) workspaces.set(DEFAULT_WORKSPACE, { id: DEFAULT_WORKSPACE, credits: null, trial_ends_at: null, chat_limit_per_month: null, webhooks: [] });

  file.canned_replies.forEach((c, i) => {
    if (file.canned_replies.findIndex((d) => d.shortcut === c.shortcut) !== i) throw new Invalid(`canned_replies[${i}].shortcut`, 'must be unique');
  });
  recaptcha(file.recaptcha, 'recaptcha');
  return { trust_proxy: trustProxy(file.trust_proxy), recaptcha: file.recaptcha ?? null, agents, canned_replies: file.canned_replies, workspaces, bots, smtp: smtp(file.smtp, env) };
}

function smtp(s: File['smtp'], env: NodeJS.ProcessEnv): SmtpConfig | null {
  if (!s) return null;
  const password = s.password_env ? env[s.password_env] ?? null : null;
  if (s.password_env && !password) throw new Invalid('smtp.password_env', `environment variable ${s.password_env} is not set`);
  if (password && !s.user) throw new Invalid('smtp.user', 'is required with a password');
  return { host: s.host, port: s.port, starttls: s.starttls, tls: s.tls, user: s.user, password, from: s.from };
}

/**
 * A value copied from an example and never replaced: "…", "...", "replace-me-…", "changeme",
 * "<your token>", "your-secret". Accepted, an agent token or a secret would be one everyone who
 * read the example knows, and reCAPTCHA keys would refuse every chat; so each is refused at
 * start, naming the field. (The schema refuses "…" in reCAPTCHA keys too, so editors flag it.)
 */
const PLACEHOLDER = /…|\.\.\.|(?:replace|change)[-_ ]?me|^<.*>$|^your[-_ ]/i;
const OWN_SECRET = 'a secret of your own';

function notPlaceholder(value: string, path: string, what: string) {
  if (PLACEHOLDER.test(value)) throw new Invalid(path, `must be ${what} (not a placeholder)`);
}

function recaptcha(r: RecaptchaConfig | null | undefined, path: string) {
  if (!r) return;
  notPlaceholder(r.site_key, `${path}.site_key`, 'the site key from your provider');
  notPlaceholder(r.secret_key, `${path}.secret_key`, 'the secret key from your provider');
}

function trustProxy(v: boolean | number | string[]): TrustProxy {
  const path = 'trust_proxy';
  if (v === false) return { kind: 'none' };
  if (v === true) return { kind: 'all' };
  if (typeof v === 'number') return v === 0 ? { kind: 'none' } : { kind: 'hops', hops: v };
  const list = new BlockList();
  const text = v.map((s, i) => {
    const p = `${path}[${i}]`;
    const [addr, ...bits] = s.split('/');
    const family = isIP(addr);
    if (!family) throw new Invalid(p, 'must be an IP address or CIDR like 10.0.0.0/8');
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const max = family === 4 ? 32 : 128;
    // Digits only: Number('') is 0, and "10.0.0.1/" must not become /0 (trust every address).
    const prefix = bits.length === 0 ? max : bits.length === 1 && /^\d{1,3}$/.test(bits[0]) ? Number(bits[0]) : NaN;
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) throw new Invalid(p, `prefix must be 0-${max}`);
    list.addSubnet(addr, prefix, type);
    return s;
  });
  return { kind: 'cidrs', list, text };
}

function botSettings(b: BotFile, path: string, workspaces: Map<string, WorkspaceConfig>, baseDir: string, env: NodeJS.ProcessEnv): BotSettings {
  const workspace_id = (b.workspace_id as string | undefined) ?? DEFAULT_WORKSPACE;
  if (workspace_id !== DEFAULT_WORKSPACE && !workspaces.has(workspace_id)) throw new Invalid(`${path}.workspace_id`, `no workspace with id "${workspace_id}"`);
  // Absent and null sections both mean "all defaults", as the schema states them.
  const rl = b.rate_limits ?? defaults(RateLimits);
  const handoff = b.handoff ?? defaults(Handoff);
  const cf = b.contact_form ?? defaults(ContactForm);
  const kn = b.knowledge ?? defaults(Knowledge);
  const fl = b.filters ?? defaults(Filters);
  recaptcha(b.recaptcha, `${path}.recaptcha`);
  if (b.identity_secret !== null) notPlaceholder(b.identity_secret, `${path}.identity_secret`, OWN_SECRET);
  // Every field as the file has it (the schema is strict, so there is no other field), then
  // the ones reading turns into something else.
  return {
    ...b,
    workspace_id,
    allowed_domains: b.allowed_domains.map((d, i) => domainPattern(d, `${path}.allowed_domains[${i}]`)),
    widget_settings: widgetSettings(b.widget_settings),
    rate_limits: { ...rl },
    recaptcha: b.recaptcha ?? null,
    handoff: { ...handoff },
    contact_form: { ...cf, fields: contactFields(cf.fields, `${path}.contact_form.fields`) },
    knowledge: {
      dir: kn.dir === null ? null : resolve(baseDir, kn.dir),
      documents: kn.documents.map((d) => ({ id: d.id, title: (d.title as string | undefined) ?? d.id, url: d.url, text: d.text })),
      sitemaps: kn.sitemaps.map((u, i) => httpUrl(u, `${path}.knowledge.sitemaps[${i}]`)),
      crawl: { ...(kn.crawl ?? defaults(Crawl)) },
      embeddings: kn.embeddings ? { ...kn.embeddings, api_key: apiKey(kn.embeddings.api_key_env, `${path}.knowledge.embeddings.api_key_env`, env) } : null,
    },
    engine: engine(b.engine ?? (Value.Default(ExtractiveEngine, { type: 'extractive' }) as Filled<Static<typeof ExtractiveEngine>>), `${path}.engine`, env),
    filters: { ...fl },
    proactive_messages: b.proactive_messages.map((m) => ({ ...m })),
  };
}

/**
 * Only the documented fields exist in the schema, so nothing else can be echoed to clients. A
 * null `avatar_url` means "no avatar": it is left out, as the wire (protocol's WidgetSettings)
 * has no null there.
 */
function widgetSettings(w: BotFile['widget_settings']): WidgetSettings {
  const { avatar_url, ...rest } = w ?? {};
  return { ...rest, ...(typeof avatar_url === 'string' ? { avatar_url } : {}) } as WidgetSettings;
}

/** A sitemap URL as the crawler compares it (normalised); the schema's pattern cannot tell a URL that does not parse. */
function httpUrl(v: string, path: string): string {
  try {
    return new URL(v).href;
  } catch {
    throw new Invalid(path, 'must be an http(s) URL like "https://example.com/sitemap.xml"');
  }
}

function domainPattern(v: string, path: string): string {
  const s = v.trim().toLowerCase();
  // A pattern is a host or "*." + host; schemes, ports and paths are not part of it.
  if (!/^(\*\.)?[^\s/:*]+$/.test(s)) throw new Invalid(path, 'must be a host name like "example.com" or "*.example.com"');
  return s;
}

function contactFields(fields: BotFile extends { contact_form: infer C } ? NonNullable<C> extends { fields: infer F } ? F : never : never, path: string): ContactFieldSettings[] {
  return fields.map((f, i) => {
    const field: ContactFieldSettings = { name: f.name, label: f.label, type: f.type, required: f.required };
    if (f.type === 'select') {
      if (!(f.options as string[] | undefined)?.length) throw new Invalid(`${path}[${i}].options`, 'must list at least one option for a select field');
      field.options = f.options;
    }
    if (fields.findIndex((o) => o.name === f.name) !== i) throw new Invalid(`${path}[${i}].name`, `duplicate field name "${f.name}"`);
    return field;
  });
}

function engine(e: NonNullable<BotFile['engine']>, path: string, env: NodeJS.ProcessEnv): EngineConfig {
  if (e.type === 'extractive') return { ...e };
  return { ...e, api_key: apiKey(e.api_key_env, `${path}.api_key_env`, env) };
}

/** The key an `api_key_env` names: a variable that is not set is a config error, naming the field. */
function apiKey(name: string | null, path: string, env: NodeJS.ProcessEnv): string | null {
  if (!name) return null;
  const key = env[name];
  if (!key) throw new Invalid(path, `environment variable ${name} is not set`);
  return key;
}
