// Live-position privacy (docs/product-rules/maps-and-location.md#live-position-sharing): turning sharing off
// deletes the account's kept positions, evidence reads a position only while sharing is on, a scheduled purge
// drops positions past 30 days on every instance without harm, and one position per account is kept every
// 30 seconds (429 with Retry-After).
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livePositions, users } from '../../src/db/schema.ts';
import { createLivePositionPurge } from '../../src/modules/progress/index.ts';
import { registerVerified } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { landmarkPhoto, withGpsAndTime } from '../photo-set.ts';
import { admin, approvedQuest, call, type Explorer, idOf, submitTaskProof } from '../quest-fixtures.ts';

const STOP_1 = { lat: 28.5884, lng: 77.2215 };
const NEAR = { lat: STOP_1.lat + 0.0003, lng: STOP_1.lng };
const DAY = 86_400_000;

let t: TestApp;
let guide: Explorer;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  guide = await registerVerified(t);
  moderator = await admin(t);
});
afterAll(() => t.close());

/** An explorer who shares their live position, with `count` quests started. */
async function sharingExplorer(count = 1): Promise<{ who: Explorer; quests: string[] }> {
  const who = await registerVerified(t);
  const saved = await call(t, 'POST', '/users/settings', who, { privacy: { shareLivePosition: true } });
  expect(saved.statusCode).toBe(200);
  const quests: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const questId = await approvedQuest(t, guide);
    expect((await call(t, 'POST', '/quest-progress/start', who, { questId })).statusCode).toBe(201);
    quests.push(questId);
  }
  return { who, quests };
}

const share = (who: Explorer, questId: string, position: object = NEAR) =>
  call(t, 'PUT', `/quest-progress/${questId}/position`, who, position);

/** The kept positions of these progress records (the _id a position answer carries). */
async function kept(progressIds: string[]) {
  if (!progressIds.length) return [];
  return t.database.db.select().from(livePositions).where(inArray(livePositions.progressId, progressIds));
}

/** Moves a kept position back in time, as if it had been shared that long ago. */
async function age(progressId: string, ms: number) {
  await t.database.db
    .update(livePositions)
    .set({ recordedAt: new Date(Date.now() - ms) })
    .where(eq(livePositions.progressId, progressId));
}

async function trackingOf(who: Explorer, questId: string) {
  const answer = await call(t, 'GET', '/admin/proofs/pending?limit=100', moderator);
  const entry = (
    answer.json().data.proofs as {
      user_id: { _id: string };
      quest_id: { _id: string };
      taskProofs: Record<string, { evidence: { tracking: unknown } }>;
    }[]
  ).find((one) => one.user_id._id === idOf(who) && one.quest_id._id === questId);
  return entry?.taskProofs['1']?.evidence.tracking;
}

