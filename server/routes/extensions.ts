/**
 * Our public extensions (docs/extensions.md): human handoff, the contact form and feedback.
 * Owner checks work as for history: an unknown id and another session's give the same 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fields, isObj, str } from '../check.ts';
import type { ContactField } from '../config.ts';
import type { Context } from '../context.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import type { Feedback } from '../store.ts';
import { botById, checkBotAccess, clientKey } from './common.ts';
import { ownedConversation } from './history.ts';

const body = (request: FastifyRequest): Fields => {
  if (!isObj(request.body)) throw badRequest('The body must be a JSON object.');
  return new Fields(request.body, '');
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const TEL = /^\+?[\d\s().\-/]{5,30}$/;
const MAX_FIELD_CHARS = { textarea: 5000, default: 500 } as const;

/** A sent value; own properties only, so a field named "constructor" is not Object's. */
const sent = (values: Record<string, unknown>, name: string): unknown => (Object.hasOwn(values, name) ? values[name] : undefined);

/** Every failing field, so the form can mark them all at once. */
export function invalidContactFields(defs: ContactField[], values: Record<string, unknown>): string[] {
  const failing: string[] = [];
  for (const def of defs) {
    const raw = sent(values, def.name);
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') {
      if (def.required) failing.push(def.name);
      continue;
    }
    const max = def.type === 'textarea' ? MAX_FIELD_CHARS.textarea : MAX_FIELD_CHARS.default;
    const ok = typeof value === 'string' && value.length <= max &&
      (def.type !== 'email' || EMAIL.test(value)) &&
      (def.type !== 'tel' || (TEL.test(value) && value.replace(/\D/g, '').length >= 5)) &&
      (def.type !== 'select' || (def.options ?? []).includes(value));
    if (!ok) failing.push(def.name);
  }
  return failing;
}

export function extensionRoutes(app: FastifyInstance, ctx: Context) {
  app.post<{ Params: { conversation_id: string } }>('/v1/public/conversations/:conversation_id/handoff', async (request) => {
    const f = body(request);
    const c = ownedConversation(ctx, request, request.params.conversation_id, f.raw.session_id);
    const bot = ctx.config.bots.get(c.bot_id)!;
    if (!bot.handoff.enabled) throw badRequest('This bot does not offer a human handoff.', 'handoff_disabled');
    await ctx.limits.chat(bot, clientKey(ctx, request), 'requests');
    const updated = c.status === 'handoff' ? c : ctx.store.setStatus(c.id, 'handoff')!;
    return { conversation_id: updated.id, conversation_status: updated.status, handoff_available: ctx.presence.available() };
  });

  app.post<{ Params: { bot_id: string } }>('/v1/public/bots/:bot_id/contact', async (request, reply) => {
    const bot = botById(ctx, request.params.bot_id);
    checkBotAccess(bot, request);
    if (!bot.contact_form.enabled) throw badRequest('This bot has no contact form.', 'contact_form_disabled');
    const f = body(request);
    const session = f.str('session_id', { min: 1, max: 256 });
    const conversationId = f.optStr('conversation_id', { min: 1, max: 100 });
    const values = f.raw.fields;
    if (!isObj(values)) throw badRequest('fields: must be an object');
    if (conversationId !== undefined) {
      const c = ctx.store.ownedConversation(conversationId, session);
      if (!c || c.bot_id !== bot.id) throw notFound('No conversation with this id exists for this session.');
    }
    const failing = invalidContactFields(bot.contact_form.fields, values);
    if (failing.length) {
      throw new ApiError(400, 'invalid_fields', `Please check these fields: ${failing.join(', ')}.`, { extra: { fields: failing } });
    }
    await ctx.limits.chat(bot, clientKey(ctx, request), 'requests');
    // Only the defined fields are stored, trimmed; anything else sent is dropped.
    const stored: Record<string, string> = {};
    for (const def of bot.contact_form.fields) {
      const v = sent(values, def.name);
      if (typeof v === 'string' && v.trim()) stored[def.name] = v.trim();
    }
    const saved = ctx.store.addContact({ bot_id: bot.id, conversation_id: conversationId ?? null, session_id: session, fields: stored });
    reply.code(201);
    return { id: saved.id, success_message: bot.contact_form.success_message };
  });

  app.post<{ Params: { message_id: string } }>('/v1/public/messages/:message_id/feedback', async (request) => {
    await ctx.limits.historyRead(clientKey(ctx, request));
    const f = body(request);
    const session = str(f.raw.session_id, 'session_id', { min: 1, max: 256 });
    if (!('feedback' in f.raw)) throw badRequest('feedback: is required (positive, negative or null)');
    const feedback = f.raw.feedback;
    if (feedback !== null && feedback !== 'positive' && feedback !== 'negative') throw badRequest('feedback: must be "positive", "negative" or null');
    const found = ctx.store.messageWithConversation(request.params.message_id);
    if (!found || found.conversation.session_id !== session || !ctx.config.bots.has(found.conversation.bot_id)) {
      throw notFound('No message with this id exists for this session.');
    }
    ownedConversation(ctx, request, found.conversation.id, session);
    if (found.message.role !== 'assistant') throw badRequest('Feedback can only be given on assistant messages.');
    ctx.store.setFeedback(found.message.id, feedback as Feedback);
    return { message_id: found.message.id, feedback };
  });
}
