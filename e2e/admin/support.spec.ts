import { expect, type Page, test } from '@playwright/test';
import { explorerUrl } from '../../playwright.config.ts';
import { demo, registerExplorer, seriousA11yViolations, signInExplorer } from '../support/demo.ts';

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(identifier);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

test('an explorer writes from Chat with Us, an admin answers in the console, and the answer reaches the chat', async ({
  browser,
  page,
  request,
}) => {
  const walker = await registerExplorer(request, 'asker');
  const explorerContext = await browser.newContext({ baseURL: explorerUrl });
  const chat = await explorerContext.newPage();
  await signInExplorer(chat, walker.username, walker.password);
  await chat.goto('/chat-support');
  const question = `My proof upload fails at the market (${walker.username}).`;
  await chat.getByRole('textbox', { name: 'Your message' }).fill(question);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText(question)).toBeVisible();

  await signIn(page, demo.admin.username, demo.admin.password);
  await page.goto('/admin/support');
  const card = page.getByRole('article').filter({ hasText: question });
  await expect(card.getByText('Waiting for a reply')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await card.getByRole('button', { name: /View conversation with/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'Messages' }).getByText(question)).toBeVisible();
  const answer = 'Try a smaller photo, or wait for Wi-Fi: your progress is kept.';
  await dialog.getByLabel('Your reply').fill(answer);
  await dialog.getByRole('button', { name: 'Send' }).click();
  // The thread shows the reply (the box it was typed in empties once the server has it).
  await expect(dialog.getByRole('list', { name: 'Messages' }).getByText(answer)).toBeVisible();
  await expect(dialog.getByLabel('Your reply')).toHaveValue('');

  // The chat asks for replies every 15 s while it is open: the answer arrives without a reload.
  await expect(chat.getByText(answer, { exact: true })).toBeVisible({ timeout: 30_000 });
  // Screen readers hear it too.
  await expect(chat.getByText(/^New reply from /)).toContainText(answer.slice(0, 20));
  expect(await seriousA11yViolations(chat)).toEqual([]);
  await explorerContext.close();
});
