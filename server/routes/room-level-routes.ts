import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { ROOM_LEVEL_EVENT, roomLevelInput, type roomLevelsResponse } from '../../src/contract/room-levels';
import type { Database } from '../db/open-database';
import { requestUser } from '../auth/tokens';
import { INVALID_REQUEST, NOT_ALLOWED, roomAccess } from '../chat/chat-access';
import { levelsOf, setLevel } from '../chat/room-levels';
import { userChannel } from '../realtime/channels';
import type { ComptoirIo } from '../realtime/socket-server';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/**
 * Notification levels per room (issue 22): `GET /rest/chat/notification_levels` and `PUT
 * /rest/chat/rooms/{roomId}/notification_level` {level} for a room the member may read, announced
 * to all their sockets ('chat room notification level') so that their other tabs and devices follow.
 */
export function registerRoomLevelRoutes(app: FastifyInstance, db: Database, io: ComptoirIo): void {
  app.get('/rest/chat/notification_levels', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    return reply.send({ levels: await levelsOf(db, user.id) } satisfies z.infer<typeof roomLevelsResponse>);
  });

  app.put<{ Params: { roomId: string } }>('/rest/chat/rooms/:roomId/notification_level', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = roomLevelInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const room = request.params.roomId;
    const access = await roomAccess(db, user, room);
    if (!access) return reply.code(404).send({ error: NOT_ALLOWED });
    if (!access.rights.canRead) return reply.code(403).send({ error: NOT_ALLOWED });
    await setLevel(db, user.id, room, input.data.level);
    io.to(userChannel(user.id)).emit(ROOM_LEVEL_EVENT, { room, level: input.data.level });
    return reply.send({ ok: true });
  });
}
