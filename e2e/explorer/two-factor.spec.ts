import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiUrl, registerExplorer, seriousA11yViolations, signInExplorer } from '../support/demo.ts';

/** What the explorer's authenticator app shows, `steps` 30-second steps from now. */
const authenticatorCode = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

test('an explorer turns on two-factor sign-in with an authenticator, keeps the recovery codes and signs in again with a code', async ({
  page,
  request,
}) => {
  const me = await registerExplorer(request, 'guarded');
  await signInExplorer(page, me.username, me.password);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('switch', { name: 'Two-factor authentication' }).click();

  const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  // The current password is asked only of a sign-in older than 5 minutes: this one is fresh, so it stays empty.
  await expect(setup.getByLabel('Current password')).toBeFocused();
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(setup.getByRole('img', { name: 'QR code of your two-factor sign-in key' })).toBeVisible();
  // The key as the explorer would type it into the app, shown in groups of four.
  const secret = ((await setup.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await setup.getByLabel('Authentication code').fill(authenticatorCode(secret));
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
  await expect(page.getByText('10 recovery codes left')).toBeVisible();

  // The password alone no longer signs in through the API either.
  const passwordOnly = await request.post(`${apiUrl}/users/login`, {
    data: { username: me.username, password: me.password },
  });
  expect((await passwordOnly.json()).data).not.toHaveProperty('accessToken');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email or Username').fill(me.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  // The enrolment spent this step's code; the app's next one is accepted a step early.
  await code.fill(authenticatorCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Lv. 1').first()).toBeVisible();
});
