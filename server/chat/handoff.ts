/**
 * When a user asks for a person: a small phrase list per language (en, de, fr, es, ar),
 * matched as whole words. English is always checked too, since many users write it
 * whatever the site's language.
 */
import { publish, type Publisher } from '../console/publish.ts';
import type { Context } from '../context.ts';
import type { Conversation } from '../store/store.ts';

const PHRASES: Record<string, string[]> = {
  en: ['human', 'a person', 'real person', 'live agent', 'an agent', 'a representative', 'operator', 'talk to someone',
    'speak to someone', 'speak with someone', 'talk to somebody', 'customer service', 'support team', 'live chat', 'staff member'],
  de: ['mensch', 'menschen', 'echte person', 'mitarbeiter', 'mitarbeiterin', 'berater', 'kundendienst', 'kundenservice',
    'jemanden sprechen', 'mit jemandem sprechen', 'support-team'],
  fr: ['humain', 'une personne', 'vraie personne', 'un agent', 'un conseiller', 'une conseillère', 'opérateur',
    "parler à quelqu'un", 'service client', 'le support'],
  es: ['humano', 'una persona', 'persona real', 'un agente', 'un asesor', 'operador', 'hablar con alguien',
    'atención al cliente', 'servicio al cliente'],
  ar: ['إنسان', 'انسان', 'شخص حقيقي', 'موظف', 'وكيل', 'خدمة العملاء', 'التحدث مع شخص', 'التحدث إلى شخص', 'بشري', 'الدعم'],
};

const cache = new Map<string, RegExp>();

function matcher(language: string): RegExp {
  const base = language.toLowerCase().split('-')[0];
  let re = cache.get(base);
  if (!re) {
    const phrases = [...new Set([...(PHRASES[base] ?? []), ...PHRASES.en])]
      .sort((a, b) => b.length - a.length)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
    re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
    cache.set(base, re);
  }
  return re;
}

export function asksForHuman(message: string, language: string): boolean {
  return matcher(language).test(message.replace(/[’]/g, "'"));
}

/** A conversation entering handoff: the first time is counted for the numbers, every time is an event. */
export async function recordHandoff(ctx: Publisher & Pick<Context, 'store'>, c: Conversation) {
  await ctx.store.markHandedOff(c.id);
  await ctx.store.addEvent(c.id, { type: 'handoff_requested' });
  // The visitor's latest words tell the agent (and the webhook) what it is about.
  const all = await ctx.store.messages(c.id);
  const asked = Array.isArray(all) ? [...all].reverse().find((m) => m.role === 'user') : undefined;
  await publish(ctx, { type: 'handoff.requested', bot_id: c.bot_id, conversation_id: c.id, session_id: c.session_id, message: asked ?? null });
}

