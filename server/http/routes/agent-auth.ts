/** Who an agent API request comes from (bearer token → the configured agent), and the admin-only check. */
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AgentConfig, AppConfig } from '../../config/config.ts';
import { apiError } from '../../errors.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The config keeps tokens only as SHA-256; digests are compared in constant time, so timing leaks no prefix. */
export function agentFor(ctx: { config: Pick<AppConfig, 'agents'> }, request: FastifyRequest): AgentConfig {
  const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return agentForToken(ctx, m ? m[1] : null);
}

/** The agent a token names (the header's, or a beacon's body), or 401. */
export function agentForToken(ctx: { config: Pick<AppConfig, 'agents'> }, token: string | null): AgentConfig {
  const given = token ? digest(token.trim()) : null;
  const agent = given && ctx.config.agents.find((a) => timingSafeEqual(a.token_sha256, given));
  if (!agent) throw apiError('unauthorized');
  return agent;
}

/** Admin-only operations answer 403 to an agent. */
export function requireAdmin(request: FastifyRequest) {
  if (request.agent?.role !== 'admin') throw apiError('forbidden');
}

