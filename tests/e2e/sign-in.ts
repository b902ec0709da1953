import { expect, type BrowserContext, type Page } from '@playwright/test';

export const PASSWORD = 'comptoir123';
export const DEMO_ACCOUNTS = ['membre', 'vip', 'live', 'coach', 'banni'] as const;

/** Signs in through the real sign-in form (the page must show it) and waits for the shell. */
export async function signIn(page: Page, identifier: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail ou pseudo').fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
}

/** A new page of the context opened at `path` and signed in there as `identifier`. */
export async function signedInPage(context: BrowserContext, identifier: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page, identifier);
  return page;
}

/** The signed-in member's access token, from the session cookie (for calls made beside the page). */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
  expect(cookie).toBeTruthy();
  return cookie!.value;
}
