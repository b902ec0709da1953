import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { SOCKET_PATH } from '../../src/contract/hosts';
import type { Database } from '../db/open-database';
import { userFromToken } from '../auth/tokens';
import type { UserRow } from '../users/user-queries';

export type SocketData = { user: UserRow };
export type ComptoirSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;
export type ComptoirIo = Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** The private channel of one member: every socket they have open joins it. */
export const userChannel = (userId: number): string => `user:${userId}`;

/**
 * socket.io on the HTTP server's own port. A connection is opened with the access token
 * (spec 2 §7 "Realtime connection"); a missing or bad token is refused at the handshake.
 */
export function attachSocketServer(app: FastifyInstance, db: Database): ComptoirIo {
  const io: ComptoirIo = new Server(app.server, { path: SOCKET_PATH, serveClient: false });
  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token = typeof auth === 'object' && auth !== null && 'token' in auth && typeof auth.token === 'string' ? auth.token : null;
    if (!token) return next(new Error('Unauthorized'));
    userFromToken(app, db, token).then(
      (user) => {
        if (!user) return next(new Error('Unauthorized'));
        socket.data.user = user;
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket handshake failed');
        next(new Error('Erreur lors de la requête'));
      },
    );
  });
  io.on('connection', (socket) => {
    void socket.join(userChannel(socket.data.user.id));
  });
  return io;
}
