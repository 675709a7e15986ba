/**
 * Issue 21: e-mail for real, through the SMTP server of the config (nodemailer). An operator's
 * answer to a contact submission, and an agent's reply to a visitor who left an address and is
 * no longer connected (with the recent transcript). A failed delivery is tried again (after
 * RETRY_DELAYS_MS), and its outcome is told to whoever asked: the console's request, or the
 * conversation's timeline (events `email_sent` / `email_failed`).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../config/config.ts';
import type { Message } from '../../protocol/schemas.ts';

/** Pauses before the second and third attempt. */
export const RETRY_DELAYS_MS = [1000, 4000];
/** How long one attempt may take, connection to the server's answer. */
const TIMEOUT_MS = 15_000;

export interface Mail { to: string; subject: string; text: string; replyTo?: string | null }
export type Sent = { ok: true; attempts: number; id: string } | { ok: false; attempts: number; error: string };

export interface MailerOptions {
  /** Pauses between attempts (tests shorten them). */
  retryDelaysMs?: number[];
}

export class Mailer {
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly delays: number[];

  constructor(smtp: SmtpConfig, o: MailerOptions = {}) {
    this.from = smtp.from;
    this.delays = o.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.tls,
      // STARTTLS required, or (starttls: false) not even tried: a relay without TLS on the same host.
      requireTLS: smtp.starttls && !smtp.tls,
      ignoreTLS: !smtp.starttls && !smtp.tls,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
  }

  /** Sends, trying again after each delay; never throws. */
  async send(mail: Mail): Promise<Sent> {
    let error = '';
    for (let attempt = 1; attempt <= this.delays.length + 1; attempt++) {
      try {
        const info = await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}) });
        return { ok: true, attempts: attempt, id: String(info.messageId ?? '') };
      } catch (e) {
        error = (e as Error).message || 'the SMTP server refused the message';
        // A refusal of the address itself (5xx) will not change on a retry.
        if ((e as { responseCode?: number }).responseCode !== undefined && (e as { responseCode: number }).responseCode >= 500) return { ok: false, attempts: attempt, error };
      }
      const wait = this.delays[attempt - 1];
      if (wait !== undefined) await new Promise((r) => setTimeout(r, wait));
    }
    return { ok: false, attempts: this.delays.length + 1, error };
  }

  close() {
    this.transport.close();
  }
}

/** A visitor's address, from what they gave: a verified identity's, else the newest contact submission's `email`-type field. */
export function addressOf(visitorEmail: string | null | undefined, contacts: Array<{ fields: Record<string, string> }>, emailFields: string[]): string | null {
  if (visitorEmail) return visitorEmail;
  for (const c of [...contacts].reverse()) {
    for (const name of emailFields) if (c.fields[name]) return c.fields[name];
  }
  return null;
}

/** The last messages of a conversation as plain text, oldest first, for a reply sent by e-mail. */
export function transcript(messages: Message[], botName: string, most = 10): string {
  return messages.slice(-most).map((m) => `${m.role === 'user' ? 'You' : m.agent_name ?? botName}:\n${m.content}`).join('\n\n');
}
