import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldError, notFound } from '../../lib/http-error.ts';
import { type PageQuery, paginationOf, toPage } from '../../lib/pagination.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import { recordQuotaEvent } from '../../plugins/quota-events.ts';
import { notify } from '../notifications/index.ts';
import { findUserById, toUserSummary, type UserRow } from '../users/index.ts';
import * as repo from './friends-repository.ts';

/** A friend counts as Online when active in the last 5 minutes. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

export const USER_NOT_FOUND = 'User not found';
export const REQUEST_NOT_FOUND = 'Friend request not found';

const displayName = (user: Pick<UserRow, 'fullName' | 'username'>) => user.fullName.trim() || user.username;

function toFriendRequestDto(
  row: repo.FriendRequestWithParties,
  files: FileAddresses,
): Schema<'FriendRequest'> {
  return {
    _id: row.id,
    from: toUserSummary(row.from, files),
    to: toUserSummary(row.to, files),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt ? row.respondedAt.toISOString() : null,
  };
}

function toFriendDto(row: repo.FriendRow, now: number, files: FileAddresses): Schema<'Friend'> {
  const online = row.lastActiveAt !== null && now - row.lastActiveAt.getTime() <= ONLINE_WINDOW_MS;
  return {
    _id: row.id,
    username: row.username,
    fullName: row.fullName,
    avatar: files.ofOptional(row.avatarUrl),
    bio: row.bio,
    status: online ? 'Online' : 'Offline',
    friendsSince: row.friendsSince.toISOString(),
  };
}

async function withParties(db: Db, files: FileAddresses, id: string): Promise<Schema<'FriendRequest'>> {
  const row = await repo.findRequestWithParties(db, id);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return toFriendRequestDto(row, files);
}

function notifyAccepted(db: Db, sender: string, accepter: UserRow) {
  return notify(db, sender, {
    type: 'friend_accepted',
    title: 'Friend request accepted',
    message: `${displayName(accepter)} (@${accepter.username}) accepted your friend request.`,
    link: '/profile',
  });
}

export type SendResult = { accepted: boolean; request: Schema<'FriendRequest'> };

/**
 * One model for both call sets: a request row per direction. Sending to someone whose request is pending
 * accepts theirs instead; a declined request of the caller's may be sent again.
 */
export async function sendRequest(ctx: AppContext, me: UserRow, targetId: string): Promise<SendResult> {
  if (targetId === me.id) throw fieldError('userId', 'You cannot send a friend request to yourself');
  return ctx.db.transaction(async (tx) => {
    const target = await findUserById(tx, targetId);
    // Suspended accounts and blocks in either direction look like unknown users: nothing to learn from them.
    if (!target?.accountVerified) throw notFound(USER_NOT_FOUND);
    await repo.lockPair(tx, me.id, target.id);
    if (await repo.isBlockedEitherWay(tx, me.id, target.id)) throw notFound(USER_NOT_FOUND);
    const rows = await repo.requestsBetween(tx, me.id, target.id);
    if (rows.some((row) => row.status === 'accepted')) {
      throw conflict('You are already friends with this user');
    }
    const theirs = rows.find((row) => row.fromUserId === target.id && row.status === 'pending');
    if (theirs) {
      await repo.setRequestStatus(tx, theirs.id, 'accepted');
      await notifyAccepted(tx, target.id, me);
      return { accepted: true, request: await withParties(tx, ctx.files, theirs.id) };
    }
    const mine = rows.find((row) => row.fromUserId === me.id);
    if (mine?.status === 'pending') throw conflict('Friend request already sent');
    const sent = mine
      ? await repo.setRequestStatus(tx, mine.id, 'pending')
      : await repo.insertRequest(tx, me.id, target.id);
    if (!sent) throw notFound(REQUEST_NOT_FOUND);
    // Counted with the request, in its transaction: the friend-requests quota (docs/ops/security.md#quotas).
    await recordQuotaEvent(tx, 'friend-requests', me.id);
    await notify(tx, target.id, {
      type: 'friend_request',
      title: 'New friend request',
      message: `${displayName(me)} (@${me.username}) sent you a friend request.`,
      link: '/profile',
    });
    return { accepted: false, request: await withParties(tx, ctx.files, sent.id) };
  });
}

/** Only the receiver may answer, once; accepting notifies the sender. */
export async function respondToRequest(
  ctx: AppContext,
  me: UserRow,
  requestId: string,
  accept: boolean,
): Promise<Schema<'FriendRequest'>> {
  return ctx.db.transaction(async (tx) => {
    const request = await repo.findRequestForUpdate(tx, requestId);
    if (!request || request.toUserId !== me.id) throw notFound(REQUEST_NOT_FOUND);
    if (request.status !== 'pending') throw conflict('This friend request has already been answered');
    await repo.setRequestStatus(tx, request.id, accept ? 'accepted' : 'declined');
    if (accept) await notifyAccepted(tx, request.fromUserId, me);
    return withParties(tx, ctx.files, request.id);
  });
}

export async function removeFriend(ctx: AppContext, me: UserRow, friendId: string): Promise<void> {
  const removed = await repo.deleteFriendshipOrSentRequest(ctx.db, me.id, friendId);
  if (!removed) throw notFound('This user is not in your friends list and has no request from you');
}

/** Ends any friendship and request between the two; from then on neither finds or reaches the other. */
export async function blockUser(ctx: AppContext, me: UserRow, targetId: string): Promise<void> {
  if (targetId === me.id) throw badRequest('You cannot block yourself');
  await ctx.db.transaction(async (tx) => {
    const target = await findUserById(tx, targetId);
    if (!target) throw notFound(USER_NOT_FOUND);
    await repo.lockPair(tx, me.id, target.id);
    await repo.insertBlock(tx, me.id, target.id);
    await repo.deleteAllRequestsBetween(tx, me.id, target.id);
  });
}

export async function listFriends(ctx: AppContext, me: UserRow, query: PageQuery) {
  const page = toPage(query, 20);
  const { rows, total } = await repo.listFriends(ctx.db, me.id, page);
  const now = Date.now();
  return {
    friends: rows.map((row) => toFriendDto(row, now, ctx.files)),
    pagination: paginationOf('totalFriends', total, page),
  };
}

export async function listRequests(
  ctx: AppContext,
  me: UserRow,
  direction: 'received' | 'sent',
  query: PageQuery,
) {
  const page = toPage(query, 20);
  const { rows, total } = await repo.listPendingRequests(
    ctx.db,
    me.id,
    direction === 'received' ? 'to' : 'from',
    page,
  );
  return {
    requests: rows.map((row) => toFriendRequestDto(row, ctx.files)),
    pagination: paginationOf('totalRequests', total, page),
  };
}
