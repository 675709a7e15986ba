/**
 * The agent API (`/v1/agent/...`): human agents, named in the config with a bearer token,
 * list conversations waiting for a human, read and answer them, close them, and send a
 * presence heartbeat that drives `handoff_available`. A missing or wrong token is a 401
 * that says nothing else.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { MAX_MESSAGE_CHARS } from '../../protocol/limits.ts';
import { CONVERSATION_STATUSES, type ConversationStatus, type Message, type StatusChange } from '../../protocol/schemas.ts';
import {
  AgentReplyRequest, type AgentMe, type ConversationDetail, type ConversationList, type ConversationSummary, type PresenceResponse,
} from '../../protocol/console.ts';
import type { AgentConfig } from '../config.ts';
import { PRESENCE_TTL_S, type Context } from '../context.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { AuthLimit } from '../auth-limit.ts';
import type { Conversation } from '../store/store.ts';
import { parseBody } from '../validate.ts';
import { clientKey } from './common.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The config keeps tokens only as SHA-256; digests are compared in constant time, so timing leaks no prefix. */
function agentFor(ctx: Context, request: FastifyRequest): AgentConfig {
  const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  const given = m ? digest(m[1].trim()) : null;
  const agent = given && ctx.config.agents.find((a) => timingSafeEqual(a.token_sha256, given));
  if (!agent) throw new ApiError(401, 'unauthorized', 'A valid agent token is required.', { headers: { 'www-authenticate': 'Bearer' } });
  return agent;
}

export function agentRoutes(app: FastifyInstance, ctx: Context) {
  const summary = async (c: Conversation): Promise<ConversationSummary> => ({
    conversation_id: c.id,
    bot_id: c.bot_id,
    bot_name: ctx.config.bots.get(c.bot_id)?.name ?? '',
    status: c.status,
    waiting_since: c.waiting_since,
    updated_at: c.updated_at,
    last_message: (await ctx.store.lastMessage(c.id)) ?? null,
    // Issue 15: the verified user (identity verification), or null for an anonymous visitor.
    visitor: await ctx.store.visitorOf(c),
  });
  const conversation = async (id: string) => {
    const c = await ctx.store.getConversation(id);
    if (!c) throw notFound('No conversation with this id exists.');
    return c;
  };

  const authLimit = new AuthLimit();
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

    agent.get('/v1/agent/me', async (request): Promise<AgentMe> => ({ name: request.agent!.name }));

    agent.post('/v1/agent/presence', async (request): Promise<PresenceResponse> => {
      await ctx.presence.beat(request.agent!.name);
      return { available: true, expires_in: PRESENCE_TTL_S };
    });

    agent.get<{ Querystring: { status?: string } }>('/v1/agent/conversations', async (request): Promise<ConversationList> => {
      const status = (request.query.status ?? 'handoff') as ConversationStatus;
      if (!CONVERSATION_STATUSES.includes(status)) throw badRequest(`status: must be one of ${CONVERSATION_STATUSES.map((s) => `"${s}"`).join(', ')}`);
      const list = await ctx.store.listConversations(status);
      return { conversations: await Promise.all(list.map(summary)) };
    });

    agent.get<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id', async (request): Promise<ConversationDetail> => {
      const c = await conversation(request.params.conversation_id);
      const [head, messages, contact_submissions] = await Promise.all([summary(c), ctx.store.messages(c.id), ctx.store.contactsOf(c.id)]);
      return { conversation: head, messages: messages === 'unknown_after' ? [] : messages, contact_submissions };
    });

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/messages', async (request, reply): Promise<Message> => {
      const content = parseBody(AgentReplyRequest, request.body).content.trim();
      if (!content) throw badRequest('content: must not be empty');
      if (content.length > MAX_MESSAGE_CHARS) throw badRequest(`content: must be at most ${MAX_MESSAGE_CHARS} characters`);
      const c = await conversation(request.params.conversation_id);
      const message = await ctx.store.addMessage(c.id, { role: 'assistant', content, agent_name: request.agent!.name });
      reply.code(201);
      return message;
    });

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/close', async (request): Promise<StatusChange> => {
      const c = (await ctx.store.setStatus((await conversation(request.params.conversation_id)).id, 'closed'))!;
      return { conversation_id: c.id, conversation_status: c.status };
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    agent?: AgentConfig;
  }
}
