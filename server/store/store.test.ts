/**
 * The Store contract, run against both backends: the embedded SQLite file and a real
 * PostgreSQL (a scratch database of this file's own). Atomicity is shown with several OS
 * processes, each with its own connection, racing for the same counter: no event loop is
 * shared, so only the single conditional statements keep the counts exact.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openStore } from './open.ts';
import { openSqliteStore } from './sqlite.ts';
import type { SqlStore } from './sql-store.ts';
import type { MessageRow } from './tables.ts';
import type { Store } from './store.ts';
import { missing, scratchDatabase } from '../test/services.ts';
import { SERVER } from '../test/paths.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'store-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function racer(dir: string, op: 'credit' | 'monthly', n: number, cap: number, racers: number, databaseUrl?: string): Promise<number> {
  return new Promise((done, fail) => {
    const args = [dir, op, String(n), String(cap), String(racers), ...(databaseUrl ? [databaseUrl] : [])];
    const child = spawn(process.execPath, ['--import', 'tsx', join(SERVER, 'test', 'store-racer.ts'), ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? done(Number(out)) : fail(new Error(`racer exited ${code}: ${err}`))));
  });
}

const pgMissing = await missing('postgres');

interface Backend {
  name: string;
  /** A fresh, empty store (SQLite: a new file; PostgreSQL: the tables emptied). */
  fresh(): Promise<{ store: Store; dir: string; databaseUrl?: string }>;
}

const sqlite: Backend = {
  name: 'SQLite',
  async fresh() {
    const dir = tempDir();
    return { store: await openSqliteStore(dir), dir };
  },
};

let pgUrl = '';
let dropPg: (() => Promise<void>) | undefined;
const postgres: Backend = {
  name: 'PostgreSQL',
  async fresh() {
    const store = await openStore({ dataDir: tempDir(), databaseUrl: pgUrl });
    // One database per file: each test starts from empty tables (migrations stay applied).
    const { sql } = await import('kysely');
    const db = (store as SqlStore).db;
    await sql`TRUNCATE messages, conversations, workspace_usage, workspace_credits, contact_submissions, visitors, conversation_events, questions, citations, daily_counters, conversation_tags`.execute(db);
    return { store, dir: tempDir(), databaseUrl: pgUrl };
  },
};

beforeAll(async () => {
  if (pgMissing) return;
  const scratch = await scratchDatabase();
  pgUrl = scratch.url;
  dropPg = scratch.drop;
});
afterAll(async () => dropPg?.());

