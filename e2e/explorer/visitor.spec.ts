import { expect, test } from '@playwright/test';
import {
  apiUrl,
  registerExplorer,
  signInExplorer,
  signUpThroughScreens,
  uniqueName,
} from '../support/demo.ts';

const PHONE = { width: 390, height: 844 };

test('a visitor browses Explore, opens a quest, is asked to sign up on Start, signs up and lands back on it', async ({
  page,
  request,
}) => {
  // The catalogue answers visitors: the newest approved quest is the first card of Explore's list.
  const listed = await request.get(`${apiUrl}/quests?limit=1`);
  expect(listed.ok()).toBe(true);
  const quest = (await listed.json()).data.quests[0] as { _id: string; title: string };

  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Every quest here is one sign-up away' })).toBeVisible();
  await page.getByRole('button', { name: quest.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/quest-overview/${quest._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: quest.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to walk this quest?' })).toBeVisible();

  await page
    .getByRole('button', { name: /^Start Quest/ })
    .first()
    .click();
  const ask = page.getByRole('dialog', { name: 'Sign up to start this quest' });
  await expect(ask).toBeVisible();
  await ask.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup\?redirect=/);

  const username = uniqueName('visitor');
  await signUpThroughScreens(page, request, {
    username,
    email: `${username}@example.com`,
    password: 'long-enough-password',
    fullName: 'Visiting Walker',
  });
  await expect(page.getByText('Email verified successfully! Taking you back...')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/quest-overview/${quest._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: quest.title })).toBeVisible();
  // Signed in now: the invitation is gone and Start starts the quest.
  await expect(page.getByRole('heading', { name: 'Ready to walk this quest?' })).toHaveCount(0);
  await page
    .getByRole('button', { name: /^Start Quest/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/quest-in-progress/${quest._id}$`));
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('an explorer opens the notification bell from the header', async ({ page, request }) => {
    const me = await registerExplorer(request, 'phone');
    await signInExplorer(page, me.username, me.password);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByText('Notifications', { exact: true }).last()).toBeVisible();
  });
});
