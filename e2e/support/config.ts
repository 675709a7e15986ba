// The server config of the e2e suite, built in code: one bot per scenario. Specs that share a
// host page still get their own bot (`?bot=key`), because the server's rate limits count per
// bot and client IP and every browser here is 127.0.0.1: one shared bot would meet the
// baseline 15/min across specs and fail whichever spec came last.

export const AGENT = { name: 'Ana', token: 'e2e-agent-token-ana' };
/** Issue 14: an admin of the console (deletion, webhook log). */
export const ADMIN = { name: 'Zoe', token: 'e2e-admin-token-zoe', role: 'admin' as const };
export const CANNED = { shortcut: 'hours', text: 'Our team answers from 9 to 17 on weekdays.' };
/** The webhook secret of the `hooks` bot's workspace (Standard Webhooks form). */
export const WEBHOOK_SECRET = `whsec_${Buffer.from('e2e-webhook-signing-key-32-bytes').toString('base64')}`;
export const RECAPTCHA_SITE_KEY = 'e2e-site-key';
export const RECAPTCHA_SECRET = 'test-secret'; // what startVerifier() accepts

/** Copies of the basic bot, one per spec that uses the basic host page. */
export const BASIC_KEYS = [
  'basic', 'flow', 'replace', 'drop', 'image', 'handoff', 'contact', 'feedback', 'keyboard', 'double', 'mobile', 'shots',
] as const;
/** Bots with a setting of their own. */
export const OTHER_KEYS = [
  'look', 'links-off', 'origin', 'rate', 'recaptcha', 'openai', 'notice', 'dark', 'ar', 'markdown',
  // Issue 15: the JS API, inline mode, two bots on a page, SPA, engagement, privacy, identity.
  'api', 'inline', 'second', 'spa', 'engage', 'proactive', 'privacy', 'identity', 'esm',
  // Issue 14: the operator console's flows.
  'console', 'console-live', 'hooks', 'forget',
  // Issue 20: the demo bot's knowledge and settings, asked as a visitor would.
  'demo',
] as const;
export type BotKey = (typeof BASIC_KEYS)[number] | (typeof OTHER_KEYS)[number];
export const BOT_KEYS: BotKey[] = [...BASIC_KEYS, ...OTHER_KEYS];

export const botId = (key: BotKey) => `0e2e0000-0000-4000-8000-${String(BOT_KEYS.indexOf(key) + 1).padStart(12, '0')}`;

export const BOT_NAME = 'Aurora Kettle help';
export const WELCOME = 'Hi! Ask me about the Aurora Kettle: price, delivery, descaling or warranty.';
export const SUGGESTIONS = ['How much does the kettle cost?', 'How do I descale the kettle?', 'How long is the warranty?'];
export const WARNING = 'Easy there! You are sending messages faster than this chat allows. Wait a moment, then send again.';
export const OFFLINE = 'Nobody from our team is online right now. Leave your email in the contact form.';
export const AGENT_LABEL = 'Aurora support';
export const CONTACT_DONE = 'Thanks! A member of our team will email you within one working day.';
export const SECOND_NAME = 'Aurora Repairs desk';
export const PROACTIVE = 'Choosing a kettle? Ask me about prices and delivery.';
/** The identity bot's secret: the e2e "site backend" signs user ids with it. */
export const IDENTITY_SECRET = 'e2e-identity-secret-0123456789abcdef';
export const AR = {
  name: 'مساعد غلاية أورورا',
  welcome: 'مرحبا! اسألني عن غلاية أورورا.',
  suggestion: 'كم سعر غلاية أورورا؟',
};

