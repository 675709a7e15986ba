// Shared helpers for the specs: where things run (E2E_* from global setup), the widget as a
// user meets it (role-based locators that pierce its open shadow root), and host-page steps.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { BotKey } from './support/config.ts';

export { expect };

function need(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the suite through playwright.config.ts (global setup)`);
  return v;
}

export const env = {
  /** The companion server (API, widget.js, /agent). */
  get api() { return need('E2E_API'); },
  /** The host-page server: another origin than the API. */
  get host() { return need('E2E_HOST'); },
  /** What the stand-ins saw (GET /verifier/calls). */
  get control() { return need('E2E_CONTROL'); },
  get agentToken() { return need('E2E_AGENT_TOKEN'); },
  get adminToken() { return need('E2E_ADMIN_TOKEN'); },
};

/** The widget's accessible names in one UI language. */
export interface WidgetNames { open: string; close: string; message: string; send: string }
export const EN: WidgetNames = { open: 'Open chat', close: 'Close chat', message: 'Message', send: 'Send' };
export const AR: WidgetNames = { open: 'افتح الدردشة', close: 'أغلق الدردشة', message: 'رسالة', send: 'إرسال' };

/** The widget on one page, located the way a user (or a screen reader) finds it. */
export class Widget {
  constructor(readonly page: Page, readonly names: WidgetNames = EN) {}

  /** The floating button while the panel is closed. */
  get launcher(): Locator { return this.page.getByRole('button', { name: this.names.open, exact: true }); }
  /** The same button while the panel is open. */
  get closer(): Locator { return this.page.getByRole('button', { name: this.names.close, exact: true }); }
  get panel(): Locator { return this.page.getByRole('dialog'); }
  get composer(): Locator { return this.panel.getByRole('textbox', { name: this.names.message, exact: true }); }
  get sendButton(): Locator { return this.panel.getByRole('button', { name: this.names.send, exact: true }); }
  /** The bot's bubbles, the welcome message first. (Bubbles have no role of their own: this and
   * `userMessages` are the one place that knows their class.) */
  get answers(): Locator { return this.panel.locator('.msg:not(.user)'); }
  get userMessages(): Locator { return this.panel.locator('.msg.user'); }
  /** How many <chat-widget> hosts the page has. */
  hosts(): Promise<number> { return this.page.locator('chat-widget').count(); }

  /** Clicks the launcher and checks what a user then sees: the dialog, the caret in the composer. */
  async open(): Promise<void> {
    // The launcher whatever its badge: an answer that finished while the panel was closed (a
    // reload mid-answer reattaches to the turn) names it "Open chat (1 unread)". `launcher`
    // itself stays exact, for the tests that check the badge is gone.
    await this.page.getByRole('button', { name: new RegExp(`^${this.names.open}(?: \\(\\d+ unread\\))?$`) }).click();
    await expect(this.panel).toBeVisible();
    await expect(this.composer).toBeFocused();
  }

  /** Types and sends; returns the bubble the answer will stream into. */
  async send(text: string): Promise<Locator> {
    const next = await this.answers.count();
    await this.composer.fill(text);
    await this.sendButton.click();
    const answer = this.answers.nth(next);
    await expect(answer).toBeAttached();
    return answer;
  }

  /** The rendered text of an answer (its Markdown body, without sources and buttons). */
  text(answer: Locator): Locator { return answer.locator('.md'); }

  /** Waits until a streamed answer has finished (done, error or stopped). */
  async finished(answer: Locator, timeout = 15_000): Promise<Locator> {
    await expect(answer).toHaveAttribute('aria-busy', 'false', { timeout });
    return answer;
  }
}

export interface VisitOptions { bot?: BotKey }

interface Fixtures {
  widget: Widget;
  /** Opens a host page of e2e/pages (optionally with another bot of the same kind). */
  visit(file: string, o?: VisitOptions): Promise<void>;
  /** Visits a host page (basic.html by default) and opens the widget. */
  openWidget(file?: string, o?: VisitOptions): Promise<Widget>;
  /** Sends a message and waits for its answer to finish; returns the answer bubble. */
  sendMessage(text: string): Promise<Locator>;
}

export const hostUrl = (file: string, o: VisitOptions = {}) => `${env.host}/${file}${o.bot ? `?bot=${o.bot}` : ''}`;

export const test = base.extend<Fixtures>({
  widget: async ({ page }, use) => {
    await use(new Widget(page));
  },
  visit: async ({ page }, use) => {
    await use(async (file, o) => {
      await page.goto(hostUrl(file, o));
    });
  },
  openWidget: async ({ visit, widget }, use) => {
    await use(async (file = 'basic.html', o) => {
      await visit(file, o);
      await widget.open();
      return widget;
    });
  },
  sendMessage: async ({ widget }, use) => {
    await use(async (text) => widget.finished(await widget.send(text)));
  },
});

/** Pixel colour helpers for "dark" checks: relative luminance of a CSS rgb() colour. */
export function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
