import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';

/** Set by the auth module's authenticate hook on routes that require a bearer token. */
export type AuthContext = { user: typeof users.$inferSelect; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function requireRole(roles: readonly string[]) {
  return async function checkRole(request: FastifyRequest): Promise<void> {
    if (!request.auth) throw unauthorized('Authentication required');
    if (!roles.includes(request.auth.user.role)) throw forbidden();
  };
}

/** The signed-in user of a route that also answers visitors, or null for a visitor without a token. */
export function optionalAuth(request: FastifyRequest): AuthContext | null {
  return request.auth;
}

/** The signed-in user of a route whose contract requires a bearer token. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Authentication required');
  return request.auth;
}
