import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CLIENT_EVENTS,
  editMessageInput,
  messageRefInput,
  moreMessagesInput,
  postMessageInput,
  streamRef,
  type StreamRef,
} from '../../src/contract/chat';
import { conversationRef } from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { messages } from '../db/schema';
import type { ComptoirIo, ComptoirSocket } from '../realtime/socket-server';
import { alertChannel, MODERATORS_CHANNEL, readersChannel, roomChannel, threadChannel } from '../realtime/channels';
import { deleteAlert, findAlert, setAlertLike } from '../alerts/alert-actions';
import { announceAlertDeleted, announceAlertLike } from '../alerts/alert-broadcast';
import { alertViewerOf, isUnlocked } from '../alerts/alert-viewer';
import type { UserRow } from '../users/user-queries';
import { announceDelete, announceEdit, announceLike, announcePost, announceUsersCount, connectedUsersIn } from './chat-broadcast';
import { connectionAccess, INVALID_REQUEST, NOT_ALLOWED, roomAccess } from './chat-access';
import { leaveRoomsAtExpiry } from './room-expiry';
import { deleteMessage, setLike } from './message-actions';
import { moreMessages } from './message-history';
import type { RoomPosts } from './room-posts';
import { announceHeld } from './keyword-filters';
import type { ChatPushes } from '../push/chat-pushes';
import { announceInboxChanges, announceMentions } from './inbox-handlers';
import { lastSeqOf } from './room-seq';
import { blockedEitherWay } from './user-blocks';
import { conversationEvents, namesConversation } from '../messaging/conversation-events';
import { announcePrivateDelete, announcePrivateEdit } from '../messaging/messaging-broadcast';
import { editMessage } from './edit-message';
import { ackedHandlers } from '../realtime/acked-handler';
import type { FloodControl } from './flood-control';

/**
 * The chat's socket events (spec 2 §7) for one connection. Each is answered through its
 * acknowledgement; a payload that does not decode gets 'Requête invalide', and a failure inside is
 * logged and answered, never thrown into socket.io. The same events naming a conversation are the
 * private messages' (server/messaging/conversation-events.ts).
 */
