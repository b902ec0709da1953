import { NO_PASSWORD } from '../auth/passwords';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { googleCallbackQuery } from '../../src/contract/account';
import type { AuthResult } from '../../src/contract/user';
import { users } from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed';
import { issueToken } from '../auth/tokens';
import { publicOrigin, type AccountServices } from '../accounts/account-services';
import { welcomeNewAccount } from '../accounts/new-account';
import { isUsernameTaken, type UserRow } from '../users/user-queries';
import { NOT_FOUND } from '../../src/contract/api-error';

export const GOOGLE_SIGN_IN_FAILED = 'Impossible de générer un token avec ces informations';
export const GOOGLE_SIGN_IN_CANCELLED = 'Connexion Google annulée';
export const GOOGLE_NOT_CONFIGURED = "La connexion avec Google n'est pas disponible";

/** Who the identity provider vouches for. */
type GoogleIdentity = { email: string; firstName: string; lastName: string };

/** The client page the provider comes back to; it calls the API callback below with the same parameters. */
const CLIENT_CALLBACK = '/api/auth/google/callback';
const LOCAL_IDP = '/content/local-idp/google';
const LOCAL_ISSUER = 'comptoir-local-idp';

const localIdToken = z.object({
  iss: z.literal(LOCAL_ISSUER),
  aud: z.literal('google-local'),
  email: z.string().email(),
  given_name: z.string().default(''),
  family_name: z.string().default(''),
});
const googleTokenInfo = z.object({
  aud: z.string(),
  email: z.string().email(),
  email_verified: z.union([z.literal('true'), z.literal(true)]),
  given_name: z.string().default(''),
  family_name: z.string().default(''),
});
const googleTokens = z.object({ id_token: z.string(), access_token: z.string() });
const authorizeQuery = z.object({ email: z.string().trim().email().max(254), given_name: z.string().trim().max(100).default('') });

/**
 * Google sign-in (spec 1 §7): `GET /api/connect/google` sends the browser to the identity provider,
 * which comes back to the client's `/api/auth/google/callback?id_token=&access_token=`; the client
 * then calls `GET /api/auth/google/callback` and gets `{ jwt, user }`, the account being created on
 * the first sign-in. By default the provider is a local page (`/content/local-idp/google`) that
 * signs an id_token for any address typed in; with `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET`
 * set, it is Google's OAuth (authorization code flow, the id_token checked by Google's tokeninfo).
 *
 * The local provider lets anyone sign in as any address, so it is a development tool: it follows
 * the development pages' switch (on outside production, or with `MAILBOX_PAGE=1`); in production
 * without Google's keys, Google sign-in is simply unavailable.
 */
