import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import * as account from './account-service.ts';
import { toUserDto } from './user-dto.ts';

function upload(files: UploadedFile[] | undefined): UploadedFile {
  const [file] = files ?? [];
  if (!file) throw new Error('multipart rule let a required file through');
  return file;
}

export function usersHandlers(ctx: AppContext) {
  return {
    async getSettings(request) {
      return { message: 'Settings fetched', data: account.getSettings(currentAuth(request).user) };
    },
    async updateAccountDetails(request) {
      const user = await account.updateAccountDetails(ctx, currentAuth(request).user, request.body);
      const { fullName, bio } = request.body;
      const message =
        fullName !== undefined && bio !== undefined
          ? 'Account details updated successfully!'
          : fullName !== undefined
            ? 'Full name updated successfully!'
            : 'Bio updated successfully!';
      return { message, data: toUserDto(user, ctx.files) };
    },
    async updateAvatar(request) {
      const file = upload(request.uploads.avatar);
      const user = await account.replacePicture(ctx, currentAuth(request).user, 'avatar', file);
      return { message: 'Profile picture updated successfully!', data: toUserDto(user, ctx.files) };
    },
    async removeAvatar(request) {
      const user = await account.removePicture(ctx, currentAuth(request).user, 'avatar');
      return { message: 'Profile picture removed successfully!', data: toUserDto(user, ctx.files) };
    },
    async updateCoverImage(request) {
      const file = upload(request.uploads.coverImage);
      const user = await account.replacePicture(ctx, currentAuth(request).user, 'cover', file);
      return { message: 'Cover image updated successfully!', data: toUserDto(user, ctx.files) };
    },
    async removeCoverImage(request) {
      const user = await account.removePicture(ctx, currentAuth(request).user, 'cover');
      return { message: 'Cover image removed successfully!', data: toUserDto(user, ctx.files) };
    },
  } satisfies Handlers;
}
