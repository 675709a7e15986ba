// The bench's server config, written per run (the model stand-in's port changes).
// The spec's baseline chat limit (15/min and 120/h per bot and client IP) cannot be raised by
// config: a bot's own `rate_limits` only add windows (the tighter wins). So the bots keep no
// windows of their own (each would only add work per request), the server trusts
// X-Forwarded-For (`trust_proxy: true`), and load runs send each group of 10 turns from its
// own client address, as traffic from many visitors would arrive.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, outDir } from './common.mjs';

export const BOTS = {
  /** Extractive engine, no pauses between chunks: the full turn at full speed. */
  load: '00000000-0000-4000-8000-00000000b001',
  /** Extractive engine as shipped (15 ms between chunks): what a page shows. */
  page: '00000000-0000-4000-8000-00000000b002',
  /** OpenAI engine against the paced stand-in: long streamed answers. */
  stream: '00000000-0000-4000-8000-00000000b003',
  /** OpenAI engine against the stand-in holding streams open. */
  hold: '00000000-0000-4000-8000-00000000b004',
};


function bot(id, name, engine) {
  return {
    id, name, workspace_id: 'bench', privacy: 'public', active: true,
    allowed_domains: ['localhost', '127.0.0.1'],
    welcome_message: 'Hi! Ask me about Lumen Notes.',
    suggested_questions: ['How much does Lumen Notes Pro cost?'],
    rate_limits: { per_minute: null, per_hour: null, per_day: null },
    knowledge: { dir: join(ROOT, 'demo/knowledge'), documents: [] },
    engine,
    filters: { blocked_terms: [], redact: ['email', 'phone'] },
  };
}

/** Writes the config; `modelUrl` is the stand-in's base URL (optional). Returns its path. */
export function writeBenchConfig({ modelUrl = 'http://127.0.0.1:9/v1', name = 'config' } = {}) {
  const openai = { type: 'openai', base_url: modelUrl, model: 'bench', timeout_ms: 600_000 };
  const config = {
    trust_proxy: true,
    workspaces: [{ id: 'bench', credits: null, trial_ends_at: null, chat_limit_per_month: null }],
    bots: [
      bot(BOTS.load, 'Bench load', { type: 'extractive', chunk_delay_ms: 0 }),
      bot(BOTS.page, 'Bench page', { type: 'extractive', chunk_delay_ms: 15 }),
      bot(BOTS.stream, 'Bench stream', openai),
      bot(BOTS.hold, 'Bench hold', openai),
    ],
  };
  const path = join(outDir('config'), `${name}.json`);
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

/** The question the load runs ask: answered from demo/knowledge/pricing.md. */
export const QUESTION = 'How much does Lumen Notes Pro cost per month?';
