import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Page } from '../../lib/pagination.ts';
import { joinableUsers, lockUsers, type UserRow } from '../users/index.ts';
import { type FriendRequestStatus, friendRequests, userBlocks } from './tables/friends.tables.ts';

const users = joinableUsers('users');

export type FriendRequestRow = typeof friendRequests.$inferSelect;
export type Friendship = 'none' | 'self' | 'friends' | 'request_sent' | 'request_received';

type Party = Pick<UserRow, 'id' | 'username' | 'fullName' | 'avatarUrl'>;
export type FriendRequestWithParties = FriendRequestRow & { from: Party; to: Party };
export type FriendRow = Pick<
  UserRow,
  'id' | 'username' | 'fullName' | 'avatarUrl' | 'bio' | 'lastActiveAt'
> & {
  friendsSince: Date;
};

/** Every request row between two people, in either direction (the pair key is directional). */
function between(a: string, b: string): SQL | undefined {
  return or(
    and(eq(friendRequests.fromUserId, a), eq(friendRequests.toUserId, b)),
    and(eq(friendRequests.fromUserId, b), eq(friendRequests.toUserId, a)),
  );
}

export function requestsBetween(db: Db, a: string, b: string): Promise<FriendRequestRow[]> {
  return db.select().from(friendRequests).where(between(a, b));
}

/**
 * Serialises friend changes between two people: concurrent requests in opposite directions would otherwise
 * both insert a pending row. Locks in id order so two transactions cannot wait on each other.
 */
export async function lockPair(db: Db, a: string, b: string): Promise<void> {
  await lockUsers(db, [a, b]);
}

export async function isBlockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** For queries over users: true when `userColumn` is a friend of `viewerId`. */
export function isFriendOf(viewerId: string, userColumn: AnyPgColumn | SQL): SQL {
  return sql`exists (select 1 from ${friendRequests} where ${friendRequests.status} = 'accepted' and ((${friendRequests.fromUserId} = ${viewerId} and ${friendRequests.toUserId} = ${userColumn}) or (${friendRequests.fromUserId} = ${userColumn} and ${friendRequests.toUserId} = ${viewerId})))`;
}

/** For queries: the ids of a user's friends, as a subquery. */
export function friendIdsOf(userId: string): SQL {
  return sql`select case when ${friendRequests.fromUserId} = ${userId} then ${friendRequests.toUserId} else ${friendRequests.fromUserId} end from ${friendRequests} where ${friendRequests.status} = 'accepted' and (${friendRequests.fromUserId} = ${userId} or ${friendRequests.toUserId} = ${userId})`;
}

