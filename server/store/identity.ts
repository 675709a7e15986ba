/**
 * Who a visitor is: the contact forms they sent, and the verified user of a bot their session
 * is linked to (identity verification, issue 15).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Visitor } from '../../protocol/console.ts';
import type { Conversation } from './records.ts';
import { nowIso, type Tables } from './tables.ts';

export type { Visitor };
export interface ContactInput { bot_id: string; conversation_id: string | null; session_id: string; fields: Record<string, string> }
export interface StoredContact { id: string; fields: Record<string, string>; created_at: string }

export interface IdentityStore {
  addContact(s: ContactInput): Promise<{ id: string; created_at: string }>;
  contactsOf(conversationId: string): Promise<StoredContact[]>;
  /** A session's submissions, oldest first (also those sent before any conversation existed). */
  contactsOfSession(sessionId: string): Promise<StoredContact[]>;
  /** Issue 21: one submission by id, with where it came from (an operator answers it by e-mail). */
  contact(id: string): Promise<(StoredContact & { bot_id: string; conversation_id: string | null; session_id: string }) | undefined>;

  // Identity verification (issue 15): a session linked to a verified user of a bot.
  /** Links a session to a verified user (name/e-mail updated for all of the user's sessions); false when the session is another user's; atomic. */
  linkVisitor(botId: string, sessionId: string, v: Visitor): Promise<boolean>;
  /** The verified user a conversation belongs to, or null for an anonymous visitor. */
  visitorOf(c: Pick<Conversation, 'bot_id' | 'session_id'>): Promise<Visitor | null>;
  /** The user's most recently updated conversation with this bot, from any of their sessions. */
  latestConversationOfUser(botId: string, userId: string): Promise<string | null>;
}

export function sqlIdentityStore(db: Kysely<Tables>): IdentityStore {
  async function contacts(column: 'conversation_id' | 'session_id', value: string): Promise<StoredContact[]> {
    const rows = await db.selectFrom('contact_submissions').select(['id', 'fields', 'created_at']).where(column, '=', value)
      .orderBy('created_at').orderBy(sql`rowid`).execute();
    return rows.map((r) => ({ id: r.id, fields: JSON.parse(r.fields) as Record<string, string>, created_at: r.created_at }));
  }

  return {
    async addContact(s: ContactInput): Promise<{ id: string; created_at: string }> {
      const id = randomUUID();
      const created_at = nowIso();
      await db.insertInto('contact_submissions')
        .values({ id, bot_id: s.bot_id, conversation_id: s.conversation_id, session_id: s.session_id, fields: JSON.stringify(s.fields), created_at }).execute();
      return { id, created_at };
    },

    async contactsOf(conversationId: string): Promise<StoredContact[]> {
      return contacts('conversation_id', conversationId);
    },

    async contactsOfSession(sessionId: string): Promise<StoredContact[]> {
      return contacts('session_id', sessionId);
    },

    async contact(id: string) {
      const r = await db.selectFrom('contact_submissions').select(['id', 'bot_id', 'conversation_id', 'session_id', 'fields', 'created_at']).where('id', '=', id).executeTakeFirst();
      return r && { ...r, fields: JSON.parse(r.fields) as Record<string, string> };
    },

    // --- identity verification: a session linked to a verified user of a bot --------------

    async linkVisitor(botId: string, sessionId: string, v: Visitor): Promise<boolean> {
      // The insert does nothing when the session is linked already, so two concurrent links of
      // one session (any process, either dialect) leave exactly one owner, whom the read names.
      await db.insertInto('visitors')
        .values({ bot_id: botId, session_id: sessionId, user_id: v.user_id, name: v.name, email: v.email, linked_at: nowIso() })
        .onConflict((oc) => oc.columns(['bot_id', 'session_id']).doNothing()).execute();
      const owner = await db.selectFrom('visitors').select('user_id').where('bot_id', '=', botId).where('session_id', '=', sessionId).executeTakeFirst();
      if (owner?.user_id !== v.user_id) return false;
      if (v.name !== null || v.email !== null) {
        // Name and e-mail are the user's, so every one of their sessions shows the latest given.
        await db.updateTable('visitors')
          .set({ name: sql`COALESCE(${v.name}, name)`, email: sql`COALESCE(${v.email}, email)` })
          .where('bot_id', '=', botId).where('user_id', '=', v.user_id).execute();
      }
      return true;
    },

    async visitorOf(c: Pick<Conversation, 'bot_id' | 'session_id'>): Promise<Visitor | null> {
      const v = await db.selectFrom('visitors').select(['user_id', 'name', 'email']).where('bot_id', '=', c.bot_id).where('session_id', '=', c.session_id).executeTakeFirst();
      return v ?? null;
    },

    async latestConversationOfUser(botId: string, userId: string): Promise<string | null> {
      const row = await db.selectFrom('conversations as c')
        .innerJoin('visitors as v', (j) => j.onRef('v.bot_id', '=', 'c.bot_id').onRef('v.session_id', '=', 'c.session_id'))
        .select('c.id').where('v.bot_id', '=', botId).where('v.user_id', '=', userId)
        .orderBy('c.updated_at', 'desc').orderBy('c.created_at', 'desc').limit(1).executeTakeFirst();
      return row?.id ?? null;
    },
  };
}
