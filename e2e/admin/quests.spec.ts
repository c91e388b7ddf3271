import { expect, type Page, test } from '@playwright/test';
import {
  apiUrl,
  demo,
  registerExplorer,
  seriousA11yViolations,
  submitQuest,
  tokenFor,
  uniqueName,
} from '../support/demo.ts';

/** The details dialog stays open after an action so the admin sees its outcome; close what is open. */
async function closeDialogs(page: Page) {
  while ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(demo.admin.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

test('an admin approves and rejects from the dashboard queue', async ({ page, request }) => {
  const creator = await registerExplorer(request, 'maker');
  const token = await tokenFor(request, creator.username, creator.password);
  for (const n of [1, 2]) await submitQuest(request, token, uniqueName(`Dash quest ${n}`));

  await signIn(page);
  const queue = page.getByRole('region', { name: 'Pending quest approvals' });
  const approve = queue.getByRole('button', { name: /^Approve / }).first();
  await expect(approve).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const approvedTitle = ((await approve.getAttribute('aria-label')) ?? '').replace(/^Approve /, '');
  await approve.click();
  await expect(page.getByText(`"${approvedTitle}" is approved and now live.`)).toBeVisible();
  await expect(queue.getByRole('button', { name: `Approve ${approvedTitle}` })).toHaveCount(0);

  const reject = queue.getByRole('button', { name: /: does not meet guidelines$/ }).first();
  const rejectedTitle = ((await reject.getAttribute('aria-label')) ?? '')
    .replace(/^Reject /, '')
    .replace(/: does not meet guidelines$/, '');
  await reject.click();
  await expect(page.getByText(`"${rejectedTitle}" is rejected: Does not meet guidelines.`)).toBeVisible();

  await page.goto('/admin/action-logs');
  const log = page.getByRole('list', { name: 'Action log entries' });
  await expect(log.getByText(`Approved quest "${approvedTitle}"`).first()).toBeVisible();
  await expect(log.getByText(`Rejected quest "${rejectedTitle}"`).first()).toBeVisible();
});

test('an admin approves, rejects, edits and deletes quests on the moderation screen', async ({
  page,
  request,
}) => {
  const creator = await registerExplorer(request, 'author');
  const token = await tokenFor(request, creator.username, creator.password);
  const prefix = uniqueName('Mural walk');
  const submit = (what: string) => submitQuest(request, token, `${prefix} ${what}`);
  const [toApprove, toReject, toEdit, toDelete] = await Promise.all([
    submit('approve'),
    submit('reject'),
    submit('edit'),
    submit('delete'),
  ]);

  await signIn(page);
  await page.goto('/admin/quests');
  await expect(page.getByRole('heading', { name: 'Quest Moderation' })).toBeVisible();
  await page.getByLabel('Search quests').fill(prefix);
  const card = (title: string) => page.getByRole('article', { name: title });
  await expect(card(toApprove.title)).toBeVisible();
  await expect(page.getByText('4 quests found')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await card(toApprove.title)
    .getByRole('button', { name: `Approve ${toApprove.title}` })
    .click();
  await expect(page.getByText(`“${toApprove.title}” was approved.`)).toBeVisible();

  await card(toReject.title)
    .getByRole('button', { name: `View details of ${toReject.title}` })
    .click();
  const details = page.getByRole('dialog', { name: 'Quest Details' });
  await expect(details.getByText('Find the elephant mural')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await details.getByRole('button', { name: 'Reject' }).click();
  const rejecting = page.getByRole('dialog', { name: 'Reject Quest' });
  await expect(rejecting.getByRole('button', { name: 'Confirm Rejection' })).toBeDisabled();
  await rejecting.getByLabel('Reason for rejection').fill('Two of the walls were repainted last month.');
  await rejecting.getByRole('button', { name: 'Confirm Rejection' }).click();
  await expect(page.getByText(`“${toReject.title}” was rejected.`)).toBeVisible();
  await closeDialogs(page);

  await card(toEdit.title)
    .getByRole('button', { name: `View details of ${toEdit.title}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Quest Details' })
    .getByRole('button', { name: 'Edit Quest' })
    .click();
  const editing = page.getByRole('dialog', { name: 'Edit Quest' });
  const edited = `${prefix} edited`;
  await editing.getByRole('textbox', { name: 'Title', exact: true }).fill(edited);
  await editing.getByLabel('Base XP').fill('40');
  await editing.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`“${edited}” was saved.`)).toBeVisible();
  await closeDialogs(page);
  await expect(card(edited)).toBeVisible();

  await card(toDelete.title)
    .getByRole('button', { name: `View details of ${toDelete.title}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Quest Details' })
    .getByRole('button', { name: 'Delete Quest' })
    .click();
  const deleting = page.getByRole('dialog', { name: 'Delete Quest' });
  await expect(
    deleting.getByText(
      'This action cannot be undone. It will permanently remove the quest and all associated data.',
    ),
  ).toBeVisible();
  await deleting.getByRole('button', { name: 'Delete Quest' }).click();
  await expect(page.getByText(`“${toDelete.title}” was deleted.`)).toBeVisible();
  await closeDialogs(page);
  await expect(card(toDelete.title)).toHaveCount(0);
  await expect(page.getByText('3 quests found')).toBeVisible();

  const answer = await request.get(`${apiUrl}/users/notifications?limit=20`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const messages = ((await answer.json()).data.notifications as { message: string }[]).map((n) => n.message);
  expect(messages.some((m) => m.includes(toApprove.title))).toBe(true);
  expect(messages.some((m) => m.includes('Two of the walls were repainted last month.'))).toBe(true);

  await page.goto('/admin/action-logs');
  const log = page.getByRole('list', { name: 'Action log entries' });
  await expect(log.getByText(`Approved quest "${toApprove.title}"`)).toBeVisible();
  await expect(log.getByText(`Rejected quest "${toReject.title}"`)).toBeVisible();
  await expect(log.getByText(new RegExp(`Updated quest "${edited}"`))).toBeVisible();
  await expect(log.getByText(`Deleted quest "${toDelete.title}"`)).toBeVisible();
});
