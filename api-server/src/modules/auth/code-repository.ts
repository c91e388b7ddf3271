import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authCodes, type CodePurpose, secondFactorFailures } from './tables/auth.tables.ts';

/** Wrong verification tries of the account since `since`, summed over its codes. */
export async function verifyTriesSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ tries: sql<number>`coalesce(sum(${authCodes.attempts}), 0)`.mapWith(Number) })
    .from(authCodes)
    .where(
      and(
        eq(authCodes.userId, userId),
        eq(authCodes.purpose, 'verify_email'),
        gt(authCodes.createdAt, since),
      ),
    );
  return row?.tries ?? 0;
}

/** The codes of this purpose the account was sent since `since`. */
export async function codesIssuedSince(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), gt(authCodes.createdAt, since)));
  return row?.total ?? 0;
}

export async function insertCode(db: Db, values: typeof authCodes.$inferInsert): Promise<void> {
  await db.insert(authCodes).values(values);
}

/**
 * Tries the account's newest live code against `codeHash` in one UPDATE: a match spends it, a miss counts a try
 * and the `maxAttempts`th miss burns it. Answers the code tried, or nothing when no code was live.
 */
export async function tryNewestLiveCode(
  db: Db,
  code: { userId: string; purpose: CodePurpose; codeHash: string; maxAttempts: number },
): Promise<{ id: string; matched: boolean; attempts: number } | undefined> {
  const newestLive = db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(
      and(
        eq(authCodes.userId, code.userId),
        eq(authCodes.purpose, code.purpose),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  const matches = sql`${authCodes.codeHash} = ${code.codeHash}`;
  const [tried] = await db
    .update(authCodes)
    .set({
      attempts: sql`${authCodes.attempts} + case when ${matches} then 0 else 1 end`,
      consumedAt: sql`case when ${matches} or ${authCodes.attempts} + 1 >= ${code.maxAttempts} then now() end`,
    })
    .where(and(inArray(authCodes.id, newestLive), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id, matched: sql<boolean>`${matches}`, attempts: authCodes.attempts });
  return tried;
}

/** Makes a spent code live again (until its own expiry). */
export async function reviveCode(db: Db, codeId: string): Promise<void> {
  await db.update(authCodes).set({ consumedAt: null }).where(eq(authCodes.id, codeId));
}

export type SecondFactorBackoff = { freeTries: number; firstWaitSeconds: number; longestWaitSeconds: number };

/**
 * Counts a try of the account's second factor unless it comes too soon after the last wrong one, in one
 * statement. Answers the wrong codes in a row so far (this one included), or nothing when the try must wait.
 */
export async function countSecondFactorFailure(
  db: Db,
  userId: string,
  backoff: SecondFactorBackoff,
): Promise<{ failures: number } | undefined> {
  const waitOver = sql`${secondFactorFailures.failures} < ${backoff.freeTries} or ${secondFactorFailures.lastFailedAt} <= now() - make_interval(secs => least(${backoff.firstWaitSeconds} * power(2, ${secondFactorFailures.failures} - ${backoff.freeTries}), ${backoff.longestWaitSeconds}))`;
  const [row] = await db
    .insert(secondFactorFailures)
    .values({ userId, failures: 1 })
    .onConflictDoUpdate({
      target: secondFactorFailures.userId,
      set: { failures: sql`${secondFactorFailures.failures} + 1`, lastFailedAt: sql`now()` },
      setWhere: waitOver,
    })
    .returning({ failures: secondFactorFailures.failures });
  return row;
}

/** The account's wrong codes in a row and the seconds since the last one. */
export async function secondFactorFailuresOf(
  db: Db,
  userId: string,
): Promise<{ failures: number; sinceLast: number } | undefined> {
  const [held] = await db
    .select({
      failures: secondFactorFailures.failures,
      sinceLast: sql<number>`extract(epoch from now() - ${secondFactorFailures.lastFailedAt})`.mapWith(
        Number,
      ),
    })
    .from(secondFactorFailures)
    .where(eq(secondFactorFailures.userId, userId));
  return held;
}

export async function clearSecondFactorFailures(db: Db, userId: string): Promise<void> {
  await db.delete(secondFactorFailures).where(eq(secondFactorFailures.userId, userId));
}
