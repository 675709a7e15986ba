/**
 * Versioned schema migrations, applied at start by Kysely's Migrator (which records what ran
 * in `kysely_migration` and, on PostgreSQL, holds an advisory lock so several instances
 * starting together migrate once). A migration is never edited after release: a change is
 * a new entry. The first one uses IF NOT EXISTS so SQLite files made before migrations
 * existed (same tables) are adopted as they are.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** The few places the two dialects spell a column differently. */
function types(d: DialectName) {
  return d === 'sqlite'
    ? { seq: 'INTEGER PRIMARY KEY AUTOINCREMENT', rowid: '' }
    // PostgreSQL has no implicit rowid; an explicit column of that name keeps "in insertion order" queries identical.
    : { seq: 'BIGSERIAL PRIMARY KEY', rowid: ', rowid BIGSERIAL' };
}

function initial(d: DialectName): string[] {
  const t = types(d);
  return [
    `CREATE TABLE IF NOT EXISTS conversations (
      id TEXT PRIMARY KEY, bot_id TEXT NOT NULL, session_id TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'open', created_at TEXT NOT NULL, updated_at TEXT NOT NULL, waiting_since TEXT${t.rowid})`,
    'CREATE INDEX IF NOT EXISTS conversations_status ON conversations(status, waiting_since)',
    'CREATE INDEX IF NOT EXISTS conversations_session ON conversations(session_id)',
    `CREATE TABLE IF NOT EXISTS messages (
      seq ${t.seq}, id TEXT NOT NULL UNIQUE,
      conversation_id TEXT NOT NULL REFERENCES conversations(id),
      role TEXT NOT NULL, content TEXT NOT NULL, citations TEXT, feedback TEXT, image_preview TEXT,
      agent_name TEXT, created_at TEXT NOT NULL)`,
    'CREATE INDEX IF NOT EXISTS messages_conversation ON messages(conversation_id, seq)',
    `CREATE TABLE IF NOT EXISTS workspace_usage (
      workspace_id TEXT NOT NULL, period TEXT NOT NULL, chats INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (workspace_id, period))`,
    'CREATE TABLE IF NOT EXISTS workspace_credits (workspace_id TEXT PRIMARY KEY, spent INTEGER NOT NULL DEFAULT 0)',
    `CREATE TABLE IF NOT EXISTS contact_submissions (
      id TEXT PRIMARY KEY, bot_id TEXT NOT NULL, conversation_id TEXT, session_id TEXT NOT NULL,
      fields TEXT NOT NULL, created_at TEXT NOT NULL${t.rowid})`,
    'CREATE INDEX IF NOT EXISTS contact_conversation ON contact_submissions(conversation_id)',
    'CREATE INDEX IF NOT EXISTS contact_session ON contact_submissions(session_id)',
  ];
}

/**
 * Identity verification: a session linked to a verified user of a bot. IF NOT EXISTS: SQLite
 * files written by the store before migrations already have this table.
 */
const visitors = [
  `CREATE TABLE IF NOT EXISTS visitors (
    bot_id TEXT NOT NULL, session_id TEXT NOT NULL, user_id TEXT NOT NULL, name TEXT, email TEXT, linked_at TEXT NOT NULL,
    PRIMARY KEY (bot_id, session_id))`,
  'CREATE INDEX IF NOT EXISTS visitors_user ON visitors(bot_id, user_id)',
];

/**
 * Issue 14, the operator console: who has a conversation and since when it was handed off,
 * what happened to it (events), the questions the bot could not answer, which sources were
 * cited (so knowledge health is a GROUP BY), and counts that leave no row (429s).
 */
