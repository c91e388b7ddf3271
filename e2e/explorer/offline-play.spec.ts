import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  apiUrl,
  demo,
  photo,
  registerExplorer,
  signInExplorer,
  submitQuest,
  tokenFor,
} from '../support/demo.ts';

// docs/product-rules/offline-play.md: the service worker is what these journeys test.
test.use({ serviceWorkers: 'allow' });

const PHONE = { width: 390, height: 844 };
/** The service worker of the build the journeys' server serves. */
const SERVICE_WORKER = fileURLToPath(new URL('../../explorer-app/dist/sw.js', import.meta.url));

/** A quest approved by the demo moderator and started by a fresh explorer, who is signed in on a phone. */
async function questInProgress(request: APIRequestContext) {
  const admin = {
    authorization: `Bearer ${await tokenFor(request, demo.admin.username, demo.admin.password)}`,
  };
  const creator = await registerExplorer(request, 'offcreator');
  const quest = await submitQuest(
    request,
    await tokenFor(request, creator.username, creator.password),
    `Offline walk ${Date.now()}`,
  );
  const approved = await request.patch(`${apiUrl}/admin/quests/${quest._id}/approve`, {
    headers: admin,
    data: { feedback: 'Good to go', seenUpdatedAt: quest.updatedAt },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const walker = await registerExplorer(request, 'offwalker');
  const walkerAuth = { authorization: `Bearer ${await tokenFor(request, walker.username, walker.password)}` };
  const started = await request.post(`${apiUrl}/quest-progress/start`, {
    headers: walkerAuth,
    data: { questId: quest._id },
  });
  expect(started.ok(), await started.text()).toBe(true);
  return { admin, quest, walker, walkerAuth };
}

/** Waits until the service worker has installed every file and controls the page. */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

async function progressOf(request: APIRequestContext, auth: Record<string, string>, questId: string) {
  const answer = await request.get(`${apiUrl}/quest-progress/${questId}`, { headers: auth });
  return (await answer.json()).data as { taskProofs: Record<string, { status: string }> };
}

test('a quest in progress opens offline, a proof taken offline is sent once when back online, and its approval shows without reloading', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { admin, quest, walker, walkerAuth } = await questInProgress(request);
  const context: BrowserContext = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInExplorer(page, walker.username, walker.password);
  await page.goto(`/quest-in-progress/${quest._id}`);
  await expect(page.getByText('Find the elephant mural')).toBeVisible();
  await controlledByServiceWorker(page);

  // Offline, a reload still shows the quest, from what the page kept on the device.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Find the elephant mural')).toBeVisible();
  await expect(page.getByText(/^Offline — showing what was saved on this device/)).toBeVisible();

  // A proof sent offline waits on the device.
  await page.getByRole('link', { name: 'Submit Proof for objective 1' }).click();
  await page.getByLabel('Choose a photo').setInputFiles(await photo('#1971c2'));
  await page.getByLabel('Description').fill('The elephant, photographed with no signal.');
  await page.getByRole('button', { name: 'Submit Proof' }).click();
  await expect(
    page.getByText("Saved on this device — it will be sent when you're back online"),
  ).toBeVisible();

  // The tab is closed and the app opened again, still offline: the proof is still waiting.
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto(`/quest-in-progress/${quest._id}`);
  await expect(reopened.getByText('Waiting for connection')).toBeVisible();
  expect((await progressOf(request, walkerAuth, quest._id)).taskProofs['1']).toBeUndefined();

  // Back online, it is sent, once.
  const sends: string[] = [];
  reopened.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/quest-progress/task-proof/'))
      sends.push(sent.url());
  });
  await context.setOffline(false);
  await expect(reopened.getByText('Waiting for connection')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => (await progressOf(request, walkerAuth, quest._id)).taskProofs['1']?.status)
    .toBe('submitted');
  const proofs = (await progressOf(request, walkerAuth, quest._id)).taskProofs;
  expect(Object.keys(proofs)).toEqual(['1']);
  expect(sends).toHaveLength(1);
  await expect(reopened.getByText('Pending review')).toHaveCount(1);

  // The moderator approves it: the page and the bell show it with no reload and no polling in between.
  const me = (await (await request.get(`${apiUrl}/users/current-user`, { headers: walkerAuth })).json()).data;
  const decided = await request.post(`${apiUrl}/admin/verify-task/${quest._id}/1`, {
    headers: admin,
    data: { userId: me._id, approved: true, feedback: 'Clear shot' },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  await expect(reopened.getByText('Pending review')).toHaveCount(0, { timeout: 10_000 });
  await expect(reopened.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible({
    timeout: 5_000,
  });
  await context.close();
});

test('a new version is offered with a Reload button, and Reload brings it in', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await controlledByServiceWorker(page);
  // The next deployment: the server's service worker changes by one comment.
  const deployed = await readFile(SERVICE_WORKER, 'utf8');
  try {
    await writeFile(SERVICE_WORKER, `${deployed}\n// the next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'New version available' });
    await expect(prompt).toBeVisible();
    // The new version waits: nothing reloads until the explorer chooses to.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null),
    ).toBe(true);
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(prompt).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      )
      .toBeNull();
  } finally {
    await writeFile(SERVICE_WORKER, deployed);
  }
  await context.close();
});
