import { DELETE_ACCOUNT_MESSAGES } from '../../src/contract/account';
import { NO_PASSWORD } from '../../server/auth/passwords';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { LOGIN_MUTATION, REGISTER_MUTATION } from '../../src/contract/graphql-documents';
import { updateUserAnswer, uploadAnswer } from '../../src/contract/account';
import { user as userSchema } from '../../src/contract/user';
import { users } from '../../server/db/schema';
import { jsonOf } from './account-helpers';
import { startTestServer, type TestServer } from './test-server';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

const update = (body: unknown, token: string) => server.put('/content/api/user/update', body, token);
const metadata = { firstName: 'Marie', lastName: 'Lefèvre', description: 'Bio', phoneNumber: '0600000000' };
const signIn = async (identifier: string, password: string) =>
  (await server.graphql(LOGIN_MUTATION, { input: { identifier, password } })).errors?.[0]?.message ?? 'ok';

/** A 2×3 PNG header: enough for the byte sniffing and the size reading. */
function png(extraBytes = 0): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0]);
  return Buffer.concat([header, Buffer.alloc(extraBytes)]);
}

async function upload(token: string, bytes: Buffer, type: string, name = 'photo.png'): Promise<Response> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${server.url}/content/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

describe('PUT /api/user/update', () => {
  it('saves the profile, billing and tradingview, and answers the updated user', async () => {
    const token = await server.tokenOf('membre');
    const billing = { name: 'Société', address: '1 rue', address2: '', zip: '75001', city: 'Paris', country: 'FR', vat: '' };
    const answer = await jsonOf(await update({ metadata: { ...metadata, description: 'Nouvelle bio' }, billing, tradingview: 'marie_tv' }, token));
    expect(answer.status).toBe(200);
    const { user, jwt } = updateUserAnswer.parse(answer.body);
    expect(jwt).toBeUndefined();
    expect(user.metadata.description).toBe('Nouvelle bio');
    expect(user.billing).toEqual(billing);
    expect(user.tradingview).toBe('marie_tv');
    expect(userSchema.parse(await (await server.get('/content/api/users/me', token)).json()).metadata.description).toBe('Nouvelle bio');
  });

  it('refuses an empty first name or pseudo, a taken pseudo, and changes the pseudo only when sent', async () => {
    const token = await server.tokenOf('membre');
    const cases: [unknown, string][] = [
      [{ metadata: { ...metadata, firstName: '  ' } }, 'Veuillez renseigner votre prénom'],
      [{ metadata, username: '' }, 'Veuillez renseigner votre pseudo'],
      [{ metadata, username: 'VIP' }, "Ce nom d'utilisateur est déjà pris"],
      [{ metadata: { ...metadata, picture: { id: 'pas-a-moi', url: '/x' } } }, 'Requête invalide'],
    ];
    for (const [body, error] of cases) expect(await jsonOf(await update(body, token))).toEqual({ status: 400, body: { error } });
    const kept = updateUserAnswer.parse((await jsonOf(await update({ metadata }, token))).body);
    expect(kept.user.username).toBe('membre');
    const renamed = updateUserAnswer.parse((await jsonOf(await update({ metadata, username: 'marie' }, token))).body);
    expect(renamed.user.username).toBe('marie');
    expect(await signIn('marie', 'comptoir123')).toBe('ok');
    await update({ metadata, username: 'membre' }, token);
  });

  it('answers 401 without a token', async () => {
    expect(await jsonOf(await update({ metadata }, ''))).toEqual({ status: 401, body: { error: SIGN_IN_REQUIRED } });
  });

  it('changes the password with the right current one, ending other sessions but not this one', async () => {
    const token = await server.tokenOf('live');
    const other = await server.tokenOf('live');
    // Another device's open socket, on the session the change ends.
    const socket = connect(server.url, { auth: { token: other }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const ended = new Promise((resolve) => socket.once('disconnect', resolve));
    expect(await jsonOf(await update({ previousPassword: 'comptoir123' }, token))).toEqual({ status: 400, body: { error: 'Ces 3 champs sont requis' } });
    expect(await jsonOf(await update({ previousPassword: 'comptoir123', password: 'court' }, token))).toEqual({
      status: 400,
      body: { error: 'Le mot de passe doit contenir au moins 8 caractères dont au moins une lettre et un chiffre' },
    });
    expect(await jsonOf(await update({ previousPassword: 'mauvais', password: 'nouveau-mdp-1' }, token))).toEqual({
      status: 400,
      body: { error: 'Ces informations ne sont pas valides' },
    });
    const answer = await jsonOf(await update({ previousPassword: 'comptoir123', password: 'nouveau-mdp-1' }, token));
    expect(answer.status).toBe(200);
    const { jwt } = updateUserAnswer.parse(answer.body);
    expect(jwt).toBeDefined();
    expect((await server.get('/content/api/users/me', jwt)).status).toBe(200);
    expect((await server.get('/content/api/users/me', other)).status).toBe(401);
    expect((await server.get('/content/api/users/me', token)).status).toBe(401);
    // The old session's socket is ended too (it went on reading and writing before, issue 23).
    await ended;
    socket.close();
    expect(await signIn('live', 'comptoir123')).toBe('Invalid identifier or password');
    expect(await signIn('live', 'nouveau-mdp-1')).toBe('ok');
  });
});

describe('POST /api/upload and the profile picture', () => {
  it('stores an image, makes it the picture, and other members can see it', async () => {
    const token = await server.tokenOf('membre');
    const answer = await jsonOf(await upload(token, png(), 'image/png'));
    expect(answer.status).toBe(200);
    const [picture] = uploadAnswer.parse(answer.body);
    expect(picture?.url).toBe(`/rest/upload/files/${picture?.id}`);
    const saved = updateUserAnswer.parse((await jsonOf(await update({ metadata: { ...metadata, picture } }, token))).body);
    expect(saved.user.metadata.picture).toEqual(picture);
    const seen = await server.get(picture!.url, await server.tokenOf('vip'));
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/png');
  });

  it('refuses what is not an image, lies about being one, or is over 5 MB', async () => {
    const token = await server.tokenOf('membre');
    const notAnImage = { status: 400, body: { error: 'Type de fichier non accepté. Fichiers acceptés : images JPEG, PNG, GIF ou WebP.' } };
    expect(await jsonOf(await upload(token, Buffer.from('%PDF-1.4'), 'application/pdf', 'a.pdf'))).toEqual(notAnImage);
    expect(await jsonOf(await upload(token, Buffer.from('pas une image'), 'image/png'))).toEqual(notAnImage);
    expect(await jsonOf(await upload(token, Buffer.alloc(0), 'image/png'))).toEqual({ status: 400, body: { error: 'Ce fichier est vide.' } });
    expect(await jsonOf(await upload(token, png(5 * 1024 * 1024), 'image/png'))).toEqual({
      status: 413,
      body: { error: 'Fichier trop volumineux : 5 Mo maximum pour une image.' },
    });
    expect((await upload('', png(), 'image/png')).status).toBe(401);
  });

  it('gives a new account a local SVG avatar with its initials', async () => {
    const created = await server.graphql(REGISTER_MUTATION, { input: { email: 'avatar@comptoir.test', username: 'jean_dupont', password: 'motdepasse1' } });
    expect(created.errors).toBeUndefined();
    const jwt = (created.data as { register: { jwt: string } }).register.jwt;
    const me = userSchema.parse(await (await server.get('/content/api/users/me', jwt)).json());
    expect(me.metadata.picture?.url).toMatch(/^\/rest\/upload\/files\//);
    const svg = await server.get(me.metadata.picture!.url, await server.tokenOf('vip'));
    expect(svg.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    const text = await svg.text();
    expect(text).toContain('>JD<');
    expect(text).not.toMatch(/script|href/);
  });
});

/** `DELETE /users/delete` with a JSON body (the test server's `delete` sends none). */
const deleteWith = (jwt: string, body: unknown) =>
  fetch(`${server.url}/rest/users/delete`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${jwt}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('DELETE /users/delete', () => {
  it('asks an account made with Google for a sign-in of the last 15 minutes instead of a password', async () => {
    const [row] = await server.database.db
      .insert(users)
      .values({ username: 'googlien', email: 'googlien@comptoir.test', passwordHash: NO_PASSWORD, firstName: 'Gina' })
      .returning();
    const now = Math.floor(Date.now() / 1000);
    const old = server.app.jwt.sign({ id: row!.id, v: row!.tokenVersion, iat: now - 16 * 60 });
    expect(await jsonOf(await deleteWith(old, {}))).toEqual({ status: 403, body: { error: DELETE_ACCOUNT_MESSAGES.signInAgain } });
    const fresh = server.app.jwt.sign({ id: row!.id, v: row!.tokenVersion });
    expect(await jsonOf(await deleteWith(fresh, {}))).toEqual({ status: 200, body: { success: true } });
  });

  it('stops guessing: five wrong passwords, then 429 even with the right one', async () => {
    const created = await server.graphql(REGISTER_MUTATION, { input: { email: 'obstine@comptoir.test', username: 'obstine', password: 'motdepasse1' } });
    const jwt = (created.data as { register: { jwt: string } }).register.jwt;
    for (let i = 0; i < 5; i += 1) expect((await deleteWith(jwt, { password: `faux-${i}-x` })).status).toBe(403);
    expect((await deleteWith(jwt, { password: 'motdepasse1' })).status).toBe(429);
    expect((await server.get('/content/api/users/me', jwt)).status).toBe(200);
  });

  it('anonymises the account: its tokens stop working and it can no longer sign in', async () => {
    const created = await server.graphql(REGISTER_MUTATION, { input: { email: 'partant@comptoir.test', username: 'partant', password: 'motdepasse1' } });
    const jwt = (created.data as { register: { jwt: string } }).register.jwt;
    expect((await server.delete('/rest/users/delete')).status).toBe(401);
    // The token alone is not enough: the password is asked again, and a wrong one is refused.
    expect(await jsonOf(await deleteWith(jwt, undefined))).toEqual({ status: 400, body: { error: DELETE_ACCOUNT_MESSAGES.passwordRequired } });
    expect(await jsonOf(await deleteWith(jwt, { password: 'pas-le-bon-1' }))).toEqual({ status: 403, body: { error: DELETE_ACCOUNT_MESSAGES.wrongPassword } });
    expect((await server.get('/content/api/users/me', jwt)).status).toBe(200);
    expect(await jsonOf(await deleteWith(jwt, { password: 'motdepasse1' }))).toEqual({ status: 200, body: { success: true } });
    expect((await server.get('/content/api/users/me', jwt)).status).toBe(401);
    expect(await signIn('partant@comptoir.test', 'motdepasse1')).toBe('Invalid identifier or password');
    expect(await signIn('partant', 'motdepasse1')).toBe('Invalid identifier or password');
    const rows = await server.database.db.select().from(users).where(eq(users.email, 'partant@comptoir.test'));
    expect(rows).toHaveLength(0);
    // The address is free again.
    expect(await (await server.get('/rest/public/is_available?email=partant%40comptoir.test')).json()).toEqual({ available: true });
  });
});
