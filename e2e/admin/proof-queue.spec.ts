import { expect, test } from '@playwright/test';
import { apiUrl, seriousA11yViolations } from '../support/demo.ts';
import {
  clearByKeyboard,
  EXPLORERS,
  fiftyFlaggedProofs,
  openFirst,
  PROOFS,
  signInModerator,
  TASKS,
} from '../support/proof-queue.ts';

test('a moderator clears 50 flagged proofs from the keyboard, each decided once', async ({
  page,
  request,
}) => {
  const { questId, walkers } = await fiftyFlaggedProofs(request);
  await signInModerator(page);
  // Only this journey's proofs were taken before their quest was started.
  await page.goto('/admin/proofs?flag=taken_before_start');
  await expect(page.getByText(`${EXPLORERS} submissions waiting`)).toBeVisible();

  const dialog = await openFirst(page);
  await expect(dialog.getByText(/Taken before the quest was started/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const input = await clearByKeyboard(page, PROOFS);
  await expect(page.getByText('No pending task proofs to review')).toBeVisible();
  // The page lists ten submissions of five proofs: all fifty are reviewed from the first click, one key each.
  expect(input).toEqual({ keys: PROOFS, clicks: 0 });

  // Every proof was decided once: each explorer's quest completed, each of its proofs approved, and one
  // approval notice per proof.
  for (const auth of walkers) {
    const progress = (
      await (await request.get(`${apiUrl}/quest-progress/${questId}`, { headers: auth })).json()
    ).data;
    expect(progress.status).toBe('completed');
    expect(Object.values(progress.taskProofs).map((proof) => (proof as { status: string }).status)).toEqual(
      Array(TASKS).fill('approved'),
    );
    const notices = (
      await (await request.get(`${apiUrl}/users/notifications?limit=50`, { headers: auth })).json()
    ).data.notifications as { type: string }[];
    expect(notices.filter((notice) => notice.type === 'proof_approved')).toHaveLength(TASKS);
  }
});
