/**
 * The config file (design.md "the config file"): JSON, validated field by field. A bad
 * file throws `Invalid` naming the field, and main.ts stops the server with that line.
 * Everything returned is fully defaulted, so the rest of the server never re-checks.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BlockList, isIP } from 'node:net';
import { Fields, Invalid, UUID, str } from './check.ts';

export type TrustProxy = { kind: 'none' } | { kind: 'all' } | { kind: 'hops'; hops: number } | { kind: 'cidrs'; list: BlockList; text: string[] };

export interface RecaptchaConfig { site_key: string; secret_key: string; verify_url: string; min_score: number }
export interface AgentConfig { name: string; token: string }
export interface WorkspaceConfig { id: string; credits: number | null; trial_ends_at: string | null; chat_limit_per_month: number | null }
export interface ContactField { name: string; label: string; type: 'text' | 'email' | 'tel' | 'textarea' | 'select'; required: boolean; options?: string[] }
export interface KnowledgeDoc { id: string; title: string; url: string; text: string }
export type EngineConfig =
  | { type: 'extractive'; chunk_delay_ms: number }
  | { type: 'openai'; base_url: string; model: string; api_key_env: string | null; api_key: string | null; vision: boolean; timeout_ms: number; max_tokens: number | null; temperature: number | null };

export interface WidgetSettings {
  primary_color?: string; position?: 'bottom-right' | 'bottom-left'; title?: string; subtitle?: string;
  avatar_url?: string; theme?: 'light' | 'dark' | 'auto'; open_on_load?: boolean;
}

export interface BotConfig {
  id: string; workspace_id: string; name: string; privacy: 'public' | 'private'; active: boolean;
  allowed_domains: string[]; include_links_in_responses: boolean; citations_enabled: boolean; language: string;
  welcome_message: string | null; warning_message: string | null;
  suggested_questions: string[]; show_suggested_questions: boolean; suggested_questions_count: number;
  widget_settings: WidgetSettings;
  rate_limits: { per_minute: number | null; per_hour: number | null; per_day: number | null };
  recaptcha: RecaptchaConfig | null;
  allow_user_images: boolean; mcp_url: string | null;
  handoff: { enabled: boolean; trigger: 'button' | 'auto' | 'both'; offline_message: string | null; agent_label: string | null };
  contact_form: { enabled: boolean; trigger: 'button' | 'auto' | 'both'; fields: ContactField[]; success_message: string | null; button_display: 'always' | 'after_response' | 'never' };
  knowledge: { dir: string | null; documents: KnowledgeDoc[] };
  engine: EngineConfig;
  filters: { blocked_terms: string[]; redact: Redaction[] };
}

export const REDACTIONS = ['email', 'phone', 'credit_card'] as const;
export type Redaction = (typeof REDACTIONS)[number];

export interface AppConfig {
  trust_proxy: TrustProxy;
  recaptcha: RecaptchaConfig | null;
  agents: AgentConfig[];
  workspaces: Map<string, WorkspaceConfig>;
  bots: Map<string, BotConfig>;
}

/** The workspace a bot belongs to when its config names none: unlimited, no trial. */
export const DEFAULT_WORKSPACE = 'default';
const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i;

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
  const root = new Fields(json, '');
  const workspaces = new Map<string, WorkspaceConfig>();
  root.list('workspaces', (v, path) => {
    const w = new Fields(v, path);
    const ws: WorkspaceConfig = {
      id: w.str('id', { min: 1, max: 200 }),
      credits: w.intOrNull('credits'),
      trial_ends_at: isoOrNull(w, 'trial_ends_at'),
      chat_limit_per_month: w.intOrNull('chat_limit_per_month', { min: 0 }),
    };
    if (workspaces.has(ws.id)) throw new Invalid(w.at('id'), `duplicate workspace id "${ws.id}"`);
    workspaces.set(ws.id, ws);
  });

  const agents = root.list('agents', (v, path) => {
    const a = new Fields(v, path);
    return { name: a.str('name', { min: 1, max: 100 }), token: a.str('token', { min: 8, max: 500 }) };
  });
  agents.forEach((a, i) => {
    if (agents.findIndex((b) => b.token === a.token) !== i) throw new Invalid(`agents[${i}].token`, 'must be unique');
  });

  const deploymentRecaptcha = recaptcha(root.sub('recaptcha'));
  const bots = new Map<string, BotConfig>();
  root.list('bots', (v, path) => {
    const bot = parseBot(new Fields(v, path), workspaces, baseDir, env);
    if (bots.has(bot.id.toLowerCase())) throw new Invalid(`${path}.id`, `duplicate bot id "${bot.id}"`);
    bots.set(bot.id.toLowerCase(), bot);
  });
  if (!workspaces.has(DEFAULT_WORKSPACE)) workspaces.set(DEFAULT_WORKSPACE, { id: DEFAULT_WORKSPACE, credits: null, trial_ends_at: null, chat_limit_per_month: null });

  return { trust_proxy: trustProxy(root), recaptcha: deploymentRecaptcha, agents, workspaces, bots };
}

