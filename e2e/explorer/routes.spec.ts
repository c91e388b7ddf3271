import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiUrl, registerExplorer, seriousA11yViolations, tokenFor } from '../support/demo.ts';
import { sidewaysOverflow } from '../support/layout.ts';
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
const PHONE = { width: 390, height: 844 };
const NAVIGATION = 'Open menu';

/** Opens a page and waits for its content: the route spinner gone, the first heading shown, the network quiet. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
  await expect(page.locator('h1').first()).toBeVisible();
}

/** An explorer who has started a demo quest, signed in on `page`; answers that quest's id. */
async function signedInPlayer(page: Page, request: APIRequestContext) {
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
  return quest;
}

// Each test walks some twenty pages.
test.describe.configure({ timeout: 480_000 });

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

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
    const quest = await signedInPlayer(page, request);
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

// The pages' markup is the same on a phone, so axe has already judged it on the desktop; what a phone changes is
// the layout (nothing may scroll sideways) and the navigation, which folds into a menu that axe judges open.
test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('every page fits the width, and the folded navigation is axe-clean when opened', async ({
    page,
    request,
  }) => {
    const overflow: Record<string, string[]> = {};
    for (const path of PUBLIC) {
      await open(page, path);
      const found = await sidewaysOverflow(page);
      if (found.length) overflow[path] = found;
    }
    await open(page, '/');
    await page.getByRole('button', { name: NAVIGATION }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const quest = await signedInPlayer(page, request);
    for (const route of [...PROTECTED, '/quest-overview/:quest']) {
      const path = route.replace(':quest', quest);
      await open(page, path);
      expect(new URL(page.url()).pathname, route).toBe(path);
      const found = await sidewaysOverflow(page);
      if (found.length) overflow[route] = found;
    }
    await page.getByRole('button', { name: NAVIGATION }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(overflow).toEqual({});
  });
});
