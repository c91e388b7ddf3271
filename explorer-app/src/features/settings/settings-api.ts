import { type Schema, type User, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';
import { useAuthStore } from '../../lib/auth-store.ts';

type SettingsUpdate = Schema<'SettingsUpdateRequest'>;

/** Every settings call keeps the signed-in user in the auth store current, so the header and theme follow. */
function keep(user: User): User {
  useAuthStore.setState({ userData: user });
  return user;
}

const multipart = (field: string, file: File) => {
  const form = new FormData();
  form.append(field, file);
  return { body: form as never, bodySerializer: (body: unknown) => body as FormData };
};

export const settingsApi = {
  updatePicture: async (kind: 'avatar' | 'coverImage', file: File) =>
    keep(
      kind === 'avatar'
        ? await unwrap(
            api().POST('/users/update-user-avatar', multipart('avatar', file)),
            'Failed to update avatar',
          )
        : await unwrap(
            api().POST('/users/update-user-cover-image', multipart('coverImage', file)),
            'Failed to update cover image',
          ),
    ),
  removePicture: async (kind: 'avatar' | 'coverImage') =>
    keep(
      kind === 'avatar'
        ? await unwrap(api().DELETE('/users/avatar'), 'Failed to update avatar')
        : await unwrap(api().DELETE('/users/cover-image'), 'Failed to update cover image'),
    ),
  updateDetails: async (details: { fullName?: string; bio?: string }) =>
    keep(
      await unwrap(
        api().POST('/users/update-account-details', { body: details }),
        'Failed to update account details',
      ),
    ),
  updateSettings: async (update: SettingsUpdate) => {
    const settings = await unwrap(
      api().POST('/users/settings', { body: update }),
      'Failed to update settings',
    );
    const user = useAuthStore.getState().userData;
    if (user) useAuthStore.setState({ userData: { ...user, settings } });
    return settings;
  },
  deleteAccount: (password: string) =>
    unwrap(
      api().DELETE('/users/delete-account', { body: { password, confirmDeletion: 'DELETE_MY_ACCOUNT' } }),
      'Failed to delete account',
    ),
};
