import { expect, type Page, test } from '@playwright/test';
import { apiUrl, demo, photo, registerExplorer, seriousA11yViolations, tokenFor } from '../support/demo.ts';

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/** Finds one account on the users screen and opens its details. */
async function openUser(page: Page, username: string) {
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(username);
  const row = page.getByRole('row').filter({ hasText: `@${username}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /View details of/ }).click();
  return page.getByRole('dialog', { name: 'User Details' });
}

test('an admin suspends and reactivates an explorer, and both actions are in the log', async ({
  page,
  request,
}) => {
  const walker = await registerExplorer(request, 'suspect');
  await signIn(page, demo.admin.username, demo.admin.password);
  let details = await openUser(page, walker.username);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await details.getByRole('button', { name: 'Suspend User' }).click();
  await page.getByLabel('Reason for suspension').fill('Posting other people’s photos as proofs');
  await page.getByRole('button', { name: 'Confirm Suspension' }).click();
  await expect(page.getByText(`${walker.fullName} is suspended.`)).toBeVisible();

  const refused = await request.post(`${apiUrl}/users/login`, {
    data: { username: walker.username, password: walker.password },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain('Posting other people’s photos as proofs');

  await page.keyboard.press('Escape');
  details = await openUser(page, walker.username);
  await details.getByRole('button', { name: 'Reactivate User' }).click();
  await expect(page.getByText(`${walker.fullName} is active again.`)).toBeVisible();
  expect(
    (
      await request.post(`${apiUrl}/users/login`, {
        data: { username: walker.username, password: walker.password },
      })
    ).ok(),
  ).toBe(true);

  await page.goto('/admin/action-logs');
  const log = page.getByRole('list', { name: 'Action log entries' });
  await expect(log.getByText(`Suspended ${walker.username}`)).toBeVisible();
  await expect(log.getByText(`Reactivated ${walker.username}`)).toBeVisible();
  await expect(log.getByText('Reason: Posting other people’s photos as proofs')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a super admin promotes an explorer to admin and demotes them; an admin may not touch an admin', async ({
  browser,
  request,
}) => {
  const rising = await registerExplorer(request, 'rising');
  const superPage = await (await browser.newContext()).newPage();
  await signIn(superPage, demo.superAdmin.username, demo.superAdmin.password);
  let details = await openUser(superPage, rising.username);
  await details.getByRole('button', { name: 'Promote to Admin' }).click();
  await expect(superPage.getByText(`${rising.fullName} is now an admin.`)).toBeVisible();

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, demo.admin.username, demo.admin.password);
  const seen = await openUser(adminPage, rising.username);
  await expect(seen.getByText('Only super admins can manage other admins')).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Suspend User' })).toHaveCount(0);
  // The server refuses what the screen hides, and logs the refusal.
  const token = await tokenFor(request, demo.admin.username, demo.admin.password);
  const users = await request.get(`${apiUrl}/admin/users?search=${rising.username}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const risingId = (await users.json()).data.users[0]._id as string;
  const demote = await request.patch(`${apiUrl}/admin/users/${risingId}/demote-user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(demote.status()).toBe(403);

  await superPage.keyboard.press('Escape');
  details = await openUser(superPage, rising.username);
  await details.getByRole('button', { name: 'Demote to User' }).click();
  await expect(superPage.getByText(`${rising.fullName} is now a user.`)).toBeVisible();

  await superPage.goto('/admin/action-logs');
  const log = superPage.getByRole('list', { name: 'Action log entries' });
  await expect(log.getByText(`Promoted ${rising.username} from user to admin`)).toBeVisible();
  await expect(log.getByText(`Demoted ${rising.username} from admin to user`)).toBeVisible();
  await expect(log.getByText(/refused/).first()).toBeVisible();
});

test('an admin approves one task proof and rejects another with feedback', async ({ page, request }) => {
  const walker = await registerExplorer(request, 'prover');
  const token = await tokenFor(request, walker.username, walker.password);
  const auth = { authorization: `Bearer ${token}` };
  const listed = await request.get(`${apiUrl}/quests?limit=20`, { headers: auth });
  type Listed = { _id: string; title: string; tasks?: unknown[] };
  const quests = (await listed.json()).data.quests as Listed[];
  let quest: Listed | undefined;
  for (const candidate of quests) {
    const detail = await request.get(`${apiUrl}/quests/${candidate._id}`, { headers: auth });
    if ((await detail.json()).data.tasks.length >= 2) {
      quest = candidate;
      break;
    }
  }
  if (!quest) throw new Error('the demo city has no quest with two tasks');
  expect(
    (
      await request.post(`${apiUrl}/quest-progress/start`, { headers: auth, data: { questId: quest._id } })
    ).ok(),
  ).toBe(true);
  for (const [order, colour] of [
    [1, '#1971c2'],
    [2, '#e8590c'],
  ] as const) {
    const sent = await request.post(`${apiUrl}/quest-progress/task-proof/${quest._id}/${order}`, {
      headers: auth,
      multipart: { proofImages: await photo(colour), notes: `Task ${order} from ${walker.username}` },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  await signIn(page, demo.admin.username, demo.admin.password);
  // Photos without a location or capture time: other journeys' proofs (the keyboard journey's fifty among them)
  // carry both, so this explorer's are on the first page of that filter.
  await page.goto('/admin/proofs?flag=missing_metadata');
  await expect(page.getByRole('heading', { name: 'Task Proof Verification' })).toBeVisible();
  const reviewTask = (order: number) =>
    page.getByRole('button', { name: `Review task ${order} of ${quest.title} by ${walker.fullName}` });

  await reviewTask(1).click();
  let modal = page.getByRole('dialog', { name: 'Review Task 1' });
  await expect(modal.getByText(`Task 1 from ${walker.username}`)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Approve Task' }).click();
  // The review moves on to the submission's next proof.
  modal = page.getByRole('dialog', { name: 'Review Task 2' });
  await expect(modal.getByText(`Task 2 from ${walker.username}`)).toBeVisible();
  await expect(modal.getByText('Task 1 approved.')).toBeVisible();
  await modal.getByRole('radio', { name: 'Reject' }).check();
  const rejectButton = modal.getByRole('button', { name: 'Reject Task' });
  await expect(rejectButton).toBeDisabled();
  await modal.getByLabel('Feedback').fill('   ');
  await expect(rejectButton).toBeDisabled();
  await modal.getByLabel('Feedback').fill('The mural is not in the photo.');
  await rejectButton.click();
  await expect(page.getByText('Task 2 rejected; the explorer can submit it again.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reviewTask(1)).toHaveCount(0);
  await expect(reviewTask(2)).toHaveCount(0);

  const progress = await request.get(`${apiUrl}/quest-progress/${quest._id}`, { headers: auth });
  const proofs = (await progress.json()).data.taskProofs;
  expect(proofs['1'].status).toBe('approved');
  expect(proofs['2']).toMatchObject({ status: 'rejected', feedback: 'The mural is not in the photo.' });

  await page.goto('/admin/action-logs');
  const log = page.getByRole('list', { name: 'Action log entries' });
  await expect(log.getByText(`Approved task 1 proof for quest "${quest.title}"`).first()).toBeVisible();
  await expect(log.getByText(`Rejected task 2 proof for quest "${quest.title}"`).first()).toBeVisible();
});
