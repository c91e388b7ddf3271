import { expect, test } from '@playwright/test';
import {
  apiUrl,
  mailsTo,
  registerExplorer,
  seriousA11yViolations,
  signInExplorer,
  tokenFor,
} from '../support/demo.ts';

test('a friend request is mailed, its unsubscribe link stops that mail, and Settings shows it off', async ({
  page,
  request,
}) => {
  const asking = await registerExplorer(request, 'asking');
  const asked = await registerExplorer(request, 'asked');
  const askedToken = await tokenFor(request, asked.username, asked.password);
  const me = await (
    await request.get(`${apiUrl}/users/current-user`, { headers: { authorization: `Bearer ${askedToken}` } })
  ).json();
  const askingToken = await tokenFor(request, asking.username, asking.password);
  const sent = await request.post(`${apiUrl}/friends/request`, {
    headers: { authorization: `Bearer ${askingToken}` },
    data: { userId: me.data._id },
  });
  expect(sent.ok()).toBe(true);

  // The outbox sends queued mail every couple of seconds.
  await expect
    .poll(async () => (await mailsTo(request, asked.email)).map((mail) => mail.subject), { timeout: 15_000 })
    .toContain('New friend request');
  const mail = (await mailsTo(request, asked.email)).find((each) => each.subject === 'New friend request');
  const link = /(\/unsubscribe\?token=\S+)/.exec(mail?.text ?? '')?.[1];
  expect(link).toBeTruthy();

  // Opened from the mail, signed out.
  await page.goto(link ?? '');
  await expect(page.getByText(/^Stop emails about friend requests to a•••@example\.com\?$/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByText('You will no longer get emails about friend requests.', { exact: false }),
  ).toBeVisible();

  await signInExplorer(page, asked.username, asked.password);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Friend requests by email' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Friend requests in the app' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Proof decisions by email' })).toBeChecked();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
