import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import {
  clearByKeyboard,
  clearOneByOne,
  fiftyFlaggedProofs,
  PROOFS,
  signInModerator,
} from '../../e2e/support/proof-queue.ts';

test('a moderator clears 50 proofs one at a time, then from the keyboard', async ({ page, request }) => {
  await signInModerator(page);
  const timed = async (clear: typeof clearByKeyboard) => {
    await fiftyFlaggedProofs(request);
    await page.goto('/admin/proofs?flag=taken_before_start');
    await page
      .getByRole('button', { name: /^Review task \d+ of / })
      .first()
      .waitFor();
    const started = performance.now();
    const input = await clear(page, PROOFS);
    return { seconds: Math.round((performance.now() - started) / 100) / 10, ...input };
  };
  const oneByOne = await timed(clearOneByOne);
  const keyboard = await timed(clearByKeyboard);
  const report = { date: new Date().toISOString(), proofs: PROOFS, oneByOne, keyboard };
  mkdirSync(join('docs', 'bench'), { recursive: true });
  writeFileSync(join('docs', 'bench', 'moderation.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report));
});
