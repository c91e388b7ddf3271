import { expect, type Page, test } from '@playwright/test';
import { apiUrl, registerExplorer, seriousA11yViolations, tokenFor } from '../support/demo.ts';
import { settled } from '../support/settled.ts';

// Every explorer app route of docs/product-rules/routes.md#explorer-app-routes: the public and signed-in
// screens and the placeholder pages. `:quest` is an approved demo quest the explorer has started.
const PUBLIC = [
  '/',
  '/about-us',
  '/login',
  '/signup',
  '/verify-email',
  '/forgot-password',
  '/reset-password?email=walker%40example.com',
  '/explore',
  '/compass',
  '/contact-us',
  '/privacy',
  '/terms',
  '/report-bug',
  '/access-denied',
  '/support',
  '/unsubscribe',
  '/events',
  '/feed',
  '/messages',
  '/submit-ticket',
];
const PROTECTED = [
  '/change-password',
  '/help',
  '/settings',
  '/my-quest',
  '/quest-in-progress/:quest',
  '/create-quest',
  '/badge-collection',
  '/badges-gallery',
  '/profile',
  '/friends',
  '/leaderboard',
  '/quest-proof-upload/:quest',
  '/chat-support',
  '/feature-under-development',
  '/provide-feedback',
];
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** Opens a page and waits for its content: the route spinner gone, the first heading shown, the network quiet. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
  await expect(page.locator('h1').first()).toBeVisible();
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });
    // Each test walks some twenty pages with an axe run on each.
    test.describe.configure({ timeout: 480_000 });

    test('a visitor opens every public page, axe-clean, and is sent to Access Denied from the others', async ({
      page,
    }) => {
      const violations: Record<string, string[]> = {};
      for (const path of PUBLIC) {
        await open(page, path);
        expect(new URL(page.url()).pathname, path).toBe(path.split('?')[0]);
        const found = await seriousA11yViolations(page);
        if (found.length) violations[path] = found;
      }
      expect(violations).toEqual({});
      for (const path of PROTECTED) {
        await page.goto(path.replace(':quest', '00000000-0000-4000-8000-000000000000'));
        await expect(page, path).toHaveURL(/\/access-denied\?redirect=/);
      }
      await page.goto('/no/such/place');
      await expect(page.getByText('Page Not Found').first()).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test('an explorer opens every login-required page, axe-clean', async ({ page, request }) => {
      const me = await registerExplorer(request, 'router');
      const token = await tokenFor(request, me.username, me.password);
      const listed = await request.get(`${apiUrl}/quests?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const quest = (await listed.json()).data.quests[0]._id as string;
      const started = await request.post(`${apiUrl}/quest-progress/start`, {
        headers: { authorization: `Bearer ${token}` },
        data: { questId: quest },
      });
      expect(started.ok()).toBe(true);
      const login = await request.post(`${apiUrl}/users/login`, {
        data: { username: me.username, password: me.password },
      });
      const session = (await login.json()).data as { accessToken: string; refreshToken: string };
      await page.addInitScript((tokens) => {
        if (!localStorage.getItem('accessToken')) {
          localStorage.setItem('accessToken', tokens.accessToken);
          localStorage.setItem('refreshToken', tokens.refreshToken);
        }
      }, session);

      const violations: Record<string, string[]> = {};
      // A quest's page is public, and signed in it shows the player's parts too.
      for (const route of [...PROTECTED, '/quest-overview/:quest']) {
        const path = route.replace(':quest', quest);
        await open(page, path);
        expect(new URL(page.url()).pathname, route).toBe(path);
        const found = await seriousA11yViolations(page);
        if (found.length) violations[route] = found;
      }
      await open(page, '/quest');
      expect(new URL(page.url()).pathname).toBe('/my-quest');
      expect(violations).toEqual({});
    });
  });
}
