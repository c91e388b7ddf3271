import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { UserSettings } from '../../db/columns.ts';
import { fieldError, unauthorized } from '../../lib/http-error.ts';
import { processImage } from '../../lib/images.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import type { UploadKind } from '../../plugins/storage.ts';
import {
  deleteUserAccount,
  mergeSettingsGroup,
  type PictureColumn,
  type SettingsGroup,
  swapPicture,
  updateUser,
} from './account-repository.ts';
import type { UserRow } from './user-repository.ts';
import { withDefaultSettings } from './user-settings.ts';

export const DELETE_PHRASE = 'DELETE_MY_ACCOUNT';
export const PASSWORD_REQUIRED = 'Please enter your password to delete your account.';
export const PHRASE_REQUIRED = `Please type "${DELETE_PHRASE}" to confirm account deletion.`;
export const WRONG_PASSWORD = 'Password is incorrect';

// The row disappeared under a valid token: the account was deleted meanwhile.
const gone = () => unauthorized('Invalid or expired access token');

export function getSettings(user: UserRow): UserSettings {
  return withDefaultSettings(user.settings);
}

/** The contract lets exactly one group through; only the fields sent change. */
export async function updateSettings(
  ctx: AppContext,
  user: UserRow,
  body: Schema<'SettingsUpdateRequest'>,
): Promise<UserSettings> {
  const [entry] = Object.entries(body) as [SettingsGroup, Record<string, unknown>][];
  if (!entry) throw fieldError('body', 'Send one group of settings');
  const row = await mergeSettingsGroup(ctx.db, user.id, entry[0], entry[1]);
  if (!row) throw gone();
  return withDefaultSettings(row.settings);
}

export async function updateAccountDetails(
  ctx: AppContext,
  user: UserRow,
  body: Schema<'AccountDetailsRequest'>,
): Promise<UserRow> {
  const values: { fullName?: string; bio?: string } = {};
  if (body.fullName !== undefined) {
    values.fullName = body.fullName.trim();
    if (!values.fullName) throw fieldError('fullName', 'Full name is required');
  }
  if (body.bio !== undefined) values.bio = body.bio.trim();
  const row = await updateUser(ctx.db, user.id, values);
  if (!row) throw gone();
  return row;
}

/** Profile pictures are re-encoded with their long side capped here. */
export const AVATAR_MAX_SIDE = 512;
export const COVER_MAX_SIDE = 1920;

const PICTURES: Record<'avatar' | 'cover', { column: PictureColumn; kind: UploadKind; maxSide: number }> = {
  avatar: { column: 'avatarUrl', kind: 'avatars', maxSide: AVATAR_MAX_SIDE },
  cover: { column: 'coverImageUrl', kind: 'covers', maxSide: COVER_MAX_SIDE },
};

async function removeFiles(ctx: AppContext, urls: (string | null)[]): Promise<void> {
  await Promise.all(
    urls.map((url) =>
      ctx.storage.remove(url).catch((error: unknown) => {
        ctx.log.warn({ err: error, url }, 'could not remove a stored file');
      }),
    ),
  );
}

/** Content-checked, re-encoded and stripped (lib/images); the replaced file is removed afterwards. */
export async function replacePicture(
  ctx: AppContext,
  user: UserRow,
  which: 'avatar' | 'cover',
  file: UploadedFile,
): Promise<UserRow> {
  const { column, kind, maxSide } = PICTURES[which];
  const image = await processImage(file.data, { maxSide });
  const url = await ctx.storage.save(kind, image.data, 'webp');
  const swapped = await swapPicture(ctx.db, user.id, column, url).catch(async (error: unknown) => {
    await removeFiles(ctx, [url]);
    throw error;
  });
  if (!swapped) {
    await removeFiles(ctx, [url]);
    throw gone();
  }
  await removeFiles(ctx, [swapped.previous]);
  return swapped.user;
}

export async function removePicture(ctx: AppContext, user: UserRow, which: 'avatar' | 'cover') {
  const swapped = await swapPicture(ctx.db, user.id, PICTURES[which].column, null);
  if (!swapped) throw gone();
  await removeFiles(ctx, [swapped.previous]);
  return swapped.user;
}

/**
 * The row goes first, in one transaction, and the files after it commits: a deletion that fails leaves a
 * whole account behind, never one with its pictures missing.
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
  const files = await deleteUserAccount(ctx.db, user.id);
  // Every instance forgets the account and closes its open event streams.
  await ctx.accounts.forget(user.id);
  // Their quests lose their creator and the quests they reviewed their ratings: every page may show them.
  ctx.catalogue.clear();
  await removeFiles(ctx, files);
}
