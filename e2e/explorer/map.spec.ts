import { expect, test } from '@playwright/test';
import { demo } from '../support/demo.ts';

test('the explore map draws the demo city quests as clustered layers, not DOM markers', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(demo.explorer.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.explorer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/explore');
  await expect(page.getByText(/\d+ quests found/)).toBeVisible();
  const map = page.getByRole('region', { name: 'Map of quests near you' });
  await expect(map.locator('canvas')).toBeVisible();
  await expect
    .poll(async () => Number(await map.getAttribute('data-rendered-quest-features')), { timeout: 40_000 })
    .toBeGreaterThan(0);
  await expect(map.locator('.maplibregl-marker')).toHaveCount(0);
  await testInfo.attach('explore-map', { body: await map.screenshot(), contentType: 'image/png' });
});
