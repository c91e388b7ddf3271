import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';

export type Friend = Schema<'Friend'>;
export type FriendRequest = Schema<'FriendRequest'>;
export type UserSearchResult = Schema<'UserSearchResult'>;

export const friendsApi = {
  myFriends: () => unwrap(api().GET('/friends/my-friends'), 'Failed to fetch friends'),
  pending: () => unwrap(api().GET('/friends/pending-requests'), 'Failed to fetch pending requests'),
  sent: () => unwrap(api().GET('/friends/sent-requests'), 'Failed to fetch sent requests'),
  search: (username: string) =>
    unwrap(api().GET('/users/search', { params: { query: { username } } }), 'Failed to fetch user profile'),
  send: (userId: string) =>
    unwrap(api().POST('/friends/send-request', { body: { userId } }), 'Failed to send friend request'),
  respond: (requestId: string, accept: boolean) =>
    unwrap(
      api().POST('/friends/respond-request', { body: { requestId, accept } }),
      'Failed to respond to friend request',
    ),
  remove: (id: string) =>
    unwrap(api().DELETE('/friends/remove/{id}', { params: { path: { id } } }), 'Failed to remove friend'),
  withdraw: (id: string) =>
    unwrap(
      api().DELETE('/friends/remove/{id}', { params: { path: { id } } }),
      'Failed to cancel friend request',
    ),
  block: (id: string) =>
    unwrap(api().POST('/friends/block/{id}', { params: { path: { id } } }), 'Failed to block user'),
};
