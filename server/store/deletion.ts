/**
 * Deletion and retention: a conversation, everything a session left (GDPR erasure), or a
 * bot's conversations past its retention, each with all that hangs off them.
 */
import type { Kysely } from 'kysely';
import { n, type Tables } from './tables.ts';

export interface DeleteCounts { deleted_conversations: number; deleted_messages: number; deleted_contacts: number }

export interface DeletionStore {
  deleteConversation(id: string): Promise<DeleteCounts>;
  deleteSession(sessionId: string): Promise<DeleteCounts>;
  /** Deletes a bot's conversations without activity since `before` (ISO); retention. */
  purgeBefore(botId: string, before: string): Promise<DeleteCounts>;
}

/** The tables that hang off a conversation, deleted with it. */
const CONVERSATION_CHILDREN = ['citations', 'questions', 'conversation_events', 'conversation_tags', 'contact_submissions'] as const;

export function sqlDeletionStore(db: Kysely<Tables>): DeletionStore {
  /** Conversations with everything that hangs off them, and with `sessionId` also the session's other traces; one transaction. */
  async function deleteConversations(ids: string[], sessionId: string | null): Promise<DeleteCounts> {
    return db.transaction().execute(async (tx) => {
      const out: DeleteCounts = { deleted_conversations: 0, deleted_messages: 0, deleted_contacts: 0 };
      if (ids.length) {
        for (const table of CONVERSATION_CHILDREN) {
          const r = await tx.deleteFrom(table).where('conversation_id', 'in', ids).executeTakeFirst();
          if (table === 'contact_submissions') out.deleted_contacts += n(r.numDeletedRows);
        }
        out.deleted_messages = n((await tx.deleteFrom('messages').where('conversation_id', 'in', ids).executeTakeFirst()).numDeletedRows);
        out.deleted_conversations = n((await tx.deleteFrom('conversations').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
      }
      if (sessionId !== null) {
        out.deleted_contacts += n((await tx.deleteFrom('contact_submissions').where('session_id', '=', sessionId).executeTakeFirst()).numDeletedRows);
        await tx.deleteFrom('visitors').where('session_id', '=', sessionId).execute();
      }
      return out;
    });
  }

  return {
    async deleteConversation(id: string): Promise<DeleteCounts> {
      return deleteConversations([id], null);
    },

    async deleteSession(sessionId: string): Promise<DeleteCounts> {
      const ids = (await db.selectFrom('conversations').select('id').where('session_id', '=', sessionId).execute()).map((r) => r.id);
      return deleteConversations(ids, sessionId);
    },

    async purgeBefore(botId: string, before: string): Promise<DeleteCounts> {
      const total: DeleteCounts = { deleted_conversations: 0, deleted_messages: 0, deleted_contacts: 0 };
      // In batches, so a first purge of a large store does not hold one huge transaction.
      for (;;) {
        const ids = (await db.selectFrom('conversations').select('id').where('bot_id', '=', botId).where('updated_at', '<', before).limit(500).execute()).map((r) => r.id);
        if (!ids.length) return total;
        const d = await deleteConversations(ids, null);
        total.deleted_conversations += d.deleted_conversations;
        total.deleted_messages += d.deleted_messages;
        total.deleted_contacts += d.deleted_contacts;
      }
    },
  };
}
