import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiUrl, demo, registerExplorer, submitQuest, tokenFor, uniqueName } from './demo.ts';

export const EXPLORERS = 10;
export const TASKS = 5;
export const PROOFS = EXPLORERS * TASKS;
type Auth = { authorization: string };

/**
 * A phone photo with a location and a capture time two days old: the server flags it taken before the quest was
 * started, which no other journey's proof is.
 */
async function oldPhoto(index: number) {
  const taken = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  return {
    name: `IMG_${index}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await sharp({
      create: { width: 320, height: 240, channels: 3, background: `hsl(${index * 7}, 60%, 50%)` },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCam' },
        IFD2: { DateTimeOriginal: taken.replace(/-/g, ':') },
        // At the quest's start (28.6562 N, 77.241 E), so the only flags are the date's, the plain colour's and
        // the quest's lack of stops (no_stop_to_compare: it has no waypoints).
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '28/1 39/1 2232/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 14/1 2760/100',
        },
      })
      .toBuffer(),
  };
}

/**
 * A new approved quest of five tasks that ten new explorers have started and sent every proof of: fifty proofs
 * flagged `taken_before_start`, each with the note "Door N of <username>".
 */
export async function fiftyFlaggedProofs(request: APIRequestContext) {
  const admin = {
    authorization: `Bearer ${await tokenFor(request, demo.admin.username, demo.admin.password)}`,
  };
  const guide = await registerExplorer(request, 'guide');
  const { _id: questId, updatedAt } = await submitQuest(
    request,
    await tokenFor(request, guide.username, guide.password),
    uniqueName('Keyboard walk'),
    {
      category: 'History',
      description: 'Five old doors between the fort and the river.',
      address: 'Old Town',
      pincode: '110006',
      startLocation: JSON.stringify({ lat: 28.6562, lng: 77.241 }),
      endLocation: JSON.stringify({ lat: 28.6507, lng: 77.2334 }),
      tasks: JSON.stringify(Array.from({ length: TASKS }, (_, index) => `Photograph door ${index + 1}`)),
      tips: JSON.stringify([]),
      tags: 'doors',
      photos: await oldPhoto(999),
    },
  );
  // The approval names the version of the quest the moderator read (docs/product-rules/moderation.md#quest-review).
  const approved = await request.patch(`${apiUrl}/admin/quests/${questId}/approve`, {
    headers: admin,
    data: { seenUpdatedAt: updatedAt },
  });
  expect(approved.ok()).toBe(true);

  const walkers: Auth[] = [];
  for (let walker = 0; walker < EXPLORERS; walker += 1) {
    const account = await registerExplorer(request, 'doorman');
    const auth = { authorization: `Bearer ${await tokenFor(request, account.username, account.password)}` };
    const started = await request.post(`${apiUrl}/quest-progress/start`, {
      headers: auth,
      data: { questId },
    });
    expect(started.ok()).toBe(true);
    for (let order = 1; order <= TASKS; order += 1) {
      const sent = await request.post(`${apiUrl}/quest-progress/task-proof/${questId}/${order}`, {
        headers: auth,
        multipart: {
          proofImages: await oldPhoto(walker * TASKS + order),
          notes: `Door ${order} of ${account.username}`,
        },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    }
    walkers.push(auth);
  }
  return { questId, walkers };
}

export async function signInModerator(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(demo.admin.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

const reviewButtons = (page: Page) => page.getByRole('button', { name: /^Review task \d+ of / });
const reviewDialog = (page: Page) => page.getByRole('dialog', { name: /^Review Task \d+$/ });

/** Opens the review of the first proof the page lists. */
export async function openFirst(page: Page) {
  await reviewButtons(page).first().click();
  return reviewDialog(page);
}

/** Waits until the review shows another proof than the note it showed, or has closed. */
async function movedOn(page: Page, showing: string | null) {
  const dialog = reviewDialog(page);
  await expect
    .poll(
      async () =>
        !(await dialog.isVisible()) || (await dialog.getByText(/^Door \d+ of /).textContent()) !== showing,
    )
    .toBe(true);
}

/**
 * The keyboard review: one click opens a page's first proof, then A approves each and the review moves on.
 * Answers the keys and clicks it took.
 */
export async function clearByKeyboard(page: Page, proofs: number) {
  let keys = 0;
  let clicks = 0;
  for (let decided = 0; decided < proofs; decided += 1) {
    if (!(await reviewDialog(page).isVisible())) {
      await openFirst(page);
      clicks += 1;
    }
    const showing = await reviewDialog(page)
      .getByText(/^Door \d+ of /)
      .textContent();
    await page.keyboard.press('a');
    keys += 1;
    await movedOn(page, showing);
  }
  return { keys, clicks };
}

/**
 * Review as the screen worked before keyboard review: open each proof from the list, click Approve Task, and
 * go back to the list.
 */
export async function clearOneByOne(page: Page, proofs: number) {
  let clicks = 0;
  for (let decided = 0; decided < proofs; decided += 1) {
    const dialog = await openFirst(page);
    const showing = await dialog.getByText(/^Door \d+ of /).textContent();
    await dialog.getByRole('button', { name: 'Approve Task' }).click();
    await movedOn(page, showing);
    await page.keyboard.press('Escape');
    await expect(reviewDialog(page)).toHaveCount(0);
    await expect(page.getByText(showing ?? '')).toHaveCount(0);
    clicks += 2;
  }
  return { keys: proofs, clicks };
}
