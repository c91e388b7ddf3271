import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { notifications } from '../../db/schema.ts';
import { createLocalStorage } from '../../plugins/storage.ts';
import { awardEarnedBadges, ensureBadgeCatalogue } from '../badges/badge-awards.ts';
import { notify } from './notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Explorer = Awaited<ReturnType<typeof registerVerified>>;

const api = (method: 'GET' | 'PATCH', url: string, who: Explorer) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(who.session.accessToken) });

const idOf = (who: Explorer) => who.session.user._id;

async function seed(who: Explorer, count: number) {
  const start = Date.now() - count * 60_000;
  await t.database.db.insert(notifications).values(
    Array.from({ length: count }, (_, index) => ({
      userId: idOf(who),
      type: 'system',
      title: `Notice ${index + 1}`,
      message: `Message ${index + 1}`,
      createdAt: new Date(start + index * 60_000),
    })),
  );
}

describe('notifications', () => {
  it('lists newest first, paginated, with the unread count over every page', async () => {
    const me = await registerVerified(t);
    await seed(me, 5);
    const first = await api('GET', '/users/notifications?limit=2', me);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.notifications.map((n: { title: string }) => n.title)).toEqual(['Notice 5', 'Notice 4']);
    expect(data.unreadCount).toBe(5);
    expect(data.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalNotifications: 5,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(data.notifications[0]).toMatchObject({ type: 'system', read: false, link: null });
  });

  it('marks only the owner’s notification read, idempotently, and filters unread ones', async () => {
    const [me, other] = [await registerVerified(t), await registerVerified(t)];
    await seed(me, 3);
    const [newest] = (await api('GET', '/users/notifications', me)).json().data.notifications;

    const foreign = await api('PATCH', `/users/notifications/${newest._id}/read`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().data).toBeUndefined();
    const unknown = await api('PATCH', '/users/notifications/00000000-0000-4000-8000-000000000000/read', me);
    expect(unknown.statusCode).toBe(404);

    for (let i = 0; i < 2; i += 1) {
      const read = await api('PATCH', `/users/notifications/${newest._id}/read`, me);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({ _id: newest._id, read: true });
    }
    const unread = await api('GET', '/users/notifications?unreadOnly=true', me);
    expect(unread.json().data.unreadCount).toBe(2);
    expect(unread.json().data.notifications.map((n: { _id: string }) => n._id)).not.toContain(newest._id);
    expect(unread.json().data.pagination.totalNotifications).toBe(2);
    expect((await api('GET', '/users/notifications', other)).json().data.notifications).toEqual([]);
  });

  it('lists what the server tells users: badges earned and other modules’ notices', async () => {
    const me = await registerVerified(t);
    await ensureBadgeCatalogue(t.database.db, createLocalStorage(t.config.storageDir));
    await awardEarnedBadges(t.database.db, idOf(me), {
      Art: 100,
      Food: 0,
      History: 0,
      Culture: 0,
      Adventure: 0,
      HiddenGems: 0,
    });
    await notify(t.database.db, idOf(me), {
      type: 'quest_rejected',
      title: 'Quest rejected',
      message: "Your quest was rejected: 'Photos are missing'",
      link: '/my-quest',
    });
    const list = (await api('GET', '/users/notifications', me)).json().data.notifications;
    expect(list.map((n: { type: string }) => n.type).sort()).toEqual(['badge_earned', 'quest_rejected']);
    expect(list.find((n: { type: string }) => n.type === 'badge_earned').message).toContain('Sketch Seeker');
  });
});
