import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { SharedRedis } from './shared-redis';
import type { z } from 'zod/mini';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type ChatMessage,
  type chatLikeCountEvent,
  type chatThreadIncreaseEvent,
  type chatUsersCountEvent,
  type increaseRoomMessageEvent,
  type joinAck,
  type likeAck,
  type messageDeletedEvent,
  type moreMessagesAck,
  type okAck,
  type pinChangedEvent,
  editMessageAck,
  MESSAGE_REJECTED_EVENT,
  type postMessageAck,
} from '../../src/contract/chat';
import { ALERT_EVENTS, type Alert, type increaseRoomAlertEvent } from '../../src/contract/alerts';
import {
  MESSAGING_CLIENT_EVENTS,
  MESSAGING_SERVER_EVENTS,
  type conversationReadEvent,
  type newPrivateMessageEvent,
} from '../../src/contract/messaging';
import { SOCKET_PATH } from '../../src/contract/hosts';
import { HELD_EVENTS, REPORT_EVENTS, type HeldMessage, type ReportEntry } from '../../src/contract/reports';
import { ROOM_LEVEL_EVENT } from '../../src/contract/room-levels';
import { MUTED_EVENT } from '../../src/contract/chat-room';
import { NO_CHAT_PUSHES, type ChatPushes } from '../push/chat-pushes';
import type { RoomLevel } from '../../src/domain/notification-level';
import { SLOW_MODE_EVENT } from '../../src/contract/chat-room';
import { INBOX_CLIENT_EVENTS, INBOX_SERVER_EVENTS, type InboxMention, type ThreadRead, type threadReadAck } from '../../src/contract/inbox';
import { READ_CLIENT_EVENTS, READ_SERVER_EVENTS, type RoomRead, type roomReadAck, type roomReadsAck } from '../../src/contract/read-state';
import type { Database } from '../db/open-database';
import { tokenExpiry, userFromToken } from '../auth/tokens';
import type { SessionEnds } from '../auth/session-ends';
import { createRoomPosts, type RoomPosts, type RoomPostsOptions } from '../chat/room-posts';
import { announceRoomPosts } from '../chat/chat-broadcast';
import { registerChatHandlers } from '../chat/chat-socket-handlers';
import { createFloodControl, type FloodControl } from '../chat/flood-control';
import { registerMessagingHandlers } from '../messaging/conversation-events';
import { registerReadStateHandlers } from '../chat/read-state-handlers';
import { registerInboxHandlers } from '../chat/inbox-handlers';
import type { UserRow } from '../users/user-queries';
import { userChannel } from './channels';
import { createConnectionCounts, DEFAULT_CONNECTION_CAPS, type ConnectionCaps } from './connection-caps';
import { DATABASE_UNAVAILABLE, databaseRetryMs, isDatabaseUnavailable } from '../db/database-unavailable';
import type { HandshakeRetry } from '../../src/contract/chat';
import { clientAddress, trustFunction, type TrustProxy } from '../http/client-address';
import type { StreamRef } from '../../src/contract/chat';

/**
 * Every client event carries one payload, decoded on arrival with the contract's schema (so it is
 * `unknown` here), and is answered through the acknowledgement, typed by the contract.
 */
