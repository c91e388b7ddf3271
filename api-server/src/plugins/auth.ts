import { isAdminRole } from '@cityquest/contract';
import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';

/**
 * Set by the auth module's authenticate hook on routes that require a bearer token: the account, its session, when
 * that session signed in and whether a second factor proved it, and `actsAsAdmin`, the one rule for admin powers.
 */
export type AuthContext = {
  user: typeof users.$inferSelect;
  sessionId: string;
  signedInAt: Date;
  secondFactor: boolean;
  actsAsAdmin: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const ADMIN_TWO_FACTOR_MESSAGE =
  'Turn on two-factor sign-in to use the admin console: admin accounts need it on this server.';
export const ADMIN_SESSION_TWO_FACTOR_MESSAGE =
  'Sign in again with your authenticator code: admin powers on this server need a session proved with it.';

/**
 * Whether a session may use admin powers, wherever a route uses them (docs/product-rules/accounts-and-security.md#sessions):
 * an admin role and, under REQUIRE_ADMIN_2FA, a session that was proved with a second factor, not merely an
 * account that has one, so a password-only session opened before enrolment gains nothing from it.
 */
export function actsAsAdmin(
  auth: Pick<AuthContext, 'user' | 'secondFactor'>,
  options: { adminTwoFactor: boolean },
): boolean {
  return isAdminRole(auth.user.role) && (!options.adminTwoFactor || auth.secondFactor);
}

/** What an admin role without admin powers is told: enrol first, or sign in again with the code. */
function adminPowersRefusal(auth: AuthContext) {
  return auth.user.settings.security?.twoFactorAuth
    ? forbidden(ADMIN_SESSION_TWO_FACTOR_MESSAGE)
    : forbidden(ADMIN_TWO_FACTOR_MESSAGE);
}

/**
 * The operation's roles; an operation only admins may call also needs admin powers (see actsAsAdmin), while the
 * calls an explorer may make (turning two-factor sign-in on among them) stay open.
 */
export function requireRole(roles: readonly string[]) {
  const adminOnly = !roles.includes('user');
  return async function checkRole(request: FastifyRequest): Promise<void> {
    if (!request.auth) throw unauthorized('Authentication required');
    const { user } = request.auth;
    if (!roles.includes(user.role)) throw forbidden();
    if (adminOnly && !request.auth.actsAsAdmin) throw adminPowersRefusal(request.auth);
  };
}

/** The caller as the quest rules see it: who they are and whether they may use admin powers. */
export function viewerOf(auth: AuthContext): { id: string; actsAsAdmin: boolean } {
  return { id: auth.user.id, actsAsAdmin: auth.actsAsAdmin };
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
