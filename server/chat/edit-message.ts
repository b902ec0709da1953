import { and, eq, isNull } from 'drizzle-orm';
import type { ChatMessage, EditMessageInput } from '../../src/contract/chat';
import { MESSAGING_ERRORS } from '../../src/contract/messaging';
import { EDIT_TEXT, editRight } from '../../src/domain/message-edit';
import type { Database } from '../db/open-database';
import { alerts, messages } from '../db/schema';
import { alertViewerOf, isUnlocked } from '../alerts/alert-viewer';
import { hasMessagingAccess } from '../messaging/messaging-access';
import { participantsOf, touchConversation } from '../messaging/conversations';
import { isBlockedBetween } from './user-blocks';
import type { UserRow } from '../users/user-queries';
import { BANNED, NOT_ALLOWED, roomAccess } from './chat-access';
import { toChatMessage } from './message-view';
import { logModeration, muteRefusal } from './moderation';
import { KEYWORD_TEXT } from '../../src/domain/keyword-filter';
import { filterVerdict } from './keyword-filters';
import { nextSeqOf, type SeqStream } from './room-seq';

export type EditOutcome =
  | { error: string }
  /**
   * The message as it now reads (viewer-neutral, for the broadcast) and whether anything changed:
   * the same text again takes no seq and is announced to no one. A private message names its
   * participants, whose sockets hear of it.
   */
  | { message: ChatMessage; changed: boolean; participants: number[] | null };

/**
 * 'edit message' (issue 22): a new text for a message its author posted less than 24 hours ago
 * (and may still write where it stands), or for any message of a room, a thread or an alert's
 * comments for a moderator. The edit takes its stream's next seq, so a catch-up after it brings the
 * new text; the row keeps when and by whom it was edited (a moderator's edit is on record).
 */
export async function editMessage(db: Database, user: UserRow, input: EditMessageInput, now: Date = new Date()): Promise<EditOutcome> {
  const [row] = await db.select().from(messages).where(eq(messages.id, input.messageId)).limit(1);
  if (!row || row.deletedAt !== null) return { error: NOT_ALLOWED };
  const content = input.content.trim();
  if (content === '') return { error: EDIT_TEXT.empty };
  const refused = await refusal(db, user, row, content, now);
  if (refused !== null) return { error: refused };
  if (content === row.content) return { message: await toChatMessage(db, row, null), changed: false, participants: null };

  const stream: SeqStream = row.conversationId ? { conversation: row.conversationId } : { room: row.roomId ?? '' };
  const edited = await db.transaction(async (tx) => {
    const seq = await nextSeqOf(tx, stream);
    const [updated] = await tx
      .update(messages)
      .set({ content, editedAt: now, editedBy: user.id, seq })
      .where(and(eq(messages.id, row.id), isNull(messages.deletedAt)))
      .returning();
    // Deleted meanwhile: nothing is written (the seq taken is given back with the transaction).
    if (!updated) throw new GoneMeanwhile();
    if (row.conversationId) await touchConversation(tx, row.conversationId, now);
    return updated;
  }).catch((error: unknown) => {
    if (error instanceof GoneMeanwhile) return null;
    throw error;
  });
  if (!edited) return { error: NOT_ALLOWED };
  if (edited.authorId !== user.id) await logModeration(db, { moderatorId: user.id, action: 'edit_message', targetUserId: edited.authorId, messageId: edited.id, roomId: edited.roomId }, now);
  return { message: await toChatMessage(db, edited, null), changed: true, participants: await participantsIf(db, user, row.conversationId) };
}

type Row = typeof messages.$inferSelect;

/** Null when `user` may edit `row` now, else why not. */
async function refusal(db: Database, user: UserRow, row: Row, content: string, now: Date): Promise<string | null> {
  if (row.conversationId) {
    if (row.authorId !== user.id || !(await hasMessagingAccess(db, user, now))) return NOT_ALLOWED;
    const participants = await participantsOf(db, user.id, row.conversationId);
    if (!participants) return NOT_ALLOWED;
    const other = participants.find((id) => id !== user.id);
    if (other !== undefined && (await isBlockedBetween(db, user.id, other))) return MESSAGING_ERRORS.blocked;
    return editRight(editable(row), { id: user.id, moderator: false }, now.getTime()) === 'author' ? null : EDIT_TEXT.tooLate;
  }
  if (row.roomId === null) return NOT_ALLOWED;
  const access = await roomAccess(db, user, row.roomId, now);
  if (!access) return NOT_ALLOWED;
  // What the member may read of the stream: an alert's comments need the alert shown whole.
  if (row.alertId !== null) {
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, row.alertId)).limit(1);
    if (!alert || alert.deletedAt !== null || !isUnlocked(alert, await alertViewerOf(db, user, now))) return NOT_ALLOWED;
  } else if (!access.rights.canRead) return NOT_ALLOWED;
  const right = editRight(editable(row), { id: user.id, moderator: access.moderator }, now.getTime());
  if (right === 'moderator') return null;
  if (right === 'tooLate') return EDIT_TEXT.tooLate;
  if (right === 'none') return NOT_ALLOWED;
  // An edit is never held for review: a text the room's filter would block or hold is refused.
  if (filterVerdict(access, user, content)) return KEYWORD_TEXT.blocked;
  // The author edits where they may still write: a ban or a mute closes it as it closes posting.
  if (access.banned) return BANNED;
  const muted = await muteRefusal(db, user.id, now);
  if (muted) return muted;
  if (row.alertId === null && !access.rights.canWrite) return NOT_ALLOWED;
  return null;
}

const editable = (row: Row) => ({ senderId: row.authorId, date: row.createdAt.toISOString(), conversationId: row.conversationId });

async function participantsIf(db: Database, user: UserRow, conversationId: string | null): Promise<number[] | null> {
  return conversationId ? participantsOf(db, user.id, conversationId) : null;
}

class GoneMeanwhile extends Error {}
