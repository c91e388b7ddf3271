import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';

export type MyProfile = Schema<'MyProfile'>;
export type PublicProfile = Schema<'PublicProfile'>;

export const profileApi = {
  mine: () => unwrap(api().GET('/users/my-profile'), 'Failed to fetch current user profile'),
  of: (id: string) =>
    unwrap(api().GET('/users/profile/{id}', { params: { path: { id } } }), 'Failed to fetch user profile'),
};

export const profileListsApi = {
  completedQuests: () => unwrap(api().GET('/users/completed-quests'), 'Failed to fetch completed quests'),
  badges: (userId: string) =>
    unwrap(api().GET('/badges/earned/{userId}', { params: { path: { userId } } }), 'Failed to fetch badges'),
  friends: () => unwrap(api().GET('/friends/my-friends'), 'Failed to fetch friends'),
};