type Acked<Answer extends z.core.$ZodType> = (payload: unknown, ack?: (answer: z.infer<Answer>) => void) => void;
export type ClientToServerEvents = {
  [CLIENT_EVENTS.join]: Acked<typeof joinAck>;
  [CLIENT_EVENTS.leave]: Acked<typeof okAck>;
  [CLIENT_EVENTS.post]: Acked<typeof postMessageAck>;
  [CLIENT_EVENTS.more]: Acked<typeof moreMessagesAck>;
  [CLIENT_EVENTS.like]: Acked<typeof likeAck>;
  [CLIENT_EVENTS.unlike]: Acked<typeof likeAck>;
  [CLIENT_EVENTS.delete]: Acked<typeof okAck>;
  [CLIENT_EVENTS.edit]: Acked<typeof editMessageAck>;
  [MESSAGING_CLIENT_EVENTS.read]: Acked<typeof okAck>;
  [READ_CLIENT_EVENTS.markRead]: Acked<typeof roomReadAck>;
  [READ_CLIENT_EVENTS.markUnread]: Acked<typeof roomReadAck>;
  [READ_CLIENT_EVENTS.markAllRead]: Acked<typeof roomReadsAck>;
  [INBOX_CLIENT_EVENTS.follow]: Acked<typeof threadReadAck>;
  [INBOX_CLIENT_EVENTS.markThreadRead]: Acked<typeof threadReadAck>;
};
export type ServerToClientEvents = {
  /** One message, or (issue 25) the messages of one room written together, in seq order. */
  [SERVER_EVENTS.message]: (message: ChatMessage | ChatMessage[]) => void;
  [SERVER_EVENTS.discussion]: (message: ChatMessage) => void;
  [SERVER_EVENTS.usersCount]: (event: z.infer<typeof chatUsersCountEvent>) => void;
  [SERVER_EVENTS.likeCount]: (event: z.infer<typeof chatLikeCountEvent>) => void;
  [SERVER_EVENTS.threadIncrease]: (event: z.infer<typeof chatThreadIncreaseEvent>) => void;
  [SERVER_EVENTS.deleted]: (event: z.infer<typeof messageDeletedEvent>) => void;
  [SERVER_EVENTS.increaseRoomMessage]: (event: z.infer<typeof increaseRoomMessageEvent>) => void;
  [SERVER_EVENTS.reconnect]: () => void;
  [SERVER_EVENTS.pinChanged]: (event: z.infer<typeof pinChangedEvent>) => void;
  [SERVER_EVENTS.edited]: (message: ChatMessage) => void;
  [REPORT_EVENTS.entry]: (entry: ReportEntry) => void;
  [SLOW_MODE_EVENT]: (event: { room: string; seconds: number }) => void;
  [REPORT_EVENTS.resolved]: (event: { messageId: string }) => void;
  [HELD_EVENTS.entry]: (entry: HeldMessage) => void;
  [ROOM_LEVEL_EVENT]: (event: { room: string; level: RoomLevel }) => void;
  [MUTED_EVENT]: (event: { until: string | null }) => void;
  [HELD_EVENTS.decided]: (event: { heldId: string }) => void;
  [MESSAGE_REJECTED_EVENT]: (event: { clientId: string; error: string }) => void;
  [ALERT_EVENTS.alert]: (alert: Alert) => void;
  [ALERT_EVENTS.increaseRoomAlert]: (event: z.infer<typeof increaseRoomAlertEvent>) => void;
  [ALERT_EVENTS.ackCount]: (event: { _id: string; room: string; acksCount: number; seq: number }) => void;
  [MESSAGING_SERVER_EVENTS.newPrivateMessage]: (event: z.infer<typeof newPrivateMessageEvent>) => void;
  [MESSAGING_SERVER_EVENTS.read]: (event: z.infer<typeof conversationReadEvent>) => void;
  [READ_SERVER_EVENTS.roomRead]: (state: RoomRead) => void;
  [INBOX_SERVER_EVENTS.threadRead]: (state: ThreadRead) => void;
  [INBOX_SERVER_EVENTS.mention]: (mention: InboxMention) => void;
};

/** The member, and when the token the socket was opened with expires (ms since the epoch). */
export type SocketData = {
  user: UserRow;
  expiresAt: number | null;
  /** The threads and alerts' comments the socket joined, by channel: looked at again when a subscription ends. */
  streams: Map<string, StreamRef>;
};
export type ComptoirSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type ComptoirIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * socket.io on the HTTP server's own port. A connection is opened with the access token
 * (spec 2 §7 "Realtime connection"); a missing or bad token is refused at the handshake.
 */
