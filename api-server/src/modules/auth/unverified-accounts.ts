import type { AppContext } from '../../app-context.ts';
import { deleteUnverifiedBefore, type UserRow } from '../users/index.ts';

/** An account whose email is not verified within this time is gone: its email and username are free again. */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The account as the sign-in and code routes see it: an unverified account past its 7 days counts as
 * unknown even before a registration purges it.
 */
export function liveAccount(user: UserRow | undefined): UserRow | undefined {
  if (!user || user.isEmailVerified) return user;
  return user.createdAt.getTime() <= Date.now() - UNVERIFIED_ACCOUNT_TTL_MS ? undefined : user;
}

/**
 * Deletes every unverified account past its 7 days, and its pictures. Such an account never signed in (sign-in
 * needs a verified email), so it owns nothing else; foreign keys take its codes with it.
 */
export async function purgeExpiredUnverifiedAccounts(ctx: AppContext): Promise<void> {
  const removed = await deleteUnverifiedBefore(ctx.db, new Date(Date.now() - UNVERIFIED_ACCOUNT_TTL_MS));
  const files = removed.flatMap((row) => [row.avatarUrl, row.coverImageUrl]);
  await Promise.all(
    files.map((url) =>
      url
        ? ctx.storage.remove(url).catch((error: unknown) => {
            ctx.log.warn({ err: error, url }, 'could not remove a stored file');
          })
        : undefined,
    ),
  );
}
