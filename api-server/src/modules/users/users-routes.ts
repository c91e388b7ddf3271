import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { defineDocumentedMessages } from '../../lib/validation-messages.ts';
import { currentAuth } from '../../plugins/auth.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import * as account from './account-service.ts';
import * as profiles from './profile-service.ts';
import { toUserDto } from './user-dto.ts';

// Account details, deletion and settings worded as docs/product-rules/messages.md#account-messages says.
defineDocumentedMessages('updateAccountDetails', {
  email: { additionalProperties: 'You cannot change the email address.' },
  username: { additionalProperties: 'Username cannot be changed.' },
  fullName: { required: 'Full name is required', minLength: 'Full name is required' },
});
defineDocumentedMessages('deleteAccount', {
  password: { required: account.PASSWORD_REQUIRED, minLength: account.PASSWORD_REQUIRED },
  confirmDeletion: { required: account.PHRASE_REQUIRED, const: account.PHRASE_REQUIRED },
});
const emptyGroup = { minProperties: 'Send at least one setting of the group' };
defineDocumentedMessages('updateSettings', {
  body: {
    minProperties: 'Send one group of settings',
    maxProperties: 'Send one group of settings at a time',
  },
  appPreferences: emptyGroup,
  privacy: emptyGroup,
  security: emptyGroup,
  notifications: emptyGroup,
});

function upload(files: UploadedFile[] | undefined): UploadedFile {
  const [file] = files ?? [];
  if (!file) throw new Error('multipart rule let a required file through');
  return file;
}

export function usersHandlers(ctx: AppContext) {
  return {
    async getMyProfile(request) {
      const data = await profiles.getMyProfile(ctx, currentAuth(request).user);
      return { message: 'Profile fetched', data };
    },
    async getUserProfile(request) {
      const data = await profiles.getUserProfile(ctx, currentAuth(request).user, request.params.id);
      return { message: 'Profile fetched', data };
    },
    async searchUsers(request) {
      const data = await profiles.searchUsers(ctx, currentAuth(request).user, request.query);
      return { message: 'Users found', data };
    },
    async getSettings(request) {
      return { message: 'Settings fetched', data: account.getSettings(currentAuth(request).user) };
    },
    async updateSettings(request) {
      const data = await account.updateSettings(ctx, currentAuth(request).user, request.body);
      return { message: 'Settings updated successfully', data };
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
      return { message, data: toUserDto(user) };
    },
    async updateAvatar(request) {
      const file = upload(request.uploads.avatar);
      const user = await account.replacePicture(ctx, currentAuth(request).user, 'avatar', file);
      return { message: 'Profile picture updated successfully!', data: toUserDto(user) };
    },
    async removeAvatar(request) {
      const user = await account.removePicture(ctx, currentAuth(request).user, 'avatar');
      return { message: 'Profile picture removed successfully!', data: toUserDto(user) };
    },
    async updateCoverImage(request) {
      const file = upload(request.uploads.coverImage);
      const user = await account.replacePicture(ctx, currentAuth(request).user, 'cover', file);
      return { message: 'Cover image updated successfully!', data: toUserDto(user) };
    },
    async removeCoverImage(request) {
      const user = await account.removePicture(ctx, currentAuth(request).user, 'cover');
      return { message: 'Cover image removed successfully!', data: toUserDto(user) };
    },
    async deleteAccount(request) {
      const { user } = currentAuth(request);
      await account.deleteAccount(ctx, user, request.body);
      return { message: 'Account deleted successfully', data: { _id: user.id } };
    },
  } satisfies Handlers;
}
