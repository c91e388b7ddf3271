import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { DEFAULT_USER_SETTINGS } from '@cityquest/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jpegWithExif, multipart, png, registerVerified, storedFileOf } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  badges,
  friendRequests,
  notifications,
  questProgress,
  questReviews,
  quests,
  refreshTokens,
  taskProofs,
  userBadges,
  users,
} from '../../db/schema.ts';
import { createLocalStorage } from '../../plugins/storage.ts';
import { ensureBadgeCatalogue } from '../badges/badge-awards.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Explorer = Awaited<ReturnType<typeof registerVerified>>;

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

const api = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, who?: Explorer, payload?: object) =>
  t.request({
    method,
    url: `/api/v1${url}`,
    headers: who ? bearer(who.session.accessToken) : {},
    ...(payload ? { payload } : {}),
  });

const idOf = (who: Explorer) => who.session.user._id;
const fileOf = (address: string) => storedFileOf(t, address);

async function insertQuest(createdBy: string | null, status: 'approved' | 'pending' = 'approved') {
  const [quest] = await t.database.db
    .insert(quests)
    .values({
      title: 'Murals of Lodhi Colony',
      description: 'Walk the murals.',
      category: 'Art',
      difficulty: 'Easy',
      xp: 100,
      address: 'Lodhi Colony',
      city: 'New Delhi',
      pincode: '110003',
      startLocation: 'Start',
      startLat: 28.59,
      startLng: 77.22,
      endLocation: 'End',
      endLat: 28.6,
      endLng: 77.23,
      status,
      createdBy,
    })
    .returning();
  return must(quest);
}

async function befriend(a: Explorer, b: Explorer) {
  const sent = await api('POST', '/friends/send-request', a, { userId: idOf(b) });
  await api('POST', '/friends/respond-request', b, { requestId: sent.json().data._id, accept: true });
}

async function setPrivacy(who: Explorer, profileVisibility: 'public' | 'private') {
  const response = await api('POST', '/users/settings', who, { privacy: { profileVisibility } });
  expect(response.statusCode).toBe(200);
}

