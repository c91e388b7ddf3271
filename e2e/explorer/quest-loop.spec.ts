import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiUrl,
  demo,
  photo,
  registerExplorer,
  seriousA11yViolations,
  signInExplorer,
  tokenFor,
  uniqueName,
} from '../support/demo.ts';
import { settled } from '../support/settled.ts';

const PHONE = { width: 390, height: 844 };

async function pickPlace(page: Page, label: string, query: string, place: string) {
  await page.getByRole('combobox', { name: label }).fill(query);
  await page
    .getByRole('option', { name: new RegExp(place) })
    .first()
    .click();
}

async function asAdmin(request: APIRequestContext) {
  const token = await tokenFor(request, demo.admin.username, demo.admin.password);
  return { authorization: `Bearer ${token}` };
}

async function expectAxeClean(page: Page) {
  await settled(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

test('an explorer creates a quest, another finds it, starts it, meets the limit, proves every task and is rewarded', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const admin = await asAdmin(request);

  // 1. A creator submits a quest with photos, a route through the fixture places, and two tasks.
  const creator = await registerExplorer(request, 'creator');
  const creatorPage = await (await browser.newContext()).newPage();
  await signInExplorer(creatorPage, creator.username, creator.password);
  await creatorPage.goto('/create-quest');
  await expect(creatorPage.getByRole('heading', { name: 'Create a New Quest', level: 1 })).toBeVisible();
  const title = uniqueName('Gates and Arches');
  await creatorPage.getByRole('textbox', { name: 'Quest Title', exact: true }).fill(title);
  await creatorPage.getByLabel('Category').selectOption('History');
  await creatorPage.getByLabel('Difficulty').selectOption('Medium');
  await creatorPage
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('From India Gate past the old arches to a famous palace.');
  await creatorPage.getByRole('textbox', { name: 'Address', exact: true }).fill('Rajpath');
  await creatorPage.getByRole('textbox', { name: 'City', exact: true }).fill('New Delhi');
  await creatorPage.getByRole('textbox', { name: 'Pincode', exact: true }).fill('110001');
  await pickPlace(creatorPage, 'Start Location', 'India Ga', 'India Gate');
  await pickPlace(creatorPage, 'End Location', 'Hawa', 'Hawa Mahal');
  await pickPlace(creatorPage, 'Add a Waypoint', 'Charmi', 'Charminar');
  await creatorPage.getByRole('textbox', { name: 'Latitude', exact: true }).fill('28.6129');
  await creatorPage.getByRole('textbox', { name: 'Longitude', exact: true }).fill('77.2295');
  await creatorPage.getByRole('button', { name: 'Add Waypoint' }).click();
  await expect(creatorPage.getByText('Waypoints (2 / 23)')).toBeVisible();
  // On the route map a double click zooms and offers no point; a single click offers one.
  const routeMap = creatorPage.getByRole('region', { name: 'Map of the quest route' });
  const pickPanel = creatorPage.getByRole('region', { name: 'Point on the map' });
  await routeMap.scrollIntoViewIfNeeded();
  await expect(routeMap.locator('canvas')).toBeVisible();
  await routeMap.locator('canvas').dblclick({ position: { x: 40, y: 40 } });
  // Well past the double-click interval, after which a single click is offered.
  await creatorPage.waitForTimeout(1000);
  await expect(pickPanel.getByRole('button', { name: 'Set as start' })).toHaveCount(0);
  await expect(pickPanel.getByText('Click the map to use a point as the start')).toBeVisible();
  await routeMap.locator('canvas').click({ position: { x: 40, y: 40 } });
  await expect(pickPanel.getByRole('button', { name: 'Set as start' })).toBeVisible();
  await pickPanel.getByRole('button', { name: 'Dismiss this point' }).click();
  await expect(pickPanel.getByText('Click the map to use a point as the start')).toBeVisible();
  await creatorPage
    .getByRole('textbox', { name: 'Task 1', exact: true })
    .fill('Photograph India Gate from the lawns');
  await creatorPage
    .getByRole('textbox', { name: 'Task 2', exact: true })
    .fill('Find the carved arch near the palace');
  await creatorPage
    .getByRole('textbox', { name: 'Tip 1', exact: true })
    .fill('Carry water; the lawns have little shade.');
  await creatorPage
    .getByLabel('Choose quest photos')
    .setInputFiles([await photo('#c2255c', 800, 500), await photo('#1864ab')]);
  await expectAxeClean(creatorPage);
  await creatorPage.getByRole('button', { name: 'Submit Quest for Review' }).click();
  await expect(
    creatorPage.getByText(
      "Quest submitted for review successfully! You'll be redirected to your quests page.",
    ),
  ).toBeVisible();
  await expect(creatorPage).toHaveURL(/\/my-quest$/, { timeout: 30_000 });
  await expect(creatorPage.getByRole('heading', { name: title })).toBeVisible();

  // 2. A moderator approves it.
  const mine = await request.get(`${apiUrl}/quests/my-quests`, {
    headers: { authorization: `Bearer ${await tokenFor(request, creator.username, creator.password)}` },
  });
  const created = ((await mine.json()).data.quests as { _id: string; title: string }[]).find(
    (quest) => quest.title === title,
  );
  if (!created) throw new Error('the new quest is not among the creator’s quests');
  // The moderator sets the final base xp (100, so Medium pays 150 and the History Common badge follows).
  const edited = await request.put(`${apiUrl}/admin/quests/${created._id}`, {
    headers: admin,
    data: {
      title,
      description: 'From India Gate past the old arches to a famous palace.',
      category: 'History',
      difficulty: 'Medium',
      tasks: [
        { description: 'Photograph India Gate from the lawns' },
        { description: 'Find the carved arch near the palace' },
      ],
      tips: ['Carry water; the lawns have little shade.'],
      xp: 100,
    },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  // The approval names the version the moderator read: the one their edit just saved.
  const approved = await request.patch(`${apiUrl}/admin/quests/${created._id}/approve`, {
    headers: admin,
    data: { seenUpdatedAt: (await edited.json()).data.updatedAt },
  });
  expect(approved.ok()).toBe(true);

  // 3. A walker finds it on Explore and starts it next to two quests already under way.
  const walker = await registerExplorer(request, 'walker');
  const walkerToken = await tokenFor(request, walker.username, walker.password);
  const walkerAuth = { authorization: `Bearer ${walkerToken}` };
  const others = (
    (await (await request.get(`${apiUrl}/quests?limit=4`, { headers: walkerAuth })).json()).data.quests as {
      _id: string;
      title: string;
    }[]
  ).filter((quest) => quest._id !== created._id);
  for (const other of others.slice(0, 2)) {
    const started = await request.post(`${apiUrl}/quest-progress/start`, {
      headers: walkerAuth,
      data: { questId: other._id },
    });
    expect(started.ok()).toBe(true);
  }
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInExplorer(page, walker.username, walker.password);
  await page.goto('/explore');
  await page.getByLabel('Search quests').fill(title);
  const card = page.getByRole('button', { name: title, exact: true });
  await expect(card).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/quest-overview/${created._id}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Start Quest' }).click();
  await expect(page).toHaveURL(new RegExp(`/quest-in-progress/${created._id}$`));
  await expect(page.getByText('Photograph India Gate from the lawns')).toBeVisible();
  await expectAxeClean(page);

  // 4. A fourth quest meets the limit; the explorer abandons one of the others from My Quest.
  await page.goto(`/quest-overview/${others[2]?._id}`);
  await page.getByRole('button', { name: 'Start Quest' }).click();
  const limit = page.getByRole('dialog', { name: 'Quest Limit Reached' });
  await expect(
    limit.getByText(
      'You can only have 3 ongoing quests at a time. Complete or abandon one of your current quests to start a new adventure.',
    ),
  ).toBeVisible();
  await limit.getByRole('link', { name: 'View My Quests' }).click();
  await expect(page).toHaveURL(/\/my-quest$/);
  await expect(page.getByText('3 / 3')).toBeVisible();
  const abandoned = others[0]?.title ?? '';
  await page.getByRole('button', { name: `Abandon ${abandoned}` }).click();
  await page
    .getByRole('dialog', { name: 'Abandon quest?' })
    .getByRole('button', { name: 'Abandon Quest' })
    .click();
  await expect(page.getByText(`"${abandoned}" was abandoned.`)).toBeVisible();
  await expect(page.getByText('2 / 3')).toBeVisible();

  // 5. Proof for every task from the phone, then the moderator approves both.
  for (const order of [1, 2]) {
    await page.goto(`/quest-in-progress/${created._id}`);
    await page.getByRole('link', { name: `Submit Proof for objective ${order}` }).click();
    await expect(page).toHaveURL(new RegExp(`/quest-proof-upload/${created._id}`));
    await page.getByLabel('Choose a photo').setInputFiles(await photo(order === 1 ? '#2b8a3e' : '#e67700'));
    await page.getByLabel('Description').fill(`Objective ${order} done, photo taken on the spot.`);
    if (order === 1) await expectAxeClean(page);
    await page.getByRole('button', { name: 'Submit Proof' }).click();
    await expect(page.getByText('Quest proof submitted successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/quest-in-progress/${created._id}$`), { timeout: 30_000 });
  }
  await expect(page.getByText('Pending review')).toHaveCount(2);
  const walkerId = ((await (await request.get(`${apiUrl}/users/my-profile`, { headers: walkerAuth })).json())
    .data._id ?? '') as string;
  for (const order of [1, 2]) {
    const verified = await request.post(`${apiUrl}/admin/verify-task/${created._id}/${order}`, {
      headers: admin,
      data: { userId: walkerId, approved: true, feedback: 'Lovely shot' },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
  }

  // 6. The reward: xp in the header, the quest among the completed ones, a completion notice.
  await page.goto('/my-quest');
  await expect(page.getByRole('heading', { name: 'Completed Quests' })).toBeVisible();
  const completed = page.getByRole('region', { name: 'Completed Quests' });
  await expect(completed.getByText(title)).toBeVisible();
  await expect(page.getByText('1 / 3')).toBeVisible();
  const profile = (await (await request.get(`${apiUrl}/users/my-profile`, { headers: walkerAuth })).json())
    .data;
  expect(profile.questsCompleted).toBe(1);
  expect(profile.totalXP).toBeGreaterThan(0);
  expect(profile.totalXP).toBe(150);
  await page.goto('/badge-collection');
  const earned = page.getByRole('region', { name: 'Earned Badges' });
  await expect(earned.getByText(/Earned:/)).toHaveCount(1);
  await page.goto('/profile');
  await expect(page.getByText(`+${profile.totalXP} XP`)).toBeVisible();
  await expect(page.getByText(`XP: ${profile.currentXP} / ${profile.nextLevelXP}`).last()).toBeVisible();
  await expectAxeClean(page);
});
