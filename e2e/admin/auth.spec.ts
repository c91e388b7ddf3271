import { expect, test } from '@playwright/test';
import { demo, seriousA11yViolations } from '../support/demo.ts';

async function signIn(page: import('@playwright/test').Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a visitor opening an admin screen is sent to the admin login', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login/);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the demo admin signs in to the dashboard and is refused the super admin dashboard', async ({
  page,
}) => {
  await signIn(page, demo.admin.username, demo.admin.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.goto('/admin/super-dashboard');
  await expect(page).toHaveURL(/\/access-denied$/);
});

test('an explorer is refused the admin console', async ({ page }) => {
  await signIn(page, demo.explorer.email, demo.explorer.password);
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('the demo super admin reaches the super admin dashboard and logs out', async ({ page }) => {
  await signIn(page, demo.superAdmin.username, demo.superAdmin.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Super Admin', { exact: true }).first()).toBeVisible();
  await page.goto('/admin/super-dashboard');
  await expect(page.getByRole('heading', { name: 'Super Admin Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);
});