function isoOrNull(f: Fields, key: string): string | null {
  const v = f.strOrNull(key);
  if (v !== null && Number.isNaN(Date.parse(v))) throw new Invalid(f.at(key), 'must be an ISO 8601 date-time');
  return v;
}

function trustProxy(root: Fields): TrustProxy {
  const v = root.raw.trust_proxy;
  const path = 'trust_proxy';
  if (v === undefined || v === null || v === false) return { kind: 'none' };
  if (v === true) return { kind: 'all' };
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0) throw new Invalid(path, 'must be true, false, a hop count or a list of CIDRs');
    return v === 0 ? { kind: 'none' } : { kind: 'hops', hops: v };
  }
  if (!Array.isArray(v)) throw new Invalid(path, 'must be true, false, a hop count or a list of CIDRs');
  const list = new BlockList();
  const text = v.map((c, i) => {
    const p = `${path}[${i}]`;
    const s = str(c, p);
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

function recaptcha(f: Fields | undefined): RecaptchaConfig | null {
  if (!f) return null;
  const verify_url = f.str('verify_url', { def: 'https://www.google.com/recaptcha/api/siteverify', pattern: HTTP_URL, what: 'an http(s) URL' });
  return {
    site_key: f.str('site_key', { min: 1 }),
    secret_key: f.str('secret_key', { min: 1 }),
    verify_url,
    min_score: f.num('min_score', 0.5, { min: 0, max: 1 }),
  };
}

function parseBot(f: Fields, workspaces: Map<string, WorkspaceConfig>, baseDir: string, env: NodeJS.ProcessEnv): BotConfig {
  const id = f.str('id', { pattern: UUID, what: 'a UUID' });
  const workspace_id = f.str('workspace_id', { def: DEFAULT_WORKSPACE, min: 1 });
  if (workspace_id !== DEFAULT_WORKSPACE && !workspaces.has(workspace_id)) throw new Invalid(f.at('workspace_id'), `no workspace with id "${workspace_id}"`);

  const rl = f.sub('rate_limits');
  const ho = f.sub('handoff');
  const cf = f.sub('contact_form');
  const kn = f.sub('knowledge');
  const fl = f.sub('filters');
  return {
    id,
    workspace_id,
    name: f.str('name', { min: 1, max: 200 }),
    privacy: f.str('privacy', { def: 'public', oneOf: ['public', 'private'] }) as BotConfig['privacy'],
    active: f.bool('active', true),
    allowed_domains: f.list('allowed_domains', domainPattern),
    include_links_in_responses: f.bool('include_links_in_responses', true),
    citations_enabled: f.bool('citations_enabled', true),
    language: f.str('language', { def: 'en', pattern: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, what: 'a language code like "en" or "pt-BR"' }),
    welcome_message: f.strOrNull('welcome_message', { max: 2000 }),
    warning_message: f.strOrNull('warning_message', { max: 2000 }),
    suggested_questions: f.list('suggested_questions', (v, p) => str(v, p, { min: 1, max: 500 })),
    show_suggested_questions: f.bool('show_suggested_questions', true),
    suggested_questions_count: f.int('suggested_questions_count', 3, { min: 0, max: 20 }),
    widget_settings: widgetSettings(f.sub('widget_settings')),
    rate_limits: {
      per_minute: rl?.intOrNull('per_minute', { min: 1 }) ?? null,
      per_hour: rl?.intOrNull('per_hour', { min: 1 }) ?? null,
      per_day: rl?.intOrNull('per_day', { min: 1 }) ?? null,
    },
    recaptcha: recaptcha(f.sub('recaptcha')),
    allow_user_images: f.bool('allow_user_images', false),
    mcp_url: f.strOrNull('mcp_url'),
    handoff: {
      enabled: ho?.bool('enabled', false) ?? false,
      trigger: (ho?.str('trigger', { def: 'button', oneOf: ['button', 'auto', 'both'] }) ?? 'button') as BotConfig['handoff']['trigger'],
      offline_message: ho?.strOrNull('offline_message') ?? null,
      agent_label: ho?.strOrNull('agent_label') ?? null,
    },
    contact_form: {
      enabled: cf?.bool('enabled', false) ?? false,
      trigger: (cf?.str('trigger', { def: 'button', oneOf: ['button', 'auto', 'both'] }) ?? 'button') as BotConfig['contact_form']['trigger'],
      fields: cf ? contactFields(cf) : [],
      success_message: cf?.strOrNull('success_message') ?? null,
      button_display: (cf?.str('button_display', { def: 'after_response', oneOf: ['always', 'after_response', 'never'] }) ?? 'after_response') as BotConfig['contact_form']['button_display'],
    },
    knowledge: {
      dir: kn?.has('dir') && kn.raw.dir !== null ? resolve(baseDir, kn.str('dir', { min: 1 })) : null,
      documents: kn ? kn.list('documents', (v, p) => inlineDoc(v, p)) : [],
    },
    engine: engine(f.sub('engine'), env),
    filters: {
      blocked_terms: fl?.list('blocked_terms', (v, p) => str(v, p, { min: 1, max: 200 })) ?? [],
      redact: fl?.list('redact', (v, p) => str(v, p, { oneOf: REDACTIONS }) as Redaction) ?? [],
    },
  };
}

function domainPattern(v: unknown, path: string): string {
  const s = str(v, path, { min: 1, max: 253 }).trim().toLowerCase();
  // A pattern is a host or "*." + host; schemes, ports and paths are not part of it.
  if (!/^(\*\.)?[^\s/:*]+$/.test(s)) throw new Invalid(path, 'must be a host name like "example.com" or "*.example.com"');
  return s;
}

function widgetSettings(f: Fields | undefined): WidgetSettings {
  if (!f) return {};
  // Only the documented fields pass; anything else in the file is dropped, never echoed.
  const out: WidgetSettings = {};
  const color = f.optStr('primary_color');
  if (color !== undefined) {
    if (!COLOR.test(color)) throw new Invalid(f.at('primary_color'), 'must be a CSS color like "#2563eb"');
    out.primary_color = color;
  }
  if (f.has('position')) out.position = f.str('position', { oneOf: ['bottom-right', 'bottom-left'] }) as WidgetSettings['position'];
  if (f.has('theme')) out.theme = f.str('theme', { oneOf: ['light', 'dark', 'auto'] }) as WidgetSettings['theme'];
  for (const key of ['title', 'subtitle'] as const) {
    const v = f.optStr(key, { max: 200 });
    if (v !== undefined) out[key] = v;
  }
  const avatar = f.optStr('avatar_url');
  if (avatar !== undefined) {
    if (!HTTP_URL.test(avatar) && !avatar.startsWith('/')) throw new Invalid(f.at('avatar_url'), 'must be an http(s) URL or a path');
    out.avatar_url = avatar;
  }
  if (f.has('open_on_load')) out.open_on_load = f.bool('open_on_load', false);
  return out;
}

function contactFields(cf: Fields): ContactField[] {
  const fields = cf.list('fields', (v, path) => {
    const x = new Fields(v, path);
    const type = x.str('type', { def: 'text', oneOf: ['text', 'email', 'tel', 'textarea', 'select'] }) as ContactField['type'];
    const field: ContactField = {
      name: x.str('name', { pattern: /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, what: 'a simple identifier like "email"' }),
      label: x.str('label', { min: 1, max: 200 }),
      type,
      required: x.bool('required', false),
    };
    if (type === 'select') {
      const options = x.list('options', (o, p) => str(o, p, { min: 1, max: 200 }));
      if (options.length === 0) throw new Invalid(x.at('options'), 'must list at least one option for a select field');
      field.options = options;
    }
    return field;
  });
  fields.forEach((fd, i) => {
    if (fields.findIndex((o) => o.name === fd.name) !== i) throw new Invalid(`${cf.at('fields')}[${i}].name`, `duplicate field name "${fd.name}"`);
  });
  return fields;
}

function inlineDoc(v: unknown, path: string): KnowledgeDoc {
  const d = new Fields(v, path);
  const id = d.str('id', { min: 1, max: 200 });
  return { id, title: d.str('title', { def: id, min: 1 }), url: d.str('url', { def: '' }), text: d.str('text', { min: 1 }) };
}

function engine(f: Fields | undefined, env: NodeJS.ProcessEnv): EngineConfig {
  if (!f) return { type: 'extractive', chunk_delay_ms: 15 };
  const type = f.str('type', { def: 'extractive', oneOf: ['extractive', 'openai'] });
  if (type === 'extractive') return { type, chunk_delay_ms: f.int('chunk_delay_ms', 15, { min: 0, max: 1000 }) };
  const api_key_env = f.strOrNull('api_key_env', { min: 1 });
  const api_key = api_key_env ? env[api_key_env] ?? null : null;
  if (api_key_env && !api_key) throw new Invalid(f.at('api_key_env'), `environment variable ${api_key_env} is not set`);
  const temperature = f.raw.temperature;
  return {
    type: 'openai',
    base_url: f.str('base_url', { pattern: HTTP_URL, what: 'an http(s) URL' }),
    model: f.str('model', { min: 1 }),
    api_key_env,
    api_key,
    vision: f.bool('vision', false),
    timeout_ms: f.int('timeout_ms', 30000, { min: 100, max: 600000 }),
    max_tokens: f.intOrNull('max_tokens', { min: 1 }),
    temperature: temperature === undefined || temperature === null ? null : f.num('temperature', 0, { min: 0, max: 2 }),
  };
}
