import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { followToggleInput, MESSAGING_ERRORS, type FollowingsRecord, type followToggleResponse } from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { userFollowings } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { INVALID_REQUEST } from '../chat/chat-access';
import { blockedBy } from '../chat/user-blocks';
import { findUserById } from '../users/user-queries';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/**
 * `POST /chat/followings/toggle` {userId} (spec 2 §7, §4 Follow) and `GET /chat/state`, which
 * answers the member's followings record (spec 2 §3): whom they follow and whom they blocked.
 */
export function registerFollowingRoutes(app: FastifyInstance, db: Database): void {
  app.get('/rest/chat/state', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    return reply.send(await followingsRecordOf(db, user.id));
  });

  app.post('/rest/chat/followings/toggle', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = followToggleInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const targetId = input.data.userId;
    if (targetId === user.id) return reply.code(400).send({ error: INVALID_REQUEST });
    const target = await findUserById(db, targetId);
    if (!target || target.deletedAt !== null) return reply.code(404).send({ error: MESSAGING_ERRORS.profileNotFound });
    const following = await db.transaction(async (tx) => {
      const removed = await tx
        .delete(userFollowings)
        .where(and(eq(userFollowings.followerId, user.id), eq(userFollowings.followedId, targetId)))
        .returning({ id: userFollowings.followedId });
      if (removed.length > 0) return false;
      await tx.insert(userFollowings).values({ followerId: user.id, followedId: targetId, createdAt: new Date() }).onConflictDoNothing();
      return true;
    });
    const answer: z.infer<typeof followToggleResponse> = { ...(await followingsRecordOf(db, user.id)), following };
    return reply.send(answer);
  });
}

export async function followingsRecordOf(db: Database, userId: number): Promise<FollowingsRecord> {
  const [followed, blocked] = await Promise.all([
    db
      .select({ id: userFollowings.followedId })
      .from(userFollowings)
      .where(eq(userFollowings.followerId, userId))
      .orderBy(asc(userFollowings.createdAt), asc(userFollowings.followedId)),
    blockedBy(db, userId),
  ]);
  return { followings: followed.map((row) => String(row.id)), blocked: blocked.map(String) };
}
