import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { UserSettings } from '../../db/columns.ts';
import { fieldError, unauthorized } from '../../lib/http-error.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import type { UploadKind } from '../../plugins/storage.ts';
import { type PictureColumn, swapPicture, updateUser } from './account-repository.ts';
import type { UserRow } from './user-repository.ts';
import { withDefaultSettings } from './user-settings.ts';

// The row disappeared under a valid token: the account was deleted meanwhile.
const gone = () => unauthorized('Invalid or expired access token');

export function getSettings(user: UserRow): UserSettings {
  return withDefaultSettings(user.settings);
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

/** Removes stored files after the change that dropped them committed; a failure is logged, never thrown. */
export async function removeFiles(ctx: AppContext, urls: (string | null)[]): Promise<void> {
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
  const image = (await ctx.images.prepare(file.data, { maxSide })).processed;
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
