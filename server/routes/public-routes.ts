import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/open-database';
import { isEmailTaken } from '../users/user-queries';

const availabilityQuery = z.object({ email: z.string().trim().email().max(254) });

/** The API host's `/public` calls that need no account (spec 1 §7). */
export function registerPublicRoutes(app: FastifyInstance, db: Database): void {
  app.get('/rest/public/is_available', async (request, reply) => {
    const query = availabilityQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: "L'adresse email fourni n'est pas valide" });
    return reply.send({ available: !(await isEmailTaken(db, query.data.email)) });
  });
}
