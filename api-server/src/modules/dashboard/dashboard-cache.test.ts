// The dashboard kept between an explorer's changes (docs/product-rules/quests.md#quest-dashboard): a second read
// is answered from memory, and each kind of change clears it before the explorer can read again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  admin,
  approveAsRead,
  approvedQuest,
  call,
  type Explorer,
  submitQuest,
  submitTaskProof,
} from '../../../test/quest-fixtures.ts';

let t: TestApp;
let guide: Explorer;
let moderator: Explorer;

beforeAll(async () => {
  t = await createTestApp({ dashboardCacheMs: 60_000 });
  [guide, moderator] = await Promise.all([registerVerified(t), admin(t)]);
});
afterAll(() => t.close());

/** The dashboard and how many SQL statements it took (none when it came from memory). */
async function dashboardOf(who: Explorer) {
  const answer = await call(t, 'GET', '/quests/my-dashboard', who);
  expect(answer.statusCode).toBe(200);
  return { data: answer.json().data, statements: Number(answer.headers['x-db-statements']) };
}
const ids = (list: { _id: string }[]) => list.map((quest) => quest._id);
const ongoingIds = (data: { ongoingQuests: { quest_id: { _id: string } }[] }) =>
  data.ongoingQuests.map((entry) => entry.quest_id._id);

describe('the quest dashboard kept in memory', () => {
  it('answers a second read from memory, and an own write clears it', async () => {
    const explorer = await registerVerified(t);
    const quest = await approvedQuest(t, guide, { tasks: JSON.stringify(['Find the gate.']) });
    const first = await dashboardOf(explorer);
    expect(first.statements).toBeGreaterThan(0);
    const again = await dashboardOf(explorer);
    expect(again.statements).toBe(0);
    expect(again.data).toEqual(first.data);

    expect((await call(t, 'POST', '/quest-progress/start', explorer, { questId: quest })).statusCode).toBe(
      201,
    );
    const started = await dashboardOf(explorer);
    expect(ongoingIds(started.data)).toEqual([quest]);
    expect(started.data.stats.totalOngoing).toBe(1);
  });

  it("shows a moderator's decision on the explorer's proof at once", async () => {
    const explorer = await registerVerified(t);
    const quest = await approvedQuest(t, guide, { tasks: JSON.stringify(['Find the gate.']) });
    expect((await call(t, 'POST', '/quest-progress/start', explorer, { questId: quest })).statusCode).toBe(
      201,
    );
    expect((await submitTaskProof(t, explorer, quest, 1)).statusCode).toBe(200);
    expect(ongoingIds((await dashboardOf(explorer)).data)).toEqual([quest]);
    expect((await dashboardOf(explorer)).statements).toBe(0);

    const decided = await call(t, 'POST', `/admin/verify-task/${quest}/1`, moderator, {
      userId: explorer.session.user._id,
      approved: true,
    });
    expect(decided.statusCode).toBe(200);
    // The approval completed the one-task quest: it moved from ongoing to completed.
    await expect
      .poll(async () => (await dashboardOf(explorer)).data.stats, { timeout: 5000 })
      .toMatchObject({ totalOngoing: 0, totalCompleted: 1 });
  });

  it("shows a decision on the explorer's own quest, and a newly approved quest among the recommendations", async () => {
    const creator = await registerVerified(t);
    const submitted = await submitQuest(t, creator, { title: 'Stepwells at dusk', category: 'History' });
    const mine = submitted.json().data._id as string;
    expect((await dashboardOf(creator)).data.userCreatedQuests[0]).toMatchObject({
      _id: mine,
      status: 'pending',
    });
    expect((await dashboardOf(creator)).statements).toBe(0);

    expect((await approveAsRead(t, moderator, mine)).statusCode).toBe(200);
    await expect
      .poll(async () => (await dashboardOf(creator)).data.userCreatedQuests[0].status, { timeout: 5000 })
      .toBe('approved');

    expect((await dashboardOf(creator)).statements).toBe(0);
    const fresh = await submitQuest(t, guide, { title: 'Chowk food crawl', category: 'Food' });
    const freshId = fresh.json().data._id as string;
    expect((await approveAsRead(t, moderator, freshId)).statusCode).toBe(200);
    expect(ids((await dashboardOf(creator)).data.recommendedQuests)).toContain(freshId);
  });
});
