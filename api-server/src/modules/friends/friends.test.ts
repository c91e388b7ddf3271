import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { notifications, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Explorer = Awaited<ReturnType<typeof registerVerified>>;

const api = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, who: Explorer, payload?: object) =>
  t.request({
    method,
    url: `/api/v1${url}`,
    headers: bearer(who.session.accessToken),
    ...(payload ? { payload } : {}),
  });

const idOf = (who: Explorer) => who.session.user._id;
const ids = (list: { _id: string }[]) => list.map((item) => item._id);
const pair = async (): Promise<[Explorer, Explorer]> => [
  await registerVerified(t),
  await registerVerified(t),
];
const trio = async (): Promise<[Explorer, Explorer, Explorer]> => [
  ...(await pair()),
  await registerVerified(t),
];

async function notificationsOf(who: Explorer, type: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, idOf(who)), eq(notifications.type, type)));
}

describe('friend requests', () => {
  it('sends a request, notifies the receiver and lists it as pending and sent', async () => {
    const [asha, ravi] = await pair();
    const sent = await api('POST', '/friends/send-request', asha, { userId: idOf(ravi) });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({
      status: 'pending',
      from: { _id: idOf(asha), username: asha.username },
      to: { _id: idOf(ravi) },
      respondedAt: null,
    });
    const [notice] = await notificationsOf(ravi, 'friend_request');
    expect(notice?.message).toContain(`@${asha.username}`);

    const pending = await api('GET', '/friends/pending-requests', ravi);
    expect(ids(pending.json().data.requests)).toEqual([sent.json().data._id]);
    expect(pending.json().data.pagination).toMatchObject({ totalRequests: 1 });
    const outgoing = await api('GET', '/friends/sent-requests', asha);
    expect(ids(outgoing.json().data.requests)).toEqual([sent.json().data._id]);
    expect((await api('GET', '/friends/pending-requests', asha)).json().data.requests).toEqual([]);
  });

  it('refuses self requests (400), duplicates (409) and unknown or suspended people (404)', async () => {
    const [asha, ravi, gone] = await trio();
    expect((await api('POST', '/friends/send-request', asha, { userId: idOf(asha) })).statusCode).toBe(400);
    expect((await api('POST', '/friends/request', asha, { userId: idOf(ravi) })).statusCode).toBe(201);
    const again = await api('POST', '/friends/send-request', asha, { userId: idOf(ravi) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Friend request already sent');
    const unknown = await api('POST', '/friends/send-request', asha, {
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    await t.database.db
      .update(users)
      .set({ accountVerified: false })
      .where(eq(users.id, idOf(gone)));
    expect((await api('POST', '/friends/send-request', asha, { userId: idOf(gone) })).statusCode).toBe(404);
  });

  it("accepts the other person's pending request instead of sending a second one", async () => {
    const [asha, ravi] = await pair();
    const first = await api('POST', '/friends/send-request', asha, { userId: idOf(ravi) });
    const back = await api('POST', '/friends/request', ravi, { userId: idOf(asha) });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ _id: first.json().data._id, status: 'accepted' });
    expect(await notificationsOf(asha, 'friend_accepted')).toHaveLength(1);
    const already = await api('POST', '/friends/send-request', asha, { userId: idOf(ravi) });
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe('You are already friends with this user');
  });

  it('lets only the receiver respond, once; a declined request may be sent again', async () => {
    const [asha, ravi, other] = await trio();
    const sent = await api('POST', '/friends/send-request', asha, { userId: idOf(ravi) });
    const requestId = sent.json().data._id;
    for (const who of [asha, other]) {
      const response = await api('POST', '/friends/respond-request', who, { requestId, accept: true });
      expect(response.statusCode).toBe(404);
      expect(response.json().data).toBeUndefined();
      expect((await api('PATCH', `/friends/accept/${requestId}`, who)).statusCode).toBe(404);
    }
    const declined = await api('POST', '/friends/respond-request', ravi, { requestId, accept: false });
    expect(declined.json()).toMatchObject({
      message: 'Friend request declined',
      data: { status: 'declined' },
    });
    expect(await notificationsOf(asha, 'friend_accepted')).toEqual([]);
    const twice = await api('POST', '/friends/respond-request', ravi, { requestId, accept: true });
    expect(twice.statusCode).toBe(409);

    const resent = await api('POST', '/friends/send-request', asha, { userId: idOf(ravi) });
    expect(resent.statusCode).toBe(201);
    expect(resent.json().data).toMatchObject({ _id: requestId, status: 'pending' });
    const accepted = await api('PATCH', `/friends/accept/${requestId}`, ravi);
    expect(accepted.json().data.status).toBe('accepted');
    expect((await api('PATCH', `/friends/accept/${requestId}`, ravi)).statusCode).toBe(409);
    expect(await notificationsOf(asha, 'friend_accepted')).toHaveLength(1);
  });
});

describe('friends lists', () => {
  it('lists friends on both sides by username, Online when active in the last 5 minutes', async () => {
    const [me, a, b] = await trio();
    for (const friend of [a, b]) {
      const sent = await api('POST', '/friends/send-request', me, { userId: idOf(friend) });
      await api('POST', '/friends/respond-request', friend, {
        requestId: sent.json().data._id,
        accept: true,
      });
    }
    await t.database.db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(users.id, idOf(b)));
    const mine = await api('GET', '/friends/my-friends', me);
    const expected = [a, b].sort((x, y) => x.username.localeCompare(y.username));
    expect(ids(mine.json().data.friends)).toEqual(expected.map(idOf));
    const byId = new Map(mine.json().data.friends.map((f: { _id: string; status: string }) => [f._id, f]));
    expect(byId.get(idOf(a))).toMatchObject({ status: 'Online', username: a.username, bio: '' });
    expect(byId.get(idOf(b))).toMatchObject({ status: 'Offline' });
    expect(mine.json().data.pagination).toMatchObject({ totalFriends: 2, totalPages: 1 });
    expect((await api('GET', '/friends', me)).json().data).toEqual(mine.json().data);
    const theirs = await api('GET', '/friends/my-friends', a);
    expect(ids(theirs.json().data.friends)).toEqual([idOf(me)]);
    const page = await api('GET', '/friends?limit=1&page=2', me);
    expect(ids(page.json().data.friends)).toEqual([idOf(expected[1] as Explorer)]);
  });

  it('removes a friend on both sides; a stranger answers 404', async () => {
    const [me, friend, stranger] = await trio();
    const sent = await api('POST', '/friends/send-request', me, { userId: idOf(friend) });
    await api('PATCH', `/friends/accept/${sent.json().data._id}`, friend);
    const notFriends = await api('DELETE', `/friends/remove/${idOf(stranger)}`, me);
    expect(notFriends.statusCode).toBe(404);
    const removed = await api('DELETE', `/friends/remove/${idOf(friend)}`, me);
    expect(removed.json()).toMatchObject({ data: { _id: idOf(friend) } });
    expect((await api('GET', '/friends', friend)).json().data.friends).toEqual([]);
    expect((await api('DELETE', `/friends/remove/${idOf(me)}`, friend)).statusCode).toBe(404);
    expect((await api('POST', '/friends/send-request', friend, { userId: idOf(me) })).statusCode).toBe(201);
  });

  it('withdraws a request the caller sent, but not one the caller received', async () => {
    const [me, other] = await trio();
    await api('POST', '/friends/send-request', me, { userId: idOf(other) });
    expect((await api('DELETE', `/friends/remove/${idOf(me)}`, other)).statusCode).toBe(404);
    expect((await api('GET', '/friends/pending-requests', other)).json().data.requests).toHaveLength(1);
    const withdrawn = await api('DELETE', `/friends/remove/${idOf(other)}`, me);
    expect(withdrawn.json()).toMatchObject({ data: { _id: idOf(other) } });
    expect((await api('GET', '/friends/sent-requests', me)).json().data.requests).toEqual([]);
    expect((await api('GET', '/friends/pending-requests', other)).json().data.requests).toEqual([]);
    expect((await api('POST', '/friends/send-request', me, { userId: idOf(other) })).statusCode).toBe(201);
  });
});

describe('blocking', () => {
  it('ends the friendship and pending requests, and stops requests both ways', async () => {
    const [me, friend, pendingFrom] = await trio();
    const sent = await api('POST', '/friends/send-request', me, { userId: idOf(friend) });
    await api('PATCH', `/friends/accept/${sent.json().data._id}`, friend);
    await api('POST', '/friends/send-request', pendingFrom, { userId: idOf(me) });

    for (const target of [friend, pendingFrom]) {
      const blocked = await api('POST', `/friends/block/${idOf(target)}`, me);
      expect(blocked.json()).toMatchObject({ message: 'User blocked', data: { _id: idOf(target) } });
    }
    expect((await api('POST', `/friends/block/${idOf(friend)}`, me)).statusCode).toBe(200);
    expect((await api('GET', '/friends', me)).json().data.friends).toEqual([]);
    expect((await api('GET', '/friends', friend)).json().data.friends).toEqual([]);
    expect((await api('GET', '/friends/pending-requests', me)).json().data.requests).toEqual([]);
    expect((await api('GET', '/friends/sent-requests', pendingFrom)).json().data.requests).toEqual([]);

    const fromBlocked = await api('POST', '/friends/send-request', friend, { userId: idOf(me) });
    expect(fromBlocked.statusCode).toBe(404);
    const toBlocked = await api('POST', '/friends/send-request', me, { userId: idOf(friend) });
    expect(toBlocked.statusCode).toBe(404);
  });

  it('refuses blocking yourself (400) or an unknown user (404)', async () => {
    const me = await registerVerified(t);
    const self = await api('POST', `/friends/block/${idOf(me)}`, me);
    expect(self.statusCode).toBe(400);
    const unknown = await api('POST', '/friends/block/00000000-0000-4000-8000-000000000000', me);
    expect(unknown.statusCode).toBe(404);
  });
});
