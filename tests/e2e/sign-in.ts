import { expect, test, type BrowserContext, type Page } from './fixtures';
import { LOGIN_MUTATION } from '../../src/contract/graphql-documents';
import { GRAPHQL_PATH } from '../../src/contract/hosts';
import { TOKEN_COOKIE } from '../../src/sync/token-cookie';
import { serverURL } from '../../playwright.config';

export const PASSWORD = 'comptoir123';
export const DEMO_ACCOUNTS = ['membre', 'vip', 'live', 'coach', 'banni'] as const;

/** Signs in through the real sign-in form (the page must show it) and waits for the shell. */
export async function signIn(page: Page, identifier: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail ou pseudo').fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
}

/**
 * Signs `context` in as `identifier` the way a returning member's browser is: the login call's
 * token in the session cookie. (The form itself is the subject of the sign-in journeys; going
 * through it for every other journey cost a page load and a second of typing each time.)
 */
export async function signInContext(context: BrowserContext, identifier: string, password = PASSWORD): Promise<void> {
  const response = await context.request.post(GRAPHQL_PATH, { data: { query: LOGIN_MUTATION, variables: { input: { identifier, password } } } });
  const answer = (await response.json()) as { data?: { login?: { jwt?: string } } };
  const jwt = answer.data?.login?.jwt;
  expect(jwt, `the login of ${identifier}`).toBeTruthy();
  await context.addCookies([{ name: TOKEN_COOKIE, value: jwt!, url: serverURL(test.info().parallelIndex), sameSite: 'Lax' }]);
}

/** A new page of the context, signed in as `identifier`, opened at `path` with the shell shown. */
export async function signedInPage(context: BrowserContext, identifier: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await openSignedIn(page, identifier, path);
  return page;
}

/** `page` signed in as `identifier` (by the login call) and opened at `path`, with the shell shown. */
export async function openSignedIn(page: Page, identifier: string, path: string): Promise<void> {
  await signInContext(page.context(), identifier);
  await page.goto(path);
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
}

/** The signed-in member's access token, from the session cookie (for calls made beside the page). */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
  expect(cookie).toBeTruthy();
  return cookie!.value;
}
