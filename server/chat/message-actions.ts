import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { likeAck } from '../../src/contract/chat';
import type { Database } from '../db/open-database';
import { alerts, messageLikes, messages } from '../db/schema';
import { changeCommentCount } from '../alerts/alert-comments';
import { alertViewerOf, isUnlocked } from '../alerts/alert-viewer';
import type { UserRow } from '../users/user-queries';
import { isModerator, NOT_ALLOWED, roomAccess } from './chat-access';
import { repliesPicturesOf, type MessageRow } from './message-view';
import type { ThreadChange } from './post-message';
import { participantsOf, touchConversation } from '../messaging/conversations';
import { nextSeq, nextSeqOf, type SeqStream, type Transaction } from './room-seq';
import { logModeration } from './moderation';

export type LikeAnswer = Exclude<z.infer<typeof likeAck>, { error: string }>;
/** Where a change to a message is announced: its room, its thread when it is a reply, its alert when it is a comment. */
export type MessagePlace = { id: string; roomId: string; parentId: string | null; alertId: string | null };

export type LikeOutcome = { error: string } | { answer: LikeAnswer; place: MessagePlace; changed: boolean };

/**
 * 'like message' / 'unlike message'. Idempotent: liking twice keeps one like, and a call that
 * changes nothing takes no seq and is broadcast to no one.
 */
export async function setLike(db: Database, user: UserRow, messageId: string, liked: boolean, now: Date = new Date()): Promise<LikeOutcome> {
  const message = await liveMessage(db, messageId);
  if (!message) return { error: NOT_ALLOWED };
  if (!(await mayReadMessage(db, user, message, now))) return { error: NOT_ALLOWED };

  const result = await db.transaction(async (tx) => {
    const touched = liked
      ? await tx
          .insert(messageLikes)
          .values({ messageId, userId: user.id, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: messageLikes.messageId })
      : await tx
          .delete(messageLikes)
          .where(and(eq(messageLikes.messageId, messageId), eq(messageLikes.userId, user.id)))
          .returning({ id: messageLikes.messageId });
    if (touched.length === 0) {
      const [current] = await tx.select({ likesCount: messages.likesCount, seq: messages.seq }).from(messages).where(eq(messages.id, messageId));
      return { likesCount: current?.likesCount ?? 0, seq: current?.seq ?? 0, changed: false };
    }
    const seq = await nextSeq(tx, message.roomId);
    const delta = liked ? 1 : -1;
    const [updated] = await tx
      .update(messages)
      .set({ likesCount: sql`greatest(${messages.likesCount} + ${delta}, 0)`, seq })
      .where(eq(messages.id, messageId))
      .returning({ likesCount: messages.likesCount, seq: messages.seq });
    return { likesCount: updated?.likesCount ?? 0, seq, changed: true };
  });
  return {
    answer: { _id: messageId, likesCount: result.likesCount, liked, seq: result.seq },
    place: { id: messageId, roomId: message.roomId, parentId: message.parentId, alertId: message.alertId },
    changed: result.changed,
  };
}

export type DeleteOutcome =
  | { error: string }
  /** `seq` null: it was already deleted, nothing to announce. */
  | { place: MessagePlace; seq: number | null; thread: ThreadChange | null }
  /** A private message: announced to its conversation and its participants. */
  | { privatePlace: PrivatePlace; seq: number | null };

/** Where the deletion of a private message is announced. */
export type PrivatePlace = { id: string; conversationId: string; participants: number[] };

/**
 * 'delete message': by its author or a moderator (spec 2 §6); a private message by its author
 * only. A soft delete: the row stays as a tombstone with a new seq of its stream, so a catch-up
 * reports it; a reply also lowers its parent's count, a private message moves its conversation up.
 */
