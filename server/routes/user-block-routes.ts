import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MESSAGING_ERRORS, type blockedUsersResponse, type blockResponse } from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { users, userBlocks } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { INVALID_REQUEST } from '../chat/chat-access';
import { toConversationUser } from '../messaging/conversation-view';
import { findUserByIdentifier, type UserRow } from '../users/user-queries';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

export const PROFILE_NOT_FOUND = MESSAGING_ERRORS.profileNotFound;

/**
 * `POST /users/block/{username}` and `/users/unblock/{username}` (spec 2 §7), and the member's
 * blocked list `GET /users/blocked` (spec 3 §2). A block works both ways (server/chat/user-blocks.ts):
 * neither member reads the other's messages, and no private message goes between them. Both
 * calls are idempotent.
 */
export function registerUserBlockRoutes(app: FastifyInstance, db: Database): void {
  for (const blocking of [true, false]) {
    app.post<{ Params: { username: string } }>(`/rest/users/${blocking ? 'block' : 'unblock'}/:username`, async (request, reply) => {
      const user = await requestUser(app, db, request);
      if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
      const target = await profileNamed(db, request.params.username);
      if (!target) return reply.code(404).send({ error: PROFILE_NOT_FOUND });
      if (target.id === user.id) return reply.code(400).send({ error: INVALID_REQUEST });
      if (blocking) {
        await db.insert(userBlocks).values({ blockerId: user.id, blockedId: target.id, createdAt: new Date() }).onConflictDoNothing();
      } else {
        await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, user.id), eq(userBlocks.blockedId, target.id)));
      }
      return reply.send({ success: true } satisfies z.infer<typeof blockResponse>);
    });
  }

  app.get('/rest/users/blocked', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const rows = await db
      .select({ user: users })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, user.id))
      .orderBy(asc(userBlocks.createdAt), asc(users.id));
    const answer: z.infer<typeof blockedUsersResponse> = { blocked: rows.map((row) => toConversationUser(row.user)) };
    return reply.send(answer);
  });
}

/** The open account of a pseudo (never an e-mail: the identifier look-up would otherwise take one), any case. */
export async function profileNamed(db: Database, username: string): Promise<UserRow | undefined> {
  if (username.includes('@') || username.length === 0 || username.length > 100) return undefined;
  const row = await findUserByIdentifier(db, username);
  return row && row.deletedAt === null ? row : undefined;
}
