/** A conversation as agents see it: the console's list, the thread header and the live channel agree because they all come from here. */
import type { ConversationSummary } from '../../protocol/console.ts';
import type { Context } from '../context.ts';
import type { Conversation } from '../store/store.ts';

/** How much of the visitor's first message titles a conversation. */
const TITLE_CHARS = 200;

/** The conversation as agents see it; one function so the list, the detail and the live channel agree. */
export async function summaryOf(ctx: Pick<Context, 'store' | 'config'>, c: Conversation): Promise<ConversationSummary> {
  const [last, visitor, first, tags] = await Promise.all([ctx.store.lastMessage(c.id), ctx.store.visitorOf(c), ctx.store.firstVisitorMessage(c.id), ctx.store.tags(c.id)]);
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
    title: first === null ? null : first.slice(0, TITLE_CHARS),
    tags,
    last_message: last ?? null,
    // Issue 15: the verified user (identity verification), or null for an anonymous visitor.
    visitor,
  };
}

