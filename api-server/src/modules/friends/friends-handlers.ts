import type { AppContext } from '../../app-context.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import * as friends from './friends-service.ts';

export function friendsHandlers(ctx: AppContext) {
  // Both friends call sets share one model: each pair of operations answers alike
  // (docs/product-rules/api-shapes.md#friends-call-sets).
  const send = async (request: Parameters<typeof currentAuth>[0], userId: string) => {
    const result = await friends.sendRequest(ctx, currentAuth(request).user, userId);
    return result.accepted
      ? { statusCode: 200 as const, message: 'Friend request accepted', data: result.request }
      : { statusCode: 201 as const, message: 'Friend request sent', data: result.request };
  };
  const list = async (request: Parameters<typeof currentAuth>[0], query: PageQuery) => ({
    message: 'Friends fetched',
    data: await friends.listFriends(ctx, currentAuth(request).user, query),
  });
  return {
    listFriends: (request) => list(request, request.query),
    listMyFriends: (request) => list(request, request.query),
    requestFriendship: (request) => send(request, request.body.userId),
    sendFriendRequest: (request) => send(request, request.body.userId),
    async acceptFriendRequest(request) {
      const data = await friends.respondToRequest(ctx, currentAuth(request).user, request.params.id, true);
      return { message: 'Friend request accepted', data };
    },
    async respondToFriendRequest(request) {
      const { requestId, accept } = request.body;
      const data = await friends.respondToRequest(ctx, currentAuth(request).user, requestId, accept);
      return { message: accept ? 'Friend request accepted' : 'Friend request declined', data };
    },
    async listPendingFriendRequests(request) {
      const data = await friends.listRequests(ctx, currentAuth(request).user, 'received', request.query);
      return { message: 'Pending friend requests fetched', data };
    },
    async listSentFriendRequests(request) {
      const data = await friends.listRequests(ctx, currentAuth(request).user, 'sent', request.query);
      return { message: 'Sent friend requests fetched', data };
    },
    async removeFriend(request) {
      await friends.removeFriend(ctx, currentAuth(request).user, request.params.id);
      return { message: 'Friend removed', data: { _id: request.params.id } };
    },
    async blockUser(request) {
      await friends.blockUser(ctx, currentAuth(request).user, request.params.id);
      return { message: 'User blocked', data: { _id: request.params.id } };
    },
  } satisfies Handlers;
}