export function registerGoogleRoutes(services: AccountServices): void {
  const { app, db, google } = services;
  const localProvider = !google && services.mailboxPage;
  const errorRedirect = (message: string) => `/?error=${encodeURIComponent(message)}`;
  const clientCallback = (tokens: { id_token: string; access_token: string }) =>
    `${CLIENT_CALLBACK}?${new URLSearchParams({ id_token: tokens.id_token, access_token: tokens.access_token }).toString()}`;

  app.get('/content/api/connect/google', async (request, reply) => {
    if (!google) return reply.redirect(localProvider ? LOCAL_IDP : errorRedirect(GOOGLE_NOT_CONFIGURED));
    const state = app.jwt.sign({ oauth: 'google' }, { expiresIn: '10m' });
    const params = new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: googleRedirectUri(request),
      response_type: 'code',
      scope: 'openid email profile',
      state,
      prompt: 'select_account',
    });
    return reply.redirect(`https://accounts.google.com/o/oauth2/v2/auth?${params.toString()}`);
  });

  app.get('/content/api/connect/google/redirect', async (request, reply) => {
    const query = z.object({ code: z.string().min(1), state: z.string().min(1) }).safeParse(request.query);
    if (!google || !query.success) return reply.redirect(errorRedirect(GOOGLE_SIGN_IN_CANCELLED));
    try {
      z.object({ oauth: z.literal('google') }).parse(app.jwt.verify(query.data.state));
      const response = await fetch('https://oauth2.googleapis.com/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code: query.data.code,
          client_id: google.clientId,
          client_secret: google.clientSecret,
          redirect_uri: googleRedirectUri(request),
          grant_type: 'authorization_code',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      return reply.redirect(clientCallback(googleTokens.parse(await response.json())));
    } catch (error) {
      request.log.warn({ err: error }, 'google sign-in failed');
      return reply.redirect(errorRedirect(GOOGLE_SIGN_IN_FAILED));
    }
  });

  app.get('/content/api/auth/google/callback', async (request, reply) => {
    const query = googleCallbackQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: GOOGLE_SIGN_IN_FAILED });
    const identity = await identityOf(query.data.id_token).catch((error: unknown) => {
      request.log.warn({ err: error }, 'google id_token refused');
      return null;
    });
    if (!identity) return reply.code(400).send({ error: GOOGLE_SIGN_IN_FAILED });
    const user = await signInOrCreate(identity, publicOrigin(services, request));
    const answer: AuthResult = { jwt: issueToken(app, user), user: { id: user.id, username: user.username, email: user.email } };
    return reply.send(answer);
  });

  // ---- The local identity provider (used when Google is not configured) ----

  app.get(LOCAL_IDP, async (_request, reply) => {
    if (!localProvider) return reply.code(404).send({ error: NOT_FOUND });
    const choices = DEMO_ACCOUNTS.map((account) => {
      const params = new URLSearchParams({ email: `${account.key}@comptoir.test`, given_name: account.firstName });
      return `<li><a href="${LOCAL_IDP}/authorize?${escapeHtml(params.toString())}">${escapeHtml(account.firstName)} ${escapeHtml(account.lastName)} — ${account.key}@comptoir.test</a></li>`;
    }).join('');
    const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Connexion avec Google (local) — Comptoir</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.5rem 0}input{width:100%;padding:.4rem}</style>
</head><body>
<h1>Connexion avec Google</h1>
<p>Fournisseur d'identité local : aucun compte Google n'est contacté.</p>
<h2>Comptes de démonstration</h2><ul>${choices}</ul>
<h2>Autre adresse</h2>
<form method="get" action="${LOCAL_IDP}/authorize">
<label>Adresse e-mail <input type="email" name="email" required></label>
<label>Prénom <input type="text" name="given_name"></label>
<button type="submit">Continuer</button>
</form>
<p><a href="${errorRedirect(GOOGLE_SIGN_IN_CANCELLED)}">Annuler</a></p>
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });

  app.get(`${LOCAL_IDP}/authorize`, async (request, reply) => {
    if (!localProvider) return reply.code(404).send({ error: NOT_FOUND });
    const query = authorizeQuery.safeParse(request.query);
    if (!query.success) return reply.redirect(errorRedirect(GOOGLE_SIGN_IN_FAILED));
    const idToken = app.jwt.sign(
      { iss: LOCAL_ISSUER, aud: 'google-local', email: query.data.email.toLowerCase(), given_name: query.data.given_name, family_name: '' },
      { expiresIn: '5m' },
    );
    return reply.redirect(clientCallback({ id_token: idToken, access_token: randomBytes(24).toString('base64url') }));
  });

  function googleRedirectUri(request: FastifyRequest): string {
    return `${publicOrigin(services, request)}/content/api/connect/google/redirect`;
  }

  async function identityOf(idToken: string): Promise<GoogleIdentity | null> {
    if (!google) {
      if (!localProvider) return null;
      const token = localIdToken.safeParse(app.jwt.verify(idToken));
      if (!token.success) return null;
      return { email: token.data.email.toLowerCase(), firstName: token.data.given_name, lastName: token.data.family_name };
    }
    const response = await fetch(`https://oauth2.googleapis.com/tokeninfo?${new URLSearchParams({ id_token: idToken }).toString()}`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const info = googleTokenInfo.safeParse(await response.json());
    if (!info.success || info.data.aud !== google.clientId) return null;
    return { email: info.data.email.toLowerCase(), firstName: info.data.given_name, lastName: info.data.family_name };
  }

  /** The account with this address, or a new one (no password: "forgot password" can set one). */
  async function signInOrCreate(identity: GoogleIdentity, origin: string): Promise<UserRow> {
    const [existing] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, identity.email), isNull(users.deletedAt)))
      .limit(1);
    if (existing) {
      if (existing.confirmed) return existing;
      const [confirmed] = await db.update(users).set({ confirmed: true }).where(eq(users.id, existing.id)).returning();
      return confirmed ?? existing;
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const username = await freeUsername(identity.email);
      const [created] = await db
        .insert(users)
        .values({
          username,
          email: identity.email,
          passwordHash: NO_PASSWORD,
          firstName: identity.firstName || username,
          lastName: identity.lastName,
          confirmed: true,
          createdAt: services.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await welcomeNewAccount(services, created, origin).catch((error: unknown) => app.log.error({ err: error }, 'welcome failed'));
        return created;
      }
      // The same address signed up at the same moment: take that account.
      const [raced] = await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
      if (raced) return raced;
    }
    throw new Error('aucun pseudo libre');
  }

  /** A pseudo from the address's local part, numbered when taken. */
  async function freeUsername(email: string): Promise<string> {
    const base = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9_]/g, '').slice(0, 30) || 'membre';
    if (!(await isUsernameTaken(db, base))) return base;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.username}) like ${`${base.replace(/_/g, '\\_')}%`}`);
    for (let n = (row?.n ?? 0) + 1; ; n += 1) {
      const candidate = `${base}${n}`;
      if (!(await isUsernameTaken(db, candidate))) return candidate;
    }
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
