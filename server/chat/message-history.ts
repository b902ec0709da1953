import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { moreMessagesAck, MoreMessagesInput } from '../../src/contract/chat';
import { MESSAGING_ERRORS, type MoreConversationMessagesInput } from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { alerts, messages } from '../db/schema';
import { alertViewerOf, isUnlocked, unlockedRooms } from '../alerts/alert-viewer';
import type { UserRow } from '../users/user-queries';
import { INVALID_REQUEST, NOT_ALLOWED, roomAccess } from './chat-access';
import { toChatMessages, type MessageRow } from './message-view';
import { decodeCursor, newerThan, nextCursor, olderThan } from './page-cursor';
import { participantsOf } from '../messaging/conversations';
import { hasMessagingAccess } from '../messaging/messaging-access';
import { lastSeqOfStream, type SeqStream } from './room-seq';
import { blockedEitherWay } from './user-blocks';
import { MESSAGE_NOT_FOUND } from './read-state';

export type MoreMessagesAnswer = z.infer<typeof moreMessagesAck>;

export const HISTORY_PAGE_SIZE = 50;
export const CATCH_UP_MAX = 500;

/**
 * 'more messages' (spec 2 §7). History pages are newest first, keyset on (created_at, id): a room
 * page holds its top-level messages, a thread page the replies of its parent; deleted messages and
 * the messages of members a block stands between with the reader (either way) are left out.
 *
 * An alert's page holds its comments, for whoever reads the alert whole (spec 2 §6: VIP only). A
 * conversation's page holds its private messages, for its participants with messaging access.
 *
 * With `afterSeq` (rooms and conversations) it is the catch-up: every message of the room (replies
 * included, and comments under the alerts the reader sees whole; alerts themselves are not, the
 * client rereads its feed after a reconnection) or of the conversation whose seq is above `afterSeq` and at most the answered
 * `lastSeq`, oldest seq first, live ones in `messages` and deleted ones as ids in `deleted`.
 * Alerts take numbers of the same sequence, so the seqs answered may have gaps. At most 500 rows
 * per answer: when more remain, `cursor` is the decimal seq of the last row answered, and the
 * client asks again with that number as `afterSeq` (it must not move its own cursor to `lastSeq`
 * before the last such page).
 */
export async function moreMessages(
  db: Database,
  user: UserRow,
  input: MoreMessagesInput | MoreConversationMessagesInput,
): Promise<MoreMessagesAnswer> {
  const scope = await historyScope(db, user, input);
  if ('error' in scope) return scope;

  // Read before the rows: every row answered has seq <= lastSeq, so lastSeq is a safe cursor.
  const lastSeq = await lastSeqOfStream(db, scope.seqStream);
  const hidden = await blockedEitherWay(db, user.id);
  const notBlocked = hidden.length > 0 ? notInArray(messages.authorId, hidden) : undefined;

  if ('aroundMessage' in input || 'aroundDate' in input || 'afterPosition' in input) return aroundWindow(db, user.id, input, and(scope.page, isNull(messages.deletedAt), notBlocked), lastSeq);

  const afterSeq = 'afterSeq' in input ? input.afterSeq : undefined;
  if (afterSeq !== undefined && scope.catchUp !== null) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(scope.catchUp, gt(messages.seq, afterSeq), lte(messages.seq, lastSeq), notBlocked))
      .orderBy(asc(messages.seq))
      .limit(CATCH_UP_MAX + 1);
    const page = rows.slice(0, CATCH_UP_MAX);
    const live = page.filter((row) => row.deletedAt === null);
    return {
      messages: await toChatMessages(db, live, user.id),
      deleted: page.filter((row) => row.deletedAt !== null).map((row) => row.id),
      cursor: rows.length > CATCH_UP_MAX ? String(page[page.length - 1]?.seq ?? afterSeq) : null,
      lastSeq,
    };
  }

  let before: SQL | undefined;
  if (input.cursor !== null) {
    const cursor = decodeCursor(input.cursor);
    if (!cursor) return { error: INVALID_REQUEST };
    before = olderThan(messages.createdAt, messages.id, cursor);
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(scope.page, isNull(messages.deletedAt), notBlocked, before))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(HISTORY_PAGE_SIZE + 1);
  return {
    messages: await toChatMessages(db, rows.slice(0, HISTORY_PAGE_SIZE), user.id),
    deleted: [],
    cursor: nextCursor(rows, HISTORY_PAGE_SIZE, (row) => ({ at: row.createdAt, key: row.id })),
    lastSeq,
  };
}

/**
 * The window around one message of a room (issue 21, 'jump anywhere'): up to a page older and a
 * page newer than it, newest first, among the rows a history page would show (`shown`: top-level,
 * not deleted, no blocked author). A reply opens at its parent; a date at the first message from
 * that moment on (the newest one when none follows); a read position at the first message after
 * it that others wrote (the reader's first unread; the newest one when none follows). A message the
 * reader may not see there is 'Message introuvable', whether it exists or not.
 */
