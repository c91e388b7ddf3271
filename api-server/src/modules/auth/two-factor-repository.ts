import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, twoFactorSecrets } from './tables/auth.tables.ts';

export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect;

export async function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Starts or restarts a setup; answers false when two-factor sign-in is already on (nothing is replaced). */
export async function saveSetupSecret(db: Db, userId: string, sealedSecret: string): Promise<boolean> {
  const saved = await db
    .insert(twoFactorSecrets)
    .values({ userId, sealedSecret })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { sealedSecret, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return saved.length > 0;
}

/** Turns a waiting setup on, spending the step of its first code; false when it was on already. */
export async function markEnabled(db: Db, userId: string, step: number): Promise<boolean> {
  const enabled = await db
    .update(twoFactorSecrets)
    .set({ enabledAt: new Date(), lastUsedStep: step })
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
    .returning({ userId: twoFactorSecrets.userId });
  return enabled.length > 0;
}

/**
 * Accepts a code's step once: only a step newer than the last accepted one moves the mark, in one statement, so a
 * code replayed (or sent twice at once) is refused.
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        isNotNull(twoFactorSecrets.enabledAt),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return claimed.length > 0;
}

/** Spends an unused recovery code; false for a wrong or spent one. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function removeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
}
