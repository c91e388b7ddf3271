import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Coordination } from '../lib/coordination.ts';
import { tooManyRequests } from '../lib/http-error.ts';
import { clientAddress } from './client-address.ts';

/**
 * The per-address limit of the sign-in, sign-up and code routes (`x-rate-limit: auth`), one count per operation.
 * It counts where every API instance counts (Redis with REDIS_URL), and while Redis does not answer each instance
 * counts in its own memory rather than letting every request through
 * (docs/ops/security.md#sign-in-throttling).
 */
export function createAuthRateLimit(
  coordination: Pick<Coordination, 'limiter'>,
  perMinute: number,
): (operationId: string) => (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return (operationId) => {
    const limiter = coordination.limiter(`auth-${operationId}`, { points: perMinute, durationMs: 60_000 });
    return async (request, reply) => {
      reply.header('x-ratelimit-limit', String(perMinute));
      // An IPv6 client is keyed by its /64, or it could take a fresh address for every try.
      const result = await limiter.take(clientAddress(request));
      if (result.allowed) return;
      const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
      throw tooManyRequests(`Too many requests. Please try again in ${seconds} seconds.`, seconds);
    };
  };
}
