/**
 * The agent API (`/v1/agent/...`): human agents, named in the config with a bearer token,
 * list conversations waiting for a human, read and answer them, close them, and send a
 * presence heartbeat that drives `handoff_available`. A missing or wrong token is a 401
 * that says nothing else.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Fields, isObj } from '../check.ts';
import type { AgentConfig } from '../config.ts';
import { PRESENCE_TTL_S, type Context } from '../context.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import type { Conversation, ConversationStatus } from '../store.ts';
import { MAX_MESSAGE_CHARS } from './chat.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares digests in constant time, so response timing does not leak a token's prefix. */
function agentFor(ctx: Context, request: FastifyRequest): AgentConfig {
  const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  const given = m ? digest(m[1].trim()) : null;
  const agent = given && ctx.config.agents.find((a) => timingSafeEqual(digest(a.token), given));
  if (!agent) throw new ApiError(401, 'unauthorized', 'A valid agent token is required.', { headers: { 'www-authenticate': 'Bearer' } });
  return agent;
}

const STATUSES: ConversationStatus[] = ['handoff', 'open', 'closed'];

export function agentRoutes(app: FastifyInstance, ctx: Context) {
  const summary = (c: Conversation) => ({
    conversation_id: c.id,
    bot_id: c.bot_id,
    bot_name: ctx.config.bots.get(c.bot_id)?.name ?? '',
    status: c.status,
    waiting_since: c.waiting_since,
    updated_at: c.updated_at,
    last_message: ctx.store.lastMessage(c.id) ?? null,
  });
  const conversation = (id: string) => {
    const c = ctx.store.getConversation(id);
    if (!c) throw notFound('No conversation with this id exists.');
    return c;
  };

  app.register(async (agent) => {
    agent.addHook('onRequest', async (request) => {
      request.agent = agentFor(ctx, request);
    });
    agent.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    agent.get('/v1/agent/me', async (request) => ({ name: request.agent!.name }));

    agent.post('/v1/agent/presence', async (request) => {
      ctx.presence.beat(request.agent!.name);
      return { available: true, expires_in: PRESENCE_TTL_S };
    });

    agent.get<{ Querystring: { status?: string } }>('/v1/agent/conversations', async (request) => {
      const status = (request.query.status ?? 'handoff') as ConversationStatus;
      if (!STATUSES.includes(status)) throw badRequest('status: must be one of "handoff", "open", "closed"');
      return { conversations: ctx.store.listConversations(status).map(summary) };
    });

    agent.get<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id', async (request) => {
      const c = conversation(request.params.conversation_id);
      const messages = ctx.store.messages(c.id);
      return { conversation: summary(c), messages, contact_submissions: ctx.store.contactsOf(c.id) };
    });

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/messages', async (request, reply) => {
      if (!isObj(request.body)) throw badRequest('The body must be a JSON object.');
      const content = new Fields(request.body, '').str('content').trim();
      if (!content) throw badRequest('content: must not be empty');
      if (content.length > MAX_MESSAGE_CHARS) throw badRequest(`content: must be at most ${MAX_MESSAGE_CHARS} characters`);
      const c = conversation(request.params.conversation_id);
      const message = ctx.store.addMessage(c.id, { role: 'assistant', content, agent_name: request.agent!.name });
      reply.code(201);
      return message;
    });

    agent.post<{ Params: { conversation_id: string } }>('/v1/agent/conversations/:conversation_id/close', async (request) => {
      const c = ctx.store.setStatus(conversation(request.params.conversation_id).id, 'closed')!;
      return { conversation_id: c.id, conversation_status: c.status };
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    agent?: AgentConfig;
  }
}
