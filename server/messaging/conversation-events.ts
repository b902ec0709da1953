import type { FastifyBaseLogger } from 'fastify';
import { INVALID_REQUEST, NOT_ALLOWED } from '../chat/chat-access';
import { connectedUsersIn } from '../chat/chat-broadcast';
import { moreMessages } from '../chat/message-history';
import { lastSeqOfStream } from '../chat/room-seq';
import {
  conversationRef,
  MESSAGING_CLIENT_EVENTS,
  MESSAGING_ERRORS,
  moreConversationMessagesInput,
  postPrivateMessageInput,
} from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { ackedHandlers } from '../realtime/acked-handler';
import { conversationChannel } from '../realtime/channels';
import type { ComptoirIo, ComptoirSocket } from '../realtime/socket-server';
import { markRead, participantsOf } from './conversations';
import { announcePrivatePost, announceRead } from './messaging-broadcast';
import { NO_CHAT_PUSHES, type ChatPushes } from '../push/chat-pushes';
import { hasMessagingAccess } from './messaging-access';
import { postPrivateMessage } from './post-private-message';

/** A 'post message' or 'more messages' payload about a conversation rather than a room (spec 2 §7). */
export const namesConversation = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && ('conversationId' in payload || 'usersId' in payload);

type ConversationRef = { conversationId: string };

/**
 * The chat's socket events when they name a conversation ('join room', 'leave room', 'post
 * message', 'more messages'); server/chat/chat-socket-handlers.ts hands them over. Every one
 * needs messaging access and, but for a first message, a conversation the member takes part in.
 */
export function conversationEvents(io: ComptoirIo, socket: ComptoirSocket, db: Database, pushes: ChatPushes = NO_CHAT_PUSHES) {
  const user = socket.data.user;

  /** null when the member may open the conversation, else the answer that refuses it. */
  const refusal = async (conversationId: string): Promise<{ error: string } | null> => {
    if (!(await hasMessagingAccess(db, user))) return { error: NOT_ALLOWED };
    return (await participantsOf(db, user.id, conversationId)) ? null : { error: MESSAGING_ERRORS.conversationNotFound };
  };

  return {
    async join(ref: ConversationRef) {
      const refused = await refusal(ref.conversationId);
      if (refused) return refused;
      const channel = conversationChannel(ref.conversationId);
      await socket.join(channel);
      return {
        ok: true as const,
        lastSeq: await lastSeqOfStream(db, { conversation: ref.conversationId }),
        usersCount: await connectedUsersIn(io, channel),
      };
    },

    async leave(ref: ConversationRef) {
      await socket.leave(conversationChannel(ref.conversationId));
      return { ok: true as const };
    },

    async post(payload: unknown) {
      const input = postPrivateMessageInput.safeParse(payload);
      if (!input.success) return { error: INVALID_REQUEST };
      const outcome = await postPrivateMessage(db, user, input.data);
      if ('error' in outcome) return outcome;
      if (outcome.created) {
        await announcePrivatePost(io, db, user.id, outcome.message, outcome.conversationId, outcome.receivers);
        pushes.privateMessage(outcome.message, outcome.receivers);
      }
      return { message: outcome.message };
    },

    async more(payload: unknown) {
      const input = moreConversationMessagesInput.safeParse(payload);
      if (!input.success) return { error: INVALID_REQUEST };
      return moreMessages(db, user, input.data);
    },
  };
}

/** 'conversation read' {conversationId} (spec 2 §7): the member's unread count of it drops to 0. */
export function registerMessagingHandlers(io: ComptoirIo, socket: ComptoirSocket, db: Database, log: FastifyBaseLogger): void {
  const user = socket.data.user;
  const acked = ackedHandlers(log, user.id);
  socket.on(
    MESSAGING_CLIENT_EVENTS.read,
    acked.decoded(MESSAGING_CLIENT_EVENTS.read, conversationRef, async ({ conversationId }) => {
      if (!(await hasMessagingAccess(db, user))) return { error: NOT_ALLOWED };
      if (!(await participantsOf(db, user.id, conversationId))) return { error: MESSAGING_ERRORS.conversationNotFound };
      await markRead(db, user.id, conversationId, new Date());
      announceRead(io, user.id, conversationId);
      return { ok: true as const };
    }),
  );
}