describe('my profile', () => {
  it('answers the stats of section 3 from the stored columns and tables', async () => {
    const me = await registerVerified(t, { fullName: 'Asha Verma' });
    const db = t.database.db;
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await db
      .update(users)
      .set({
        xp: 1320,
        categoryXP: { Art: 420, Food: 900, History: 0, Culture: 0, Adventure: 0, HiddenGems: 0 },
        distanceExploredMeters: 14_237,
        currentStreak: 3,
        lastQuestDay: yesterday,
      })
      .where(eq(users.id, idOf(me)));
    const [done, ongoing] = [await insertQuest(null), await insertQuest(null)];
    await db.insert(questProgress).values([
      { questId: done.id, userId: idOf(me), status: 'completed', completedAt: new Date() },
      { questId: ongoing.id, userId: idOf(me), status: 'ongoing' },
    ]);
    await insertQuest(idOf(me), 'pending');
    await ensureBadgeCatalogue(db, createLocalStorage(t.config.storageDir));
    const [badge] = await db.select().from(badges).limit(1);
    await db.insert(userBadges).values({ userId: idOf(me), badgeId: must(badge).id });

    const response = await api('GET', '/users/my-profile', me);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: idOf(me),
      displayName: 'Asha Verma',
      totalXP: 1320,
      xp: 1320,
      level: 3,
      currentXP: 320,
      nextLevelXP: 500,
      rank: 'Urban Wanderer',
      categoryXP: { Art: 420, Food: 900, History: 0, Culture: 0, Adventure: 0, HiddenGems: 0 },
      questsCompleted: 1,
      questsOngoing: 1,
      questsCreated: 1,
      badgesEarned: 1,
      currentStreak: 3,
      distanceExplored: 14.2,
      settings: { appPreferences: { language: 'en', theme: 'light' } },
    });
    expect(response.json().data.lastLogin).toEqual(expect.any(String));
    expect(response.json().data).not.toHaveProperty('passwordHash');
    // The profile carries stats and the earned badges, as GET /badges/earned/{userId} answers them
    // (docs/product-rules/api-shapes.md#profile-shape).
    expect(response.json().data.stats).toEqual({
      level: 3,
      totalXP: 1320,
      rank: 'Urban Wanderer',
      questsCompleted: 1,
    });
    const earned = await api('GET', `/badges/earned/${idOf(me)}`, me);
    expect(response.json().data.badges).toEqual(earned.json().data);
    expect(response.json().data.badges).toHaveLength(1);
  });

  it('reads each table once, the reads in parallel beside the account already loaded', async () => {
    const me = await registerVerified(t);
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const spy = vi.spyOn(client, 'query');
    try {
      expect((await api('GET', '/users/my-profile', me)).statusCode).toBe(200);
      const texts = spy.mock.calls.map(([query]) =>
        typeof query === 'string' ? query : String((query as { text?: string }).text),
      );
      const reading = (table: string) => texts.filter((text) => text.includes(`from "${table}"`));
      expect(reading('user_badges')).toHaveLength(1);
      expect(reading('quest_progress')).toHaveLength(1);
      expect(reading('quests')).toHaveLength(1);
      expect(reading('badges')).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('counts a streak only while unbroken', async () => {
    const me = await registerVerified(t);
    await t.database.db
      .update(users)
      .set({ currentStreak: 5, lastQuestDay: '2020-01-01' })
      .where(eq(users.id, idOf(me)));
    const response = await api('GET', '/users/my-profile', me);
    expect(response.json().data.currentStreak).toBe(0);
  });

  it('computes profileCompleteness from photo, cover, full name, bio and verified email', async () => {
    const me = await registerVerified(t);
    const completeness = async () =>
      (await api('GET', '/users/my-profile', me)).json().data.profileCompleteness;
    expect(await completeness()).toBe(80);
    await api('POST', '/users/update-account-details', me, { bio: 'Street-art lover.' });
    expect(await completeness()).toBe(100);
    await api('DELETE', '/users/avatar', me);
    await api('DELETE', '/users/cover-image', me);
    expect(await completeness()).toBe(60);
  });
});

describe("another explorer's profile", () => {
  it('shows a public profile in full, counting only their approved quests', async () => {
    const [viewer, owner] = [await registerVerified(t), await registerVerified(t)];
    await api('POST', '/users/update-account-details', owner, { bio: 'Foodie.' });
    await insertQuest(idOf(owner), 'approved');
    await insertQuest(idOf(owner), 'pending');
    const response = await api('GET', `/users/profile/${idOf(owner)}`, viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: idOf(owner),
      username: owner.username,
      isPrivate: false,
      friendship: 'none',
      bio: 'Foodie.',
      questsCreated: 1,
      rank: 'Novice Explorer',
    });
    expect(response.json().data).not.toHaveProperty('email');
    expect(response.json().data).not.toHaveProperty('settings');
    const own = await api('GET', `/users/profile/${idOf(owner)}`, owner);
    expect(own.json().data).toMatchObject({ friendship: 'self', isPrivate: false, questsCreated: 2 });
  });

  it('limits a private profile to name, username, avatar and level for anyone but its owner and friends', async () => {
    const [stranger, friend, owner] = [
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
    ];
    await api('POST', '/users/update-account-details', owner, { bio: 'Private person.' });
    await befriend(owner, friend);
    await setPrivacy(owner, 'private');

    const limited = await api('GET', `/users/profile/${idOf(owner)}`, stranger);
    expect(limited.statusCode).toBe(200);
    expect(Object.keys(limited.json().data).sort()).toEqual(
      ['_id', 'avatar', 'friendship', 'fullName', 'isPrivate', 'level', 'username'].sort(),
    );
    expect(limited.json().data.isPrivate).toBe(true);

    const asFriend = await api('GET', `/users/profile/${idOf(owner)}`, friend);
    expect(asFriend.json().data).toMatchObject({
      isPrivate: false,
      friendship: 'friends',
      bio: 'Private person.',
    });
    const asOwner = await api('GET', `/users/profile/${idOf(owner)}`, owner);
    expect(asOwner.json().data).toMatchObject({ isPrivate: false, bio: 'Private person.' });
  });

  it('answers 404 for unknown and suspended accounts and across a block', async () => {
    const [viewer, suspended, blocker] = [
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
    ];
    const unknown = await api('GET', '/users/profile/00000000-0000-4000-8000-000000000000', viewer);
    expect(unknown.statusCode).toBe(404);
    await t.database.db
      .update(users)
      .set({ accountVerified: false })
      .where(eq(users.id, idOf(suspended)));
    expect((await api('GET', `/users/profile/${idOf(suspended)}`, viewer)).statusCode).toBe(404);
    await api('POST', `/friends/block/${idOf(viewer)}`, blocker);
    const blocked = await api('GET', `/users/profile/${idOf(blocker)}`, viewer);
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json().data).toBeUndefined();
    expect((await api('GET', `/users/profile/${idOf(viewer)}`, blocker)).statusCode).toBe(404);
  });
});

