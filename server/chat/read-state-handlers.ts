import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { markRoomReadInput, markRoomUnreadInput, READ_CLIENT_EVENTS, READ_SERVER_EVENTS, type RoomRead } from '../../src/contract/read-state';
import type { Database } from '../db/open-database';
import { requestUser } from '../auth/tokens';
import { ackedHandlers } from '../realtime/acked-handler';
import { userChannel } from '../realtime/channels';
import type { ComptoirIo, ComptoirSocket } from '../realtime/socket-server';
import { markAllThreadsRead } from './inbox-handlers';
import { markAllRoomsRead, markRoomRead, markRoomUnread, roomReadsOf } from './read-state';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/**
 * Read state over the socket (issue 21): 'mark room read' {room, messageId?}, 'mark room unread'
 * {messageId} and 'mark all rooms read' {}, each answered with the new state(s); every change goes
 * to all the member's sockets ('room read'), so their other devices clear or raise the badge.
 */
export function registerReadStateHandlers(io: ComptoirIo, socket: ComptoirSocket, db: Database, log: FastifyBaseLogger): void {
  const user = socket.data.user;
  const acked = ackedHandlers(log, user.id);

  socket.on(
    READ_CLIENT_EVENTS.markRead,
    acked.decoded(READ_CLIENT_EVENTS.markRead, markRoomReadInput, async (input) => {
      const outcome = await markRoomRead(db, user, input);
      if ('error' in outcome) return outcome;
      if (outcome.changed) announceRoomRead(io, user.id, outcome.state);
      return outcome.state;
    }),
  );

  socket.on(
    READ_CLIENT_EVENTS.markUnread,
    acked.decoded(READ_CLIENT_EVENTS.markUnread, markRoomUnreadInput, async (input) => {
      const outcome = await markRoomUnread(db, user, input.messageId);
      if ('error' in outcome) return outcome;
      announceRoomRead(io, user.id, outcome.state);
      return outcome.state;
    }),
  );

  socket.on(
    READ_CLIENT_EVENTS.markAllRead,
    acked(READ_CLIENT_EVENTS.markAllRead, async () => {
      // Threads first: the unread mentions in replies name the threads to clear.
      await markAllThreadsRead(io, db, user);
      for (const state of await markAllRoomsRead(db, user)) announceRoomRead(io, user.id, state);
      return { rooms: await roomReadsOf(db, user) };
    }),
  );
}

export function announceRoomRead(io: ComptoirIo, userId: number, state: RoomRead): void {
  io.to(userChannel(userId)).emit(READ_SERVER_EVENTS.roomRead, state);
}

/** `GET /rest/chat/read-state`: every readable room's read state and unread count (a new device's badges). */
export function registerReadStateRoutes(app: FastifyInstance, db: Database): void {
  app.get('/rest/chat/read-state', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    return { rooms: await roomReadsOf(db, user) };
  });
}
