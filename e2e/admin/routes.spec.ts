import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type Account,
  apiUrl,
  demo,
  registerExplorer,
  seriousA11yViolations,
  tokenFor,
} from '../support/demo.ts';
import { sidewaysOverflow } from '../support/layout.ts';
import { settled } from '../support/settled.ts';

// Every screen of docs/product-rules/routes.md#admin-console-routes (the super admin dashboard joins below).
const ADMIN_SCREENS = [
  ['/admin/dashboard', 'Admin Dashboard'],
  ['/admin/quests', 'Quest Moderation'],
  ['/admin/users', 'User Management'],
  ['/admin/proofs', 'Task Proof Verification'],
  ['/admin/action-logs', 'Admin Action Logs'],
  ['/admin/analytics', 'Analytics'],
  ['/admin/reports', 'Reports'],
  ['/admin/badges', 'Badges'],
] as const;

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/** A super admin of its own, so switching its theme touches no other journey's account. */
async function freshSuperAdmin(request: APIRequestContext) {
  const fresh = await registerExplorer(request, 'chief');
  const chief = {
    authorization: `Bearer ${await tokenFor(request, demo.superAdmin.username, demo.superAdmin.password)}`,
  };
  const found = await request.get(`${apiUrl}/admin/users?search=${fresh.username}`, { headers: chief });
  const id = (await found.json()).data.users[0]._id as string;
  expect(
    (await request.patch(`${apiUrl}/admin/users/${id}/promote-super-admin`, { headers: chief })).ok(),
  ).toBe(true);
  return fresh;
}

/** Saves the account's theme and signs it in afresh, so the console opens in that theme. */
async function signInWithTheme(
  page: Page,
  request: APIRequestContext,
  who: Account,
  theme: 'light' | 'dark',
) {
  const own = { authorization: `Bearer ${await tokenFor(request, who.username, who.password)}` };
  const saved = await request.post(`${apiUrl}/users/settings`, {
    headers: own,
    data: { appPreferences: { language: 'en', theme } },
  });
  expect(saved.ok()).toBe(true);
  await page.evaluate(() => localStorage.clear()).catch(() => {});
  await signIn(page, who.username, who.password);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
}

const SCREENS = [...ADMIN_SCREENS, ['/admin/super-dashboard', 'Super Admin Dashboard'] as const];

async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await settled(page);
}

test.describe.configure({ timeout: 300_000 });

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a super admin opens every admin screen, each axe-clean, in light and dark', async ({
    page,
    request,
  }) => {
    const chief = await freshSuperAdmin(request);
    const violations: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      await signInWithTheme(page, request, chief, theme);
      for (const [path, heading] of SCREENS) {
        await openScreen(page, path, heading);
        const problems = await seriousA11yViolations(page);
        if (problems.length) violations[`${theme} ${path}`] = problems;
      }
    }
    expect(violations).toEqual({});
  });
});

// The screens' markup is the same on a phone, and axe has judged it on the desktop in both themes; a phone
// changes the layout (nothing may scroll sideways) and folds the navigation into a menu, judged open in each theme.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every admin screen fits the width, and the folded navigation is axe-clean in light and dark', async ({
    page,
    request,
  }) => {
    const chief = await freshSuperAdmin(request);
    const overflow: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      await signInWithTheme(page, request, chief, theme);
      await page.getByRole('button', { name: 'Open menu' }).click();
      expect(await seriousA11yViolations(page), theme).toEqual([]);
    }
    for (const [path, heading] of SCREENS) {
      await openScreen(page, path, heading);
      const found = await sidewaysOverflow(page);
      if (found.length) overflow[path] = found;
    }
    expect(overflow).toEqual({});
  });
});
