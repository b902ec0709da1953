import { expect, type APIRequestContext, type Page } from './fixtures';
import { signIn } from './sign-in';

const REGISTER = `mutation Register($input: UsersPermissionsRegisterInput!) { register(input: $input) { jwt user { id username email } } }`;

/** A fresh account made through the register mutation, for the flows that change or delete it. */
export async function freshAccount(request: APIRequestContext, label: string) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const account = { email: `${label}-${suffix}@comptoir.test`, username: `${label}${suffix}`, password: 'motdepasse1' };
  const response = await request.post('/content/graphql', { data: { query: REGISTER, variables: { input: account } } });
  expect(response.ok()).toBe(true);
  return account;
}

/** The page at `path`, signed in there as that member. */
export async function signedIn(page: Page, identifier: string, password: string, path = '/') {
  await page.goto(path);
  await signIn(page, identifier, password);
}

