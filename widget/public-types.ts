// The public API of the widget, types only. This file is also the npm package's type
// declarations (the build copies it to dist/esm/index.d.ts and adds `mount`), so it imports nothing.

/** Events a page can subscribe to with `on()`. */
export type WidgetEventName = 'open' | 'close' | 'message' | 'error' | 'unread';

/** `message`: the user's messages, finished answers and agents' replies. */
export interface MessageEvent { role: 'user' | 'assistant'; text: string; id?: string | null; agent?: string | null }
/** `error`: a failure the user was shown. */
export interface ErrorEvent { code: string; message?: string; status?: number }
/** `unread`: how many replies arrived while the panel was closed (0 once it opens). */
export interface UnreadEvent { count: number }

/** Identity verification: `user_hash` is lowercase hex HMAC-SHA256(identity_secret, user_id), computed by the site's backend. */
export interface Identity { user_id: string; user_hash: string; name?: string; email?: string }

/** Overrides of the bot's look for this page. */
export interface ThemeOverride { primary_color?: string; theme?: 'light' | 'dark' | 'auto'; position?: 'bottom-left' | 'bottom-right' }

export interface OpenOptions {
  /** Put this text in the composer (not sent: the visitor sends it). */
  message?: string;
}

/** One widget on the page (one bot). Every method is safe to call at any time, also before the widget has loaded. */
export interface WidgetInstance {
  readonly botId: string;
  open(options?: OpenOptions): void;
  close(): void;
  toggle(): void;
  /** Opens the panel and sends `text` as the user. */
  send(text: string): void;
  /** Starts a new conversation. */
  reset(): void;
  /** Subscribes; returns the function that unsubscribes. */
  on(event: WidgetEventName, fn: (detail?: any) => void): () => void;
  off(event: WidgetEventName, fn?: (detail?: any) => void): void;
  /** Identity verification (when the bot has an identity secret); sent when the visitor first interacts. */
  identify(user: Identity): void;
  /** UI language: en, de, fr, es or ar. */
  setLocale(code: string): void;
  setTheme(theme: ThemeOverride | 'light' | 'dark' | 'auto'): void;
  /** Shows or hides the launcher button (the panel can still be opened from the API). */
  show(): void;
  hide(): void;
  /** Removes the widget and its listeners. */
  remove(): void;
}

export interface MountOptions {
  botId: string;
  /** Origin of the chat service, e.g. "https://chat.example.com". */
  apiBase: string;
  /** Render the chat inside this element (or the element this selector finds) instead of a floating bubble. */
  container?: HTMLElement | string | null;
  /** "always": restore the conversation on every page load; default: only when the visitor opens the chat. */
  persist?: 'always' | 'visit';
  /** Show the unread count in the tab title. */
  titleUnread?: boolean;
  /** UI language override. */
  locale?: string;
  /** Nonce for a nonce-based CSP (copied onto scripts the widget adds). */
  nonce?: string;
  recaptchaSrc?: string;
}
