import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_MUTATION, REGISTER_MUTATION } from '../../src/contract/graphql-documents';
import { resetPasswordAnswer } from '../../src/contract/account';
import { accountCodes, users } from '../../server/db/schema';
import { digestOf } from '../../server/accounts/account-codes';
import { FORGOT_PASSWORD_MIN_MS } from '../../server/routes/password-routes';
import { codeIn, jsonOf, latestMail } from './account-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

const forgot = (email: unknown) => server.post('/content/api/auth/forgot-password', { email });
const reset = (code: string, password: string, passwordConfirmation = password) =>
  server.post('/content/api/auth/reset-password', { code, password, passwordConfirmation });
const signIn = async (identifier: string, password: string) =>
  (await server.graphql(LOGIN_MUTATION, { input: { identifier, password } })).errors?.[0]?.message ?? 'ok';

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset link to a known address and answers ok; unknown gets the spec message; both take the pad', async () => {
    let started = performance.now();
    const known = await jsonOf(await forgot('Membre@Comptoir.test'));
    const knownMs = performance.now() - started;
    expect(known).toEqual({ status: 200, body: { ok: true } });
    started = performance.now();
    const unknown = await jsonOf(await forgot('personne@comptoir.test'));
    const unknownMs = performance.now() - started;
    expect(unknown).toEqual({ status: 400, body: { error: "Nous n'avons trouvé aucun compte qui correspond à cette adresse e-mail" } });
    expect(knownMs).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
    expect(unknownMs).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);

    const mail = await latestMail(server, 'membre@comptoir.test', /mot de passe/);
    expect(mail.text).toMatch(/\/reset_password\?code=/);
    const code = codeIn(mail, 'code');
    // Only the digest is stored.
    const rows = await server.database.db.select().from(accountCodes).where(eq(accountCodes.codeHash, digestOf(code)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(await server.database.db.select().from(accountCodes))).not.toContain(code);
  });

  it('refuses a missing or malformed address', async () => {
    for (const email of [undefined, '', 'pas-une-adresse']) {
      expect(await jsonOf(await forgot(email))).toEqual({ status: 400, body: { error: 'Veuillez entrer une adresse email valide' } });
    }
  });

  it('limits requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await forgot('banni@comptoir.test')).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(await jsonOf(await forgot('banni@comptoir.test'))).toEqual({
      status: 429,
      body: { error: 'Trop de tentatives. Réessayez dans quelques minutes.' },
    });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('checks the fields in the spec order with its messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'x', password: '', passwordConfirmation: '' }, 'Veuillez remplir tout les champs'],
      [{ password: 'abcdefgh1', passwordConfirmation: 'abcdefgh1' }, 'Veuillez remplir tout les champs'],
      [{ code: 'x', password: 'abcdefgh1', passwordConfirmation: 'abcdefgh2' }, 'Les mots de passe ne correspondent pas'],
      [{ code: 'x', password: 'court', passwordConfirmation: 'court' }, 'Le mot de passe doit contenir au moins 8 caractères dont au moins une lettre et un chiffre'],
      [{ code: 'inconnu', password: 'abcdefgh1', passwordConfirmation: 'abcdefgh1' }, 'Code invalide'],
    ];
    for (const [body, error] of cases) {
      expect(await jsonOf(await server.post('/content/api/auth/reset-password', body))).toEqual({ status: 400, body: { error } });
    }
  });

  it('sets the new password once, signs in, ends the other sessions, and the code cannot be reused', async () => {
    const oldSession = await server.tokenOf('live');
    expect((await forgot('live@comptoir.test')).status).toBe(200);
    const code = codeIn(await latestMail(server, 'live@comptoir.test', /mot de passe/), 'code');

    const answer = await jsonOf(await reset(code, 'nouveau-mdp-1'));
    expect(answer.status).toBe(200);
    const result = resetPasswordAnswer.parse(answer.body);
    expect(result.user.username).toBe('live');
    expect((await server.get('/content/api/users/me', result.jwt)).status).toBe(200);
    expect((await server.get('/content/api/users/me', oldSession)).status).toBe(401);
    expect(await signIn('live', 'comptoir123')).toBe('Invalid identifier or password');
    expect(await signIn('live', 'nouveau-mdp-1')).toBe('ok');

    expect(await jsonOf(await reset(code, 'encore-un-autre-2'))).toEqual({ status: 400, body: { error: 'Code invalide' } });
  });

  it('refuses an expired code', async () => {
    expect((await forgot('vip@comptoir.test')).status).toBe(200);
    const code = codeIn(await latestMail(server, 'vip@comptoir.test', /mot de passe/), 'code');
    await server.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.codeHash, digestOf(code)));
    expect(await jsonOf(await reset(code, 'nouveau-mdp-1'))).toEqual({ status: 400, body: { error: 'Code invalide' } });
    expect(await signIn('vip', 'comptoir123')).toBe('ok');
  });
});

describe('e-mail confirmation', () => {
  it('registration sends a confirmation link that confirms once; other codes are refused', async () => {
    const created = await server.graphql(REGISTER_MUTATION, { input: { email: 'confirme@comptoir.test', username: 'confirme', password: 'motdepasse1' } });
    expect(created.errors).toBeUndefined();
    const [before] = await server.database.db.select().from(users).where(eq(users.username, 'confirme'));
    expect(before?.confirmed).toBe(false);

    const confirmation = codeIn(await latestMail(server, 'confirme@comptoir.test', /Confirmez/), 'confirmation');
    const path = (code: string) => `/content/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`;
    expect(await jsonOf(await server.get(path(confirmation)))).toEqual({ status: 200, body: { ok: true } });
    const [after] = await server.database.db.select().from(users).where(eq(users.username, 'confirme'));
    expect(after?.confirmed).toBe(true);

    expect(await jsonOf(await server.get(path(confirmation)))).toEqual({ status: 400, body: { error: 'Code invalide' } });
    expect(await jsonOf(await server.get(path('faux')))).toEqual({ status: 400, body: { error: 'Code invalide' } });
    expect(await jsonOf(await server.get('/content/api/auth/email-confirmation'))).toEqual({ status: 400, body: { error: 'Code invalide' } });
  });
});

describe('development mailbox', () => {
  it('lists the e-mails newest first as a page and as JSON', async () => {
    const page = await server.get('/content/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('Boîte mail locale');
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/reset_password\?code=/);
    const mails = (await (await server.get('/content/dev/mailbox.json')).json()) as { id: number }[];
    expect(mails.map((m) => m.id)).toEqual([...mails.map((m) => m.id)].sort((a, b) => b - a));
  });

  it('is hidden in production unless MAILBOX_PAGE=1', async () => {
    const production = await startTestServer({ app: { mailboxPage: false } });
    try {
      expect((await production.get('/content/dev/mailbox.json')).status).toBe(404);
      expect((await production.get('/content/dev/mailbox')).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
