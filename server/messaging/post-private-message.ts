import type { z } from 'zod';
import type { ChatMessage } from '../../src/contract/chat';
import { MESSAGING_ERRORS, type postPrivateMessageInput } from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { INVALID_REQUEST, NOT_ALLOWED } from '../chat/chat-access';
import { ALL_KINDS, INVALID_ATTACHMENT, storedPost, writeOnce } from '../chat/post-message';
import { nextSeqOf } from '../chat/room-seq';
import { isBlockedBetween } from '../chat/user-blocks';
import { findUserById, type UserRow } from '../users/user-queries';
import { conversationBetween, markRead, participantsOf, touchConversation } from './conversations';
import { hasMessagingAccess } from './messaging-access';

export type PostPrivateData = z.output<typeof postPrivateMessageInput>;

export type PrivatePostOutcome =
  | { error: string }
  /** A repeat of a stored (sender, clientId): answered with it, nothing created or announced. */
  | { created: false; message: ChatMessage }
  | { created: true; message: ChatMessage; conversationId: string; receivers: number[] };

/**
 * 'post message' of a private message (spec 2 §7): the same idempotent write as the rooms'
 * (server/chat/post-message.ts `writeOnce`), on the conversation's own change sequence. A first
 * message names the other member (`usersId`) and creates the conversation in its transaction, or
 * finds the one the pair already has. Refused without messaging access, to a conversation the
 * member is not part of, and when a block stands between the two (spec 2 §4).
 */
export async function postPrivateMessage(db: Database, user: UserRow, input: PostPrivateData, now: Date = new Date()): Promise<PrivatePostOutcome> {
  if (!(await hasMessagingAccess(db, user, now))) return { error: NOT_ALLOWED };
  const repeat = await storedPost(db, user.id, input.clientId);
  if (repeat) return repeat;

  let others: number[];
  if (input.conversationId !== undefined) {
    const participants = await participantsOf(db, user.id, input.conversationId);
    if (!participants) return { error: MESSAGING_ERRORS.conversationNotFound };
    others = participants.filter((id) => id !== user.id);
  } else {
    others = (input.usersId ?? []).map(Number);
    if (others.length !== 1 || others.includes(user.id)) return { error: INVALID_REQUEST };
  }
  for (const other of others) {
    const row = await findUserById(db, other);
    if (!row || row.deletedAt !== null) return { error: MESSAGING_ERRORS.profileNotFound };
    if (await isBlockedBetween(db, user.id, other)) return { error: MESSAGING_ERRORS.blocked };
  }
  const written = await writeOnce(db, user, input, now, {
    // Every member with messaging access may send voice notes here (the chat rooms keep them for
    // staff); a video from a member is refused as an attachment, not with 'NOT_ALLOWED', which
    // would mean "no messaging access" to the client.
    kinds: user.isStaff ? ALL_KINDS : ['image', 'file', 'audio'],
    kindRefused: INVALID_ATTACHMENT,
    placement: async (tx) => {
      const [other] = others;
      const conversationId = input.conversationId ?? (other === undefined ? null : await conversationBetween(tx, user.id, other, now));
      if (conversationId === null) throw new Error('destinataire manquant');
      return {
        place: { roomId: null, parentId: null, alertId: null, conversationId },
        seq: await nextSeqOf(tx, { conversation: conversationId }),
      };
    },
    after: async (tx, row) => {
      const conversationId = row.conversationId ?? '';
      await touchConversation(tx, conversationId, now);
      // Writing in a conversation reads it.
      await markRead(tx, user.id, conversationId, now);
      return conversationId;
    },
  });
  if ('error' in written || !written.created) return written;
  return { created: true, message: written.message, conversationId: written.extra, receivers: others };
}
