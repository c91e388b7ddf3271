import { expect, type Page, test } from '@playwright/test';
import { apiUrl, demo, registerExplorer, seriousA11yViolations, tokenFor } from '../support/demo.ts';
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
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 300_000 });

    test('a super admin opens every admin screen, each axe-clean, in light and dark', async ({
      page,
      request,
    }) => {
      // A super admin of its own, so switching its theme touches no other journey's account.
      const fresh = await registerExplorer(request, 'chief');
      const chief = {
        authorization: `Bearer ${await tokenFor(request, demo.superAdmin.username, demo.superAdmin.password)}`,
      };
      const found = await request.get(`${apiUrl}/admin/users?search=${fresh.username}`, { headers: chief });
      const id = (await found.json()).data.users[0]._id as string;
      expect(
        (await request.patch(`${apiUrl}/admin/users/${id}/promote-super-admin`, { headers: chief })).ok(),
      ).toBe(true);
      const own = { authorization: `Bearer ${await tokenFor(request, fresh.username, fresh.password)}` };
      const violations: Record<string, string[]> = {};
      const screens = [...ADMIN_SCREENS, ['/admin/super-dashboard', 'Super Admin Dashboard'] as const];
      for (const theme of ['light', 'dark'] as const) {
        const saved = await request.post(`${apiUrl}/users/settings`, {
          headers: own,
          data: { appPreferences: { language: 'en', theme } },
        });
        expect(saved.ok()).toBe(true);
        await page.evaluate(() => localStorage.clear()).catch(() => {});
        await signIn(page, fresh.username, fresh.password);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        for (const [path, heading] of screens) {
          await page.goto(path);
          await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
          await settled(page);
          const problems = await seriousA11yViolations(page);
          if (problems.length) violations[`${theme} ${path}`] = problems;
        }
      }
      expect(violations).toEqual({});
    });
  });
}