export type SocketServerOptions = {
  flood?: FloodControl;
  pushes?: ChatPushes;
  roomPosts?: Partial<Omit<RoomPostsOptions, 'announce'>>;
  sessions?: SessionEnds;
  caps?: ConnectionCaps;
  /** Several processes (issue 24): their broadcasts, channels and socket counts shared through Redis. */
  redis?: SharedRedis;
  /** Whose `X-Forwarded-For` names the member's address (the per-address cap), as for HTTP requests. */
  trustProxy?: TrustProxy;
};

export function attachSocketServer(app: FastifyInstance, db: Database, options: SocketServerOptions = {}): ComptoirIo {
  const { flood = createFloodControl(), pushes = NO_CHAT_PUSHES, roomPosts = {}, sessions, caps = DEFAULT_CONNECTION_CAPS, redis, trustProxy = ['loopback'] } = options;
  const io: ComptoirIo = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(redis ? { adapter: redis.socketAdapter } : {}),
  });
  // Posts to a room written together are announced together (issue 25).
  // (Announced in a turn of its own, after the answers: a failure there is logged, never thrown at the process.)
  const announce = (written: Parameters<typeof announceRoomPosts>[1]) => {
    try {
      announceRoomPosts(io, written);
    } catch (error) {
      app.log.error({ err: error }, 'room announcement failed');
    }
  };
  const posts: RoomPosts = createRoomPosts(db, { ...roomPosts, announce });
  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token = typeof auth === 'object' && auth !== null && 'token' in auth && typeof auth.token === 'string' ? auth.token : null;
    if (!token) return next(new Error('Unauthorized'));
    userFromToken(app, db, token).then(
      (user) => {
        if (!user) return next(new Error('Unauthorized'));
        socket.data.user = user;
        socket.data.expiresAt = tokenExpiry(app, token);
        socket.data.streams = new Map();
        next();
      },
      (error: unknown) => {
        // socket.io-client never tries again after a refusal at the handshake: this one says when to (src/sync/socket-transport.ts).
        if (isDatabaseUnavailable(error)) {
          app.log.warn({ err: error }, 'socket handshake waits for the database');
          const wait: HandshakeRetry = { retryAfterMs: databaseRetryMs() };
          return next(Object.assign(new Error(DATABASE_UNAVAILABLE), { data: wait }));
        }
        app.log.error({ err: error }, 'socket handshake failed');
        next(new Error('Erreur lors de la requête'));
      },
    );
  });
  // Last, once the member is known: a handshake admitted here is counted until its socket closes.
  const counts = createConnectionCounts(caps);
  // Behind a balancer every socket comes from its address: the member's is the one it forwards.
  const trusted = trustFunction(trustProxy);
  io.use((socket, next) => {
    const { id } = socket.data.user;
    const address = clientAddress(socket.request, trusted);
    const refusal = counts.admit(id, address);
    if (refusal !== null) return next(new Error(refusal));
    socket.once('disconnect', () => counts.release(id, address));
    next();
  });
  // Ended sessions (a password change, 'Se déconnecter de tous les appareils', a deletion) close their
  // sockets; a client reconnects with the token it holds, which the handshake checks again.
  sessions?.onEnded((userId) => io.in(userChannel(userId)).disconnectSockets(true));
  io.on('connection', (socket) => {
    void socket.join(userChannel(socket.data.user.id));
    closeAtExpiry(socket);
    registerChatHandlers(io, socket, db, app.log, flood, pushes, posts);
    registerMessagingHandlers(io, socket, db, app.log);
    registerReadStateHandlers(io, socket, db, app.log);
    registerInboxHandlers(io, socket, db, app.log);
  });
  return io;
}

/** setTimeout's longest delay (about 24.8 days): a longer-lived token's socket is reopened then, and checked again. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A socket lives no longer than its token: at the expiry it is closed, and the handshake refuses the token. */
function closeAtExpiry(socket: ComptoirSocket): void {
  const { expiresAt } = socket.data;
  if (expiresAt === null) return;
  const timer = setTimeout(() => socket.disconnect(true), Math.min(Math.max(0, expiresAt - Date.now()), LONGEST_TIMER_MS));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}