describe('user search', () => {
  it('matches username and full name case-insensitively, best match first, with the friendship', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const me = await registerVerified(t, { username: `${tag}_me` });
    const exact = await registerVerified(t, { username: tag });
    const prefix = await registerVerified(t, { username: `${tag}_b` });
    const byName = await registerVerified(t, { fullName: `Someone ${tag.toUpperCase()} Else` });
    await api('POST', '/friends/send-request', me, { userId: idOf(prefix) });

    const response = await api('GET', `/users/search?username=${tag.toUpperCase()}`, me);
    expect(response.statusCode).toBe(200);
    const { users: found, pagination } = response.json().data;
    expect(found.map((user: { _id: string }) => user._id)).toEqual([idOf(exact), idOf(prefix), idOf(byName)]);
    expect(found[1]).toMatchObject({ friendship: 'request_sent', level: 1 });
    expect(pagination).toMatchObject({ totalUsers: 3, currentPage: 1, hasNextPage: false });

    const paged = await api('GET', `/users/search?username=${tag}&limit=1&page=2`, me);
    expect(paged.json().data.users.map((user: { _id: string }) => user._id)).toEqual([idOf(prefix)]);
    expect(paged.json().data.pagination).toMatchObject({ totalPages: 3, hasNextPage: true });
  });

  it('leaves out suspended accounts, blocks either way, and treats % and _ literally', async () => {
    const tag = `zx${Date.now().toString(36)}`;
    const me = await registerVerified(t, { username: `${tag}_me` });
    const suspended = await registerVerified(t, { username: `${tag}_s` });
    const blockedByMe = await registerVerified(t, { username: `${tag}_b` });
    const blockedMe = await registerVerified(t, { username: `${tag}_c` });
    const visible = await registerVerified(t, { username: `${tag}_v` });
    await t.database.db
      .update(users)
      .set({ accountVerified: false })
      .where(eq(users.id, idOf(suspended)));
    await api('POST', `/friends/block/${idOf(blockedByMe)}`, me);
    await api('POST', `/friends/block/${idOf(me)}`, blockedMe);

    const found = await api('GET', `/users/search?username=${tag}`, me);
    expect(found.json().data.users.map((user: { _id: string }) => user._id)).toEqual([idOf(visible)]);
    const seenByBlocked = await api('GET', `/users/search?username=${tag}`, blockedByMe);
    expect(seenByBlocked.json().data.users.map((user: { _id: string }) => user._id)).not.toContain(idOf(me));
    const wildcard = await api('GET', `/users/search?username=${encodeURIComponent('%')}`, me);
    expect(wildcard.json().data.users).toEqual([]);
    const blank = await api('GET', '/users/search?username=%20', me);
    expect(blank.statusCode).toBe(400);
  });
});

