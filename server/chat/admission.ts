/**
 * Whether a chat request may run, decided in one place, in the documented order: trial →
 * (the caller's own checks: image, conversation) → rate limits → monthly quota → bot
 * protection; then, inside the turn, one credit. Everything taken on the way is held by one
 * Lease with one `refund()`: a request refused by a later check gives back its counts, and a
 * turn that stores no answer gives back its credit.
 */
import type { FastifyRequest } from 'fastify';
import type { BotSettings, WorkspaceConfig } from '../config/config.ts';
import type { Context } from '../context.ts';

/** What admission uses: the config (workspaces, proxies, captcha), the limits, the credit counters, the verifier's deadline. */
export type AdmissionDeps = Pick<Context, 'config' | 'limits' | 'store' | 'verifyTimeoutMs'>;
import { ApiError, apiError } from '../errors.ts';
import { verifyToken } from './guard.ts';
import { clientAddress, clientKey } from './access.ts';

export class Lease {
  /** Given back if the request is refused before its stream starts. */
  private counts: Array<() => Promise<void>> = [];
  /** Given back if the turn ends without a stored answer. */
  private credit: (() => Promise<void>) | null = null;
  private readonly ctx: AdmissionDeps;
  private readonly ws: WorkspaceConfig;

  constructor(ctx: AdmissionDeps, ws: WorkspaceConfig) {
    this.ctx = ctx;
    this.ws = ws;
  }

  hold(giveBack: () => Promise<void>) {
    this.counts.push(giveBack);
  }

  /** The request was accepted (its stream starts): its rate-limit and monthly counts stay spent. */
  accept() {
    this.counts = [];
  }

  /** Takes one credit of the workspace; false when none is left. */
  async takeCredit(): Promise<boolean> {
    if (!(await this.ctx.store.reserveCredit(this.ws.id, this.ws.credits))) return false;
    this.credit = () => this.ctx.store.refundCredit(this.ws.id, this.ws.credits);
    return true;
  }

  /** The turn stored its answer: the credit stays spent. */
  settle() {
    this.credit = null;
  }

  /** Gives back whatever is still held. Safe to call more than once. */
  async refund() {
    const pending = [...this.counts, ...(this.credit ? [this.credit] : [])];
    this.counts = [];
    this.credit = null;
    // Every give-back is attempted even if one fails (a storage hiccup must not keep the others).
    const results = await Promise.allSettled(pending.map((f) => f()));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
}

function monthlyLimit(): ApiError {
  const now = new Date();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const seconds = Math.max(1, Math.ceil((next - now.getTime()) / 1000));
  return apiError('rate_limited', 'This workspace has used all its chats for this month. The limit resets on the first of next month.', { retryAfter: seconds });
}

export interface AdmitOptions {
  /** Checks that refuse without counting anything (image, conversation ownership), run after the trial check. */
  before?: () => Promise<void> | void;
  recaptchaToken?: string;
}

/** Admits one chat request or throws the ApiError that refuses it, having given back what it took. */
export async function admitChat(ctx: AdmissionDeps, request: FastifyRequest, bot: BotSettings, o: AdmitOptions = {}): Promise<Lease> {
  try {
    return await admit(ctx, request, bot, o);
  } catch (e) {
    // 429s leave no row behind, so the console's numbers count them here (never failing the answer).
    if (e instanceof ApiError && e.status === 429) {
      await ctx.store.countDaily(bot.id, 'rate_limited').catch((err: Error) => request.log.warn({ event: 'count_failed', err: err.message }, 'a 429 was not counted'));
    }
    throw e;
  }
}

async function admit(ctx: AdmissionDeps, request: FastifyRequest, bot: BotSettings, o: AdmitOptions): Promise<Lease> {
  const ws = ctx.config.workspaces.get(bot.workspace_id)!;
  if (ws.trial_ends_at && Date.parse(ws.trial_ends_at) <= Date.now()) throw apiError('trial_expired');
  await o.before?.();

  const lease = new Lease(ctx, ws);
  const limits = await ctx.limits.chat(bot, clientKey(ctx, request));
  lease.hold(() => limits.refund());
  try {
    if (!(await ctx.store.countMonthlyChat(ws.id, ws.chat_limit_per_month))) throw monthlyLimit();
    lease.hold(() => ctx.store.uncountMonthlyChat(ws.id));
    const rc = bot.recaptcha ?? ctx.config.recaptcha;
    if (rc) await verifyToken(rc, o.recaptchaToken, clientAddress(ctx, request), ctx.verifyTimeoutMs);
  } catch (e) {
    await lease.refund();
    throw e;
  }
  return lease;
}
