import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  admin,
  approvedQuest,
  call,
  type Explorer,
  idOf,
  submitTaskProof,
} from '../../../test/quest-fixtures.ts';
import { users } from '../../db/schema.ts';

// A TTL far longer than the test, so anything seen fresh here was forgotten on purpose, not expired.
let t: TestApp;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp({ accountCacheMs: 600_000 });
  moderator = await admin(t);
});
afterAll(() => t.close());

const me = async (who: Explorer) => call(t, 'GET', '/users/current-user', who);

describe('the authenticated account cache', () => {
  it('shares an account between reads, and forgets it when any writing request has finished', async () => {
    const explorer = await registerVerified(t, { fullName: 'First Name' });
    expect((await me(explorer)).json().data.fullName).toBe('First Name');

    // A change that bypasses the API is not seen by reads...
    await t.database.db
      .update(users)
      .set({ fullName: 'Changed Behind' })
      .where(eq(users.id, idOf(explorer)));
    expect((await me(explorer)).json().data.fullName).toBe('First Name');

    // ...until any request that can write has been answered, here someone else's.
    const other = await registerVerified(t);
    await call(t, 'POST', '/users/update-account-details', other, { fullName: 'Someone Else' });
    expect((await me(explorer)).json().data.fullName).toBe('Changed Behind');
  });

  it('refuses a suspended account on its next call', async () => {
    const explorer = await registerVerified(t);
    expect((await me(explorer)).statusCode).toBe(200);
    const suspended = await call(t, 'PATCH', `/admin/users/${idOf(explorer)}/suspend`, moderator, {
      reason: 'Spam',
    });
    expect(suspended.statusCode).toBe(200);
    const refused = await me(explorer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account has been suspended: Spam');
  });

  it("ends a promoted explorer's session on the next call, and a new sign-in reaches the admin API", async () => {
    const explorer = await registerVerified(t);
    expect((await call(t, 'GET', '/admin/users', explorer)).statusCode).toBe(403);
    expect(
      (await call(t, 'PATCH', `/admin/users/${idOf(explorer)}/promote-admin`, moderator, {})).statusCode,
    ).toBe(200);
    expect((await call(t, 'GET', '/admin/users', explorer)).statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: explorer.email, password: explorer.password },
    });
    const promoted = { ...explorer, session: login.json().data };
    expect((await call(t, 'GET', '/admin/users', promoted)).statusCode).toBe(200);
  });

  it('keeps one session of an account while another ends', async () => {
    const explorer = await registerVerified(t);
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: explorer.email, password: explorer.password },
    });
    const second = { ...explorer, session: login.json().data };
    expect((await me(explorer)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/users/logout', second)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(explorer)).statusCode).toBe(200);
  });

  it("shows a moderator's xp award in the explorer's own account at once", async () => {
    const explorer = await registerVerified(t);
    const guide = await registerVerified(t);
    const questId = await approvedQuest(t, guide, { difficulty: 'Easy', xp: '40' });
    expect((await me(explorer)).json().data.xp).toBe(0);
    await call(t, 'POST', '/quest-progress/start', explorer, { questId });
    for (const order of [1, 2, 3]) {
      expect((await submitTaskProof(t, explorer, questId, order)).statusCode).toBe(200);
      const verified = await call(t, 'POST', `/admin/verify-task/${questId}/${order}`, moderator, {
        userId: idOf(explorer),
        approved: true,
      });
      expect(verified.statusCode).toBe(200);
    }
    expect((await me(explorer)).json().data.xp).toBe(40);
  });

  it('refuses the token of a deleted account', async () => {
    const explorer = await registerVerified(t);
    expect((await me(explorer)).statusCode).toBe(200);
    const deleted = await call(t, 'DELETE', '/users/delete-account', explorer, {
      password: explorer.password,
      confirmDeletion: 'DELETE_MY_ACCOUNT',
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(explorer)).statusCode).toBe(401);
  });
});