for (const backend of [sqlite, postgres]) {
  describe.skipIf(backend === postgres && pgMissing)(`the store on ${backend.name}`, () => {
    for (const op of ['credit', 'monthly'] as const) {
      test(`${op}: 4 processes × 300 attempts on a cap of 1000 → exactly 1000 granted`, async () => {
        const { store, dir, databaseUrl } = await backend.fresh();
        await store.close(); // the schema exists before the race
        const got = await Promise.all([0, 1, 2, 3].map(() => racer(dir, op, 300, 1000, 4, databaseUrl)));
        expect(got.reduce((a, b) => a + b, 0)).toBe(1000);
        // Most racers got some: they ran at the same time (released together from a barrier), not one after another.
        expect(got.filter((g) => g > 0).length).toBeGreaterThanOrEqual(3);
        const again = await openStore({ dataDir: dir, databaseUrl });
        expect(op === 'credit' ? await again.creditsSpent('ws') : await again.monthlyChats('ws')).toBe(1000);
        await again.close();
      }, 60_000);
    }

    test('a zero cap grants nothing; null is unlimited; give-backs never go below zero', async () => {
      const { store } = await backend.fresh();
      expect(await store.reserveCredit('w', 0)).toBe(false);
      expect(await store.countMonthlyChat('w', 0)).toBe(false);
      expect(await store.reserveCredit('w', null)).toBe(true);
      expect(await store.countMonthlyChat('w', null)).toBe(true);
      expect(await store.monthlyChats('w')).toBe(1);
      await store.uncountMonthlyChat('w');
      await store.uncountMonthlyChat('w');
      expect(await store.monthlyChats('w')).toBe(0);
      expect(await store.reserveCredit('w', 2)).toBe(true);
      expect(await store.reserveCredit('w', 2)).toBe(true);
      expect(await store.reserveCredit('w', 2)).toBe(false);
      await store.refundCredit('w', 2);
      await store.refundCredit('w', 2);
      await store.refundCredit('w', 2);
      expect(await store.creditsSpent('w')).toBe(0);
      // Months are counted apart.
      expect(await store.countMonthlyChat('w', 1, new Date('2030-01-15'))).toBe(true);
      expect(await store.countMonthlyChat('w', 1, new Date('2030-01-20'))).toBe(false);
      expect(await store.countMonthlyChat('w', 1, new Date('2030-02-01'))).toBe(true);
      await store.close();
    });

    test('status changes keep waiting_since while in handoff and clear it after; history pages with after', async () => {
      const { store } = await backend.fresh();
      const c = await store.createConversation('bot', 'session');
      const first = (await store.setStatus(c.id, 'handoff'))!;
      expect(first.waiting_since).not.toBeNull();
      const again = (await store.setStatus(c.id, 'handoff'))!;
      expect(again.waiting_since).toBe(first.waiting_since);
      expect((await store.setStatus(c.id, 'closed'))!.waiting_since).toBeNull();
      expect(await store.setStatus('no-such-id', 'open')).toBeUndefined();

      const a = await store.addMessage(c.id, { role: 'user', content: 'one' });
      const b = await store.addMessage(c.id, { role: 'assistant', content: 'two', citations: [{ page_title: 'T', source_url: '', source_id: 's', score: 0.5, from_web_search: false }] });
      expect(await store.messages(c.id, a.id)).toEqual([b]);
      expect(await store.messages(c.id)).toEqual([a, b]);
      expect(await store.messages(c.id, 'unknown')).toBe('unknown_after');
      expect((await store.lastMessage(c.id))?.id).toBe(b.id);
      expect(await store.ownedConversation(c.id, 'someone-else')).toBeUndefined();
      expect((await store.getConversation(c.id))?.updated_at).toBe(b.created_at);
      await store.setFeedback(b.id, 'negative');
      expect((await store.messageWithConversation(b.id))?.message.feedback).toBe('negative');
      expect(await store.messageCount()).toBe(2);
      await store.ping();
      await store.close();
      await expect(store.ping()).rejects.toThrow();
    });

    test('conversations of a session newest first (insertion order within one millisecond); lists by status; contacts in order', async () => {
      const { store } = await backend.fresh();
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await store.createConversation('bot', 's1'));
      await store.createConversation('bot', 's2');
      expect((await store.conversationsOfSession('s1')).map((x) => x.id)).toEqual(made.map((c) => c.id).reverse());
      await store.setStatus(made[1].id, 'handoff');
      await store.setStatus(made[3].id, 'handoff');
      expect((await store.listConversations('handoff')).map((x) => x.id)).toEqual([made[1].id, made[3].id]);
      expect((await store.listConversations('open', 2)).length).toBe(2);
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await store.addContact({ bot_id: 'bot', conversation_id: made[0].id, session_id: 's1', fields: { n: String(i) } })).id);
      await store.addContact({ bot_id: 'bot', conversation_id: null, session_id: 's1', fields: { n: 'early' } });
      expect((await store.contactsOf(made[0].id)).map((x) => x.id)).toEqual(ids);
      expect((await store.contactsOfSession('s1')).map((x) => x.fields.n)).toEqual(['0', '1', '2', 'early']);
      await store.close();
    });

    test('identity: a session linked to a verified user owns that user\'s conversations; a session never changes hands', async () => {
      const { store } = await backend.fresh();
      const c = await store.createConversation('bot', 'laptop');
      const other = await store.createConversation('bot', 'stranger');
      expect(await store.visitorOf(c)).toBeNull();
      expect(await store.linkVisitor('bot', 'laptop', { user_id: 'u1', name: 'Ana', email: null })).toBe(true);
      expect(await store.linkVisitor('bot', 'phone', { user_id: 'u1', name: null, email: 'ana@example.com' })).toBe(true);
      // The second link filled the e-mail in for every session of the user, and kept the name.
      expect(await store.visitorOf(c)).toEqual({ user_id: 'u1', name: 'Ana', email: 'ana@example.com' });
      expect((await store.ownedConversation(c.id, 'phone'))?.id).toBe(c.id);
      expect(await store.ownedConversation(other.id, 'phone')).toBeUndefined();
      expect(await store.latestConversationOfUser('bot', 'u1')).toBe(c.id);
      expect(await store.latestConversationOfUser('bot', 'u2')).toBeNull();
      // Another user cannot take the session over, and the same user on another bot is someone else.
      expect(await store.linkVisitor('bot', 'laptop', { user_id: 'u2', name: null, email: null })).toBe(false);
      expect(await store.ownedConversation(c.id, 'tablet')).toBeUndefined();
      await store.linkVisitor('other-bot', 'tablet', { user_id: 'u1', name: null, email: null });
      expect(await store.ownedConversation(c.id, 'tablet')).toBeUndefined();
      await store.close();
    });
  });
}

