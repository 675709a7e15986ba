/**
 * Our public extensions (docs/extensions.md): human handoff, the contact form and feedback.
 * Owner checks work as for history: an unknown id and another session's give the same 404.
 */
import type { FastifyInstance } from 'fastify';
import { invalidContactFields, sentValue } from '../../../protocol/contact.ts';
import { ContactRequest, FeedbackRequest, HandoffRequest, type ContactResponse, type FeedbackResponse, type StatusChange } from '../../../protocol/schemas.ts';
import type { Context } from '../../context.ts';
import type { Conversation, Message } from '../../store/store.ts';
import { apiError } from '../../errors.ts';
import { parseBody } from '../../config/validate.ts';
import { botById, checkBotAccess, clientKey } from '../../chat/access.ts';
import { ownedConversation } from './history.ts';
import { publish } from '../../console/publish.ts';
import { recordHandoff } from '../../chat/handoff.ts';

export function extensionRoutes(app: FastifyInstance, ctx: Context) {
  /** A thumbs-down puts the question that got the answer on the console's to-do list. */
  const onThumbsDown = async (c: Conversation, answer: Message) => {
    const all = await ctx.store.messages(c.id);
    const list = Array.isArray(all) ? all : [];
    const question = list.slice(0, list.findIndex((m) => m.id === answer.id)).reverse().find((m) => m.role === 'user');
    if (question) await ctx.store.addQuestion({ bot_id: c.bot_id, conversation_id: c.id, message_id: question.id, text: question.content, reason: 'negative_feedback' });
    await publish(ctx, { type: 'feedback.negative', bot_id: c.bot_id, conversation_id: c.id, session_id: c.session_id, message: answer });
  };

  app.post<{ Params: { conversation_id: string } }>('/v1/public/conversations/:conversation_id/handoff', async (request): Promise<StatusChange> => {
    const body = parseBody(HandoffRequest, request.body);
    const c = await ownedConversation(ctx, request, request.params.conversation_id, body.session_id);
    const bot = ctx.config.bots.get(c.bot_id)!;
    if (!bot.handoff.enabled) throw apiError('handoff_disabled');
    await ctx.limits.chat(bot, clientKey(ctx, request), 'requests');
    const updated = c.status === 'handoff' ? c : (await ctx.store.setStatus(c.id, 'handoff'))!;
    if (c.status !== 'handoff') await recordHandoff(ctx, updated);
    return { conversation_id: updated.id, conversation_status: updated.status, handoff_available: await ctx.presence.available() };
  });

  app.post<{ Params: { bot_id: string } }>('/v1/public/bots/:bot_id/contact', async (request, reply): Promise<ContactResponse> => {
    const bot = botById(ctx, request.params.bot_id);
    checkBotAccess(bot, request);
    if (!bot.contact_form.enabled) throw apiError('contact_form_disabled');
    const body = parseBody(ContactRequest, request.body);
    if (body.conversation_id != null) {
      const c = await ctx.store.ownedConversation(body.conversation_id, body.session_id);
      if (!c || c.bot_id !== bot.id) throw apiError('not_found', 'No conversation with this id exists for this session.');
    }
    const failing = invalidContactFields(bot.contact_form.fields, body.fields);
    if (failing.length) {
      throw apiError('invalid_fields', `Please check these fields: ${failing.join(', ')}.`, { details: { fields: failing } });
    }
    await ctx.limits.chat(bot, clientKey(ctx, request), 'requests');
    // Only the defined fields are stored, trimmed; anything else sent is dropped.
    const stored: Record<string, string> = {};
    for (const def of bot.contact_form.fields) {
      const v = sentValue(body.fields, def.name);
      if (typeof v === 'string' && v.trim()) stored[def.name] = v.trim();
    }
    const saved = await ctx.store.addContact({ bot_id: bot.id, conversation_id: body.conversation_id ?? null, session_id: body.session_id, fields: stored });
    // Someone should hear of it: an event in the log (ids and field names, never what the visitor wrote) and a counter.
    request.log.info({ event: 'contact_submitted', bot_id: bot.id, contact_id: saved.id, conversation_id: body.conversation_id ?? null, fields: Object.keys(stored) }, 'contact form submitted');
    ctx.metrics.contacts.inc({ bot: bot.id });
    await publish(ctx, {
      type: 'contact.submitted', bot_id: bot.id, conversation_id: body.conversation_id ?? null, session_id: body.session_id, contact: { id: saved.id, fields: stored },
    });
    reply.code(201);
    return { id: saved.id, success_message: bot.contact_form.success_message };
  });

  app.post<{ Params: { message_id: string } }>('/v1/public/messages/:message_id/feedback', async (request): Promise<FeedbackResponse> => {
    await ctx.limits.historyRead(clientKey(ctx, request));
    const body = parseBody(FeedbackRequest, request.body);
    const found = await ctx.store.messageWithConversation(request.params.message_id);
    // Whether this session owns the conversation is the store's to say (a verified user's other sessions do too).
    if (!found || !ctx.config.bots.has(found.conversation.bot_id) || !(await ctx.store.ownedConversation(found.conversation.id, body.session_id))) {
      throw apiError('not_found', 'No message with this id exists for this session.');
    }
    await ownedConversation(ctx, request, found.conversation.id, body.session_id);
    if (found.message.role !== 'assistant') throw apiError('invalid_request', 'Feedback can only be given on assistant messages.');
    await ctx.store.setFeedback(found.message.id, body.feedback);
    if (body.feedback === 'negative' && found.message.feedback !== 'negative') await onThumbsDown(found.conversation, found.message);
    return { message_id: found.message.id, feedback: body.feedback };
  });
}