export function registerChatHandlers(
  io: ComptoirIo,
  socket: ComptoirSocket,
  db: Database,
  log: FastifyBaseLogger,
  flood: FloodControl,
  pushes: ChatPushes,
  /** The server's one queue of room posts (a queue per socket would commit nothing together). */
  posts: RoomPosts,
): void {
  const user = socket.data.user;
  const acked = ackedHandlers(log, user.id);
  const conversations = conversationEvents(io, socket, db, pushes);

  // One read at the connection: moderators hear of reports as they come (issue 22), every readable
  // room's badges, and the rooms left again when a subscription ends.
  connectionAccess(db, user).then(
    ({ moderator, readable, subscriptions }) => {
      if (moderator) void socket.join(MODERATORS_CHANNEL);
      void socket.join(readable.map(readersChannel));
      leaveRoomsAtExpiry(socket, db, log, subscriptions, async (ref) => (await resolveStream(db, user, ref)) !== null);
    },
    (error: unknown) => log.error({ err: error, userId: user.id }, 'connection channels failed'),
  );

  socket.on(
    CLIENT_EVENTS.join,
    acked(CLIENT_EVENTS.join, async (payload) => {
      const conversation = conversationRef.safeParse(payload);
      if (conversation.success) return conversations.join(conversation.data);
      const ref = streamRef.safeParse(payload);
      if (!ref.success) return { error: INVALID_REQUEST };
      const stream = await resolveStream(db, user, ref.data);
      if (!stream) return { error: NOT_ALLOWED };
      await socket.join(stream.channel);
      if (!stream.isRoom) socket.data.streams.set(stream.channel, ref.data);
      const usersCount = stream.isRoom ? await announceUsersCount(io, stream.roomId) : await connectedUsersIn(io, roomChannel(stream.roomId));
      return { ok: true as const, lastSeq: await lastSeqOf(db, stream.roomId), usersCount };
    }),
  );

  socket.on(
    CLIENT_EVENTS.leave,
    acked(CLIENT_EVENTS.leave, async (payload) => {
      const conversation = conversationRef.safeParse(payload);
      if (conversation.success) return conversations.leave(conversation.data);
      const ref = streamRef.safeParse(payload);
      if (!ref.success) return { error: INVALID_REQUEST };
      if ('room' in ref.data) {
        const channel = roomChannel(ref.data.room);
        if (socket.rooms.has(channel)) {
          await socket.leave(channel);
          await announceUsersCount(io, ref.data.room);
        }
      } else {
        const channel = 'alertId' in ref.data ? alertChannel(ref.data.alertId) : threadChannel(ref.data.parentMessage);
        await socket.leave(channel);
        socket.data.streams.delete(channel);
      }
      return { ok: true as const };
    }),
  );

  socket.on(
    CLIENT_EVENTS.post,
    acked(CLIENT_EVENTS.post, async (payload) => {
      // One member's posts are counted per stream, before the database is asked anything (issue 23).
      if (namesConversation(payload)) return (await flood.take('post', user, streamKeyOf(payload))) ?? conversations.post(payload);
      const input = postMessageInput.safeParse(payload);
      if (!input.success) return { error: INVALID_REQUEST };
      const refused = await flood.take('post', user, streamKeyOf(input.data));
      if (refused) return refused;
      const outcome = await posts.post(user, input.data);
      if ('error' in outcome) return outcome;
      if ('held' in outcome) {
        if (outcome.heldId) await announceHeld(io, db, outcome.heldId);
        return { held: true as const };
      }
      if (outcome.created) {
        if (!outcome.announced) announcePost(io, outcome.message, outcome.thread, outcome.blockerIds);
        await announceInboxChanges(io, db, user, outcome.message, pushes);
      }
      return { message: outcome.message };
    }),
  );

  socket.on(
    CLIENT_EVENTS.more,
    acked(CLIENT_EVENTS.more, async (payload) => {
      if (namesConversation(payload)) return conversations.more(payload);
      const input = moreMessagesInput.safeParse(payload);
      if (!input.success) return { error: INVALID_REQUEST };
      return moreMessages(db, user, input.data);
    }),
  );

  for (const [event, liked] of [
    [CLIENT_EVENTS.like, true],
    [CLIENT_EVENTS.unlike, false],
  ] as const) {
    socket.on(
      event,
      acked.decoded(event, messageRefInput, async (input) => {
        const refused = await flood.take('like', user);
        if (refused) return refused;
        // The id names an alert or a message (spec 2 §7 calls both `alertId`): alerts first.
        const alert = await findAlert(db, input.alertId);
        if (alert) {
          const outcome = await setAlertLike(db, user, alert, liked);
          if ('error' in outcome) return outcome;
          if (outcome.changed) announceAlertLike(io, alert.id, outcome.roomId, outcome.answer.likesCount, outcome.answer.seq);
          return outcome.answer;
        }
        const outcome = await setLike(db, user, input.alertId, liked);
        if ('error' in outcome) return outcome;
        if (outcome.changed) announceLike(io, outcome.place, outcome.answer.likesCount, outcome.answer.seq);
        return outcome.answer;
      }),
    );
  }

  socket.on(
    CLIENT_EVENTS.delete,
    acked.decoded(CLIENT_EVENTS.delete, messageRefInput, async (input) => {
      const alert = await findAlert(db, input.alertId);
      if (alert) {
        const deleted = await deleteAlert(db, user, alert);
        if ('error' in deleted) return deleted;
        if (deleted.seq !== null) announceAlertDeleted(io, alert.id, deleted.roomId, deleted.seq);
        return { ok: true as const };
      }
      const outcome = await deleteMessage(db, user, input.alertId);
      if ('error' in outcome) return outcome;
      if (outcome.seq === null) return { ok: true as const };
      if ('privatePlace' in outcome) announcePrivateDelete(io, outcome.privatePlace, outcome.seq);
      else announceDelete(io, outcome.place, outcome.seq, outcome.thread);
      return { ok: true as const };
    }),
  );

  socket.on(
    CLIENT_EVENTS.edit,
    acked.decoded(CLIENT_EVENTS.edit, editMessageInput, async (input) => {
      // Edits count as posts against flooding: a loop of edits is a loop of messages to every reader.
      const refused = await flood.take('post', user, `edit:${input.messageId}`);
      if (refused) return refused;
      const outcome = await editMessage(db, user, input);
      if ('error' in outcome) return outcome;
      const { message } = outcome;
      if (outcome.changed) {
        if (message.conversationId && outcome.participants) announcePrivateEdit(io, message, message.conversationId, outcome.participants);
        else {
          announceEdit(io, message, await blockedEitherWay(db, message.sender.id));
          // A name added by the edit is a mention like any other (one already recorded stays one).
          const named = await announceMentions(io, db, message);
          pushes.roomMessage(message, (named ?? []).map((userId) => ({ userId, notice: 'mention' as const })));
        }
      }
      return { message };
    }),
  );

  // The rooms a socket had open, kept for after it has left them all.
  let openRooms: string[] = [];
  socket.on('disconnecting', () => {
    openRooms = [...socket.rooms].filter((channel) => channel.startsWith('room:')).map((channel) => channel.slice('room:'.length));
  });
  socket.on('disconnect', () => {
    for (const roomId of openRooms) {
      announceUsersCount(io, roomId).catch((error: unknown) => log.error({ err: error, roomId }, 'users count failed'));
    }
  });
}

/**
 * The channel a 'join room' opens, once the member is known to read its room; an alert's comments
 * open to whoever reads the alert whole (spec 2 §6: VIP only, unless a freeAlert).
 */
async function resolveStream(
  db: Database,
  user: UserRow,
  ref: StreamRef,
): Promise<{ channel: string; roomId: string; isRoom: boolean } | null> {
  let roomId: string;
  let channel: string;
  if ('room' in ref) {
    roomId = ref.room;
    channel = roomChannel(ref.room);
  } else if ('alertId' in ref) {
    const alert = await findAlert(db, ref.alertId);
    if (!alert || alert.deletedAt !== null || !isUnlocked(alert, await alertViewerOf(db, user))) return null;
    return { channel: alertChannel(alert.id), roomId: alert.roomId, isRoom: false };
  } else {
    const [parent] = await db
      .select({ roomId: messages.roomId, alertId: messages.alertId })
      .from(messages)
      .where(eq(messages.id, ref.parentMessage))
      .limit(1);
    if (!parent?.roomId || parent.alertId !== null) return null;
    roomId = parent.roomId;
    channel = threadChannel(ref.parentMessage);
  }
  const access = await roomAccess(db, user, roomId);
  if (!access?.rights.canRead) return null;
  return { channel, roomId, isRoom: 'room' in ref };
}

/** The stream a post names (its room, thread, alert or conversation, else its receiver), as the flood control counts it. */
function streamKeyOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return '-';
  const fields = payload as Record<string, unknown>;
  for (const key of ['room', 'parentMessage', 'alertId', 'conversationId'] as const) {
    if (typeof fields[key] === 'string') return `${key}:${fields[key]}`;
  }
  return Array.isArray(fields.usersId) ? `to:${fields.usersId.map(String).join(',')}` : '-';
}
