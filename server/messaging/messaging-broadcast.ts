import { SERVER_EVENTS, type ChatMessage } from '../../src/contract/chat';
import { MESSAGING_SERVER_EVENTS } from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import type { PrivatePlace } from '../chat/message-actions';
import { blockedEitherWay } from '../chat/user-blocks';
import { conversationChannel, userChannel } from '../realtime/channels';
import type { ComptoirIo } from '../realtime/socket-server';
import { unreadCounts } from './conversation-view';

/**
 * A new private message: 'chat messages' to whoever has the conversation open, 'new private
 * message' with their unread count to every socket of each receiver, and 'conversation read' to
 * the sender's sockets (writing in a conversation reads it).
 */
export async function announcePrivatePost(
  io: ComptoirIo,
  db: Database,
  sender: number,
  message: ChatMessage,
  conversationId: string,
  receivers: number[],
): Promise<void> {
  const privateMessage = { ...message, conversationId };
  io.to(conversationChannel(conversationId)).emit(SERVER_EVENTS.message, privateMessage);
  for (const receiver of receivers) {
    const unread = await unreadCounts(db, receiver, [conversationId], await blockedEitherWay(db, receiver));
    io.to(userChannel(receiver)).emit(MESSAGING_SERVER_EVENTS.newPrivateMessage, {
      conversationId,
      message: privateMessage,
      unreadMessages: unread.get(conversationId) ?? 0,
    });
  }
  announceRead(io, sender, conversationId);
}

/** A deleted private message, to the open conversation and to the participants' sockets (their lists change). */
export function announcePrivateDelete(io: ComptoirIo, place: PrivatePlace, seq: number): void {
  io.to([conversationChannel(place.conversationId), ...place.participants.map(userChannel)]).emit(SERVER_EVENTS.deleted, {
    _id: place.id,
    room: '',
    parentMessage: null,
    conversationId: place.conversationId,
    seq,
  });
}

/** A private message's new text (issue 22), to the open conversation and to the participants' sockets. */
export function announcePrivateEdit(io: ComptoirIo, message: ChatMessage, conversationId: string, participants: number[]): void {
  io.to([conversationChannel(conversationId), ...participants.map(userChannel)]).emit(SERVER_EVENTS.edited, { ...message, conversationId });
}

/** The member read the conversation: their other sockets (tabs, devices) clear its unread count too. */
export function announceRead(io: ComptoirIo, userId: number, conversationId: string): void {
  io.to(userChannel(userId)).emit(MESSAGING_SERVER_EVENTS.read, { conversationId });
}