/** For queries over users: true when `userColumn` and `viewerId` have no block between them, either way. */
export function noBlockBetween(viewerId: string, userColumn: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${userColumn}) or (${userBlocks.blockerId} = ${userColumn} and ${userBlocks.blockedId} = ${viewerId}))`;
}

/** How `viewerId` stands with the other party of these rows. */
export function friendshipFrom(viewerId: string, rows: FriendRequestRow[]): Friendship {
  if (rows.some((row) => row.status === 'accepted')) return 'friends';
  const pending = rows.filter((row) => row.status === 'pending');
  if (pending.some((row) => row.toUserId === viewerId)) return 'request_received';
  if (pending.some((row) => row.fromUserId === viewerId)) return 'request_sent';
  return 'none';
}

export async function friendshipBetween(db: Db, viewerId: string, otherId: string): Promise<Friendship> {
  if (viewerId === otherId) return 'self';
  return friendshipFrom(viewerId, await requestsBetween(db, viewerId, otherId));
}

/** Friendship of the viewer with each of `ids`, in one query. */
export async function friendshipsWith(
  db: Db,
  viewerId: string,
  ids: string[],
): Promise<Map<string, Friendship>> {
  const result = new Map<string, Friendship>();
  if (!ids.length) return result;
  const rows = await db
    .select()
    .from(friendRequests)
    .where(
      and(
        inArray(friendRequests.status, ['pending', 'accepted']),
        or(
          and(eq(friendRequests.fromUserId, viewerId), inArray(friendRequests.toUserId, ids)),
          and(eq(friendRequests.toUserId, viewerId), inArray(friendRequests.fromUserId, ids)),
        ),
      ),
    );
  for (const id of ids) {
    if (id === viewerId) {
      result.set(id, 'self');
      continue;
    }
    const mine = rows.filter((row) => row.fromUserId === id || row.toUserId === id);
    result.set(id, friendshipFrom(viewerId, mine));
  }
  return result;
}

export async function insertRequest(db: Db, fromUserId: string, toUserId: string) {
  const [row] = await db.insert(friendRequests).values({ fromUserId, toUserId }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function setRequestStatus(
  db: Db,
  id: string,
  status: FriendRequestStatus,
): Promise<FriendRequestRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(friendRequests)
    .set(status === 'pending' ? { status, createdAt: now, respondedAt: null } : { status, respondedAt: now })
    .where(eq(friendRequests.id, id))
    .returning();
  return row;
}

export async function findRequestForUpdate(db: Db, id: string): Promise<FriendRequestRow | undefined> {
  const [row] = await db.select().from(friendRequests).where(eq(friendRequests.id, id)).for('update');
  return row;
}

/** Deletes the friendship between `me` and `other`, or the request `me` sent them that is still pending. */
export async function deleteFriendshipOrSentRequest(db: Db, me: string, other: string): Promise<number> {
  const sentByMe = and(eq(friendRequests.fromUserId, me), eq(friendRequests.toUserId, other));
  const removed = await db
    .delete(friendRequests)
    .where(
      or(
        and(eq(friendRequests.status, 'accepted'), between(me, other)),
        and(eq(friendRequests.status, 'pending'), sentByMe),
      ),
    )
    .returning({ id: friendRequests.id });
  return removed.length;
}

export async function deleteAllRequestsBetween(db: Db, a: string, b: string): Promise<void> {
  await db.delete(friendRequests).where(between(a, b));
}

export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

const fromUser = joinableUsers('from_user');
const toUser = joinableUsers('to_user');

const partyColumns = (table: typeof fromUser | typeof toUser) => ({
  id: table.id,
  username: table.username,
  fullName: table.fullName,
  avatarUrl: table.avatarUrl,
});

export async function findRequestWithParties(
  db: Db,
  id: string,
): Promise<FriendRequestWithParties | undefined> {
  const [row] = await db
    .select({ request: friendRequests, from: partyColumns(fromUser), to: partyColumns(toUser) })
    .from(friendRequests)
    .innerJoin(fromUser, eq(fromUser.id, friendRequests.fromUserId))
    .innerJoin(toUser, eq(toUser.id, friendRequests.toUserId))
    .where(eq(friendRequests.id, id));
  return row ? { ...row.request, from: row.from, to: row.to } : undefined;
}

/** Pending requests received ('to') or sent ('from') by a user, newest first. */
export async function listPendingRequests(
  db: Db,
  userId: string,
  direction: 'to' | 'from',
  page: Page,
): Promise<{ rows: FriendRequestWithParties[]; total: number }> {
  const where = and(
    eq(direction === 'to' ? friendRequests.toUserId : friendRequests.fromUserId, userId),
    eq(friendRequests.status, 'pending'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: friendRequests, from: partyColumns(fromUser), to: partyColumns(toUser) })
      .from(friendRequests)
      .innerJoin(fromUser, eq(fromUser.id, friendRequests.fromUserId))
      .innerJoin(toUser, eq(toUser.id, friendRequests.toUserId))
      .where(where)
      .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(friendRequests).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.request, from: row.from, to: row.to })),
    total: total?.value ?? 0,
  };
}

/** Accepted friendships of a user, ordered by the friend's username. */
export async function listFriends(
  db: Db,
  userId: string,
  page: Page,
): Promise<{ rows: FriendRow[]; total: number }> {
  const mine = and(
    eq(friendRequests.status, 'accepted'),
    or(eq(friendRequests.fromUserId, userId), eq(friendRequests.toUserId, userId)),
  );
  const friendId = sql`case when ${friendRequests.fromUserId} = ${userId} then ${friendRequests.toUserId} else ${friendRequests.fromUserId} end`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        bio: users.bio,
        lastActiveAt: users.lastActiveAt,
        respondedAt: friendRequests.respondedAt,
        createdAt: friendRequests.createdAt,
      })
      .from(friendRequests)
      .innerJoin(users, eq(users.id, friendId))
      .where(mine)
      .orderBy(asc(users.username))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(friendRequests).where(mine),
  ]);
  return {
    rows: rows.map(({ respondedAt, createdAt, ...friend }) => ({
      ...friend,
      friendsSince: respondedAt ?? createdAt,
    })),
    total: total?.value ?? 0,
  };
}
