import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open-database';
import { userBlocks } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { INVALID_REQUEST } from '../chat/chat-access';
import { findUserByIdentifier } from '../users/user-queries';

export const PROFILE_NOT_FOUND = "Ce profil n'existe pas";

/**
 * `POST /users/block/{username}` and `/users/unblock/{username}` (spec 2 §7). A block hides the
 * blocked member's posts from the blocker, live and in history; both calls are idempotent.
 */
export function registerUserBlockRoutes(app: FastifyInstance, db: Database): void {
  for (const blocking of [true, false]) {
    app.post<{ Params: { username: string } }>(`/rest/users/${blocking ? 'block' : 'unblock'}/:username`, async (request, reply) => {
      const user = await requestUser(app, db, request);
      if (!user) return reply.code(401).send({ error: 'Unauthorized' });
      const username = request.params.username;
      // A pseudo, never an e-mail: the identifier look-up would otherwise accept one.
      const target = username.includes('@') || username.length > 100 ? undefined : await findUserByIdentifier(db, username);
      if (!target) return reply.code(404).send({ error: PROFILE_NOT_FOUND });
      if (target.id === user.id) return reply.code(400).send({ error: INVALID_REQUEST });
      if (blocking) {
        await db.insert(userBlocks).values({ blockerId: user.id, blockedId: target.id, createdAt: new Date() }).onConflictDoNothing();
      } else {
        await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, user.id), eq(userBlocks.blockedId, target.id)));
      }
      return reply.send({ success: true });
    });
  }
}
