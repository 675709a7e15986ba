/**
 * Webhooks (issue 14; assignment and tags, issue 22): the events a site owner wants to hear of, POSTed to the URLs of
 * the bot's workspace, signed as Standard Webhooks specifies (webhook-id, webhook-timestamp,
 * webhook-signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`). The event is
 * written to the database queue first (store.enqueueDeliveries), then sent by whichever
 * instance leases it: a restart or a dead instance loses nothing, and retries back off
 * exponentially with jitter. 2xx: delivered; 410 Gone: the receiver asks us to stop; anything
 * else, or no answer within 10 s: tried again, up to MAX_ATTEMPTS.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { WEBHOOK_EVENTS, type WebhookEventType } from '../../protocol/codes.ts';
import type { WebhookConfig } from '../config/config.ts';
import type { AppConfig } from '../config/config.ts';
import type { Logger } from '../ops/log.ts';
import type { DeliveryOutcome, QueuedDelivery, WebhookStore } from '../store/webhooks.ts';
import type { Events } from './events.ts';
import type { DomainEvent } from './events.ts';

export const MAX_ATTEMPTS = 8;
const TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;
const BATCH = 10;

export interface WebhookOptions {
  /** The first retry's delay; each further one doubles it (± 20% jitter). Default 10 s: 8 attempts span about 21 minutes. */
  retryBaseMs?: number;
  /** How often due retries are looked for. New events are sent at once. */
  pollMs?: number;
}

