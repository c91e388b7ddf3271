import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { approvedQuest, call, type Explorer } from '../../../test/quest-fixtures.ts';
import { quests } from '../../db/schema.ts';

// Views are tallied per process and written in batches (docs/product-rules/quests.md#views); the flush interval
// here is longer than the test, so only the app's close writes them.
let t: TestApp;
let creator: Explorer;
beforeAll(async () => {
  t = await createTestApp({ viewFlushMs: 600_000 });
  creator = await registerVerified(t);
});
afterAll(() => t.close());

const storedViews = async (id: string) =>
  (await t.database.db.select({ views: quests.views }).from(quests).where(eq(quests.id, id)))[0]?.views;

describe('quest views', () => {
  it('are counted in the answers without a write per read, and written when the app closes', async () => {
    const id = await approvedQuest(t, creator);
    const [first, second] = [await registerVerified(t), await registerVerified(t)];
    const reads = [
      await call(t, 'GET', `/quests/${id}`, first),
      await call(t, 'GET', `/quests/${id}`, second),
      await call(t, 'GET', `/quests/${id}`, first),
      await call(t, 'GET', `/quests/${id}`, creator),
    ];
    // The first reader's second read is a refresh within VIEW_REPEAT_MS: no new view.
    expect(reads.map((read) => read.json().data.views)).toEqual([1, 2, 2, 2]);
    expect(await storedViews(id)).toBe(0);

    await t.app.close();
    expect(await storedViews(id)).toBe(2);
  });
});