/** A question with this word fails at the model stand-in once, then gets MODEL_ANSWER. */
export const FAIL_ONCE = 'flaky-upstream';
export const MODEL_ANSWER = ['The Aurora Kettle ', 'costs 89 euros ', 'including VAT [1].'];
/** A question with this word gets MARKDOWN_ANSWER: a fenced code block in a list and a wide table. */
export const MARKDOWN_QUESTION = 'markdown-showcase';
export const MARKDOWN_CODE = 'curl -X POST https://api.aurora.test/v1/descale \\\n  -d \'{"kettle": "AK-2"}\'';
const WIDE_ROW = (c: string) => `| ${Array.from({ length: 8 }, (_, i) => `${c}${i + 1} descaling-interval-column`).join(' | ')} |`;
export const MARKDOWN_ANSWER = [
  'To descale:\n\n3. Fill the kettle\n\n',
  '4. Call the service:\n\n   ```sh\n',
  MARKDOWN_CODE.split('\n').map((l) => `   ${l}`).join('\n'),
  '\n   ```\n\n',
  `${WIDE_ROW('Head ')}\n|${'---|'.repeat(8)}\n${WIDE_ROW('cell ')}\n\n`,
  'Done.',
];

export interface ConfigInputs {
  /** Folder of the English knowledge (front-matter URLs already filled in). */
  knowledgeEn: string;
  knowledgeAr: string;
  /** A folder that does not exist: the notice bot's knowledge cannot be read. */
  missingDir: string;
  verifyUrl: string;
  modelBaseUrl: string;
  /** The local stand-in for a site owner's webhook receiver. */
  webhookUrl: string;
  /** The demo's own knowledge (demo/knowledge), unchanged. */
  knowledgeDemo: string;
}

function basic(key: BotKey, i: ConfigInputs, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: botId(key),
    name: BOT_NAME,
    privacy: 'public',
    active: true,
    allowed_domains: ['localhost'],
    include_links_in_responses: true,
    citations_enabled: true,
    language: 'en',
    welcome_message: WELCOME,
    warning_message: null,
    suggested_questions: SUGGESTIONS,
    show_suggested_questions: true,
    suggested_questions_count: 3,
    widget_settings: { primary_color: '#0f766e', position: 'bottom-right', title: 'Aurora Kettles', subtitle: 'Answers from our help pages', theme: 'light' },
    allow_user_images: true,
    handoff: { enabled: true, trigger: 'both', offline_message: OFFLINE, agent_label: AGENT_LABEL },
    contact_form: {
      enabled: true,
      trigger: 'button',
      button_display: 'after_response',
      success_message: CONTACT_DONE,
      fields: [
        { name: 'name', label: 'Your name', type: 'text', required: false },
        { name: 'email', label: 'Email', type: 'email', required: true },
        { name: 'topic', label: 'Topic', type: 'select', required: false, options: ['Order', 'Repair', 'Other'] },
      ],
    },
    knowledge: { dir: i.knowledgeEn, documents: [] },
    // Short pauses between chunks: a stream takes a few hundred ms, so it is seen growing.
    engine: { type: 'extractive', chunk_delay_ms: 30 },
    filters: { blocked_terms: [], redact: ['email', 'phone'] },
    ...extra,
  };
}