describe('settings', () => {
  it('answers the defaults and changes only the group and fields sent', async () => {
    const me = await registerVerified(t);
    const initial = await api('GET', '/users/settings', me);
    expect(initial.json().data).toEqual(DEFAULT_USER_SETTINGS);
    await api('POST', '/users/settings', me, { appPreferences: { theme: 'dark' } });
    await api('POST', '/users/settings', me, {
      notifications: { badgesAndLevels: { inApp: false, email: true } },
    });
    const changed = await api('POST', '/users/settings', me, { privacy: { dataSharing: true } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({
      ...DEFAULT_USER_SETTINGS,
      appPreferences: { ...DEFAULT_USER_SETTINGS.appPreferences, theme: 'dark' },
      privacy: { ...DEFAULT_USER_SETTINGS.privacy, dataSharing: true },
      notifications: {
        ...DEFAULT_USER_SETTINGS.notifications,
        badgesAndLevels: { inApp: false, email: true },
      },
    });
    expect((await api('GET', '/users/settings', me)).json().data).toEqual(changed.json().data);
  });

  it('refuses two groups at once, unknown values and empty groups', async () => {
    const me = await registerVerified(t);
    const two = await api('POST', '/users/settings', me, {
      appPreferences: { language: 'fr' },
      privacy: { profileVisibility: 'private' },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Send one group of settings at a time');
    const language = await api('POST', '/users/settings', me, { appPreferences: { language: 'de' } });
    expect(language.statusCode).toBe(400);
    const empty = await api('POST', '/users/settings', me, { privacy: {} });
    expect(empty.statusCode).toBe(400);
    const role = await api('POST', '/users/settings', me, { role: 'admin' });
    expect(role.statusCode).toBe(400);
    expect((await api('GET', '/users/settings', me)).json().data.appPreferences.language).toBe('en');
  });
});

describe('account details', () => {
  it('trims the full name, saves and clears the bio', async () => {
    const me = await registerVerified(t);
    const named = await api('POST', '/users/update-account-details', me, { fullName: '  Ravi Kumar  ' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      message: 'Full name updated successfully!',
      data: { fullName: 'Ravi Kumar' },
    });
    const bio = await api('POST', '/users/update-account-details', me, { bio: 'Foodie.' });
    expect(bio.json()).toMatchObject({ message: 'Bio updated successfully!', data: { bio: 'Foodie.' } });
    const cleared = await api('POST', '/users/update-account-details', me, { bio: '' });
    expect(cleared.json().data.bio).toBe('');
  });

  it.each([
    [{ fullName: '   ' }, 'Full name is required'],
    [{ bio: 'x'.repeat(201) }, 'Bio must be at most 200 characters long'],
    [{ email: 'new@example.com' }, 'You cannot change the email address.'],
    [{ username: 'someone_else' }, 'Username cannot be changed.'],
    [{ role: 'admin' }, 'role is not an accepted field'],
    [{ xp: 100000 }, 'xp is not an accepted field'],
  ])('refuses %j', async (payload, message) => {
    const me = await registerVerified(t);
    const response = await api('POST', '/users/update-account-details', me, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, idOf(me)));
    expect(row).toMatchObject({ role: 'user', xp: 0, email: me.email, fullName: me.fullName });
  });
});

describe('profile photo and cover image', () => {
  it('replaces the avatar with a re-encoded copy without metadata and removes the old file', async () => {
    const me = await registerVerified(t);
    const before = must((await api('GET', '/users/current-user', me)).json().data.avatar as string);
    expect(existsSync(fileOf(before))).toBe(true);
    const form = await multipart([
      { name: 'avatar', file: await jpegWithExif(), filename: 'me.jpg', type: 'image/jpeg' },
    ]);
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/update-user-avatar',
      headers: { ...bearer(me.session.accessToken), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Profile picture updated successfully!');
    const after = response.json().data.avatar as string;
    expect(after).not.toBe(before);
    expect(existsSync(fileOf(before))).toBe(false);
    const stored = await readFile(fileOf(after));
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect(stored.includes(Buffer.from('Secret Photographer'))).toBe(false);

    const removed = await api('DELETE', '/users/avatar', me);
    expect(removed.json()).toMatchObject({
      message: 'Profile picture removed successfully!',
      data: { avatar: null },
    });
    expect(existsSync(fileOf(after))).toBe(false);
  });

  it('refuses files that are not images (415) or over 5MB (413), keeping the current avatar', async () => {
    const me = await registerVerified(t);
    const before = (await api('GET', '/users/current-user', me)).json().data.avatar;
    const send = async (file: Buffer) => {
      const form = await multipart([{ name: 'avatar', file, filename: 'a.png', type: 'image/png' }]);
      return t.request({
        method: 'POST',
        url: '/api/v1/users/update-user-avatar',
        headers: { ...bearer(me.session.accessToken), ...form.headers },
        payload: form.payload,
      });
    };
    expect((await send(Buffer.from('<script>alert(1)</script>'))).statusCode).toBe(415);
    const tooLarge = await send(Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Profile photo must be less than 5MB');
    expect((await api('GET', '/users/current-user', me)).json().data.avatar).toBe(before);
  });

  it('replaces and removes the cover image (10MB limit)', async () => {
    const me = await registerVerified(t);
    const before = (await api('GET', '/users/current-user', me)).json().data.coverImage as string;
    const upload = async (file: Buffer) => {
      const form = await multipart([{ name: 'coverImage', file, filename: 'c.png', type: 'image/png' }]);
      return t.request({
        method: 'POST',
        url: '/api/v1/users/update-user-cover-image',
        headers: { ...bearer(me.session.accessToken), ...form.headers },
        payload: form.payload,
      });
    };
    const tooLarge = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Cover image must be less than 10MB');
    const response = await upload(await png(300, 100));
    expect(response.json()).toMatchObject({ message: 'Cover image updated successfully!' });
    const after = response.json().data.coverImage as string;
    expect(existsSync(fileOf(before))).toBe(false);
    const removed = await api('DELETE', '/users/cover-image', me);
    expect(removed.json()).toMatchObject({
      message: 'Cover image removed successfully!',
      data: { coverImage: null },
    });
    expect(existsSync(fileOf(after))).toBe(false);
  });
});

describe('account deletion', () => {
  it.each([
    [
      { password: '', confirmDeletion: 'DELETE_MY_ACCOUNT' },
      'Please enter your password to delete your account.',
    ],
    [{ confirmDeletion: 'DELETE_MY_ACCOUNT' }, 'Please enter your password to delete your account.'],
    [
      { password: 'x', confirmDeletion: 'delete_my_account' },
      'Please type "DELETE_MY_ACCOUNT" to confirm account deletion.',
    ],
    [{ password: 'x' }, 'Please type "DELETE_MY_ACCOUNT" to confirm account deletion.'],
  ])('refuses %j with the documented message', async (payload, message) => {
    const me = await registerVerified(t);
    const response = await api('DELETE', '/users/delete-account', me, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 400 (not 401) to a wrong password and keeps the account', async () => {
    const me = await registerVerified(t);
    const response = await api('DELETE', '/users/delete-account', me, {
      password: 'not-my-password',
      confirmDeletion: 'DELETE_MY_ACCOUNT',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password is incorrect');
    expect((await api('GET', '/users/my-profile', me)).statusCode).toBe(200);
  });

  it('removes the profile, uploads, badges, friendships, notifications, progress, reviews and sessions; their quests stay', async () => {
    const [me, friend] = [await registerVerified(t), await registerVerified(t)];
    const db = t.database.db;
    await befriend(me, friend);
    const profile = (await api('GET', '/users/current-user', me)).json().data;
    const created = await insertQuest(idOf(me));
    const played = await insertQuest(idOf(friend));
    const [progress] = await db
      .insert(questProgress)
      .values({ questId: played.id, userId: idOf(me) })
      .returning();
    const proofUrl = await createLocalStorage(t.config.storageDir).save('proofs', await png(), 'webp');
    await db.insert(taskProofs).values({ progressId: must(progress).id, taskOrder: 1, images: [proofUrl] });
    await db.insert(questReviews).values([
      { questId: played.id, userId: idOf(me), rating: 1 },
      { questId: played.id, userId: idOf(friend), rating: 5 },
    ]);
    await db
      .update(quests)
      .set({ totalReviews: 2, averageRating: 3, ratingBreakdown: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 1 } })
      .where(eq(quests.id, played.id));
    await ensureBadgeCatalogue(db, createLocalStorage(t.config.storageDir));
    const [badge] = await db.select().from(badges).limit(1);
    await db.insert(userBadges).values({ userId: idOf(me), badgeId: must(badge).id });

    const response = await api('DELETE', '/users/delete-account', me, {
      password: me.password,
      confirmDeletion: 'DELETE_MY_ACCOUNT',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Account deleted successfully',
      data: { _id: idOf(me) },
    });

    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.id, idOf(me))),
    ).toEqual([]);
    for (const url of [profile.avatar, profile.coverImage, proofUrl])
      expect(existsSync(fileOf(url))).toBe(false);
    expect(
      await db
        .select()
        .from(userBadges)
        .where(eq(userBadges.userId, idOf(me))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(friendRequests)
        .where(eq(friendRequests.toUserId, idOf(me))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(friendRequests)
        .where(eq(friendRequests.fromUserId, idOf(me))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, idOf(me))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(questProgress)
        .where(eq(questProgress.userId, idOf(me))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, idOf(me))),
    ).toEqual([]);
    const [kept] = await db.select().from(quests).where(eq(quests.id, created.id));
    expect(kept).toMatchObject({ id: created.id, createdBy: null });
    const [rated] = await db.select().from(quests).where(eq(quests.id, played.id));
    expect(rated).toMatchObject({ totalReviews: 1, averageRating: 5, ratingBreakdown: { 1: 0, 5: 1 } });

    expect((await api('GET', '/users/my-profile', me)).statusCode).toBe(401);
    const refresh = await api('POST', '/users/refresh-token', undefined, {
      refreshToken: me.session.refreshToken,
    });
    expect(refresh.statusCode).toBe(401);
    expect((await api('GET', `/users/profile/${idOf(me)}`, friend)).statusCode).toBe(404);
    const friends = await api('GET', '/friends/my-friends', friend);
    expect(friends.json().data.friends).toEqual([]);
  });
});
