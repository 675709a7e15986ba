// Whether fastify's response schemas (fast-json-stringify) would make our answers cheaper:
// the serializer compiled from protocol/'s schema against JSON.stringify, on real payloads
// of the routes that answer JSON most often (the widget's config, a conversation's history,
// the console's list), in one process, one after the other. Issue 19 asked to measure
// before adding response schemas to the routes.
//   node --import tsx bench/serialize.mjs [--json FILE]
import build from 'fast-json-stringify';
import { SCHEMAS } from '../protocol/catalog.ts';
import { fmt, main, median } from './common.mjs';

const now = '2026-11-25T00:00:00.000Z';
const message = (i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, role: i % 2 ? 'assistant' : 'user',
  content: i % 2 ? 'Lumen Notes Pro costs $6 per month, or $60 per year when billed annually. Pro includes unlimited notebooks and notes.' : 'How much does Pro cost?',
  created_at: now, feedback: null, image_preview: null, agent_name: null,
  citations: i % 2 ? [{ page_title: 'Plans and pricing', source_url: 'https://lumen-notes.example/help/pricing', source_id: 'pricing.md', score: 0.91, from_web_search: false }] : null,
});

const PAYLOADS = {
  WidgetConfig: {
    bot_id: '3f6c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f', bot_name: 'Lumen Notes Help',
    widget_settings: { primary_color: '#4f46e5', position: 'bottom-right', title: 'Lumen Notes Help', subtitle: 'Answers from our help center', theme: 'auto' },
    suggested_questions: ['How much does Lumen Notes Pro cost?', 'Does Lumen work offline?', 'How do I export my notes?'], show_suggested_questions: true, suggested_questions_count: 3,
    welcome_message: 'Hi! I answer questions about Lumen Notes.', warning_message: null, recaptcha_site_key: null, include_links: true, language: 'en', mcp_url: null,
    handoff_enabled: true, handoff_trigger: 'both', handoff_offline_message: 'Our team is offline right now.', handoff_agent_label: 'Lumen support', handoff_available: false,
    allow_user_images: true, contact_form_enabled: true, contact_form_trigger: 'button',
    contact_form_fields: [{ name: 'email', label: 'Email', type: 'email', required: true }], contact_form_success_message: 'Thanks!', contact_form_button_display: 'after_response',
    proactive_messages: [],
  },
  History: { conversation_status: 'open', agent_name: null, messages: Array.from({ length: 20 }, (_, i) => message(i)) },
};

/** JSON with keys sorted: the same data whatever order the serializer wrote the keys in. */
const canonical = (v) => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));

function time(fn, value, rounds) {
  const samples = [];
  for (let r = 0; r < 7; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) fn(value);
    samples.push(Number(process.hrtime.bigint() - t0) / rounds / 1000);
  }
  return median(samples);
}

export async function measure({ quick = false } = {}) {
  const rounds = quick ? 2000 : 20000;
  const rows = [];
  for (const [name, value] of Object.entries(PAYLOADS)) {
    const schema = JSON.parse(JSON.stringify(SCHEMAS[name]));
    const fast = build(schema);
    const same = canonical(JSON.parse(fast(value))) === canonical(value);
    for (let i = 0; i < 1000; i++) (fast(value), JSON.stringify(value));
    const plain = time(JSON.stringify, value, rounds);
    const compiled = time(fast, value, rounds);
    rows.push([name, fmt(JSON.stringify(value).length, 0), fmt(plain, 2), fmt(compiled, 2), `${fmt(plain / compiled, 2)}×`, same ? 'yes' : 'NO: fields lost or changed']);
  }
  return {
    title: 'Response serialization: fast-json-stringify from protocol/ schemas against JSON.stringify',
    tables: [{ headers: ['answer', 'bytes', 'JSON.stringify µs', 'compiled µs', 'speed-up', 'same JSON'], rows }],
    notes: ['Median of 7 rounds per payload, after 1,000 warm-up calls; one process. For scale: a whole config or history request costs the server about 100–300 µs of CPU (bench/server-load.mjs).'],
  };
}

await main(import.meta.url, measure);
