import { expect, test } from '@playwright/test';
import { apiUrl, photo, registerExplorer, seriousA11yViolations, signInExplorer } from '../support/demo.ts';

test('a visitor sends a message through Contact Us', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByLabel('Name').fill('Visitor Tester');
  await page.getByLabel('Email').fill('visitor@example.com');
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Partnership' }).click();
  await page.getByLabel('Message').fill('We would like to run a food walk with you in Jaipur.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByText('Thank you! Your message has been sent. We reply within 24-48 hours.'),
  ).toBeVisible();
});

test('a visitor reports a bug with a screenshot attached, removing a wrong one first', async ({ page }) => {
  await page.goto('/report-bug');
  await page.getByLabel('Your Email').fill('visitor@example.com');
  await page.getByLabel('Subject').fill('Map does not zoom');
  await page.getByLabel('Description').fill('Pinching the explore map does nothing.');
  await page.getByLabel('Steps to Reproduce').fill('Open Explore on a phone and pinch the map.');
  await page.getByLabel('Attachments').setInputFiles([await photo('#e03131'), await photo('#2f9e44')]);
  await page.getByRole('button', { name: 'Remove e03131.png' }).click();
  await expect(page.getByText('e03131.png')).toHaveCount(0);
  await expect(page.getByText('2f9e44.png')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Bug Report' }).click();
  await expect(
    page.getByText('Bug report submitted successfully! Thank you for helping us improve the product.'),
  ).toBeVisible();
});

test('an explorer changes their picture and bio, switches to dark and to French and back', async ({
  page,
  request,
}) => {
  const me = await registerExplorer(request, 'settler');
  await signInExplorer(page, me.username, me.password);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles(await photo('#f08c00', 400, 400));
  await expect(page.getByText('Profile picture updated successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Bio' }).click();
  await page.getByRole('textbox', { name: 'Bio' }).fill('Chasing stepwells and street food.');
  await expect(page.getByText('34/200')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Bio updated successfully!')).toBeVisible();
  await expect(page.getByText('Chasing stepwells and street food.')).toBeVisible();

  await page.getByRole('tab', { name: 'App Preferences' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.getByText('Dark', { exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel('Language').selectOption('fr');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // Remembered on the server: a new sign-in comes back in French and dark.
  await page.evaluate(() => localStorage.clear());
  await signInExplorer(page, me.username, me.password);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByRole('tab', { name: "Préférences de l'app" }).click();
  await page.getByLabel('Langue').selectOption('en');
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Chasing stepwells and street food.')).toBeVisible();
});

test('two explorers become friends: one finds and asks, the other accepts', async ({ browser, request }) => {
  const asha = await registerExplorer(request, 'asha');
  const ravi = await registerExplorer(request, 'ravi');

  const ashaPage = await (await browser.newContext()).newPage();
  await signInExplorer(ashaPage, asha.username, asha.password);
  await ashaPage.goto('/friends');
  await ashaPage.getByRole('textbox', { name: 'Username' }).fill(ravi.username);
  await ashaPage.getByRole('button', { name: 'Search' }).click();
  await ashaPage.getByRole('button', { name: 'Add Friend' }).click();
  const sent = ashaPage.getByRole('region', { name: 'Sent requests' });
  await expect(sent.getByText(`@${ravi.username}`)).toBeVisible();

  const raviPage = await (await browser.newContext()).newPage();
  await signInExplorer(raviPage, ravi.username, ravi.password);
  await raviPage.getByRole('button', { name: /Notifications \(1 unread\)/ }).click();
  await expect(raviPage.getByText(/sent you a friend request/i)).toBeVisible();
  await raviPage.goto('/friends');
  const pending = raviPage.getByRole('region', { name: 'Pending requests' });
  await expect(pending.getByText(`@${asha.username}`)).toBeVisible();
  await pending.getByRole('button', { name: 'Accept' }).click();
  const raviFriends = raviPage.getByRole('region', { name: 'My friends' });
  await expect(raviFriends.getByText(`@${asha.username}`)).toBeVisible();
  expect(await seriousA11yViolations(raviPage)).toEqual([]);

  await ashaPage.reload();
  const ashaFriends = ashaPage.getByRole('region', { name: 'My friends' });
  await expect(ashaFriends.getByText(`@${ravi.username}`)).toBeVisible();
  await expect(sent.getByText('No sent requests')).toBeVisible();
  await ashaPage.goto('/profile');
  await ashaPage.getByRole('tab', { name: 'Friends' }).click();
  await expect(ashaPage.getByRole('link', { name: ravi.fullName })).toBeVisible();
});

test('an explorer deletes their account and can no longer sign in', async ({ page, request }) => {
  const me = await registerExplorer(request, 'leaver');
  await signInExplorer(page, me.username, me.password);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('button', { name: 'Delete account permanently' });
  await expect(confirm).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByLabel('Type DELETE_MY_ACCOUNT to confirm').fill('DELETE_MY_ACCOUNT');
  await confirm.click();
  await expect(page.getByText('Account deleted successfully. Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const login = await request.post(`${apiUrl}/users/login`, {
    data: { username: me.username, password: me.password },
  });
  expect(login.status()).toBe(401);
});
