/**
 * Per-bot retention (issue 14, `bots[].retention_days`): conversations without activity for
 * that many days are deleted with everything that hangs off them. Runs once when the server
 * is ready and then hourly; several instances running it at once delete the same rows, which
 * is harmless. The log says how much, never what.
 */
import type { Context } from '../context.ts';

const HOUR_MS = 3_600_000;

/** What retention uses: the bots' retention settings, the store's purge, the log. */
type RetentionDeps = Pick<Context, 'config' | 'store' | 'log'>;

export async function purgeExpired(ctx: RetentionDeps, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const bot of ctx.config.bots.values()) {
    if (!bot.retention_days) continue;
    const before = new Date(now - bot.retention_days * 86_400_000).toISOString();
    const d = await ctx.store.purgeBefore(bot.id, before);
    removed += d.deleted_conversations;
    if (d.deleted_conversations) ctx.log.info({ event: 'retention_purge', bot_id: bot.id, ...d }, 'expired conversations deleted');
  }
  return removed;
}

/** Starts the hourly purge; returns its stop function. A failed run (database away) is logged and tried again next hour. */
export function startRetention(ctx: RetentionDeps, everyMs = HOUR_MS): () => void {
  if (![...ctx.config.bots.values()].some((b) => b.retention_days)) return () => undefined;
  const run = () => void purgeExpired(ctx).catch((e: Error) => ctx.log.warn({ event: 'retention_failed', err: e.message }, 'retention purge failed'));
  run();
  const timer = setInterval(run, everyMs).unref();
  return () => clearInterval(timer);
}
