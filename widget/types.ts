// Wire shapes from the Public Chat Service spec (plus our documented extensions).

export interface Citation {
  page_title: string;
  source_url: string;
  source_id?: string;
  score?: number;
  from_web_search?: boolean;
}

export interface ContactField {
  name: string;
  label?: string;
  type?: 'text' | 'email' | 'tel' | 'textarea' | 'select';
  required?: boolean;
  options?: string[];
}

export interface BotConfig {
  bot_id: string;
  bot_name: string;
  widget_settings?: Record<string, unknown> | null;
  suggested_questions?: string[] | null;
  show_suggested_questions?: boolean;
  suggested_questions_count?: number;
  welcome_message?: string | null;
  warning_message?: string | null;
  recaptcha_site_key?: string | null;
  language?: string;
  handoff_enabled?: boolean;
  handoff_trigger?: string;
  handoff_offline_message?: string | null;
  handoff_agent_label?: string | null;
  handoff_available?: boolean;
  allow_user_images?: boolean;
  contact_form_enabled?: boolean;
  contact_form_trigger?: string;
  contact_form_fields?: ContactField[] | null;
  contact_form_success_message?: string | null;
  contact_form_button_display?: string;
}

export interface HistoryMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations?: Citation[] | null;
  feedback?: string | null;
  image_preview?: unknown;
  created_at?: string;
  agent_name?: string | null;
}

export interface History { messages: HistoryMessage[]; conversation_status?: string }

export type StreamEvent =
  | { type: 'status'; stage: string }
  | { type: 'content'; content: string }
  | { type: 'replace'; content: string }
  | { type: 'notice'; code?: string; level?: string; message_key?: string }
  | { type: 'done'; conversation_id?: string; assistant_message_id?: string; citations?: Citation[] }
  | { type: 'error'; error?: string; message?: string };

/** The closed set of failures the widget tells a user about; each has a default localized line. */
export type ErrorCode =
  | 'bad_request' | 'forbidden' | 'not_found' | 'rate_limited' | 'server' | 'network'
  | 'bad_response' | 'interrupted' | 'content_filtered' | 'service_unavailable' | 'internal_error'
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

export type Result<T> = { ok: true; data: T } | { ok: false; error: Failure };