test('a SQLite file made before migrations existed is adopted with its data', async () => {
  const dir = tempDir();
  mkdirSync(dir, { recursive: true });
  const old = new Database(join(dir, 'chat.sqlite3'));
  old.exec(`CREATE TABLE conversations (id TEXT PRIMARY KEY, bot_id TEXT NOT NULL, session_id TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open', created_at TEXT NOT NULL, updated_at TEXT NOT NULL, waiting_since TEXT);
    INSERT INTO conversations VALUES ('c1', 'bot', 's', 'open', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', NULL);`);
  old.close();
  const store = await openSqliteStore(dir);
  expect((await store.getConversation('c1'))?.session_id).toBe('s');
  await store.addMessage('c1', { role: 'user', content: 'still works' });
  expect(await store.messageCount()).toBe(1);
  await store.close();
});

test('a SQLite file from the identity release (visitors table, no migrations yet) keeps its linked users', async () => {
  const dir = tempDir();
  mkdirSync(dir, { recursive: true });
  const old = new Database(join(dir, 'chat.sqlite3'));
  old.exec(`CREATE TABLE conversations (id TEXT PRIMARY KEY, bot_id TEXT NOT NULL, session_id TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open', created_at TEXT NOT NULL, updated_at TEXT NOT NULL, waiting_since TEXT);
    INSERT INTO conversations VALUES ('c1', 'bot', 'laptop', 'open', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', NULL);
    CREATE TABLE visitors (bot_id TEXT NOT NULL, session_id TEXT NOT NULL, user_id TEXT NOT NULL, name TEXT, email TEXT, linked_at TEXT NOT NULL,
      PRIMARY KEY (bot_id, session_id));
    INSERT INTO visitors VALUES ('bot', 'laptop', 'u1', 'Ana', NULL, '2025-01-01T00:00:00.000Z');`);
  old.close();
  const store = await openSqliteStore(dir);
  expect(await store.visitorOf({ bot_id: 'bot', session_id: 'laptop' })).toEqual({ user_id: 'u1', name: 'Ana', email: null });
  expect(await store.linkVisitor('bot', 'phone', { user_id: 'u1', name: null, email: null })).toBe(true);
  expect((await store.ownedConversation('c1', 'phone'))?.id).toBe('c1');
  await store.close();
});

// --- the operator console's queries (issue 14), on both backends -------------------------