function consoleTables(d: DialectName): string[] {
  const t = types(d);
  return [
    'ALTER TABLE conversations ADD COLUMN assignee TEXT',
    'ALTER TABLE conversations ADD COLUMN handed_off_at TEXT',
    // The bot's first answer: "answered without a person" is then a read of conversation rows.
    'ALTER TABLE conversations ADD COLUMN answered_at TEXT',
    `UPDATE conversations SET answered_at = (SELECT MIN(m.created_at) FROM messages m
      WHERE m.conversation_id = conversations.id AND m.role = 'assistant' AND m.agent_name IS NULL)`,
    // Keyset paging: latest activity first, optionally per bot.
    'CREATE INDEX conversations_updated ON conversations(updated_at, id)',
    'CREATE INDEX conversations_bot_updated ON conversations(bot_id, updated_at, id)',
    'CREATE INDEX conversations_bot_created ON conversations(bot_id, created_at)',
    'CREATE INDEX conversations_created ON conversations(created_at)',
    'CREATE INDEX conversations_handed_off ON conversations(handed_off_at)',
    // "Conversations with a thumbs-down": the rated messages first, then their conversations.
    'CREATE INDEX messages_feedback ON messages(feedback, conversation_id)',
    `CREATE TABLE conversation_events (
      seq ${t.seq}, conversation_id TEXT NOT NULL, type TEXT NOT NULL, agent_name TEXT, note TEXT, message_id TEXT, created_at TEXT NOT NULL)`,
    'CREATE INDEX conversation_events_conversation ON conversation_events(conversation_id, seq)',
    'CREATE INDEX conversation_events_type ON conversation_events(type, created_at)',
    `CREATE TABLE questions (
      id TEXT PRIMARY KEY, bot_id TEXT NOT NULL, conversation_id TEXT NOT NULL, message_id TEXT NOT NULL, text TEXT NOT NULL,
      reason TEXT NOT NULL, created_at TEXT NOT NULL, handled_at TEXT)`,
    'CREATE INDEX questions_open ON questions(handled_at, created_at)',
    'CREATE INDEX questions_conversation ON questions(conversation_id)',
    'CREATE UNIQUE INDEX questions_once ON questions(message_id, reason)',
    // The answer's rating is copied here (setFeedback), so knowledge health reads this table alone.
    `CREATE TABLE citations (
      message_id TEXT NOT NULL, conversation_id TEXT NOT NULL, bot_id TEXT NOT NULL, source_id TEXT NOT NULL, title TEXT NOT NULL,
      url TEXT NOT NULL, created_at TEXT NOT NULL, feedback TEXT, PRIMARY KEY (message_id, source_id))`,
    'CREATE INDEX citations_source ON citations(bot_id, source_id)',
    'CREATE INDEX citations_conversation ON citations(conversation_id)',
    'CREATE INDEX questions_created ON questions(created_at)',
    // Per-day counts kept as they happen (turns, ratings, 429s), so the numbers of a month are a
    // read of a few hundred rows however many messages there are. Filled here from what exists.
    `CREATE TABLE daily_counters (
      bot_id TEXT NOT NULL, day TEXT NOT NULL, name TEXT NOT NULL, n INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (bot_id, day, name))`,
    ...dailyCountersFromMessages,
  ];
}

/**
 * The per-day counts of turns and ratings, computed from the messages stored: how migration
 * 003 fills daily_counters (so part of a released migration: never edit), and what
 * bench/console.mjs runs after writing messages straight into the tables.
 */
const dailyCountersFromMessages = [
  `INSERT INTO daily_counters (bot_id, day, name, n)
      SELECT c.bot_id, substr(m.created_at, 1, 10), 'turns', COUNT(*) FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.role = 'user' GROUP BY c.bot_id, substr(m.created_at, 1, 10)`,
  `INSERT INTO daily_counters (bot_id, day, name, n)
      SELECT c.bot_id, substr(m.created_at, 1, 10), m.feedback, COUNT(*) FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.feedback IS NOT NULL GROUP BY c.bot_id, substr(m.created_at, 1, 10), m.feedback`,
];

/**
 * Issue 14, webhooks: the durable delivery queue, which is also the delivery log. A row is
 * leased (`locked_until`) by the instance sending it, so several instances send each once.
 */
