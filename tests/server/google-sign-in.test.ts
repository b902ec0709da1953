import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { googleCallbackAnswer } from '../../src/contract/account';
import { user as userSchema } from '../../src/contract/user';
import { users } from '../../server/db/schema';
import { jsonOf } from './account-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

const noFollow = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

/** Walks the local provider like a browser: connect → provider page → authorize → the client's callback. */
async function throughLocalProvider(email: string, givenName = ''): Promise<URL> {
  const connect = await noFollow('/content/api/connect/google');
  expect(connect.status).toBe(302);
  const page = await fetch(new URL(connect.headers.get('location') ?? '', server.url));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('membre@comptoir.test');
  const authorize = await noFollow(`/content/local-idp/google/authorize?${new URLSearchParams({ email, given_name: givenName }).toString()}`);
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location') ?? '', server.url);
  expect(back.pathname).toBe('/api/auth/google/callback');
  return back;
}

const callback = (back: URL) => server.get(`/content/api/auth/google/callback${back.search}`);

describe('Google sign-in through the local provider', () => {
  it('signs an existing member in', async () => {
    const answer = await jsonOf(await callback(await throughLocalProvider('vip@comptoir.test')));
    expect(answer.status).toBe(200);
    const result = googleCallbackAnswer.parse(answer.body);
    expect(result.user.username).toBe('vip');
    expect((await server.get('/content/api/users/me', result.jwt)).status).toBe(200);
  });

  it('creates the account on the first sign-in, confirmed, with an avatar, then finds it again', async () => {
    const first = googleCallbackAnswer.parse((await jsonOf(await callback(await throughLocalProvider('Nouvelle.Google@Gmail.test', 'Nina')))).body);
    expect(first.user).toMatchObject({ username: 'nouvellegoogle', email: 'nouvelle.google@gmail.test' });
    const me = userSchema.parse(await (await server.get('/content/api/users/me', first.jwt)).json());
    expect(me.metadata.firstName).toBe('Nina');
    expect(me.metadata.picture).not.toBeNull();
    const [row] = await server.database.db.select().from(users).where(eq(users.id, first.user.id));
    expect(row?.confirmed).toBe(true);
    const again = googleCallbackAnswer.parse((await jsonOf(await callback(await throughLocalProvider('nouvelle.google@gmail.test')))).body);
    expect(again.user.id).toBe(first.user.id);
  });

  it('numbers the pseudo when the local part is taken', async () => {
    const result = googleCallbackAnswer.parse((await jsonOf(await callback(await throughLocalProvider('coach@ailleurs.test')))).body);
    expect(result.user.username).toMatch(/^coach\d+$/);
  });

  it('refuses a forged, missing or session token with 400', async () => {
    const session = await server.tokenOf('membre');
    for (const idToken of [session, 'pas-un-jeton']) {
      expect(await jsonOf(await server.get(`/content/api/auth/google/callback?id_token=${idToken}&access_token=x`))).toEqual({
        status: 400,
        body: { error: 'Impossible de générer un token avec ces informations' },
      });
    }
    expect((await server.get('/content/api/auth/google/callback')).status).toBe(400);
  });

  it('sends a bad authorize request back to the client with ?error=', async () => {
    const answer = await noFollow('/content/local-idp/google/authorize?email=pas-une-adresse');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(/^\/\?error=/);
  });
});

describe('Google sign-in in production without keys', () => {
  it('has no local provider unless the development pages are on', async () => {
    const production = await startTestServer({ app: { mailboxPage: false } });
    try {
      const connect = await fetch(`${production.url}/content/api/connect/google`, { redirect: 'manual' });
      expect(connect.headers.get('location')).toBe(`/?error=${encodeURIComponent("La connexion avec Google n'est pas disponible")}`);
      expect((await production.get('/content/local-idp/google')).status).toBe(404);
      expect((await production.get('/content/local-idp/google/authorize?email=vip%40comptoir.test')).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
