import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { SLOW_MODE_EVENT, slowModeInput, type ChatRoom, type chatRoomsResponse } from '../../src/contract/chat-room';
import { isSlowModeChoice } from '../../src/domain/slow-mode';
import { INVALID_REQUEST, isModerator, NOT_ALLOWED } from '../chat/chat-access';
import { logModeration } from '../chat/moderation';
import { readersChannel, roomChannel } from '../realtime/channels';
import type { ComptoirIo } from '../realtime/socket-server';
import type { Database } from '../db/open-database';
import { chatMutes, rooms } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { roomRights } from '../rooms/room-rights';
import { subscriptionsOf } from '../users/user-queries';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/**
 * `GET /content/api/chatrooms`: every room with the caller's rights in it (spec 2 §7); and a
 * moderator's `POST /rest/chat/rooms/{roomId}/slow_mode` {seconds} (issue 22: 0, 10, 30, 60 or
 * 300), announced to the room's readers.
 */
export function registerChatRoomRoutes(app: FastifyInstance, db: Database, io: ComptoirIo): void {
  app.post<{ Params: { roomId: string } }>('/rest/chat/rooms/:roomId/slow_mode', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    if (!(await isModerator(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    const input = slowModeInput.safeParse(request.body);
    if (!input.success || !isSlowModeChoice(input.data.seconds)) return reply.code(400).send({ error: INVALID_REQUEST });
    const room = request.params.roomId;
    const [updated] = await db.update(rooms).set({ slowModeSeconds: input.data.seconds }).where(eq(rooms.id, room)).returning({ id: rooms.id });
    if (!updated) return reply.code(404).send({ error: NOT_ALLOWED });
    await logModeration(db, { moderatorId: user.id, action: 'slow_mode', roomId: room, details: `${input.data.seconds} s` });
    io.to([readersChannel(room), roomChannel(room)]).emit(SLOW_MODE_EVENT, { room, seconds: input.data.seconds });
    return reply.send({ ok: true });
  });

  app.get('/content/api/chatrooms', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const [all, subscriptions] = await Promise.all([db.select().from(rooms).orderBy(rooms.position), subscriptionsOf(db, user.id)]);
    const now = new Date();
    const answer: ChatRoom[] = all.map((room) => ({
      id: room.id,
      attributes: { name: room.name, icon: room.icon, ...roomRights(room, user, subscriptions, now), slowModeSeconds: room.slowModeSeconds },
    }));
    const [mute] = await db.select({ until: chatMutes.until }).from(chatMutes).where(and(eq(chatMutes.userId, user.id), gt(chatMutes.until, now))).limit(1);
    return reply.send({ rooms: answer, mutedUntil: mute ? mute.until.toISOString() : null } satisfies z.infer<typeof chatRoomsResponse>);
  });
}
