import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChatMessage } from '../../src/contract/chat';
import { followThreadInput, INBOX_CLIENT_EVENTS, INBOX_SERVER_EVENTS, markThreadReadInput, type ThreadRead } from '../../src/contract/inbox';
import type { Database } from '../db/open-database';
import { requestUser } from '../auth/tokens';
import { ackedHandlers } from '../realtime/acked-handler';
import { userChannel } from '../realtime/channels';
import type { ComptoirIo, ComptoirSocket } from '../realtime/socket-server';
import type { UserRow } from '../users/user-queries';
import { inboxOf } from './inbox';
import { recordMentions, unreadMentionsOf } from './mentions';
import { followOnReply, followThread, markThreadRead, markThreadsRead } from './thread-reads';
import { blockedEitherWay } from './user-blocks';
import { NO_CHAT_PUSHES, type ChatPushes, type RoomRecipient } from '../push/chat-pushes';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/**
 * Followed threads over the socket (issue 21): 'follow thread' {parentMessage, follow} and 'mark
 * thread read' {parentMessage, messageId?}, each answered with the thread's state; every change
 * goes to all the member's sockets ('thread read'), so their other devices follow.
 */
export function registerInboxHandlers(io: ComptoirIo, socket: ComptoirSocket, db: Database, log: FastifyBaseLogger): void {
  const user = socket.data.user;
  const acked = ackedHandlers(log, user.id);

  socket.on(
    INBOX_CLIENT_EVENTS.follow,
    acked.decoded(INBOX_CLIENT_EVENTS.follow, followThreadInput, async (input) => {
      const outcome = await followThread(db, user, input);
      if ('error' in outcome) return outcome;
      announceThreadRead(io, user.id, outcome.state);
      return outcome.state;
    }),
  );

  socket.on(
    INBOX_CLIENT_EVENTS.markThreadRead,
    acked.decoded(INBOX_CLIENT_EVENTS.markThreadRead, markThreadReadInput, async (input) => {
      const outcome = await markThreadRead(db, user, input);
      if ('error' in outcome) return outcome;
      if (outcome.changed) announceThreadRead(io, user.id, outcome.state);
      return outcome.state;
    }),
  );
}

export function announceThreadRead(io: ComptoirIo, userId: number, state: ThreadRead): void {
  io.to(userChannel(userId)).emit(INBOX_SERVER_EVENTS.threadRead, state);
}

/**
 * After a new room message or reply: the members it names hear of their mention, and a reply
 * makes its author and the parent's author follow the thread; every follower hears its new count.
 */
export async function announceInboxChanges(io: ComptoirIo, db: Database, author: UserRow, message: ChatMessage, pushes: ChatPushes = NO_CHAT_PUSHES): Promise<void> {
  const named = await announceMentions(io, db, message);
  if (named === null) return;
  const recipients: RoomRecipient[] = named.map((userId) => ({ userId, notice: 'mention' }));
  if (message.parentMessage !== null) {
    const followers = await followOnReply(db, { id: message._id, parentId: message.parentMessage, roomId: message.room, authorId: author.id });
    for (const { userId, state } of followers) announceThreadRead(io, userId, state);
    // A follower who blocked the author (or was blocked) hears of the count, never of the reply.
    const hidden = new Set(await blockedEitherWay(db, author.id));
    for (const { userId } of followers) if (userId !== author.id && !hidden.has(userId)) recipients.push({ userId, notice: 'reply' });
  }
  pushes.roomMessage(message, recipients);
}

/**
 * The members a room message or reply names hear of their mention (recorded once per message and
 * member: an edited text names again only whom it adds). Answers whom it named anew; null for a
 * stream without mentions (an alert's comments, a private message).
 */
export async function announceMentions(io: ComptoirIo, db: Database, message: ChatMessage): Promise<number[] | null> {
  if (message.room === '' || message.alertId !== null || message.conversationId) return null;
  const named = await recordMentions(db, {
    id: message._id,
    roomId: message.room,
    parentId: message.parentMessage,
    authorId: message.sender.id,
    content: message.content,
    createdAt: new Date(message.date),
    author: message.sender.username,
  });
  for (const { userId, mention } of named) io.to(userChannel(userId)).emit(INBOX_SERVER_EVENTS.mention, mention);
  return named.map(({ userId }) => userId);
}

/** 'tout marquer comme lu' for threads: the followed ones and those of unread mentions; each change announced. */
export async function markAllThreadsRead(io: ComptoirIo, db: Database, user: UserRow): Promise<void> {
  const mentioned = (await unreadMentionsOf(db, user)).flatMap((mention) => (mention.parentMessage ? [mention.parentMessage] : []));
  for (const state of await markThreadsRead(db, user, mentioned)) announceThreadRead(io, user.id, state);
}

/** `GET /rest/chat/inbox`: the member's unread rooms, followed threads and mentions. */
export function registerInboxRoutes(app: FastifyInstance, db: Database): void {
  app.get('/rest/chat/inbox', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    return inboxOf(db, user);
  });
}
