import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { profileResponse } from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { requestUser } from '../auth/tokens';
import { isBlockedBetween } from '../chat/user-blocks';
import { subscriptionsOf, toAbonnements } from '../users/user-queries';
import { PROFILE_NOT_FOUND, profileNamed } from './user-block-routes';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/**
 * `GET /users/{username}` (spec 2 §7): another member's public profile (spec 2 §3 User), for any
 * signed-in member; an unknown pseudo or a closed account is 404 'Ce profil n'existe pas'.
 */
export function registerUserProfileRoutes(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { username: string } }>('/rest/users/:username', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const target = await profileNamed(db, request.params.username);
    if (!target) return reply.code(404).send({ error: PROFILE_NOT_FOUND });
    const [subscriptions, blocked] = await Promise.all([subscriptionsOf(db, target.id), isBlockedBetween(db, user.id, target.id)]);
    const answer: z.infer<typeof profileResponse> = {
      userData: {
        id: target.id,
        _id: String(target.id),
        username: target.username,
        firstName: target.firstName,
        lastName: target.lastName,
        picture: target.picture?.url ?? null,
        description: target.description,
        mention: target.mention,
        abonnements: toAbonnements(subscriptions),
        canMessage: target.id !== user.id && !blocked,
      },
    };
    return reply.send(answer);
  });
}
