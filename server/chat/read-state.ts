import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { UNREAD_COUNT_MAX, type RoomRead } from '../../src/contract/read-state';
import type { Database } from '../db/open-database';
import { messages, roomReads, rooms } from '../db/schema';
import type { UserRow } from '../users/user-queries';
import { NOT_ALLOWED, readableRoomIds, roomAccess } from './chat-access';
import { blockedEitherWay } from './user-blocks';

/**
 * A place in a room's order (its messages are ordered by (date, id) on both sides), named by its
 * message: the date is read in SQL from the row, never through a JS Date, whose milliseconds
 * would cut a stored date's microseconds and leave the message itself "after" its own position.
 */
type Position = { id: string };
const dateOf = (id: string): SQL<Date> => sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${id})`;

export const MESSAGE_NOT_FOUND = 'Message introuvable';

/**
 * Every readable room's read state for the member (the badges). A room seen for the first time
 * counts as read up to its newest message: a new member or a new room starts with no badge, not
 * with the whole history unread.
 */
export async function roomReadsOf(db: Database, user: UserRow, only?: readonly string[]): Promise<RoomRead[]> {
  const readable = await readableRoomIds(db, user);
  const ids = only ? readable.filter((id) => only.includes(id)) : readable;
  if (ids.length === 0) return [];
  await startAtNewest(db, user.id, ids);
  const hidden = await blockedEitherWay(db, user.id);
  const rows = await db
    // (The room's sequence in the same statement as the count: one snapshot, so every message at or before it is counted.)
    .select({ roomId: roomReads.roomId, readAt: roomReads.readAt, readId: roomReads.readId, version: roomReads.version, unread: unreadCount(user.id, hidden), seq: roomSeq })
    .from(roomReads)
    .where(and(eq(roomReads.userId, user.id), inArray(roomReads.roomId, ids)));
  const byRoom = new Map(rows.map((row) => [row.roomId, row]));
  return ids.flatMap((id) => {
    const row = byRoom.get(id);
    return row ? [toRoomRead(row)] : [];
  });
}

/**
 * 'mark room read': up to `messageId` (a message of the room, not a reply), or up to the room's
 * newest message. One upsert that only moves forward: an older read (a slow device, a late
 * request) leaves the position where it is. `changed` says whether it moved.
 */
export async function markRoomRead(
  db: Database,
  user: UserRow,
  input: { room: string; messageId?: string | undefined },
): Promise<{ error: string } | { state: RoomRead; changed: boolean }> {
  const access = await roomAccess(db, user, input.room);
  if (!access?.rights.canRead) return { error: NOT_ALLOWED };
  const target = input.messageId === undefined ? await newestOf(db, input.room) : await roomMessage(db, input.room, input.messageId);
  if (input.messageId !== undefined && target === null) return { error: MESSAGE_NOT_FOUND };
  let changed = false;
  if (target !== null) {
    const moved = await db
      .insert(roomReads)
      .values({ userId: user.id, roomId: input.room, readAt: dateOf(target.id), readId: target.id, version: 1 })
      .onConflictDoUpdate({
        target: [roomReads.userId, roomReads.roomId],
        set: { readAt: sql`excluded.read_at`, readId: sql`excluded.read_id`, version: sql`${roomReads.version} + 1`, updatedAt: sql`now()` },
        // Forward only: a row comparison is the GREATEST of a (date, id) pair.
        setWhere: sql`${roomReads.readAt} is null or (${roomReads.readAt}, ${roomReads.readId}) < (excluded.read_at, excluded.read_id)`,
      })
      .returning({ version: roomReads.version });
    changed = moved.length > 0;
  }
  const [state] = await roomReadsOf(db, user, [input.room]);
  if (!state) return { error: NOT_ALLOWED };
  return { state, changed };
}

/**
 * 'mark room unread' from a message: the position goes back to just before it, so it is the first
 * unread (the one explicit move backwards; the version still grows, so every device follows).
 */
export async function markRoomUnread(db: Database, user: UserRow, messageId: string): Promise<{ error: string } | { state: RoomRead }> {
  const [message] = await db
    .select({ roomId: messages.roomId, id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), isNull(messages.parentId), isNull(messages.alertId), isNull(messages.deletedAt)))
    .limit(1);
  if (!message?.roomId) return { error: MESSAGE_NOT_FOUND };
  const roomId = message.roomId;
  const access = await roomAccess(db, user, roomId);
  if (!access?.rights.canRead) return { error: NOT_ALLOWED };
  const [before] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.roomId, roomId), topLevel(), sql`(${messages.createdAt}, ${messages.id}) < (${dateOf(message.id)}, ${message.id})`))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  await db
    .insert(roomReads)
    .values({ userId: user.id, roomId, readAt: before ? dateOf(before.id) : null, readId: before?.id ?? '', version: 1 })
    .onConflictDoUpdate({
      target: [roomReads.userId, roomReads.roomId],
      set: { readAt: sql`excluded.read_at`, readId: sql`excluded.read_id`, version: sql`${roomReads.version} + 1`, updatedAt: sql`now()` },
    });
  const [state] = await roomReadsOf(db, user, [roomId]);
  return state ? { state: { ...state, markedUnread: true } } : { error: NOT_ALLOWED };
}

/** 'tout marquer comme lu': every readable room up to its newest message; the states that moved. */
export async function markAllRoomsRead(db: Database, user: UserRow): Promise<RoomRead[]> {
  const changed: RoomRead[] = [];
  for (const room of await readableRoomIds(db, user)) {
    const outcome = await markRoomRead(db, user, { room });
    if ('state' in outcome && outcome.changed) changed.push(outcome.state);
  }
  return changed;
}

const topLevel = (): SQL => and(isNull(messages.parentId), isNull(messages.alertId), isNull(messages.conversationId))!;

async function newestOf(db: Database, roomId: string): Promise<Position | null> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.roomId, roomId), topLevel()))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row ?? null;
}

async function roomMessage(db: Database, roomId: string, messageId: string): Promise<Position | null> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.roomId, roomId), topLevel()))
    .limit(1);
  return row ?? null;
}

/** Rows for the rooms the member has none of yet, at each room's newest message. */
async function startAtNewest(db: Database, userId: number, roomIds: readonly string[]): Promise<void> {
  const known = await db
    .select({ roomId: roomReads.roomId })
    .from(roomReads)
    .where(and(eq(roomReads.userId, userId), inArray(roomReads.roomId, [...roomIds])));
  const missing = roomIds.filter((id) => !known.some((row) => row.roomId === id));
  if (missing.length === 0) return;
  const values = await Promise.all(
    missing.map(async (roomId) => {
      const newest = await newestOf(db, roomId);
      return { userId, roomId, readAt: newest ? dateOf(newest.id) : null, readId: newest?.id ?? '', version: 0 };
    }),
  );
  await db.insert(roomReads).values(values).onConflictDoNothing();
}

/**
 * Others' live top-level messages after the position, those of members a block stands between
 * left out (the client hides them too), counted up to UNREAD_COUNT_MAX on the room's date index.
 * The position is one row comparison (no position: from the beginning of time) and the rows are
 * taken in the index's order: the planner then walks `messages_room_date_idx` from the position.
 * Written `read_at is null or (…) > (…)` without the order, it read the whole table for each room
 * (326 ms for five rooms of the 200,000-message benchmark, 1.7 ms now).
 */
const unreadCount = (userId: number, hidden: readonly number[]): SQL<number> => {
  const notHidden = hidden.length > 0 ? sql`and m.author_id not in (${sql.join(hidden.map((id) => sql`${id}`), sql`, `)})` : sql``;
  // The outer row's columns are written out: drizzle would name them unqualified in a select's
  // field, and the inner `messages` has a `room_id` of its own.
  return sql<number>`(select count(*)::int from (
    select 1 from ${messages} m
    where m.room_id = room_reads.room_id and m.parent_id is null and m.alert_id is null and m.deleted_at is null
      and m.author_id <> ${userId} ${notHidden}
      and (m.created_at, m.id) > (coalesce(room_reads.read_at, '-infinity'::timestamptz), room_reads.read_id)
    order by m.created_at, m.id
    limit ${UNREAD_COUNT_MAX}
  ) as unread_rows)`;
};

const roomSeq = sql<number>`(select r.last_seq from ${rooms} r where r.id = room_reads.room_id)`;

const toRoomRead = (row: { roomId: string; readAt: Date | null; readId: string; version: number; unread: number; seq: number | null }): RoomRead => ({
  room: row.roomId,
  readUpTo: row.readAt === null ? null : { date: row.readAt.toISOString(), _id: row.readId },
  unread: Number(row.unread),
  version: row.version,
  ...(row.seq === null ? {} : { seq: Number(row.seq) }),
});
