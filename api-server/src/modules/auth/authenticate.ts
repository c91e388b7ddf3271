import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden, unauthorized } from '../../lib/http-error.ts';
import { actsAsAdmin } from '../../plugins/auth.ts';
import { touchLastActive, type UserRow } from '../users/index.ts';
import type { AccountCache } from './account-cache.ts';
import type { TokenService } from './tokens.ts';

const ACTIVITY_RESOLUTION_MS = 60_000;

export function suspendedMessage(user: Pick<UserRow, 'suspensionReason'>): string {
  return user.suspensionReason
    ? `Your account has been suspended: ${user.suspensionReason}`
    : 'Your account has been suspended';
}

export const SESSION_ENDED_MESSAGE = 'This session has ended. Please sign in again.';

/**
 * Bearer access token -> request.auth, refusing deleted and suspended accounts and ended sessions on every call:
 * an access token dies with its session (logout, password change or reset, suspension, role change), not 15
 * minutes later. Account and session come from the account cache, which revocations and writing requests clear.
 */
export function createAuthenticate(deps: {
  db: Db;
  tokens: TokenService;
  accounts: AccountCache;
  requireAdminTwoFactor: boolean;
}) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Authentication required');
    const claims = await deps.tokens.verifyAccessToken(match[1]);
    if (!claims) throw unauthorized('Invalid or expired access token');
    const account = await deps.accounts.find(claims.userId, claims.sessionId);
    if (!account) throw unauthorized('Invalid or expired access token');
    const { user } = account;
    // Suspension first: its 403 carries the reason, which the apps show.
    if (!user.accountVerified) throw forbidden(suspendedMessage(user));
    if (!account.sessionLive) throw unauthorized(SESSION_ENDED_MESSAGE);
    const session = { user, secondFactor: account.secondFactor };
    request.auth = {
      ...session,
      sessionId: claims.sessionId,
      signedInAt: account.signedInAt ?? new Date(0),
      actsAsAdmin: actsAsAdmin(session, { adminTwoFactor: deps.requireAdminTwoFactor }),
    };
    if (await recordActivity(deps.db, user)) deps.accounts.forget(user.id);
  };
}

/** lastActiveAt feeds 'Online' and 'inactive'; written at most once a minute per user. Answers whether it wrote. */
async function recordActivity(db: Db, user: UserRow): Promise<boolean> {
  const now = new Date();
  if (user.lastActiveAt && now.getTime() - user.lastActiveAt.getTime() < ACTIVITY_RESOLUTION_MS) return false;
  await touchLastActive(db, user.id, now, new Date(now.getTime() - ACTIVITY_RESOLUTION_MS));
  return true;
}
