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

export const ADMIN_TWO_FACTOR_MESSAGE =
  'Turn on two-factor sign-in to use the admin console: admin accounts need it on this server.';

/**
 * The operation's roles; with `adminTwoFactor` (REQUIRE_ADMIN_2FA), an operation only admins may call also needs
 * two-factor sign-in on, while the calls an explorer may make (turning it on among them) stay open.
 */
export function requireRole(roles: readonly string[], options: { adminTwoFactor: boolean }) {
  const adminOnly = !roles.includes('user');
  return async function checkRole(request: FastifyRequest): Promise<void> {
    if (!request.auth) throw unauthorized('Authentication required');
    const { user } = request.auth;
    if (!roles.includes(user.role)) throw forbidden();
    if (adminOnly && options.adminTwoFactor && !user.settings.security?.twoFactorAuth)
      throw forbidden(ADMIN_TWO_FACTOR_MESSAGE);
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
