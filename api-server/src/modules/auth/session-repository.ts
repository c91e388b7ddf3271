import { and, eq, gt, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { joinableUsers, type UserRow, wholeAccountOf } from '../users/index.ts';
import { refreshTokens } from './tables/auth.tables.ts';

const accounts = joinableUsers('users');

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

/** How a session began, which every token of its family carries. */
export type SessionOrigin = { signedInAt: Date; secondFactor: boolean };

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
        eq(refreshTokens.userId, accounts.id),
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
      .where(and(eq(refreshTokens.familyId, sessionId), eq(refreshTokens.userId, accounts.id)))
      .limit(1);
  const [row] = await db
    .select({
      user: wholeAccountOf(accounts),
      sessionLive: sql<boolean>`exists (${live}) and not exists (${revoked})`,
      signedInAt: sql<Date | null>`(${origin(refreshTokens.signedInAt)})`.mapWith(refreshTokens.signedInAt),
      secondFactor: sql<boolean>`coalesce((${origin(refreshTokens.secondFactor)}), false)`.mapWith(Boolean),
    })
    .from(accounts)
    .where(eq(accounts.id, userId))
    .limit(1);
  return row;
}

/**
 * Adds a token to a family unless the family has a revoked token, in one statement, so the check and the insert
 * see the same rows. Answers false when nothing was added (the family was revoked, or the account is gone).
 */
export async function insertTokenInLiveFamily(
  db: Db,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; origin: SessionOrigin },
): Promise<boolean> {
  const revokedInFamily = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, token.familyId), isNotNull(refreshTokens.revokedAt)));
  // INSERT ... SELECT names every column in table order (drizzle checks it); the account's row is the source.
  const successor = db
    .select({
      id: sql<string>`gen_random_uuid()`.as('id'),
      userId: accounts.id,
      familyId: sql<string>`${token.familyId}::uuid`.as('family_id'),
      tokenHash: sql<string>`${token.tokenHash}`.as('token_hash'),
      expiresAt: sql<Date>`${token.expiresAt}::timestamptz`.as('expires_at'),
      usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
      revokedAt: sql<Date | null>`null::timestamptz`.as('revoked_at'),
      createdAt: sql<Date>`now()`.as('created_at'),
      signedInAt: sql<Date>`${token.origin.signedInAt}::timestamptz`.as('signed_in_at'),
      secondFactor: sql<boolean>`${token.origin.secondFactor}::boolean`.as('second_factor'),
    })
    .from(accounts)
    .where(and(eq(accounts.id, token.userId), notExists(revokedInFamily)));
  const inserted = await db.insert(refreshTokens).select(successor).returning({ id: refreshTokens.id });
  return inserted.length > 0;
}

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Marks the token with this hash used, unless it was used or revoked already; answers it when it was spent. */
export async function spendToken(db: Db, tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
  const [spent] = await db
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
  return spent;
}

export async function findTokenByHash(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [known] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return known;
}

export async function markFamilySecondFactor(db: Db, userId: string, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ secondFactor: true })
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId)));
}

/** Revokes the family's live tokens; answers the accounts they belonged to. */
export async function revokeFamilyTokens(db: Db, familyId: string): Promise<string[]> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  return [...new Set(revoked.map((row) => row.userId))];
}

/** Revokes every live token of the account, but those of `exceptFamilyId` when given. */
export async function revokeAccountTokens(db: Db, userId: string, exceptFamilyId?: string): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (exceptFamilyId) conditions.push(ne(refreshTokens.familyId, exceptFamilyId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
