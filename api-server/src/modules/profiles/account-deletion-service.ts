import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { fieldError } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { proofFilesOf } from '../progress/index.ts';
import { refreshQuestRatings, reviewedQuestIdsOf } from '../reviews/index.ts';
import { deleteUserRow, lockUser, removeFiles, type UserRow } from '../users/index.ts';

export const DELETE_PHRASE = 'DELETE_MY_ACCOUNT';
export const PASSWORD_REQUIRED = 'Please enter your password to delete your account.';
export const PHRASE_REQUIRED = `Please type "${DELETE_PHRASE}" to confirm account deletion.`;
export const WRONG_PASSWORD = 'Password is incorrect';

/**
 * Deletes the user row in one transaction; foreign keys remove sessions, codes, progress and proofs, reviews,
 * badges, friendships, blocks and notifications, and leave their quests with no creator. The ratings of quests
 * they reviewed are recomputed without their reviews. Answers the files to remove: pictures and proof files
 * (their quests stay, with theirs). Served here, above users, progress and reviews, as it reads all three.
 */
function deleteAccountRows(ctx: AppContext, userId: string): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) return [];
    const proofFiles = await proofFilesOf(tx, userId);
    const reviewed = await reviewedQuestIdsOf(tx, userId);
    await deleteUserRow(tx, userId);
    if (reviewed.length) await refreshQuestRatings(tx, reviewed);
    return [user.avatarUrl, user.coverImageUrl, ...proofFiles].filter((url): url is string => Boolean(url));
  });
}

/**
 * DELETE /users/delete-account. The row goes first, in one transaction, and the files after it commits: a
 * deletion that fails leaves a whole account behind, never one with its pictures missing.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  body: Schema<'DeleteAccountRequest'>,
): Promise<void> {
  if (!body.password) throw fieldError('password', PASSWORD_REQUIRED);
  if (body.confirmDeletion !== DELETE_PHRASE) throw fieldError('confirmDeletion', PHRASE_REQUIRED);
  // 400, not 401: a 401 would make the client refresh and sign out instead of showing the message.
  if (!(await verifyPassword(user.passwordHash, body.password))) throw fieldError('password', WRONG_PASSWORD);
  const files = await deleteAccountRows(ctx, user.id);
  // Every instance forgets the account and closes its open event streams.
  await ctx.accounts.forget(user.id);
  // Their quests lose their creator and the quests they reviewed their ratings: every page may show them.
  ctx.catalogue.clear();
  await removeFiles(ctx, files);
}