async function aroundWindow(
  db: Database,
  viewerId: number,
  input: { room: string; aroundMessage: string } | { room: string; aroundDate: string } | { room: string; afterPosition: { date: string; _id: string } },
  shown: SQL | undefined,
  lastSeq: number,
): Promise<MoreMessagesAnswer> {
  let target: MessageRow | undefined;
  if ('aroundMessage' in input) {
    const [named] = await db.select().from(messages).where(eq(messages.id, input.aroundMessage)).limit(1);
    const id = named?.parentId ?? named?.id;
    if (id !== undefined) [target] = await db.select().from(messages).where(and(shown, eq(messages.id, id))).limit(1);
    if (!target) return { error: MESSAGE_NOT_FOUND };
  } else {
    const from =
      'aroundDate' in input
        ? gte(messages.createdAt, new Date(input.aroundDate))
        : and(newerThan(messages.createdAt, messages.id, { at: new Date(input.afterPosition.date), key: input.afterPosition._id }), ne(messages.authorId, viewerId));
    [target] = await db.select().from(messages).where(and(shown, from)).orderBy(asc(messages.createdAt), asc(messages.id)).limit(1);
    if (!target) [target] = await db.select().from(messages).where(shown).orderBy(desc(messages.createdAt), desc(messages.id)).limit(1);
    if (!target) return { messages: [], deleted: [], cursor: null, lastSeq, target: null, newer: false };
  }
  const { createdAt, id } = target;
  const [older, newer] = await Promise.all([
    db.select().from(messages).where(and(shown, olderThan(messages.createdAt, messages.id, { at: createdAt, key: id }))).orderBy(desc(messages.createdAt), desc(messages.id)).limit(HISTORY_PAGE_SIZE + 1),
    db.select().from(messages).where(and(shown, newerThan(messages.createdAt, messages.id, { at: createdAt, key: id }))).orderBy(asc(messages.createdAt), asc(messages.id)).limit(HISTORY_PAGE_SIZE + 1),
  ]);
  const rows = [...newer.slice(0, HISTORY_PAGE_SIZE).reverse(), target, ...older.slice(0, HISTORY_PAGE_SIZE)];
  return {
    messages: await toChatMessages(db, rows, viewerId),
    deleted: [],
    cursor: nextCursor(older, HISTORY_PAGE_SIZE, (row) => ({ at: row.createdAt, key: row.id })),
    lastSeq,
    target: target.id,
    newer: newer.length > HISTORY_PAGE_SIZE,
  };
}

/**
 * What a 'more messages' reads, once the member is known to read it: the stream whose sequence
 * answers `lastSeq`, a history page's rows, and the catch-up's rows (null where the stream has no
 * catch-up of its own: a thread or an alert's comments are caught up with their room).
 */
type HistoryScope = { seqStream: SeqStream; page: SQL | undefined; catchUp: SQL | undefined | null };

async function historyScope(db: Database, user: UserRow, input: MoreMessagesInput | MoreConversationMessagesInput): Promise<HistoryScope | { error: string }> {
  if ('conversationId' in input) {
    if (!(await hasMessagingAccess(db, user))) return { error: NOT_ALLOWED };
    if (!(await participantsOf(db, user.id, input.conversationId))) return { error: MESSAGING_ERRORS.conversationNotFound };
    const stream = eq(messages.conversationId, input.conversationId);
    return { seqStream: { conversation: input.conversationId }, page: stream, catchUp: stream };
  }
  let roomId: string;
  let page: SQL | undefined;
  if ('parentMessage' in input) {
    const [parent] = await db.select().from(messages).where(eq(messages.id, input.parentMessage)).limit(1);
    if (!parent?.roomId || parent.alertId !== null) return { error: NOT_ALLOWED };
    roomId = parent.roomId;
    page = eq(messages.parentId, parent.id);
  } else if ('alertId' in input) {
    // The comments under an alert: for whoever reads the alert whole.
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, input.alertId)).limit(1);
    if (!alert || alert.deletedAt !== null || !isUnlocked(alert, await alertViewerOf(db, user))) return { error: NOT_ALLOWED };
    roomId = alert.roomId;
    page = eq(messages.alertId, alert.id);
  } else {
    roomId = input.room;
    page = and(eq(messages.roomId, roomId), isNull(messages.parentId), isNull(messages.alertId));
  }
  const access = await roomAccess(db, user, roomId);
  if (!access) return { error: NOT_ALLOWED };
  if (!('alertId' in input) && !access.rights.canRead) return { error: NOT_ALLOWED };
  const catchUp = 'room' in input ? and(eq(messages.roomId, roomId), await readableComments(db, user, roomId)) : null;
  return { seqStream: { room: roomId }, page, catchUp };
}

/**
 * The catch-up's rows the reader may see among comments: all of them for a VIP reader of the room
 * (the catch-up already needs the room readable), else only those under free alerts or their own.
 */
async function readableComments(db: Database, user: UserRow, roomId: string): Promise<SQL | undefined> {
  if (unlockedRooms(await alertViewerOf(db, user)).includes(roomId)) return undefined;
  const open = db
    .select({ id: alerts.id })
    .from(alerts)
    .where(or(eq(alerts.freeAlert, true), eq(alerts.authorId, user.id)));
  return or(isNull(messages.alertId), inArray(messages.alertId, open));
}
