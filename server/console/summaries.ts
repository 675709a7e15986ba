/** A conversation as agents see it: the console's list, the thread header and the live channel agree because they all come from here. */
import type { ConversationSummary } from '../../protocol/console.ts';
import type { Context } from '../context.ts';
import type { Conversation } from '../store/store.ts';

/** How much of the visitor's first message titles a conversation. */
const TITLE_CHARS = 200;

/**
 * The conversations as agents see them; one function so the list, the detail and the live
 * channel agree. A page of any length costs four queries (issue 22), not four per conversation.
 */
export async function summariesOf(ctx: Pick<Context, 'store' | 'config'>, cs: Conversation[]): Promise<ConversationSummary[]> {
  const parts = await ctx.store.summaryParts(cs);
  return cs.map((c) => {
    const p = parts.get(c.id)!;
    return {
      conversation_id: c.id,
      bot_id: c.bot_id,
      bot_name: ctx.config.bots.get(c.bot_id)?.name ?? '',
      session_id: c.session_id,
      status: c.status,
      created_at: c.created_at,
      waiting_since: c.waiting_since,
      updated_at: c.updated_at,
      assignee: c.assignee,
      claimed_at: c.assignee ? c.claimed_at : null,
      // Issue 22: titled by what the visitor asked, not by the latest answer.
      title: p.first === null ? null : p.first.slice(0, TITLE_CHARS),
      tags: p.tags,
      last_message: p.last,
      // Issue 15: the verified user (identity verification), or null for an anonymous visitor.
      visitor: p.visitor,
    };
  });
}

/** One conversation as agents see it. */
export async function summaryOf(ctx: Pick<Context, 'store' | 'config'>, c: Conversation): Promise<ConversationSummary> {
  return (await summariesOf(ctx, [c]))[0];
}
