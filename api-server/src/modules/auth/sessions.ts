import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { refreshTokens } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../lib/http-error.ts';
import { suspendedMessage } from '../../plugins/auth.ts';
import { findUserById, type UserRow } from '../users/user-repository.ts';
import { createRefreshTokenValue, hashRefreshToken, REFRESH_TOKEN_DAYS } from './tokens.ts';

export type TokenPair = { accessToken: string; refreshToken: string };

async function issueInFamily(ctx: AppContext, user: UserRow, familyId: string): Promise<TokenPair> {
  const refreshToken = createRefreshTokenValue();
  await ctx.db.insert(refreshTokens).values({
    userId: user.id,
    familyId,
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000),
  });
  const accessToken = await ctx.tokens.signAccessToken({
    userId: user.id,
    sessionId: familyId,
    role: user.role,
  });
  return { accessToken, refreshToken };
}

/** A new sign-in: a new token family. */
export function startSession(ctx: AppContext, user: UserRow): Promise<TokenPair> {
  return issueInFamily(ctx, user, randomUUID());
}

/**
 * Spends a refresh token and answers its successor. A token presented twice means it was copied: the whole
 * family is revoked so neither holder keeps the session.
 */
export async function rotateSession(ctx: AppContext, presented: string): Promise<TokenPair> {
  const tokenHash = hashRefreshToken(presented);
  const now = new Date();
  const [spent] = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning();
  if (!spent) {
    const [known] = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (known) {
      await revokeFamily(ctx, known.familyId);
      throw unauthorized('This session has ended. Please sign in again.');
    }
    throw unauthorized('Invalid refresh token');
  }
  if (spent.expiresAt <= now) throw unauthorized('This session has expired. Please sign in again.');
  const user = await findUserById(ctx.db, spent.userId);
  if (!user) throw unauthorized('Invalid refresh token');
  if (!user.accountVerified) {
    await revokeAllSessions(ctx, user.id);
    throw forbidden(suspendedMessage(user));
  }
  return issueInFamily(ctx, user, spent.familyId);
}

/**
 * Ends one session: its refresh tokens, and with them its access tokens, which the authenticate hook checks
 * against the session on every call (through the account cache, forgotten here).
 */
export async function revokeFamily(ctx: AppContext, familyId: string): Promise<void> {
  const revoked = await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  for (const userId of new Set(revoked.map((row) => row.userId))) ctx.accounts.forget(userId);
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
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (exceptFamilyId) conditions.push(ne(refreshTokens.familyId, exceptFamilyId));
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
  ctx.accounts?.forget(userId);
}
