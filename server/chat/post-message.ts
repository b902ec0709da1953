import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatMessage, postMessageInput } from '../../src/contract/chat';
import type { Database } from '../db/open-database';
import { alerts, messages, uploads } from '../db/schema';
import { changeCommentCount } from '../alerts/alert-comments';
import { alertViewerOf, isUnlocked } from '../alerts/alert-viewer';
import type { AlertRow } from '../alerts/alert-view';
import type { UserRow } from '../users/user-queries';
import { BANNED, NOT_ALLOWED, roomAccess } from './chat-access';
import { repliesPicturesOf, toChatMessage, type MessageRow } from './message-view';
import { nextSeq } from './room-seq';

export type PostMessageData = z.output<typeof postMessageInput>;

/** The parent's (a message's, or an alert's) new reply count, for 'chat thread increase'. */
export type ThreadChange = { parentId: string; under: 'message' | 'alert'; repliesCount: number; repliesPictures: string[]; seq: number };

export type PostOutcome =
  | { error: string }
  /** `created` false: a repeat of a stored post, answered with it and broadcast to no one. */
  | { created: false; message: ChatMessage }
  | { created: true; message: ChatMessage; thread: ThreadChange | null };

export const INVALID_ATTACHMENT = 'Pièce jointe invalide';

/**
 * 'post message' (spec 2 §7). Idempotent on (author, clientId): the pair is looked up first, and
 * the insert itself does nothing on a conflicting pair, so two racing repeats store one message.
 */
export async function postMessage(db: Database, user: UserRow, input: PostMessageData, now: Date = new Date()): Promise<PostOutcome> {
  const target = await resolveTarget(db, input);
  if (!target) return { error: NOT_ALLOWED };
  const access = await roomAccess(db, user, target.roomId, now);
  if (!access) return { error: NOT_ALLOWED };
  // A comment under an alert needs the alert shown whole (VIP, or a freeAlert); a ban still
  // closes it. Elsewhere the room's rights decide.
  let mayWrite: boolean;
  if (target.alert) {
    if (!isUnlocked(target.alert, await alertViewerOf(db, user, now))) return { error: NOT_ALLOWED };
    mayWrite = !access.banned;
  } else {
    if (!access.rights.canRead) return { error: NOT_ALLOWED };
    mayWrite = access.rights.canWrite;
  }

  // A repeat is answered before the write checks: the stored message is the truth, even if the
  // member was banned since or its attachments are now (by this very message) taken.
  const stored = await findByClientId(db, user.id, input.clientId);
  if (stored) return { created: false, message: await toChatMessage(db, stored, user.id) };

  if (!mayWrite) return { error: access.banned ? BANNED : NOT_ALLOWED };
  const attachmentIds = input.attachments;
  if (attachmentIds.length > 0) {
    if (!target.alert && !access.rights.canSendAttachments) return { error: NOT_ALLOWED };
    if (new Set(attachmentIds).size !== attachmentIds.length) return { error: INVALID_ATTACHMENT };
    const files = await db.select().from(uploads).where(inArray(uploads.id, attachmentIds));
    if (files.length !== attachmentIds.length || files.some((f) => f.ownerId !== user.id || f.messageId !== null)) {
      return { error: INVALID_ATTACHMENT };
    }
    if (!user.isStaff && files.some((f) => f.attachmentType === 'audio' || f.attachmentType === 'video')) {
      return { error: NOT_ALLOWED };
    }
  }

  const id = randomUUID();
  let written: { row: MessageRow; parent: { repliesCount: number; seq: number } | null };
  try {
    written = await db.transaction(async (tx) => {
      const seq = await nextSeq(tx, target.roomId);
      const [row] = await tx
        .insert(messages)
        .values({
          id,
          roomId: target.roomId,
          parentId: target.parentId,
          alertId: target.alert?.id ?? null,
          authorId: user.id,
          clientId: input.clientId,
          content: input.content,
          seq,
          attachments: attachmentIds,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [messages.authorId, messages.clientId] })
        .returning();
      if (!row) throw new RepeatedPost();
      if (attachmentIds.length > 0) {
        const marked = await tx
          .update(uploads)
          .set({ messageId: id })
          .where(and(inArray(uploads.id, attachmentIds), eq(uploads.ownerId, user.id), isNull(uploads.messageId)))
          .returning({ id: uploads.id });
        if (marked.length !== attachmentIds.length) throw new AttachmentTaken();
      }
      if (target.alert) return { row, parent: await changeCommentCount(tx, target.alert.id, target.roomId, 1) };
      if (target.parentId === null) return { row, parent: null };
      // The parent changes too (its reply count): it takes a new seq so a catch-up sees it.
      const parentSeq = await nextSeq(tx, target.roomId);
      const [parent] = await tx
        .update(messages)
        .set({ repliesCount: sql`${messages.repliesCount} + 1`, seq: parentSeq })
        .where(eq(messages.id, target.parentId))
        .returning({ repliesCount: messages.repliesCount, seq: messages.seq });
      if (!parent) throw new Error('message parent disparu');
      return { row, parent };
    });
  } catch (error) {
    if (error instanceof AttachmentTaken) return { error: INVALID_ATTACHMENT };
    if (!(error instanceof RepeatedPost)) throw error;
    // Another request with the same pair committed between our look-up and our insert.
    const winner = await findByClientId(db, user.id, input.clientId);
    if (!winner) throw error;
    return { created: false, message: await toChatMessage(db, winner, user.id) };
  }

  const message = await toChatMessage(db, written.row, user.id);
  const parentId = target.alert?.id ?? target.parentId;
  if (parentId === null || written.parent === null) return { created: true, message, thread: null };
  const under = target.alert ? 'alert' : 'message';
  const pictures = await repliesPicturesOf(db, [parentId], under);
  return {
    created: true,
    message,
    thread: {
      parentId,
      under,
      repliesCount: written.parent.repliesCount,
      repliesPictures: pictures.get(parentId) ?? [],
      seq: written.parent.seq,
    },
  };
}

class RepeatedPost extends Error {}
class AttachmentTaken extends Error {}

async function findByClientId(db: Database, authorId: number, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.authorId, authorId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

type Target = { roomId: string; parentId: string | null; alert: AlertRow | null };

/**
 * The room a post goes to; a reply goes to its parent's room, a comment to its alert's. Replies to
 * replies and to comments are refused, and so are comments under a deleted alert.
 */
async function resolveTarget(db: Database, input: PostMessageData): Promise<Target | null> {
  if (input.room !== undefined) return { roomId: input.room, parentId: null, alert: null };
  if (input.alertId !== undefined) {
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, input.alertId)).limit(1);
    if (!alert || alert.deletedAt !== null) return null;
    return { roomId: alert.roomId, parentId: null, alert };
  }
  if (input.parentMessage === undefined) return null;
  const [parent] = await db.select().from(messages).where(eq(messages.id, input.parentMessage)).limit(1);
  if (!parent || parent.roomId === null || parent.parentId !== null || parent.alertId !== null || parent.deletedAt !== null) return null;
  return { roomId: parent.roomId, parentId: parent.id, alert: null };
}