for (const backend of [sqlite, postgres]) {
  describe.skipIf(backend === postgres && pgMissing)(`the console's queries on ${backend.name}`, () => {
    test('keyset paging visits every conversation once, latest activity first, with filters and search', async () => {
      const { store } = await backend.fresh();
      const ids: string[] = [];
      for (let i = 0; i < 60; i++) {
        const c = await store.createConversation(i % 2 ? 'bot-a' : 'bot-b', `s-${i}`);
        await store.addMessage(c.id, { role: 'user', content: i % 10 === 0 ? `Where is my ORDER 100%_${i}?` : `question ${i}` });
        ids.push(c.id);
      }
      const seenIds: string[] = [];
      const keys: string[] = [];
      let after: { updated_at: string; id: string } | null = null;
      for (;;) {
        const page = await store.queryConversations({ status: 'all', limit: 7, after });
        seenIds.push(...page.map((c) => c.id));
        keys.push(...page.map((c) => `${c.updated_at}|${c.id}`));
        if (page.length < 7) break;
        after = { updated_at: page[6].updated_at, id: page[6].id };
      }
      expect(seenIds.length).toBe(60);
      expect(new Set(seenIds).size).toBe(60);
      // Latest activity first; conversations touched in the same millisecond by id.
      expect(keys).toEqual([...keys].sort().reverse());
      expect((await store.queryConversations({ status: 'all', bot_id: 'bot-a', limit: 100 })).length).toBe(30);
      // Full-text (issue 22): case-insensitive, punctuation is no operator, the last word is a prefix,
      // words are stemmed ("orders" finds "ORDER"), stop words count as words, every word must occur.
      expect((await store.queryConversations({ status: 'all', q: 'order 100%_', limit: 100 })).length).toBe(6);
      expect((await store.queryConversations({ status: 'all', q: 'order 100%_2', limit: 100 })).map((c) => c.id)).toEqual([ids[20]]);
      expect((await store.queryConversations({ status: 'all', q: 'orders', limit: 100 })).length).toBe(6);
      expect((await store.queryConversations({ status: 'all', q: 'where is my ord', limit: 100 })).length).toBe(6);
      expect((await store.queryConversations({ status: 'all', q: 'wher', limit: 100 })).length).toBe(6);
      expect((await store.queryConversations({ status: 'all', q: 'order question', limit: 100 })).length).toBe(0);
      expect((await store.queryConversations({ status: 'all', q: '"*" OR NEAR(', limit: 100 })).length).toBe(0);
      expect((await store.queryConversations({ status: 'all', q: '%_', limit: 100 })).length).toBe(0);
      // A deleted message leaves the index with it.
      await store.deleteConversation(ids[20]);
      expect((await store.queryConversations({ status: 'all', q: 'order 100%_2', limit: 100 })).length).toBe(0);
      await store.close();
    });

    test('of 12 simultaneous claims exactly one wins, and the others learn who has it', async () => {
      const { store } = await backend.fresh();
      const c = await store.createConversation('bot-a', 's');
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => store.claim(c.id, `agent-${i}`)));
      const winners = results.filter((r) => r?.ok);
      expect(winners.length).toBe(1);
      const holder = (winners[0] as { ok: true; conversation: { assignee: string } }).conversation.assignee;
      expect(results.filter((r) => r && !r.ok).every((r) => !r!.ok && r!.holder === holder)).toBe(true);
      expect((await store.release(c.id, 'someone-else'))?.ok).toBe(false);
      expect((await store.release(c.id, holder))?.ok).toBe(true);
      expect(await store.claim('nope', 'x')).toBeUndefined();
      await store.close();
    });

    test('a turn\'s writes: a conversation started with its first message, then an answer citing two sources (one twice), read back as written and counted once', async () => {
      const { store } = await backend.fresh();
      const { conversation: c, message: q } = await store.startConversation('bot-t', 'sess-t', { content: 'Where is the manual?', image_preview: null });
      expect(await store.getConversation(c.id)).toEqual(c);
      expect(q).toMatchObject({ role: 'user', content: 'Where is the manual?', citations: null, agent_name: null, created_at: c.created_at });
      const cite = (source_id: string) => ({ page_title: `T ${source_id}`, source_url: `https://x.test/${source_id}`, source_id, score: 0.5, from_web_search: false });
      const a = await store.addMessage(c.id, { role: 'assistant', content: 'On page 2.', citations: [cite('a.md'), cite('b.md'), cite('a.md')] });
      expect(await store.messages(c.id)).toEqual([q, a]);
      expect((await store.getConversation(c.id))?.updated_at).toBe(a.created_at);
      const today = new Date().toISOString().slice(0, 10);
      expect((await store.stats({ from: today, to: today }))[0]).toMatchObject({ bot_id: 'bot-t', conversations: 1, turns: 1, deflected: 1 });
      expect((await store.sourceUse('bot-t')).map((u) => [u.source_id, u.title, u.url, u.citations])).toEqual([['a.md', 'T a.md', 'https://x.test/a.md', 1], ['b.md', 'T b.md', 'https://x.test/b.md', 1]]);
      // An answer to a conversation that does not exist is refused, and leaves nothing behind.
      await expect(store.addMessage('no-such-conversation', { role: 'assistant', content: 'x' })).rejects.toThrow();
      expect(await store.messageCount()).toBe(2);
      await store.close();
    });

    test('numbers per day, knowledge use, and deleting a session leaves nothing of it', async () => {
      const { store } = await backend.fresh();
      const c = await store.createConversation('bot-a', 'sess-1');
      const q = await store.addMessage(c.id, { role: 'user', content: 'How do I share a notebook?' });
      const a = await store.addMessage(c.id, {
        role: 'assistant', content: 'Use Share.', citations: [{ page_title: 'Sharing', source_url: 'https://x.test/share', source_id: 'share.md', score: 0.9, from_web_search: false }],
      });
      await store.setFeedback(a.id, 'negative');
      await store.addQuestion({ bot_id: 'bot-a', conversation_id: c.id, message_id: q.id, text: q.content, reason: 'no_answer' });
      await store.addQuestion({ bot_id: 'bot-a', conversation_id: c.id, message_id: q.id, text: q.content, reason: 'no_answer' });
      await store.countDaily('bot-a', 'rate_limited');
      await store.countDaily('bot-a', 'rate_limited');
      await store.addContact({ bot_id: 'bot-a', conversation_id: null, session_id: 'sess-1', fields: { email: 'jo@example.com' } });
      const today = new Date().toISOString().slice(0, 10);
      const [row] = await store.stats({ from: today, to: today });
      expect(row).toMatchObject({ day: today, bot_id: 'bot-a', conversations: 1, turns: 1, deflected: 1, handed_off: 0, unanswered: 1, negative: 1, rate_limited: 2 });
      expect(await store.sourceUse('bot-a')).toEqual([{ bot_id: 'bot-a', source_id: 'share.md', title: 'Sharing', url: 'https://x.test/share', citations: 1, positive: 0, negative: 1 }]);
      const open = await store.questions({ handled: false, limit: 10 });
      expect(open.length).toBe(1);
      expect(await store.markHandled([open[0].id, open[0].id])).toBe(1);
      expect(await store.questions({ handled: false, limit: 10 })).toEqual([]);

      expect(await store.deleteSession('sess-1')).toEqual({ deleted_conversations: 1, deleted_messages: 2, deleted_contacts: 1 });
      expect(await store.getConversation(c.id)).toBeUndefined();
      expect(await store.sourceUse()).toEqual([]);
      expect(await store.questions({ handled: true, limit: 10 })).toEqual([]);
      expect(await store.contactsOfSession('sess-1')).toEqual([]);
      await store.close();
    });

    test('issue 22: a search matching thousands of messages pages them latest first, as one matching a few does', async () => {
      const { store } = await backend.fresh();
      const db = (store as SqlStore).db;
      // 60 conversations × 40 messages: "kettle" in 2,400 messages (past the dense mark), "descale" in one conversation's.
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      const conversations = Array.from({ length: 60 }, (_, i) => ({ id: `k-${String(i).padStart(2, '0')}`, bot_id: 'bot-a', session_id: `s-${i}`, status: 'open' as const, created_at: at(i), updated_at: at((i * 37) % 60), waiting_since: null, assignee: null, claimed_at: null }));
      await db.insertInto('conversations').values(conversations).execute();
      const messages = conversations.flatMap((c, i) => Array.from({ length: 40 }, (_, k) => ({
        id: `${c.id}-${k}`, conversation_id: c.id, role: 'user' as const, content: `The kettle number ${i} says ${k === 7 && i % 20 === 3 ? 'descale me' : 'hello'}`,
        citations: null, feedback: null, image_preview: null, agent_name: null, created_at: at(i),
      })));
      // seq is the database's to number (as addMessage leaves it).
      for (let i = 0; i < messages.length; i += 500) await db.insertInto('messages').values(messages.slice(i, i + 500) as unknown as MessageRow[]).execute();
      const latest = [...conversations].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id));
      expect((await store.queryConversations({ status: 'all', q: 'kettles', limit: 7 })).map((c) => c.id)).toEqual(latest.slice(0, 7).map((c) => c.id));
      const descale = latest.filter((c) => Number(c.id.slice(2)) % 20 === 3).map((c) => c.id);
      expect((await store.queryConversations({ status: 'all', q: 'kettle descal', limit: 10 })).map((c) => c.id)).toEqual(descale);
      expect((await store.queryConversations({ status: 'all', q: 'kettle hello', limit: 100 })).length).toBe(60);
      await store.close();
    });

    test('issue 22: claimed since when, assignment, tags, the first visitor message, where the chat started, the visitor\'s other conversations', async () => {
      const { store } = await backend.fresh();
      const c = await store.createConversation('bot-a', 'sess-22');
      expect(await store.firstVisitorMessage(c.id)).toBeNull();
      await store.addMessage(c.id, { role: 'assistant', content: 'Hello! How can I help?' });
      await store.addMessage(c.id, { role: 'user', content: 'Is the kettle in stock?' });
      await store.addMessage(c.id, { role: 'user', content: 'And the lid?' });
      expect(await store.firstVisitorMessage(c.id)).toBe('Is the kettle in stock?');

      const claimed = await store.claim(c.id, 'Ana');
      const since = claimed?.ok ? claimed.conversation.claimed_at : null;
      expect(since).toBeTruthy();
      // Claiming again keeps the time; assigning to someone else starts it anew.
      expect((await store.claim(c.id, 'Ana'))?.ok && (await store.getConversation(c.id))?.claimed_at).toBe(since);
      const assigned = await store.assign(c.id, 'Bo');
      expect(assigned).toMatchObject({ assignee: 'Bo' });
      expect(assigned!.claimed_at! >= since!).toBe(true);
      expect((await store.queryConversations({ status: 'all', assignee: 'Bo', limit: 10 })).map((x) => x.id)).toEqual([c.id]);
      expect(await store.queryConversations({ status: 'all', assignee: 'Ana', limit: 10 })).toEqual([]);
      expect((await store.release(c.id, null))?.ok && (await store.getConversation(c.id))?.claimed_at).toBeNull();

      expect(await store.addTag(c.id, 'billing', 'Ana')).toBe(true);
      expect(await store.addTag(c.id, 'billing', 'Bo')).toBe(false);
      expect(await store.addTag(c.id, 'vip', 'Ana')).toBe(true);
      expect(await store.addTag('nope', 'vip', 'Ana')).toBe(false);
      expect(await store.tags(c.id)).toEqual(['billing', 'vip']);
      expect((await store.queryConversations({ status: 'all', tag: 'vip', limit: 10 })).map((x) => x.id)).toEqual([c.id]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await store.tagCounts({ from: today, to: today })).toEqual([{ tag: 'billing', conversations: 1 }, { tag: 'vip', conversations: 1 }]);
      expect(await store.removeTag(c.id, 'vip')).toBe(true);
      expect(await store.removeTag(c.id, 'vip')).toBe(false);
      expect(await store.queryConversations({ status: 'all', tag: 'vip', limit: 10 })).toEqual([]);

      const page = { page_url: 'https://shop.test/kettle', page_title: 'Aurora Kettle', referrer: null, language: 'de-DE', browser: 'Chrome 130', os: 'Linux' };
      await store.setVisitorContext(c.id, page);
      await store.setVisitorContext(c.id, { ...page, page_url: 'https://shop.test/later' });
      expect(await store.visitorContext(c.id)).toEqual(page);

      const other = await store.createConversation('bot-a', 'sess-22');
      await store.addMessage(other.id, { role: 'user', content: 'Second visit' });
      await store.createConversation('bot-a', 'someone-else');
      expect((await store.conversationsOfVisitor(c, 20)).map((x) => [x.id, x.title])).toEqual([[other.id, 'Second visit']]);

      // Deleting takes the tags with it.
      await store.deleteConversation(c.id);
      expect(await store.tags(c.id)).toEqual([]);
      await store.close();
    });

    test('retention deletes only what is older than the cut', async () => {
      const { store } = await backend.fresh();
      // The store stamps rows with the process's clock (nowIso), so a fake Date puts rows on
      // either side of the cut exactly, instead of sleeping until the wall clock has passed it.
      // Only Date is faked: the database drivers keep their real timers.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const old = await store.createConversation('bot-a', 's1');
        await store.addMessage(old.id, { role: 'user', content: 'old' });
        const cut = new Date(Date.now() + 5).toISOString();
        vi.setSystemTime(Date.now() + 10);
        const fresh = await store.createConversation('bot-a', 's2');
        const other = await store.createConversation('bot-b', 's3');
        expect(old.created_at < cut && cut < fresh.created_at).toBe(true);
        expect((await store.purgeBefore('bot-a', cut)).deleted_conversations).toBe(1);
        expect(await store.getConversation(old.id)).toBeUndefined();
        expect(await store.getConversation(fresh.id)).toBeDefined();
        expect(await store.getConversation(other.id)).toBeDefined();
      } finally {
        vi.useRealTimers();
      }
      await store.close();
    });
  });
}
