import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';

/** The demo accounts `npm start` seeds (README). */
export const demo = {
  explorer: { username: 'explorer', email: 'explorer@cityquest.dev', password: 'Chai-Stepwell-2026' },
  admin: { username: 'moderator', email: 'admin@cityquest.dev', password: 'Monsoon-Ledger-2026' },
  superAdmin: { username: 'superadmin', email: 'superadmin@cityquest.dev', password: 'Fort-Lantern-2026' },
} as const;

export const apiUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 8180)}/api/v1`;

export async function photo(color: string, width = 320, height = 240) {
  return {
    name: `${color.replace('#', '')}.png`,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer(),
  };
}

export type SentMail = { subject: string; text: string };

/** The mails sent to an address, newest first, read from the server's dev outbox. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<SentMail[]> {
  const response = await request.get(`${apiUrl}/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { data: SentMail[] }).data;
}

/** The newest 4-digit code mailed to an address, read from the server's dev outbox. */
async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const [newest] = await mailsTo(request, email);
  const code = /\b(\d{4})\b/.exec(newest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export function uniqueName(prefix: string) {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** axe on the current page: no serious or critical violations. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(', ')}`,
    );
}

export type Account = { username: string; email: string; password: string; fullName: string };

/** A fresh explorer with a verified email, made through the public API as the sign-up screen would. */
export async function registerExplorer(request: APIRequestContext, prefix = 'walker'): Promise<Account> {
  const username = uniqueName(prefix).toLowerCase();
  const account = {
    username,
    email: `${username}@example.com`,
    password: 'long-enough-password',
    fullName: `${prefix[0]?.toUpperCase()}${prefix.slice(1)} Tester`,
  };
  const registered = await request.post(`${apiUrl}/users/register`, {
    multipart: {
      username: account.username,
      fullName: account.fullName,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      avatar: await photo('#1c7ed6'),
      coverImage: await photo('#0ca678', 900, 300),
    },
  });
  if (!registered.ok()) throw new Error(`register failed: ${await registered.text()}`);
  const verified = await request.post(`${apiUrl}/users/verify-email`, {
    data: { email: account.email, verificationCode: await mailedCode(request, account.email) },
  });
  if (!verified.ok()) throw new Error(`verify failed: ${await verified.text()}`);
  return account;
}

/**
 * Fills the explorer app's sign-up form with photos and sends it, then enters the mailed code on the
 * verification screen, as a new explorer does.
 */
export async function signUpThroughScreens(page: Page, request: APIRequestContext, account: Account) {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Full Name').fill(account.fullName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(account.password);
  await page.getByLabel('Profile Photo').setInputFiles(await photo('#1c7ed6'));
  await page.getByLabel('Cover Image').setInputFiles(await photo('#0ca678', 900, 300));
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/verify-email/);
  const code = await mailedCode(request, account.email);
  for (const [index, digit] of [...code].entries()) {
    await page.getByLabel(`Digit ${index + 1}`).fill(digit);
  }
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in through the explorer app's login screen and waits for the home page. */
export async function signInExplorer(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** An access token for API calls made on a person's behalf in a journey. */
export async function tokenFor(request: APIRequestContext, username: string, password: string) {
  const login = await request.post(`${apiUrl}/users/login`, { data: { username, password } });
  if (!login.ok()) throw new Error(`login failed: ${await login.text()}`);
  return (await login.json()).data.accessToken as string;
}

type QuestForm = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

/**
 * Submits a quest for review through the API as an explorer would from the Create Quest form; `fields` replace
 * the form's defaults (a small Art walk of two tasks).
 */
export async function submitQuest(
  request: APIRequestContext,
  token: string,
  title: string,
  fields: QuestForm = {},
) {
  const created = await request.post(`${apiUrl}/quests/create-quest`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title,
      category: 'Art',
      difficulty: 'Easy',
      description: 'Three painted walls between the old market and the river.',
      address: 'Lodhi Colony',
      city: 'New Delhi',
      pincode: '110003',
      startLocation: JSON.stringify({ lat: 28.5918, lng: 77.2197 }),
      endLocation: JSON.stringify({ lat: 28.5885, lng: 77.2243 }),
      tasks: JSON.stringify(['Find the elephant mural', 'Photograph the blue wall']),
      tips: JSON.stringify(['Mornings are quiet']),
      tags: 'street art, walking',
      photos: await photo('#5f3dc4'),
      ...fields,
    },
  });
  if (!created.ok()) throw new Error(`create quest failed: ${await created.text()}`);
  return (await created.json()).data as { _id: string; title: string; updatedAt: string };
}
