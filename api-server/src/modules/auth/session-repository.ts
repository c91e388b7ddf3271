import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../users/index.ts';
import { refreshTokens } from './tables/auth.tables.ts';

/**
 * An access token's account, whether its session (refresh-token family) still has a usable token, and how that
 * session began: when (step-up counts from it) and whether a second factor proved it.
 */
export type AccountSession = {
  user: UserRow;
  sessionLive: boolean;
  signedInAt: Date | null;
  secondFactor: boolean;
};

/**
 * One round trip: the account row with its session's liveness beside it. A session is live while it has a
 * usable token and none revoked: every revocation revokes a whole family, so a token it missed (a refresh's
 * successor inserted while the revocation ran) does not keep the session alive.
 */
export async function findAccountSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<AccountSession | undefined> {
  const live = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sessionId),
        eq(refreshTokens.userId, users.id),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    );
  const revoked = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sessionId), isNotNull(refreshTokens.revokedAt)));
  const origin = (column: typeof refreshTokens.signedInAt | typeof refreshTokens.secondFactor) =>
    db
      .select({ value: column })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessionId), eq(refreshTokens.userId, users.id)))
      .limit(1);
  const [row] = await db
    .select({
      user: users,
      sessionLive: sql<boolean>`exists (${live}) and not exists (${revoked})`,
      signedInAt: sql<Date | null>`(${origin(refreshTokens.signedInAt)})`.mapWith(refreshTokens.signedInAt),
      secondFactor: sql<boolean>`coalesce((${origin(refreshTokens.secondFactor)}), false)`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