export async function deleteMessage(db: Database, user: UserRow, messageId: string, now: Date = new Date()): Promise<DeleteOutcome> {
  const [message] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (message?.conversationId) {
    const conversationId = message.conversationId;
    const participants = await participantsOf(db, user.id, conversationId);
    if (!participants || message.authorId !== user.id) return { error: NOT_ALLOWED };
    const privatePlace: PrivatePlace = { id: message.id, conversationId, participants };
    const result = await softDelete(db, message.id, now, { conversation: conversationId }, (tx) => touchConversation(tx, conversationId, now));
    return { privatePlace, seq: result?.seq ?? null };
  }
  if (!message?.roomId) return { error: NOT_ALLOWED };
  const roomId = message.roomId;
  if (message.authorId !== user.id && !(await isModerator(db, user, now))) return { error: NOT_ALLOWED };
  const place: MessagePlace = { id: message.id, roomId, parentId: message.parentId, alertId: message.alertId };
  if (message.deletedAt !== null) return { place, seq: null, thread: null };

  const result = await softDelete(db, message.id, now, { room: roomId }, async (tx): Promise<{ repliesCount: number; seq: number } | null> => {
    if (message.alertId !== null) return changeCommentCount(tx, message.alertId, roomId, -1);
    if (message.parentId === null) return null;
    const parentSeq = await nextSeq(tx, roomId);
    const [parent] = await tx
      .update(messages)
      .set({ repliesCount: sql`greatest(${messages.repliesCount} - 1, 0)`, seq: parentSeq })
      .where(eq(messages.id, message.parentId))
      .returning({ repliesCount: messages.repliesCount });
    return parent ? { repliesCount: parent.repliesCount, seq: parentSeq } : null;
  });
  if (!result) return { place, seq: null, thread: null };
  if (message.authorId !== user.id) await logModeration(db, { moderatorId: user.id, action: 'delete_message', targetUserId: message.authorId, messageId: message.id, roomId }, now);
  const parentId = message.alertId ?? message.parentId;
  if (parentId === null || result.extra === null) return { place, seq: result.seq, thread: null };
  const under = message.alertId !== null ? 'alert' : 'message';
  const pictures = await repliesPicturesOf(db, [parentId], under);
  return {
    place,
    seq: result.seq,
    thread: {
      parentId,
      under,
      repliesCount: result.extra.repliesCount,
      repliesPictures: pictures.get(parentId) ?? [],
      seq: result.extra.seq,
    },
  };
}

/**
 * Marks the message deleted with its stream's next seq, and makes `after`'s changes in the same
 * transaction; null when it was deleted already (meanwhile by someone else: the seq is given back).
 */
async function softDelete<Extra>(
  db: Database,
  messageId: string,
  now: Date,
  stream: SeqStream,
  after: (tx: Transaction) => Promise<Extra>,
): Promise<{ seq: number; extra: Extra } | null> {
  return db
    .transaction(async (tx) => {
      const seq = await nextSeqOf(tx, stream);
      const [deleted] = await tx
        .update(messages)
        .set({ deletedAt: now, seq })
        .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)))
        .returning({ id: messages.id });
      if (!deleted) throw new AlreadyDeleted();
      return { seq, extra: await after(tx) };
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyDeleted) return null;
      throw error;
    });
}

/** A room message needs the room readable; a comment needs its alert shown whole to the member. */
export async function mayReadMessage(db: Database, user: UserRow, message: MessageRow & { roomId: string }, now: Date = new Date()): Promise<boolean> {
  if (message.alertId !== null) {
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, message.alertId)).limit(1);
    return alert !== undefined && alert.deletedAt === null && isUnlocked(alert, await alertViewerOf(db, user, now));
  }
  const access = await roomAccess(db, user, message.roomId, now);
  return access?.rights.canRead ?? false;
}

/** A message that can be liked: not deleted, in a room. */
async function liveMessage(db: Database, id: string): Promise<(MessageRow & { roomId: string }) | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  if (!row || row.deletedAt !== null || row.roomId === null) return null;
  return { ...row, roomId: row.roomId };
}

class AlreadyDeleted extends Error {}