describe('turning live-position sharing off', () => {
  it('deletes every position the account kept, on all its quests, and leaves other accounts’ alone', async () => {
    const { who, quests } = await sharingExplorer(2);
    const [first, second] = quests as [string, string];
    const firstId = (await share(who, first)).json().data._id as string;
    await age(firstId, 60_000);
    const secondId = (await share(who, second)).json().data._id as string;
    const neighbour = await sharingExplorer();
    const neighbourId = (await share(neighbour.who, neighbour.quests[0] as string)).json().data._id as string;
    expect(await kept([firstId, secondId, neighbourId])).toHaveLength(3);

    // Another privacy change that keeps sharing on keeps them.
    await call(t, 'POST', '/users/settings', who, { privacy: { profileVisibility: 'private' } });
    expect(await kept([firstId, secondId])).toHaveLength(2);

    const off = await call(t, 'POST', '/users/settings', who, { privacy: { shareLivePosition: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.privacy.shareLivePosition).toBe(false);
    expect(await kept([firstId, secondId])).toEqual([]);
    expect(await kept([neighbourId])).toHaveLength(1);
    expect((await share(who, first)).statusCode).toBe(403);
  });
});

describe('evidence from a kept position', () => {
  it('shows moderators nothing of a position once its explorer no longer shares it', async () => {
    const { who, quests } = await sharingExplorer();
    const questId = quests[0] as string;
    const progressId = (await share(who, questId)).json().data._id as string;
    // Sharing switched off without the settings call's cleanup (an account saved before it existed, or a
    // position that slipped in): the stored row is still there, and must say nothing.
    await t.database.db
      .update(users)
      .set({
        settings: sql`jsonb_set(${users.settings}, '{privacy,shareLivePosition}', 'false'::jsonb)`,
      })
      .where(eq(users.id, idOf(who)));
    expect(await kept([progressId])).toHaveLength(1);

    const photo = await withGpsAndTime(await landmarkPhoto(1, 0), STOP_1, new Date());
    expect((await submitTaskProof(t, who, questId, 1, [photo])).statusCode).toBe(200);
    expect(await trackingOf(who, questId)).toBeNull();
  });

  it('still shows the distances while the explorer shares it', async () => {
    const { who, quests } = await sharingExplorer();
    const questId = quests[0] as string;
    expect((await share(who, questId)).statusCode).toBe(200);
    const photo = await withGpsAndTime(await landmarkPhoto(2, 0), STOP_1, new Date());
    expect((await submitTaskProof(t, who, questId, 1, [photo])).statusCode).toBe(200);
    expect(await trackingOf(who, questId)).toMatchObject({ distanceToStopMeters: expect.any(Number) });
  });
});

describe('the scheduled purge', () => {
  it('drops positions past 30 days with nobody sharing a new one, and keeps younger ones', async () => {
    const old = await sharingExplorer();
    const young = await sharingExplorer();
    const oldId = (await share(old.who, old.quests[0] as string)).json().data._id as string;
    const youngId = (await share(young.who, young.quests[0] as string)).json().data._id as string;
    await age(oldId, 31 * DAY);
    await age(youngId, 29 * DAY);

    // The app's own purge, which each instance runs every hour.
    await t.app.livePositionPurge.purgeDue();
    expect(await kept([oldId])).toEqual([]);
    expect(await kept([youngId])).toHaveLength(1);
  });

  it('runs on its schedule, and instances purging at once do no harm', async () => {
    const { who, quests } = await sharingExplorer();
    const id = (await share(who, quests[0] as string)).json().data._id as string;
    await age(id, 31 * DAY);
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) };
    const instances = [1, 2, 3].map(() => createLivePositionPurge({ db: t.database.db, log, everyMs: 25 }));
    try {
      await expect.poll(() => kept([id]), { timeout: 5_000 }).toEqual([]);
      // Run by hand too, together: nothing left to delete, nothing fails.
      expect(await Promise.all(instances.map((purge) => purge.purgeDue()))).toEqual([0, 0, 0]);
      expect(warnings).toEqual([]);
    } finally {
      await Promise.all(instances.map((purge) => purge.close()));
    }
  });
});

describe('one live position per account every 30 seconds', () => {
  it('answers 429 with Retry-After to a second position sooner, on any quest, and lets others share', async () => {
    const { who, quests } = await sharingExplorer(2);
    const [first, second] = quests as [string, string];
    const accepted = await share(who, first);
    expect(accepted.statusCode).toBe(200);
    const progressId = accepted.json().data._id as string;

    for (const questId of [first, second]) {
      const refused = await share(who, questId, { lat: NEAR.lat + 0.001, lng: NEAR.lng });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(refused.json().message).toMatch(/at most once every 30 seconds\. Please wait \d+ seconds\./);
    }
    // The refused positions were not kept.
    expect((await kept([progressId]))[0]).toMatchObject({ lat: NEAR.lat, lng: NEAR.lng });

    const other = await sharingExplorer();
    expect((await share(other.who, other.quests[0] as string)).statusCode).toBe(200);

    // Thirty seconds on, the next one is kept.
    await age(progressId, 30_000);
    expect((await share(who, second)).statusCode).toBe(200);
  });

  it('keeps one of several positions sent at the same moment', async () => {
    const { who, quests } = await sharingExplorer(2);
    const answers = await Promise.all(
      [0, 1, 2, 3].map((n) =>
        share(who, quests[n % 2] as string, { lat: NEAR.lat + n / 1000, lng: NEAR.lng }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });
});
