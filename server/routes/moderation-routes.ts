import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { muteInput, type moderationLogResponse, type muteResponse } from '../../src/contract/moderation';
import { isMuteChoice, MUTE_TEXT } from '../../src/domain/mute';
import type { Database } from '../db/open-database';
import { moderationLog, users } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { INVALID_REQUEST, isModerator, NOT_ALLOWED } from '../chat/chat-access';
import { muteMember, unmuteMember } from '../chat/moderation';
import { MUTED_EVENT } from '../../src/contract/chat-room';
import { userChannel } from '../realtime/channels';
import type { ComptoirIo } from '../realtime/socket-server';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

const LOG_PAGE = 100;

/**
 * Moderation (issue 22), for moderators only: `POST /rest/chat/mutes` {userId, minutes} mutes a
 * member (never a moderator nor staff) for 10 min, 1 h or 24 h; `DELETE /rest/chat/mutes/{userId}`
 * lifts it; `GET /rest/chat/moderation_log` lists the newest actions with their authors.
 */
export function registerModerationRoutes(app: FastifyInstance, db: Database, io: ComptoirIo): void {
  app.post('/rest/chat/mutes', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    if (!(await isModerator(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    const input = muteInput.safeParse(request.body);
    if (!input.success || !isMuteChoice(input.data.minutes)) return reply.code(400).send({ error: INVALID_REQUEST });
    const [target] = await db.select().from(users).where(eq(users.id, input.data.userId)).limit(1);
    if (!target) return reply.code(404).send({ error: NOT_ALLOWED });
    if (target.isStaff || (await isModerator(db, target))) return reply.code(400).send({ error: MUTE_TEXT.notModeratable });
    const until = await muteMember(db, user.id, target.id, input.data.minutes);
    // The member's composers say it at once, not at their next post.
    io.to(userChannel(target.id)).emit(MUTED_EVENT, { until: until.toISOString() });
    return reply.send({ ok: true, until: until.toISOString() } satisfies z.infer<typeof muteResponse>);
  });

  app.delete<{ Params: { userId: string } }>('/rest/chat/mutes/:userId', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    if (!(await isModerator(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    const userId = Number(request.params.userId);
    if (!Number.isSafeInteger(userId) || userId <= 0) return reply.code(400).send({ error: INVALID_REQUEST });
    const lifted = await unmuteMember(db, user.id, userId);
    if (lifted) io.to(userChannel(userId)).emit(MUTED_EVENT, { until: null });
    return reply.send({ ok: true, lifted });
  });

  app.get('/rest/chat/moderation_log', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    if (!(await isModerator(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    const rows = await db.select().from(moderationLog).orderBy(desc(moderationLog.id)).limit(LOG_PAGE);
    const ids = [...new Set(rows.flatMap((r) => [r.moderatorId, r.targetUserId]).filter((id): id is number => id !== null))];
    const names = new Map((ids.length === 0 ? [] : await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.username]));
    const entries = rows.map((row) => ({
      id: row.id,
      action: row.action,
      moderator: row.moderatorId === null ? null : (names.get(row.moderatorId) ?? null),
      target: row.targetUserId === null ? null : (names.get(row.targetUserId) ?? null),
      messageId: row.messageId,
      roomId: row.roomId,
      details: row.details,
      date: row.createdAt.toISOString(),
    }));
    return reply.send({ entries } satisfies z.infer<typeof moderationLogResponse>);
  });
}