const webhookTables = (_d: DialectName): string[] => [
  `CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, event TEXT NOT NULL, url TEXT NOT NULL, format TEXT NOT NULL, body TEXT NOT NULL,
    status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_status INTEGER, last_error TEXT,
    created_at TEXT NOT NULL, next_attempt_at TEXT, delivered_at TEXT, locked_until TEXT)`,
  'CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at)',
  'CREATE INDEX webhook_deliveries_created ON webhook_deliveries(created_at)',
];

/**
 * Issue 22, the console finished: since when an agent has a conversation, the tags agents put
 * on it, and where the visitor was when the chat started (the page, referrer, language and
 * browser, a JSON object written once with the first turn).
 */
const consoleMore = (_d: DialectName): string[] => [
  'ALTER TABLE conversations ADD COLUMN claimed_at TEXT',
  'UPDATE conversations SET claimed_at = updated_at WHERE assignee IS NOT NULL',
  'ALTER TABLE conversations ADD COLUMN visitor_context TEXT',
  `CREATE TABLE conversation_tags (
    conversation_id TEXT NOT NULL, tag TEXT NOT NULL, bot_id TEXT NOT NULL, agent_name TEXT, created_at TEXT NOT NULL,
    PRIMARY KEY (conversation_id, tag))`,
  'CREATE INDEX conversation_tags_tag ON conversation_tags(tag, conversation_id)',
  'CREATE INDEX conversation_tags_created ON conversation_tags(created_at)',
  'CREATE INDEX conversations_assignee ON conversations(assignee, updated_at)',
];

/**
 * Issue 22, full-text search over the messages, with one meaning on both stores: every word
 * in one message, the last word as a prefix, English stemming (the one stemmer both engines
 * ship: SQLite's porter tokenizer; on PostgreSQL the english snowball stemmer in a
 * configuration of our own, `chat_search`, that keeps stop words as SQLite does, so "where"
 * finds "where" on both). SQLite: an FTS5 index over messages.content kept by triggers;
 * PostgreSQL: a GIN index on a stored tsvector column.
 */
function search(d: DialectName): string[] {
  if (d === 'postgres') {
    return [
      'CREATE TEXT SEARCH DICTIONARY chat_stem (TEMPLATE = snowball, LANGUAGE = english)',
      'CREATE TEXT SEARCH CONFIGURATION chat_search (COPY = english)',
      'ALTER TEXT SEARCH CONFIGURATION chat_search ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH chat_stem',
      // Stored, so a plan that checks rows one by one reads the vector instead of parsing the text again.
      `ALTER TABLE messages ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('chat_search', content)) STORED`,
      'CREATE INDEX messages_search ON messages USING GIN (search)',
    ];
  }
  return [
    `CREATE VIRTUAL TABLE messages_fts USING fts5(content, content='messages', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2')`,
    `CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
      INSERT INTO messages_fts(rowid, content) VALUES (new.seq, new.content); END`,
    `CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.seq, old.content); END`,
    `CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
      INSERT INTO messages_fts(rowid, content) VALUES (new.seq, new.content); END`,
    `INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')`,
  ];
}

const run = (statements: string[]) => async (db: Kysely<unknown>) => {
  // One statement per query: better-sqlite3 prepares exactly one.
  for (const s of statements) await sql.raw(s).execute(db);
};

/** Fills daily_counters from the messages stored (the statements of migration 003; for bench/console.mjs). */
export const countDailyFromMessages = run(dailyCountersFromMessages);

/** Migrations by name; names sort in the order they apply. */
export function migrations(d: DialectName): MigrationProvider {
  const all: Record<string, Migration> = {
    '001_initial': { up: run(initial(d)) },
    '002_visitors': { up: run(visitors) },
    '003_console': { up: run(consoleTables(d)) },
    '004_webhooks': { up: run(webhookTables(d)) },
    '005_console_more': { up: run(consoleMore(d)) },
    '006_search': { up: run(search(d)) },
  };
  return { getMigrations: async () => all };
}