/** The key Standard Webhooks signs with: the base64 after `whsec_`, or the secret's own bytes. */
export const signingKey = (secret: string) => (secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8'));

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const isWebhookEvent = (t: string): t is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(t);

const SLACK_TEXT: Record<WebhookEventType, string> = {
  'handoff.requested': 'A visitor asked for a person',
  'contact.submitted': 'A visitor sent the contact form',
  'feedback.negative': 'A visitor gave an answer a thumbs-down',
  'conversation.closed': 'A conversation was closed',
  'conversation.assigned': 'A conversation was assigned',
  'conversation.tagged': 'A conversation was tagged',
  'conversation.untagged': 'A tag was removed from a conversation',
};

/** The body of one event, built once at enqueue time so every attempt sends the same bytes. */
export function payload(ctx: { config: Pick<AppConfig, 'bots'> }, e: DomainEvent & { type: WebhookEventType }, workspaceId: string, format: WebhookConfig['format']): string {
  const bot = ctx.config.bots.get(e.bot_id);
  const data: Record<string, unknown> =
    e.type === 'contact.submitted' ? { contact_id: e.contact?.id ?? null, fields: e.contact?.fields ?? {} }
      : e.type === 'conversation.closed' ? { agent_name: e.agent_name ?? null, note: e.note ?? null }
        : e.type === 'conversation.assigned' ? { agent_name: e.agent_name ?? null, assignee: e.assignee ?? null }
          : e.type === 'conversation.tagged' || e.type === 'conversation.untagged' ? { agent_name: e.agent_name ?? null, tag: e.tag ?? null }
            : { message: e.message ? { id: e.message.id, role: e.message.role, content: e.message.content } : null };
  if (format === 'slack') {
    const detail = e.type === 'contact.submitted' ? Object.entries(e.contact?.fields ?? {}).map(([k, v]) => `${k}: ${v}`).join(', ')
      : e.type === 'conversation.closed' ? [e.agent_name, e.note].filter(Boolean).join(': ')
        : e.type === 'conversation.assigned' ? `${e.agent_name ?? ''} → ${e.assignee ?? ''}`
          : e.type === 'conversation.tagged' || e.type === 'conversation.untagged' ? `${e.tag ?? ''} (${e.agent_name ?? ''})`
            : e.message?.content ?? '';
    const line = `${SLACK_TEXT[e.type]} (${bot?.name ?? e.bot_id})${detail ? `: ${detail.slice(0, 500)}` : ''}`;
    return JSON.stringify({ text: line });
  }
  return JSON.stringify({
    type: e.type, created_at: e.at, workspace_id: workspaceId, bot_id: e.bot_id, bot_name: bot?.name ?? '', conversation_id: e.conversation_id, data,
  });
}

/** What the dispatcher uses: the config's workspaces and bots, the queue in the store, the events it turns into deliveries. */
export interface WebhookDeps {
  config: Pick<AppConfig, 'bots' | 'workspaces'>;
  store: Pick<WebhookStore, 'enqueueDeliveries' | 'claimDueDeliveries' | 'finishAttempt'>;
  events: Pick<Events, 'subscribeLocal'>;
  instanceId: string;
  log: Logger;
}

export class WebhookDispatcher {
  private readonly ctx: WebhookDeps;
  private readonly retryBaseMs: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(ctx: WebhookDeps, o: WebhookOptions = {}) {
    this.ctx = ctx;
    this.retryBaseMs = o.retryBaseMs ?? 10_000;
    this.pollMs = o.pollMs ?? 1000;
  }

  /** Listens for events and sends due deliveries; nothing to do when no workspace has a webhook. */
  start() {
    if (![...this.ctx.config.workspaces.values()].some((w) => w.webhooks.length)) return;
    this.unsubscribe = this.ctx.events.subscribeLocal((e) => void this.enqueue(e));
    this.timer = setInterval(() => this.kick(), this.pollMs).unref();
    this.kick();
  }

  async stop() {
    this.stopped = true;
    this.unsubscribe?.();
    clearInterval(this.timer);
    await this.running;
  }

  /** Each event is enqueued once, by the instance where it happened (it listens to its own events only). */
  private async enqueue(e: DomainEvent) {
    if (!isWebhookEvent(e.type) || e.origin !== this.ctx.instanceId) return;
    const bot = this.ctx.config.bots.get(e.bot_id);
    const ws = bot && this.ctx.config.workspaces.get(bot.workspace_id);
    const hooks = ws?.webhooks.filter((h) => h.events.includes(e.type as WebhookEventType)) ?? [];
    if (!ws || !hooks.length) return;
    try {
      await this.ctx.store.enqueueDeliveries(hooks.map((h) => ({
        id: `msg_${randomUUID()}`, workspace_id: ws.id, event: e.type as WebhookEventType, url: h.url, format: h.format,
        body: payload(this.ctx, e as DomainEvent & { type: WebhookEventType }, ws.id, h.format),
      })));
      this.kick();
    } catch (err) {
      this.ctx.log.error({ event: 'webhook_enqueue_failed', type: e.type, err: (err as Error).message }, 'a webhook event could not be queued');
    }
  }

  /** Runs one sending round now, or right after the current one. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async round() {
    try {
      for (;;) {
        const due = await this.ctx.store.claimDueDeliveries(BATCH, LEASE_MS);
        if (!due.length) return;
        await Promise.all(due.map((d) => this.send(d)));
        if (this.stopped) return;
      }
    } catch (err) {
      // The database is away: the next poll tries again.
      this.ctx.log.warn({ event: 'webhook_round_failed', err: (err as Error).message }, 'webhook sending paused');
    }
  }

  private async send(d: QueuedDelivery) {
    const hook = this.ctx.config.workspaces.get(d.workspace_id)?.webhooks.find((h) => h.url === d.url);
    let outcome: DeliveryOutcome;
    if (!hook) {
      outcome = { delivered: false, status: null, error: 'This webhook is no longer in the config.', retryAt: null };
    } else {
      const timestamp = Math.floor(Date.now() / 1000);
      try {
        const res = await fetch(d.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json', 'user-agent': 'lumen-chat-webhooks/1',
            'webhook-id': d.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature(hook.secret, d.id, timestamp, d.body),
          },
          body: d.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.body?.cancel().catch(() => undefined);
        outcome = res.ok ? { delivered: true, status: res.status } : this.failed(d, res.status, `HTTP ${res.status}`, res.status === 410);
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        outcome = this.failed(d, null, e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (e.cause?.code ?? e.message), false);
      }
    }
    this.ctx.log.info({ event: 'webhook_attempt', delivery_id: d.id, type: d.event, attempt: d.attempts, delivered: outcome.delivered, status: outcome.status }, 'webhook attempt');
    await this.ctx.store.finishAttempt(d.id, outcome).catch((err: Error) => this.ctx.log.warn({ event: 'webhook_log_failed', err: err.message }, 'webhook outcome not stored'));
  }

  private failed(d: QueuedDelivery, status: number | null, error: string, final: boolean): DeliveryOutcome {
    if (final || d.attempts >= MAX_ATTEMPTS) return { delivered: false, status, error, retryAt: null };
    const delay = this.retryBaseMs * 2 ** (d.attempts - 1) * (0.8 + Math.random() * 0.4);
    return { delivered: false, status, error, retryAt: new Date(Date.now() + delay).toISOString() };
  }
}
