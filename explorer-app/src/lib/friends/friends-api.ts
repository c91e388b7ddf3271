import type { Schema } from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../api.ts';

export type Friend = Schema<'Friend'>;

export const friendQueries = {
  mine: () => getQuery('/friends/my-friends'),
  pending: () => getQuery('/friends/pending-requests'),
  sent: () => getQuery('/friends/sent-requests'),
  search: (username: string) => getQuery('/users/search', { query: { username } }),
};

/**
 * Refetches what a change of friendship shows: the named lists, every search result (each says how the explorer
 * stands with that person) and the public profiles (which say it too).
 */
function useInvalidateFriendship() {
  const queryClient = useQueryClient();
  return (lists: ('/friends/my-friends' | '/friends/pending-requests' | '/friends/sent-requests')[]) =>
    Promise.all(
      [...lists, '/users/search' as const, '/users/profile/{id}' as const].map((path) =>
        queryClient.invalidateQueries({ queryKey: apiKey(path) }),
      ),
    );
}

export function useSendFriendRequest() {
  const invalidate = useInvalidateFriendship();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(api().POST('/friends/send-request', { body: { userId } }), 'Failed to send friend request'),
    onSuccess: () => invalidate(['/friends/sent-requests']),
  });
}

export function useRespondToFriendRequest() {
  const invalidate = useInvalidateFriendship();
  return useMutation({
    mutationFn: ({ requestId, accept }: { requestId: string; accept: boolean }) =>
      unwrap(
        api().POST('/friends/respond-request', { body: { requestId, accept } }),
        'Failed to respond to friend request',
      ),
    onSuccess: () => invalidate(['/friends/pending-requests', '/friends/my-friends']),
  });
}

export function useRemoveFriend() {
  const invalidate = useInvalidateFriendship();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api().DELETE('/friends/remove/{id}', { params: { path: { id } } }), 'Failed to remove friend'),
    onSuccess: () => invalidate(['/friends/my-friends']),
  });
}

/** Withdraws a request the explorer sent: the same call as removing, with its own message. */
export function useCancelFriendRequest() {
  const invalidate = useInvalidateFriendship();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api().DELETE('/friends/remove/{id}', { params: { path: { id } } }),
        'Failed to cancel friend request',
      ),
    onSuccess: () => invalidate(['/friends/sent-requests']),
  });
}

export function useBlockUser() {
  const invalidate = useInvalidateFriendship();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api().POST('/friends/block/{id}', { params: { path: { id } } }), 'Failed to block user'),
    onSuccess: () =>
      invalidate(['/friends/my-friends', '/friends/pending-requests', '/friends/sent-requests']),
  });
}
