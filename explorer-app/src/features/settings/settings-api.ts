import type { Schema, User } from '@cityquest/contract';
import { apiKey, meKey, toFormData, unwrap } from '@cityquest/web-client';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { auth } from '../../lib/auth-api.ts';

type SettingsUpdate = Schema<'SettingsUpdateRequest'>;
export type PictureKind = 'avatar' | 'coverImage';

/**
 * What a change to the signed-in user changes: the current user (set from the answer, which is the user as the
 * server now has it, so the header, theme and language follow without another call) and the cached profiles that
 * show them.
 */
function keep(queryClient: QueryClient, user: User) {
  auth.keepUser(queryClient, user);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKey('/users/my-profile') }),
    queryClient.invalidateQueries({ queryKey: apiKey('/users/profile/{id}', { path: { id: user._id } }) }),
  ]);
}

export function useUpdatePicture(kind: PictureKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      kind === 'avatar'
        ? unwrap(
            api().POST('/users/update-user-avatar', { body: { avatar: file }, bodySerializer: toFormData }),
            'Failed to update avatar',
          )
        : unwrap(
            api().POST('/users/update-user-cover-image', {
              body: { coverImage: file },
              bodySerializer: toFormData,
            }),
            'Failed to update cover image',
          ),
    onSuccess: (user) => keep(queryClient, user),
  });
}

export function useRemovePicture(kind: PictureKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      kind === 'avatar'
        ? unwrap(api().DELETE('/users/avatar'), 'Failed to update avatar')
        : unwrap(api().DELETE('/users/cover-image'), 'Failed to update cover image'),
    onSuccess: (user) => keep(queryClient, user),
  });
}

export function useUpdateAccountDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: Schema<'AccountDetailsRequest'>) =>
      unwrap(
        api().POST('/users/update-account-details', { body: details }),
        'Failed to update account details',
      ),
    onSuccess: (user) => keep(queryClient, user),
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) =>
      unwrap(api().POST('/users/settings', { body: update }), 'Failed to update settings'),
    onSuccess: (settings) => {
      const user = queryClient.getQueryData<User | null>(meKey);
      return user ? keep(queryClient, { ...user, settings }) : undefined;
    },
  });
}

/** The phrase that confirms a deletion (openapi.yaml, DeleteAccountRequest `confirmDeletion`). */
export const DELETE_PHRASE: Schema<'DeleteAccountRequest'>['confirmDeletion'] = 'DELETE_MY_ACCOUNT';

/** Deleting ends the session; the caller clears it once it has left the guarded screen. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(
        api().DELETE('/users/delete-account', { body: { password, confirmDeletion: DELETE_PHRASE } }),
        'Failed to delete account',
      ),
  });
}
