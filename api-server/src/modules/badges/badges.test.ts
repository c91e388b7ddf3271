import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { userBadges, users } from '../../db/schema.ts';
import { createLocalStorage } from '../../plugins/storage.ts';
import { awardEarnedBadges, ensureBadgeCatalogue } from './badge-awards.ts';
import { CATEGORIES } from './catalogue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureBadgeCatalogue(t.database.db, createLocalStorage(t.config.storageDir));
});
afterAll(() => t.close());

type Explorer = Awaited<ReturnType<typeof registerVerified>>;

const api = (method: 'GET' | 'POST', url: string, who: Explorer, payload?: object) =>
  t.request({
    method,
    url: `/api/v1${url}`,
    headers: bearer(who.session.accessToken),
    ...(payload ? { payload } : {}),
  });

const idOf = (who: Explorer) => who.session.user._id;
const noXP = { Art: 0, Food: 0, History: 0, Culture: 0, Adventure: 0, HiddenGems: 0 };

async function earn(who: Explorer) {
  await awardEarnedBadges(t.database.db, idOf(who), { ...noXP, Food: 450 });
  // Distinct earning times, so newest-first has one answer.
  await t.database.db
    .update(userBadges)
    .set({ earnedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(userBadges.userId, idOf(who)));
  await awardEarnedBadges(t.database.db, idOf(who), { ...noXP, Food: 450, Art: 100 });
}

describe('badge catalogue', () => {
  it('answers the 30 category badges ordered by category, then xp required', async () => {
    const me = await registerVerified(t);
    const response = await api('GET', '/badges', me);
    expect(response.statusCode).toBe(200);
    const list = response.json().data as {
      badgeId: number;
      category: string;
      tier: string;
      rarity: string;
    }[];
    expect(list).toHaveLength(30);
    expect(list.map((badge) => badge.badgeId)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect([...new Set(list.map((badge) => badge.category))]).toEqual([...CATEGORIES]);
    expect(list[0]).toMatchObject({
      name: 'Sketch Seeker',
      tier: 'Common',
      rarity: 'Common',
      xpRequired: 100,
    });
    expect(list.every((badge) => badge.rarity === badge.tier)).toBe(true);
  });
});

describe('earned badges', () => {
  it('lists earned badges newest first with the badge populated', async () => {
    const [me, viewer] = [await registerVerified(t), await registerVerified(t)];
    await earn(me);
    for (const who of [me, viewer]) {
      const response = await api('GET', `/badges/earned/${idOf(me)}`, who);
      expect(response.statusCode).toBe(200);
      const list = response.json().data;
      expect(list.map((row: { badge_id: { name: string } }) => row.badge_id.name)).toEqual([
        'Sketch Seeker',
        'Street Snacker',
        'Spice Trailer',
      ]);
      expect(list[0]).toMatchObject({ reason: null, earnedAt: expect.any(String) });
    }
  });

  it('keeps a private profile’s badges to its owner and friends (403 for others)', async () => {
    const [owner, friend, stranger] = [
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
    ];
    await earn(owner);
    const sent = await api('POST', '/friends/send-request', owner, { userId: idOf(friend) });
    await t.request({
      method: 'PATCH',
      url: `/api/v1/friends/accept/${sent.json().data._id}`,
      headers: bearer(friend.session.accessToken),
    });
    await api('POST', '/users/settings', owner, { privacy: { profileVisibility: 'private' } });

    const refused = await api('GET', `/badges/earned/${idOf(owner)}`, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This profile is private');
    expect(refused.json().data).toBeUndefined();
    expect((await api('GET', `/badges/earned/${idOf(owner)}`, friend)).json().data).toHaveLength(3);
    expect((await api('GET', `/badges/earned/${idOf(owner)}`, owner)).json().data).toHaveLength(3);
  });

  it('answers 404 for unknown and suspended users and across a block', async () => {
    const [viewer, suspended, blocker] = [
      await registerVerified(t),
      await registerVerified(t),
      await registerVerified(t),
    ];
    const unknown = await api('GET', '/badges/earned/00000000-0000-4000-8000-000000000000', viewer);
    expect(unknown.statusCode).toBe(404);
    await earn(suspended);
    await t.database.db
      .update(users)
      .set({ accountVerified: false })
      .where(eq(users.id, idOf(suspended)));
    expect((await api('GET', `/badges/earned/${idOf(suspended)}`, viewer)).statusCode).toBe(404);
    await earn(blocker);
    await api('POST', `/friends/block/${idOf(viewer)}`, blocker);
    expect((await api('GET', `/badges/earned/${idOf(blocker)}`, viewer)).statusCode).toBe(404);
  });
});
