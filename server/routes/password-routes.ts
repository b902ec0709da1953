import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { confirmEmailQuery, forgotPasswordInput, resetPasswordInput, type ResetPasswordAnswer } from '../../src/contract/account';
import { users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { issueToken } from '../auth/tokens';
import { newCode, spendAllCodes, spendCode, storeCode } from '../accounts/account-codes';
import { resetPasswordMail } from '../accounts/account-mail';
import { padTo, publicOrigin, type AccountServices } from '../accounts/account-services';
import { TOO_MANY_ATTEMPTS } from '../graphql/content-schema';
import { findUserByIdentifier } from '../users/user-queries';

/** Spec 1 §5 and §8 wordings. */
export const INVALID_EMAIL = 'Veuillez entrer une adresse email valide';
export const UNKNOWN_ACCOUNT = "Nous n'avons trouvé aucun compte qui correspond à cette adresse e-mail";
export const FILL_ALL_FIELDS = 'Veuillez remplir tout les champs';
export const PASSWORDS_DIFFER = 'Les mots de passe ne correspondent pas';
export const PASSWORD_TOO_SHORT = 'Le mot de passe doit contenir au moins 8 caractères dont au moins une lettre et un chiffre';
export const INVALID_CODE = 'Code invalide';
export const PASSWORD_MIN = 8;

/** Every forgot-password answer takes at least this long, known address or not. */
export const FORGOT_PASSWORD_MIN_MS = 300;

/**
 * `POST /api/auth/forgot-password`, `POST /api/auth/reset-password` and
 * `GET /api/auth/email-confirmation` on the content host (spec 1 §7).
 */
export function registerPasswordRoutes(services: AccountServices): void {
  const { app, db } = services;
  // Per address, so nobody floods a member's inbox; per network address for the codes tried.
  const forgotPerEmail = services.limits('forgot-email', { points: 5, seconds: 60 * 60 });
  const forgotPerIp = services.limits('forgot-ip', { points: 30, seconds: 60 * 60 });
  const badCodes = services.limits('reset-codes', { points: 10, seconds: 15 * 60 });

  const tooMany = (reply: FastifyReply) => reply.code(429).send({ error: TOO_MANY_ATTEMPTS });

  app.post('/content/api/auth/forgot-password', async (request, reply) => {
    const startedAt = performance.now();
    const input = forgotPasswordInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_EMAIL });
    const email = input.data.email.toLowerCase();
    try {
      await forgotPerIp.consume(request.ip);
      await forgotPerEmail.consume(email);
    } catch {
      return tooMany(reply);
    }
    // The same work on both paths (look-up, a code and its digest), then the same minimum time.
    const user = await findUserByIdentifier(db, email);
    const { code, digest } = newCode();
    const known = user !== undefined && user.deletedAt === null;
    if (known) {
      await storeCode(db, user.id, 'reset', digest, services.now());
      // Sent without waiting: a slow mail server must not tell who has an account.
      services.mail.send([resetPasswordMail(user, publicOrigin(services, request), code)]).catch((error: unknown) => {
        request.log.error({ err: error }, 'reset e-mail not sent');
      });
    }
    await padTo(startedAt, FORGOT_PASSWORD_MIN_MS);
    if (!known) return reply.code(400).send({ error: UNKNOWN_ACCOUNT });
    return reply.send({ ok: true });
  });

  app.post('/content/api/auth/reset-password', async (request, reply) => {
    const input = resetPasswordInput.safeParse(request.body);
    if (!input.success || !input.data.code || !input.data.password || !input.data.passwordConfirmation) {
      return reply.code(400).send({ error: FILL_ALL_FIELDS });
    }
    const { code, password, passwordConfirmation } = input.data;
    if (password !== passwordConfirmation) return reply.code(400).send({ error: PASSWORDS_DIFFER });
    if (password.length < PASSWORD_MIN) return reply.code(400).send({ error: PASSWORD_TOO_SHORT });
    const attempts = await badCodes.get(request.ip);
    if (attempts !== null && attempts.consumedPoints >= 10) return tooMany(reply);

    const now = services.now();
    const passwordHash = await hashPassword(password);
    const updated = await db.transaction(async (tx) => {
      const userId = await spendCode(tx, 'reset', code, now);
      if (userId === null) return null;
      await spendAllCodes(tx, userId, 'reset', now);
      // A new token version ends every other session; the mailbox was proven, so the address too.
      const [row] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, confirmed: true })
        .where(eq(users.id, userId))
        .returning();
      return row?.deletedAt === null ? row : null;
    });
    if (!updated) {
      await badCodes.penalty(request.ip, 1);
      return reply.code(400).send({ error: INVALID_CODE });
    }
    services.sessions.ended(updated.id);
    const answer: ResetPasswordAnswer = {
      jwt: issueToken(app, updated),
      user: { id: updated.id, username: updated.username, email: updated.email },
    };
    return reply.send(answer);
  });

  app.get('/content/api/auth/email-confirmation', async (request, reply) => {
    const query = confirmEmailQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: INVALID_CODE });
    const attempts = await badCodes.get(request.ip);
    if (attempts !== null && attempts.consumedPoints >= 10) return tooMany(reply);
    const userId = await spendCode(db, 'confirm', query.data.confirmation, services.now());
    if (userId === null) {
      await badCodes.penalty(request.ip, 1);
      return reply.code(400).send({ error: INVALID_CODE });
    }
    await db.update(users).set({ confirmed: true }).where(eq(users.id, userId));
    return reply.send({ ok: true });
  });
}