export function buildConfig(i: ConfigInputs): Record<string, unknown> {
  // While handoff.spec has an agent signed in (and for 60 s after), every bot with handoff
  // trigger `auto`/`both` hands a question it cannot answer to a person instead of answering.
  // Only the basic copies keep handoff (their specs ask questions the knowledge answers); the
  // bots with a setting of their own, and the ones in pictures, have it off.
  const noHandoff = { handoff: { enabled: false } };
  return {
    agents: [AGENT, ADMIN],
    canned_replies: [CANNED],
    workspaces: [
      { id: 'e2e', credits: null, trial_ends_at: null, chat_limit_per_month: null },
      { id: 'e2e-hooks', webhooks: [{ url: i.webhookUrl, secret: WEBHOOK_SECRET, events: ['contact.submitted'] }] },
    ],
    bots: [
      ...BASIC_KEYS.map((key) =>
        basic(key, i, {
          // Specs that watch an answer change while it streams (the status hint, the text
          // growing, a `replace` swapping shown text) get a slower stream.
          ...(key === 'replace' || key === 'drop' ? { engine: { type: 'extractive', chunk_delay_ms: 150 } } : {}),
          // chat-flow must see two partial texts of a short answer: on a machine busy with the
          // other worker's spec (each evaluate a slow round trip) 150 ms chunks were sometimes too quick.
          ...(key === 'flow' ? { engine: { type: 'extractive', chunk_delay_ms: 300 } } : {}),
          ...(key === 'shots' ? noHandoff : {}),
          // Issue 21: the status line offers one action; with an agent of another spec online it
          // would be "Talk to a person", and these specs are about the contact form (and the phone layout).
          ...(key === 'contact' || key === 'mobile' ? noHandoff : {}),
        }),
      ),
      basic('look', i, noHandoff),
      basic('links-off', i, { ...noHandoff, include_links_in_responses: false }),
      basic('origin', i, { ...noHandoff, allowed_domains: ['example.com'] }),
      basic('rate', i, { ...noHandoff, rate_limits: { per_minute: 2, per_hour: null, per_day: null }, warning_message: WARNING }),
      basic('recaptcha', i, {
        ...noHandoff,
        recaptcha: { site_key: RECAPTCHA_SITE_KEY, secret_key: RECAPTCHA_SECRET, verify_url: i.verifyUrl, min_score: 0.5 },
      }),
      basic('openai', i, { ...noHandoff, engine: { type: 'openai', base_url: i.modelBaseUrl, model: 'stand-in', timeout_ms: 5000 } }),
      basic('markdown', i, { ...noHandoff, engine: { type: 'openai', base_url: i.modelBaseUrl, model: 'stand-in', timeout_ms: 5000 } }),
      basic('notice', i, {
        ...noHandoff,
        knowledge: {
          dir: i.missingDir,
          documents: [{ id: 'price', title: 'Price', url: '', text: 'The Aurora Kettle costs 89 euros including VAT.' }],
        },
      }),
      basic('dark', i, {
        ...noHandoff,
        widget_settings: { primary_color: '#7c3aed', position: 'bottom-right', title: 'Aurora Kettles', theme: 'dark' },
      }),
      basic('api', i, noHandoff),
      basic('inline', i, noHandoff),
      basic('second', i, { ...noHandoff, name: SECOND_NAME, widget_settings: { primary_color: '#b45309', position: 'bottom-left', theme: 'light' } }),
      basic('spa', i, noHandoff),
      basic('engage', i, noHandoff),
      basic('proactive', i, {
        ...noHandoff,
        proactive_messages: [
          { text: 'Only on the repairs page.', delay_ms: 0, url_pattern: '/repairs/**', once: true },
          { text: PROACTIVE, delay_ms: 800, url_pattern: '/proactive*.html', once: true },
        ],
      }),
      basic('privacy', i, noHandoff),
      basic('identity', i, { ...noHandoff, identity_secret: IDENTITY_SECRET }),
      basic('esm', i, noHandoff),
      // The console: unanswered questions must stay unanswered (no handoff while an agent is online).
      basic('console', i, noHandoff),
      basic('forget', i, noHandoff),
      // A person only when the visitor asks (the button), so a signed-in agent does not take every question.
      basic('console-live', i, { handoff: { enabled: true, trigger: 'button', agent_label: AGENT_LABEL } }),
      basic('hooks', i, { ...noHandoff, workspace_id: 'e2e-hooks' }),
      // The demo bot (demo/config.json) as `npm start` runs it, but with handoff by button only:
      // with an agent signed in by another spec, its "don't know" would become a handoff.
      basic('demo', i, {
        name: 'Lumen Notes Help',
        handoff: { enabled: true, trigger: 'button', agent_label: 'Lumen support' },
        knowledge: { dir: i.knowledgeDemo, documents: [] },
        engine: { type: 'extractive', chunk_delay_ms: 0 },
        filters: { blocked_terms: [], redact: ['email', 'phone'] },
      }),
      basic('ar', i, {
        ...noHandoff,
        name: AR.name,
        language: 'ar',
        welcome_message: AR.welcome,
        suggested_questions: [AR.suggestion],
        widget_settings: { primary_color: '#0f766e', position: 'bottom-right', theme: 'light' },
        contact_form: { enabled: false },
        knowledge: { dir: i.knowledgeAr, documents: [] },
      }),
    ],
  };
}
