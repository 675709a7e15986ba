/**
 * The agent API (`/v1/agent/...`): human agents, named in the config with a bearer token,
 * list and read conversations, claim, answer, hand back and close them, and send a presence
 * heartbeat that drives `handoff_available`. Admins may also delete. The console's read-only
 * views (numbers, unanswered questions, knowledge, contacts) are in console.ts and its live
 * channel in console-events.ts, registered here behind the same authentication. A missing or
 * wrong token is a 401 that says nothing else.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_MESSAGE_CHARS } from '../../../protocol/limits.ts';
import { DEFAULT_PAGE_SIZE } from '../../../protocol/limits.ts';
import type { ConversationStatus, Message, StatusChange } from '../../../protocol/schemas.ts';
import {
  AgentReplyRequest, AgentTypingRequest, AssignRequest, CloseRequest, ContactReplyRequest, ConversationListQuery, PresenceLeaveRequest, PresenceRequest, TagRequest, type AgentList,
  type AgentMe, type ClaimResponse, type ConversationDetail, type ConversationList, type DeleteResponse, type EmailSent, type PresenceResponse,
} from '../../../protocol/console.ts';
import type { AgentConfig } from '../../config/config.ts';
import { PRESENCE_TTL_S, type Context } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { AuthLimit } from '../auth-limit.ts';
import type { DomainEvent } from '../../console/events.ts';
import type { Conversation, ConversationQuery } from '../../store/store.ts';
import { parseBody, parseQuery } from '../../config/validate.ts';
import { clientKey } from '../../chat/access.ts';
import { agentFor, agentForToken, requireAdmin } from './agent-auth.ts';
import { publish } from '../../console/publish.ts';
import { summariesOf, summaryOf } from '../../console/summaries.ts';
import { consoleEventRoutes } from './console-events.ts';
import { addressOf, transcript } from '../../console/email.ts';
import { consoleRoutes } from './console.ts';
import { cursorOf, readCursor } from './query.ts';

const eventOf = (c: Conversation, type: DomainEvent['type'], more: Partial<DomainEvent> = {}): Omit<DomainEvent, 'at'> =>
  ({ type, bot_id: c.bot_id, conversation_id: c.id, session_id: c.session_id, ...more });

/** The list's query string, read strictly through its schema (protocol/console.ts), as the store's query. */
function conversationQuery(query: unknown, me: string): ConversationQuery {
  const q = parseQuery(ConversationListQuery, query);
  const words = q.q?.trim();
  return {
    status: q.status ?? 'handoff',
    bot_id: q.bot_id,
    from: q.from,
    to: q.to,
    feedback: q.feedback,
    // `false` filters nothing, like an absent flag.
    unanswered: q.unanswered || undefined,
    handed_off: q.handed_off || undefined,
    contact: q.contact || undefined,
    assignee: q.mine ? me : undefined,
    tag: q.tag ? normalTag(q.tag) : undefined,
    q: words ? words.slice(0, 200) : undefined,
    limit: q.limit ?? DEFAULT_PAGE_SIZE,
    after: readCursor(q.cursor, (v): v is [string, string] => Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string'), ([updated_at, id]) => ({ updated_at, id })),
  };
}

const NO_CONVERSATION = 'No conversation with this id exists.';

/** Tags are compared as kept: trimmed, lower-case, one space between words. */
const normalTag = (t: string) => t.trim().toLowerCase().replace(/\s+/g, ' ');

/** Issue 21: presence is per console tab when the console names its tab, so one tab leaving does not take the agent away from another. */
const presenceKey = (name: string, tab: string | undefined) => (tab ? `${name}\u0000${tab}` : name);

/** Only the old waiting list (status handoff, nothing else asked) keeps its order: oldest waiting first. */
const isWaitingList = (q: ConversationQuery) =>
  q.status === 'handoff' && !q.bot_id && !q.from && !q.to && !q.feedback && !q.unanswered && !q.handed_off && !q.contact && !q.q && !q.after && !q.assignee && !q.tag;

export function agentRoutes(app: FastifyInstance, ctx: Context) {
  const summary = (c: Conversation) => summaryOf(ctx, c);
  const conversation = async (id: string) => {
    const c = await ctx.store.getConversation(id);
    if (!c) throw apiError('not_found', NO_CONVERSATION);
    return c;
  };
  const claimed = (holder: string) => apiError('conversation_claimed', `${holder} has this conversation.`);

  const authLimit = new AuthLimit();

  /**
   * Issue 21: the console tab closing says so with navigator.sendBeacon, which cannot set a
   * header: the token comes in the body. Outside the scope below (whose hook wants the header),
   * counted against the same failure limit.
   */
  app.post('/v1/agent/presence/leave', async (request, reply): Promise<PresenceResponse> => {
    reply.header('cache-control', 'no-store');
    const key = clientKey(ctx, request);
    await authLimit.check(key);
    const body = parseBody(PresenceLeaveRequest, request.body);
    let who: AgentConfig;
    try {
      who = agentForToken(ctx, body.token);
    } catch (e) {
      ctx.metrics.authFailures.inc();
      await authLimit.failed(key);
      throw e;
    }
    await ctx.presence.leave(presenceKey(who.name, body.tab));
    return { available: false, expires_in: 0 };
  });

  app.register(async (agent) => {
    agent.addHook('onRequest', async (request) => {
      // Failures are counted per client address; past the limit every attempt is a 429.
      const key = clientKey(ctx, request);
      await authLimit.check(key);
      try {
        request.agent = agentFor(ctx, request);
      } catch (e) {
        ctx.metrics.authFailures.inc();
        await authLimit.failed(key);
        throw e;
      }
    });
    agent.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    agent.get('/v1/agent/me', async (request): Promise<AgentMe> => ({
      name: request.agent!.name, role: request.agent!.role, canned_replies: ctx.config.canned_replies,
      bots: [...ctx.config.bots.values()].map((b) => ({ id: b.id, name: b.name, contact_fields: b.contact_form.fields.map((f) => ({ name: f.name, label: f.label, type: f.type })) })),
    }));

    agent.post('/v1/agent/presence', async (request): Promise<PresenceResponse> => {
      const tab = request.body === undefined || request.body === null ? undefined : parseBody(PresenceRequest, request.body).tab;
      await ctx.presence.beat(presenceKey(request.agent!.name, tab));
      return { available: true, expires_in: PRESENCE_TTL_S };
    });

    /** Issue 21: sign-out and the "Away" switch end the presence at once, not after the heartbeat's 60 s. */
    agent.delete<{ Querystring: { tab?: string } }>('/v1/agent/presence', async (request): Promise<PresenceResponse> => {
      const { tab } = parseQuery(PresenceRequest, request.query);
      await ctx.presence.leave(presenceKey(request.agent!.name, tab));
      return { available: false, expires_in: 0 };
    });

    /** Issue 21: the agent is typing a reply; the visitor's widget shows it (nothing is stored). */
    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/typing', async (request): Promise<{ ok: true }> => {
      const { typing } = parseBody(AgentTypingRequest, request.body);
      const c = await conversation(request.params.conversation_id);
      await publish(ctx, eventOf(c, 'agent.typing', { agent_name: request.agent!.name, typing }));
      return { ok: true };
    });

    agent.get('/v1/agent/conversations', async (request): Promise<ConversationList> => {
      const q = conversationQuery(request.query, request.agent!.name);
      if (isWaitingList(q)) return { conversations: await summariesOf(ctx, await ctx.store.listConversations('handoff')), next_cursor: null };
      // One row more than asked tells whether there is a next page.
      const rows = await ctx.store.queryConversations({ ...q, limit: q.limit + 1 });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return { conversations: await summariesOf(ctx, page), next_cursor: rows.length > q.limit ? cursorOf([last.updated_at, last.id]) : null };
    });

    agent.get<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id', async (request): Promise<ConversationDetail> => {
      const c = await conversation(request.params.conversation_id);
      const [head, messages, contacts, events, context, earlier] = await Promise.all([
        summary(c), ctx.store.messages(c.id), ctx.store.contactsOf(c.id), ctx.store.events(c.id), ctx.store.visitorContext(c.id), ctx.store.conversationsOfVisitor(c, 20),
      ]);
      const bot_name = ctx.config.bots.get(c.bot_id)?.name ?? '';
      return {
        conversation: head,
        messages: messages === 'unknown_after' ? [] : messages,
        contact_submissions: contacts.map((s) => ({ ...s, bot_id: c.bot_id, bot_name, conversation_id: c.id, session_id: c.session_id })),
        events,
        context,
        earlier: earlier.map((o) => ({ conversation_id: o.id, status: o.status, created_at: o.created_at, title: o.title === null ? null : o.title.slice(0, 200) })),
      };
    });

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/messages', async (request, reply): Promise<Message> => {
      const content = parseBody(AgentReplyRequest, request.body).content.trim();
      if (!content) throw apiError('invalid_request', 'content: must not be empty');
      if (content.length > MAX_MESSAGE_CHARS) throw apiError('invalid_request', `content: must be at most ${MAX_MESSAGE_CHARS} characters`);
      const c = await conversation(request.params.conversation_id);
      const name = request.agent!.name;
      // Answering a waiting conversation takes it, so colleagues see it is being handled.
      if (c.status === 'handoff' && !c.assignee) await claimAndTell(c, name);
      const message = await ctx.store.addMessage(c.id, { role: 'assistant', content, agent_name: name });
      await publish(ctx, eventOf(c, 'message.agent', { message, agent_name: name }));
      // Issue 21: a visitor who left an address and is gone gets it by e-mail, in the background.
      void emailIfGone(c, name).catch((e: Error) => request.log.warn({ event: 'email_failed', conversation_id: c.id, err: e.message }, 'reply not e-mailed'));
      reply.code(201);
      return message;
    });

    /** When the bot allows it and the visitor has no live channel open: the reply with the recent transcript, by e-mail; the outcome goes on the timeline. */
    const emailIfGone = async (c: Conversation, agentName: string) => {
      const bot = ctx.config.bots.get(c.bot_id);
      if (!bot?.handoff.email_replies || !ctx.mailer || (await ctx.visitors.here(c.id))) return;
      const emailFields = bot.contact_form.fields.filter((f) => f.type === 'email').map((f) => f.name);
      const [visitor, contacts, messages] = await Promise.all([ctx.store.visitorOf(c), ctx.store.contactsOf(c.id), ctx.store.messages(c.id)]);
      const to = addressOf(visitor?.email, contacts, emailFields.length ? emailFields : ['email']);
      if (!to) return;
      const sent = await ctx.mailer.send({
        to, subject: `${agentName} replied to your conversation with ${bot.name}`,
        text: `${agentName} of ${bot.name} replied while you were away:\n\n${transcript(Array.isArray(messages) ? messages : [], bot.name)}\n`,
      });
      await ctx.store.addEvent(c.id, sent.ok ? { type: 'email_sent', agent_name: agentName, note: to } : { type: 'email_failed', agent_name: agentName, note: `${to}: ${sent.error}` });
    };

    /** Issue 21: an operator answers a contact submission by e-mail, to its e-mail field; retried, and the outcome is the answer. */
    agent.post<{ Params: { contact_id: string } }>('/v1/agent/contacts/:contact_id/reply', async (request): Promise<EmailSent> => {
      const body = parseBody(ContactReplyRequest, request.body);
      const found = await ctx.store.contact(request.params.contact_id);
      const bot = found && ctx.config.bots.get(found.bot_id);
      if (!found || !bot) throw apiError('not_found', 'No contact submission with this id exists.');
      const emailFields = bot.contact_form.fields.filter((f) => f.type === 'email').map((f) => f.name);
      const to = addressOf(null, [found], emailFields.length ? emailFields : ['email']);
      if (!to) throw apiError('invalid_request', 'This submission has no e-mail address to answer.');
      if (!ctx.mailer) throw apiError('email_not_configured');
      const subject = body.subject?.trim() || `Re: your message to ${bot.name}`;
      const name = request.agent!.name;
      const sent = await ctx.mailer.send({ to, subject, text: body.text });
      if (found.conversation_id) {
        await ctx.store.addEvent(found.conversation_id, sent.ok ? { type: 'email_sent', agent_name: name, note: to } : { type: 'email_failed', agent_name: name, note: `${to}: ${sent.error}` });
      }
      request.log.info({ event: sent.ok ? 'email_sent' : 'email_failed', contact_id: found.id, attempts: sent.attempts }, sent.ok ? 'contact answered by e-mail' : 'contact answer not delivered');
      if (!sent.ok) throw apiError('email_failed', `The SMTP server did not take the message after ${sent.attempts} attempts: ${sent.error}`);
      return { to, subject, attempts: sent.attempts };
    });

    const claimAndTell = async (c: Conversation, name: string) => {
      const r = await ctx.store.claim(c.id, name);
      if (!r) throw apiError('not_found', NO_CONVERSATION);
      if (!r.ok) throw claimed(r.holder);
      if (c.assignee !== name) {
        await ctx.store.addEvent(c.id, { type: 'claimed', agent_name: name });
        await publish(ctx, eventOf(c, 'conversation.claimed', { agent_name: name }));
      }
      return r.conversation;
    };

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/claim', async (request): Promise<ClaimResponse> => {
      const c = await conversation(request.params.conversation_id);
      return { conversation: await summary(await claimAndTell(c, request.agent!.name)) };
    });

    agent.get('/v1/agent/agents', async (): Promise<AgentList> => ({ agents: ctx.config.agents.map((a) => ({ name: a.name, role: a.role })) }));

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/assign', async (request): Promise<ClaimResponse> => {
      const { agent: to } = parseBody(AssignRequest, request.body);
      if (!ctx.config.agents.some((a) => a.name === to)) throw apiError('invalid_request', 'agent: no agent with this name is configured');
      const c = await conversation(request.params.conversation_id);
      const name = request.agent!.name;
      // Someone else's conversation is theirs to pass on (or an admin's).
      if (c.assignee && c.assignee !== name && request.agent!.role !== 'admin') throw claimed(c.assignee);
      const done = await ctx.store.assign(c.id, to);
      if (!done) throw apiError('not_found', NO_CONVERSATION);
      if (c.assignee !== to) {
        await ctx.store.addEvent(c.id, { type: 'assigned', agent_name: name, note: to });
        await publish(ctx, eventOf(c, 'conversation.assigned', { agent_name: name, assignee: to }));
      }
      return { conversation: await summary(done) };
    });

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/tags', async (request, reply): Promise<ClaimResponse> => {
      const tag = normalTag(parseBody(TagRequest, request.body).tag);
      const c = await conversation(request.params.conversation_id);
      if (await ctx.store.addTag(c.id, tag, request.agent!.name)) {
        await ctx.store.addEvent(c.id, { type: 'tagged', agent_name: request.agent!.name, note: tag });
        await publish(ctx, eventOf(c, 'conversation.tagged', { agent_name: request.agent!.name, tag }));
        reply.code(201);
      }
      return { conversation: await summary(c) };
    });

    agent.delete<{ Params: { conversation_id: string; tag: string } }>('/v1/agent/conversations/:conversation_id/tags/:tag', async (request): Promise<ClaimResponse> => {
      const tag = normalTag(request.params.tag);
      const c = await conversation(request.params.conversation_id);
      if (await ctx.store.removeTag(c.id, tag)) {
        await ctx.store.addEvent(c.id, { type: 'untagged', agent_name: request.agent!.name, note: tag });
        await publish(ctx, eventOf(c, 'conversation.untagged', { agent_name: request.agent!.name, tag }));
      }
      return { conversation: await summary(c) };
    });

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/release', async (request): Promise<ClaimResponse> => {
      const c = await conversation(request.params.conversation_id);
      const name = request.agent!.name;
      // An admin may free a conversation someone else left claimed.
      const r = await ctx.store.release(c.id, request.agent!.role === 'admin' ? null : name);
      if (!r) throw apiError('not_found', NO_CONVERSATION);
      if (!r.ok) throw claimed(r.holder);
      if (c.assignee) {
        await ctx.store.addEvent(c.id, { type: 'released', agent_name: name });
        await publish(ctx, eventOf(c, 'conversation.released', { agent_name: name }));
      }
      return { conversation: await summary(r.conversation) };
    });

    /** Moves a conversation out of the humans' hands, unless another agent has it. */
    const leave = async (request: FastifyRequest<{ Params: { conversation_id: string } }>, status: ConversationStatus, note: string | null): Promise<StatusChange> => {
      const c = await conversation(request.params.conversation_id);
      const name = request.agent!.name;
      if (c.assignee && c.assignee !== name && request.agent!.role !== 'admin') throw claimed(c.assignee);
      const changed = (await ctx.store.setStatus(c.id, status))!;
      const type = status === 'closed' ? 'closed' : 'handed_back';
      await ctx.store.addEvent(c.id, { type, agent_name: name, note });
      await publish(ctx, eventOf(changed, status === 'closed' ? 'conversation.closed' : 'conversation.handed_back', { agent_name: name, note }));
      return { conversation_id: changed.id, conversation_status: changed.status };
    };

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/handback', async (request) => leave(request, 'open', null));

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/close', async (request) => {
      // The body is optional: the old inbox posts none.
      const note = request.body === undefined || request.body === null ? undefined : parseBody(CloseRequest, request.body).note?.trim();
      return leave(request, 'closed', note || null);
    });

    const deleted = async (reply: FastifyReply, counts: DeleteResponse, events: Array<Omit<DomainEvent, 'at'>>) => {
      for (const e of events) await publish(ctx, e);
      reply.code(200);
      return counts;
    };

    agent.delete<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id', async (request, reply): Promise<DeleteResponse> => {
      requireAdmin(request);
      const c = await conversation(request.params.conversation_id);
      const counts = await ctx.store.deleteConversation(c.id);
      request.log.info({ event: 'conversation_deleted', conversation_id: c.id, by: request.agent!.name, ...counts }, 'conversation deleted');
      return deleted(reply, counts, [eventOf(c, 'conversation.deleted', { agent_name: request.agent!.name })]);
    });

    agent.delete<{ Params: { session_id: string } }>('/v1/agent/sessions/:session_id', async (request, reply): Promise<DeleteResponse> => {
      requireAdmin(request);
      const sessionId = request.params.session_id;
      const gone = await ctx.store.conversationsOfSession(sessionId);
      const counts = await ctx.store.deleteSession(sessionId);
      request.log.info({ event: 'session_deleted', by: request.agent!.name, ...counts }, 'session deleted');
      return deleted(reply, counts, gone.map((c) => eventOf(c, 'conversation.deleted', { agent_name: request.agent!.name })));
    });

    consoleRoutes(agent, ctx);
    consoleEventRoutes(agent, ctx);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    agent?: AgentConfig;
  }
}
