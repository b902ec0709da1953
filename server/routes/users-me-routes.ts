import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open-database';
import { requestUser } from '../auth/tokens';
import { subscriptionsOf, toUserDto } from '../users/user-queries';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** `GET` and `POST /api/users/me` on the content host (spec 1 §7): the current user. */
export function registerUsersMeRoutes(app: FastifyInstance, db: Database): void {
  const me = async (request: Parameters<typeof requestUser>[2], reply: import('fastify').FastifyReply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    return reply.send(toUserDto(user, await subscriptionsOf(db, user.id)));
  };
  app.get('/content/api/users/me', me);
  app.post('/content/api/users/me', me);
}
