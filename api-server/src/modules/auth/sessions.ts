import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { forbidden, unauthorized } from '../../lib/http-error.ts';
import { findUserById, type UserRow } from '../users/index.ts';
import { SESSION_ENDED_MESSAGE, suspendedMessage } from './authenticate.ts';
import {
  findTokenByHash,
  insertTokenInLiveFamily,
  markFamilySecondFactor,
  revokeAccountTokens,
  revokeFamilyTokens,
  type SessionOrigin,
  spendToken,
} from './session-repository.ts';
import { createRefreshTokenValue, hashRefreshToken, REFRESH_TOKEN_DAYS } from './tokens.ts';

export type TokenPair = { accessToken: string; refreshToken: string };

/** What sessions need of the app: tests of the refresh race call the two steps of a refresh with it. */
export type SessionContext = Pick<AppContext, 'db' | 'tokens' | 'accounts'> & {
  config: Pick<AppContext['config'], 'sessionMaxDays'>;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A token lives REFRESH_TOKEN_DAYS from its issue, but never past the session's absolute end (SESSION_MAX_DAYS
 * after sign-in), so a stolen family cannot be kept alive by refreshing it (docs/product-rules/accounts-and-security.md#sessions).
 */
function tokenExpiry(ctx: SessionContext, origin: SessionOrigin): Date {
  const absoluteEnd = origin.signedInAt.getTime() + ctx.config.sessionMaxDays * DAY_MS;
  return new Date(Math.min(Date.now() + REFRESH_TOKEN_DAYS * DAY_MS, absoluteEnd));
}

/**
 * Adds a token to a family (a refresh's second step, or a sign-in's first token) unless the family has a
 * revoked token: a logout, password change or replay that revoked the family between a refresh spending its
 * token and this insert must not bring the session back, so that refresh answers 401. One statement, so the
 * check and the insert see the same rows.
 */
export async function issueInFamily(
  ctx: SessionContext,
  user: UserRow,
  familyId: string,
  origin: SessionOrigin,
): Promise<TokenPair> {
  const refreshToken = createRefreshTokenValue();
  const expiresAt = tokenExpiry(ctx, origin);
  if (expiresAt.getTime() <= Date.now()) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const inserted = await insertTokenInLiveFamily(ctx.db, {
    userId: user.id,
    familyId,
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt,
    origin,
  });
  if (!inserted) throw unauthorized(SESSION_ENDED_MESSAGE);
  const accessToken = await ctx.tokens.signAccessToken({
    userId: user.id,
    sessionId: familyId,
    role: user.role,
  });
  return { accessToken, refreshToken };
}

/** A new sign-in: a new token family, recording whether a second factor proved it. */
export function startSession(
  ctx: SessionContext,
  user: UserRow,
  proof: { secondFactor: boolean },
): Promise<TokenPair> {
  return issueInFamily(ctx, user, randomUUID(), { signedInAt: new Date(), ...proof });
}

/**
 * Spends a refresh token and answers its successor. A token presented twice means it was copied: the whole
 * family is revoked so neither holder keeps the session.
 */
export async function rotateSession(ctx: SessionContext, presented: string): Promise<TokenPair> {
  const { user, familyId, origin } = await spendRefreshToken(ctx, presented);
  return issueInFamily(ctx, user, familyId, origin);
}

const SESSION_EXPIRED_MESSAGE = 'This session has expired. Please sign in again.';

/** The first step of a refresh: marks the presented token used and answers whose session it belongs to. */
export async function spendRefreshToken(
  ctx: SessionContext,
  presented: string,
): Promise<{ user: UserRow; familyId: string; origin: SessionOrigin }> {
  const tokenHash = hashRefreshToken(presented);
  const now = new Date();
  const spent = await spendToken(ctx.db, tokenHash, now);
  if (!spent) {
    const known = await findTokenByHash(ctx.db, tokenHash);
    if (known) {
      await revokeFamily(ctx, known.familyId);
      throw unauthorized(SESSION_ENDED_MESSAGE);
    }
    throw unauthorized('Invalid refresh token');
  }
  if (spent.expiresAt <= now) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const user = await findUserById(ctx.db, spent.userId);
  if (!user) throw unauthorized('Invalid refresh token');
  if (!user.accountVerified) {
    await revokeAllSessions(ctx, user.id);
    throw forbidden(suspendedMessage(user));
  }
  return {
    user,
    familyId: spent.familyId,
    origin: { signedInAt: spent.signedInAt, secondFactor: spent.secondFactor },
  };
}

/** Marks a session as proved with a second factor: the one that just turned two-factor sign-in on. */
export async function markSecondFactor(
  ctx: Pick<AppContext, 'db' | 'accounts'>,
  userId: string,
  familyId: string,
): Promise<void> {
  await markFamilySecondFactor(ctx.db, userId, familyId);
  await ctx.accounts.forget(userId);
}

/**
 * Ends one session: its refresh tokens, and with them its access tokens, which the authenticate hook checks
 * against the session on every call (through the account cache, forgotten here).
 */
export async function revokeFamily(
  ctx: Pick<AppContext, 'db' | 'accounts'>,
  familyId: string,
): Promise<void> {
  for (const userId of await revokeFamilyTokens(ctx.db, familyId)) ctx.accounts.forget(userId);
}

/**
 * Ends every session of an account (but one, when given): password change or reset, suspension, role change.
 * Needs only the database, so the start-up bootstrap (seed/accounts.ts) can end sessions before the app serves
 * (when no account is cached yet).
 */
export async function revokeAllSessions(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'accounts'>>,
  userId: string,
  exceptFamilyId?: string,
): Promise<void> {
  await revokeAccountTokens(ctx.db, userId, exceptFamilyId);
  ctx.accounts?.forget(userId);
}
