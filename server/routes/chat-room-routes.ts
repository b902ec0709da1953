import type { FastifyInstance } from 'fastify';
import type { ChatRoom } from '../../src/contract/chat-room';
import type { Database } from '../db/open-database';
import { rooms } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { roomRights } from '../rooms/room-rights';
import { subscriptionsOf } from '../users/user-queries';

/** `GET /content/api/chatrooms`: every room with the caller's rights in it (spec 2 §7). */
export function registerChatRoomRoutes(app: FastifyInstance, db: Database): void {
  app.get('/content/api/chatrooms', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: 'Unauthorized' });
    const [all, subscriptions] = await Promise.all([db.select().from(rooms).orderBy(rooms.position), subscriptionsOf(db, user.id)]);
    const now = new Date();
    const answer: ChatRoom[] = all.map((room) => ({
      id: room.id,
      attributes: { name: room.name, icon: room.icon, ...roomRights(room, user, subscriptions, now) },
    }));
    return reply.send({ rooms: answer });
  });
}
