import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_MUTATION, REGISTER_MUTATION } from '../../src/contract/graphql-documents';
import { user } from '../../src/contract/user';
import { users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { startTestServer, type TestServer } from './test-server';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

describe('login mutation', () => {
  it.each(DEMO_ACCOUNTS.map((a) => a.key))('signs in %s by e-mail, any case, and by pseudo', async (key) => {
    for (const identifier of [`${key}@comptoir.test`, `${key.toUpperCase()}@Comptoir.test`, key]) {
      const answer = await server.graphql(LOGIN_MUTATION, { input: { identifier, password: 'comptoir123' } });
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toMatchObject({ login: { user: { username: key, email: `${key}@comptoir.test` } } });
    }
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    for (const identifier of ['vip@comptoir.test', 'personne@comptoir.test']) {
      const answer = await server.graphql(LOGIN_MUTATION, { input: { identifier, password: 'mauvais' } });
      expect(answer.errors?.[0]?.message).toBe('Invalid identifier or password');
      expect(answer.data).toEqual({ login: null });
    }
  });

  it('refuses an empty identifier without touching the database', async () => {
    const answer = await server.graphql(LOGIN_MUTATION, { input: { identifier: '  ', password: 'x' } });
    expect(answer.errors?.[0]?.message).toBe('Invalid identifier or password');
  });

  it('answers malformed GraphQL requests with a clear error', async () => {
    const notJson = await fetch(`${server.url}/content/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{pas du json',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toHaveProperty('error');
    const noQuery = await server.post('/content/graphql', { variables: {} });
    expect(noQuery.status).toBe(400);
    const badSyntax = await server.graphql('mutation {');
    expect(badSyntax.errors?.[0]?.message).toMatch(/Syntax Error/);
    const missingVariable = await server.graphql(LOGIN_MUTATION, {});
    expect(missingVariable.errors?.length).toBeGreaterThan(0);
  });

  it('limits repeated failed attempts on one account, even with the right password', async () => {
    const attempt = () => server.graphql(LOGIN_MUTATION, { input: { identifier: 'banni', password: 'essai' } });
    const messages: string[] = [];
    for (let i = 0; i < 12; i += 1) messages.push((await attempt()).errors?.[0]?.message ?? '');
    expect(messages.slice(0, 10).every((m) => m === 'Invalid identifier or password')).toBe(true);
    expect(messages.slice(10)).toEqual([
      'Trop de tentatives. Réessayez dans quelques minutes.',
      'Trop de tentatives. Réessayez dans quelques minutes.',
    ]);
    const right = await server.graphql(LOGIN_MUTATION, { input: { identifier: 'banni', password: 'comptoir123' } });
    expect(right.errors?.[0]?.message).toBe('Trop de tentatives. Réessayez dans quelques minutes.');
    // Another identifier from the same address is not locked out.
    const other = await server.graphql(LOGIN_MUTATION, { input: { identifier: 'banni@comptoir.test', password: 'comptoir123' } });
    expect(other.errors).toBeUndefined();
  });
});

describe('register mutation', () => {
  it('creates an account that can sign in, and refuses the same e-mail or pseudo twice', async () => {
    const input = { email: 'Nouveau@Comptoir.test', username: 'nouveau', password: 'motdepasse1' };
    const created = await server.graphql(REGISTER_MUTATION, { input });
    expect(created.errors).toBeUndefined();
    expect(created.data).toMatchObject({ register: { user: { username: 'nouveau', email: 'nouveau@comptoir.test' } } });
    const login = await server.graphql(LOGIN_MUTATION, { input: { identifier: 'nouveau@comptoir.test', password: 'motdepasse1' } });
    expect(login.errors).toBeUndefined();

    const sameEmail = await server.graphql(REGISTER_MUTATION, { input: { ...input, username: 'autre' } });
    expect(sameEmail.errors?.[0]?.message).toBe('Email or Username are already taken');
    const samePseudo = await server.graphql(REGISTER_MUTATION, { input: { ...input, email: 'autre@comptoir.test', username: 'NOUVEAU' } });
    expect(samePseudo.errors?.[0]?.message).toBe('Email or Username are already taken');
  });

  it('stores an Argon2id hash, never the password', async () => {
    const [row] = await server.database.db.select().from(users).where(eq(users.username, 'nouveau'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('motdepasse1');
  });

  it('refuses a short password', async () => {
    const answer = await server.graphql(REGISTER_MUTATION, { input: { email: 'court@comptoir.test', username: 'court', password: 'abc' } });
    expect(answer.errors?.length).toBe(1);
    expect(answer.data).toEqual({ register: null });
  });
});

describe('GET and POST /api/users/me', () => {
  it('answers the current user in the contract shape, without secrets', async () => {
    const token = await server.tokenOf('coach@comptoir.test');
    for (const method of ['GET', 'POST'] as const) {
      const response = await fetch(`${server.url}/content/api/users/me`, { method, headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      const body: unknown = await response.json();
      const me = user.parse(body);
      expect(me.username).toBe('coach');
      expect(me.canWriteNews).toBe(true);
      expect(me.abonnements.map((a) => a.abonnement.id)).toEqual([3, 4, 6]);
      expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|tokenVersion/);
    }
  });

  it('gives the VIP a 30-day subscription 3 and the onboarding flag', async () => {
    const me = user.parse(await (await server.get('/content/api/users/me', await server.tokenOf('vip'))).json());
    const days = (Date.parse(me.abonnements[0]!.expiration) - Date.now()) / 86_400_000;
    expect(me.abonnements.map((a) => a.abonnement.id)).toEqual([3]);
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect(me.settings.isNewVIP).toBe(true);
  });

  it('answers 401 with an error field to a missing, malformed, forged or revoked token', async () => {
    const vipToken = await server.tokenOf('vip');
    const [header, payload] = vipToken.split('.');
    const forged = `${header}.${payload}.c2lnbmF0dXJlLWZhdXNzZQ`;
    for (const token of [undefined, 'pas-un-jeton', forged]) {
      const response = await server.get('/content/api/users/me', token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: SIGN_IN_REQUIRED });
    }
    const liveToken = await server.tokenOf('live');
    await server.database.db.update(users).set({ tokenVersion: 1 }).where(eq(users.username, 'live'));
    expect((await server.get('/content/api/users/me', liveToken)).status).toBe(401);
  });
});
