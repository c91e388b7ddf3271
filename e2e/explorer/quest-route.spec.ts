import { expect, test } from '@playwright/test';
import { apiUrl, demo } from '../support/demo.ts';

test('a quest detail page draws its route with numbered waypoints from the local style', async ({
  page,
  request,
}, testInfo) => {
  const login = await request.post(`${apiUrl}/users/login`, {
    data: { username: demo.explorer.username, password: demo.explorer.password },
  });
  const token = (await login.json()).data.accessToken as string;
  const listed = await request.get(`${apiUrl}/quests?limit=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  type Listed = { _id: string; title: string };
  const quests = (await listed.json()).data.quests as Listed[];
  // A quest whose route has waypoints between its start and end.
  let chosen: { quest: Listed; stops: number } | undefined;
  for (const quest of quests) {
    const detail = await request.get(`${apiUrl}/quests/${quest._id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const route = (await detail.json()).data.routes[0];
    // Route ends are place names; their points travel beside them.
    const located = (point: { lat: number; lng: number } | null) => (point ? 1 : 0);
    const stops = located(route.start_coordinates) + route.waypoints.length + located(route.end_coordinates);
    if (route.waypoints.length > 0 && stops > 2) {
      chosen = { quest, stops };
      break;
    }
  }
  if (!chosen) throw new Error('the demo city has no quest with waypoints');

  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(demo.explorer.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.explorer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/quest-overview/${chosen.quest._id}`);
  // The route map loads as the person scrolls towards it, as on a phone.
  await page.getByRole('heading', { name: 'Route Map' }).scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: `Route map of ${chosen.quest.title}` });
  await expect(map.locator('canvas')).toBeVisible();
  await expect(map).toHaveAttribute('data-route-drawn', 'true', { timeout: 40_000 });
  const markers = map.locator('.maplibregl-marker');
  await expect(markers).toHaveCount(chosen.stops);
  await expect(markers.first()).toHaveText('1');
  await expect(markers.last()).toHaveText(String(chosen.stops));
  await testInfo.attach('quest-route-map', { body: await map.screenshot(), contentType: 'image/png' });
});
