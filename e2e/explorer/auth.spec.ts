import { expect, test } from '@playwright/test';
import { demo, signUpThroughScreens, uniqueName } from '../support/demo.ts';

test('a visitor signs up with photos, verifies the email, signs out and back in by username', async ({
  page,
  request,
}) => {
  const username = uniqueName('walker');
  const email = `${username}@example.com`;
  const password = 'long-enough-password';

  await page.goto('/signup');
  await signUpThroughScreens(page, request, { username, email, password, fullName: 'Walker Tester' });
  await expect(page.getByText('Email verified successfully! Redirecting to home...')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Lv. 1').first()).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await expect(dialog.getByText('Are you sure you want to log out of your account?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email or Username').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Lv. 1').first()).toBeVisible();
});

test('a wrong password opens the Invalid Credentials dialog', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(demo.explorer.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('definitely-wrong');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Invalid Credentials' })).toBeVisible();
});

test('the demo explorer signs in by email and sees their level', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(demo.explorer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.explorer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Lv. 2').first()).toBeVisible();
  await page.goto('/change-password');
  await expect(page.getByLabel('Current Password')).toBeVisible();
});

test('protected pages send visitors to Access Denied, and logging in from there returns to them', async ({
  page,
}) => {
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/access-denied\?redirect=%2Fchange-password$/);
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Email or Username').fill(demo.explorer.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.explorer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByLabel('Current Password')).toBeVisible();
});

test('unknown paths show Page Not Found', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByText('Page Not Found').first()).toBeVisible();
});
