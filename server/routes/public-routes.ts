import type { FastifyInstance } from 'fastify';
import { count, sql } from 'drizzle-orm';
import { z } from 'zod';
import { similarUsernamesQuery, verifyCaptchaInput, type SimilarUsernames, type VerifyCaptchaAnswer } from '../../src/contract/account';
import type { Database } from '../db/open-database';
import { users } from '../db/schema';
import type { CaptchaProvider } from '../accounts/captcha';
import type { Limits } from '../http/shared-limits';
import { TOO_MANY_ATTEMPTS } from '../graphql/content-schema';
import { isEmailTaken } from '../users/user-queries';

const availabilityQuery = z.object({ email: z.string().trim().email().max(254) });

/** The API host's `/public` calls that need no account (spec 1 §7). */
export function registerPublicRoutes(app: FastifyInstance, db: Database, limits: Limits, captcha: CaptchaProvider): void {
  const captchaLimiter = limits('captcha', { points: 30, seconds: 15 * 60 });

  app.get('/rest/public/is_available', async (request, reply) => {
    const query = availabilityQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: "L'adresse email fourni n'est pas valide" });
    return reply.send({ available: !(await isEmailTaken(db, query.data.email)) });
  });

  app.get('/rest/public/nb_similar_username', async (request, reply) => {
    const query = similarUsernamesQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'Requête invalide' });
    const prefix = query.data.username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.username}) like ${`${prefix}%`}`);
    const answer: SimilarUsernames = { count: row?.n ?? 0 };
    return reply.send(answer);
  });

  app.get('/rest/public/captcha', async (_request, reply) => reply.header('Cache-Control', 'no-store').send(captcha.challenge()));

  app.post('/rest/public/verify-recaptcha', async (request, reply) => {
    const input = verifyCaptchaInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: 'Requête invalide' });
    try {
      await captchaLimiter.consume(request.ip);
    } catch {
      return reply.code(429).send({ error: TOO_MANY_ATTEMPTS });
    }
    const answer: VerifyCaptchaAnswer = { success: await captcha.verify(input.data.recaptchaToken, request.ip).catch(() => false) };
    return reply.send(answer);
  });
}
