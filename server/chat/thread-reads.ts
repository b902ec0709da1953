import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { EXCERPT_LENGTH, type ThreadRead } from '../../src/contract/inbox';
import { UNREAD_COUNT_MAX } from '../../src/contract/read-state';
import type { Database } from '../db/open-database';
import { messages, threadReads, users } from '../db/schema';
import type { UserRow } from '../users/user-queries';
import { NOT_ALLOWED, readableRoomIds, roomAccess } from './chat-access';
import { MESSAGE_NOT_FOUND } from './read-state';

/**
 * Followed threads and each member's read state of a thread (issue 21), kept like a room's
 * (server/chat/read-state.ts): a position that only moves forward, a version that grows with each
 * change, and the count of others' replies after it, blocks either way left out.
 */

const dateOf = (id: string): SQL<Date> => sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${id})`;

/** The member's states of these threads (those they have a row for, in rooms they may read). */
export async function threadReadsOf(db: Database, user: UserRow, parentIds: readonly string[]): Promise<ThreadRead[]> {
  if (parentIds.length === 0) return [];
  const readable = await readableRoomIds(db, user);
  if (readable.length === 0) return [];
  return statesWhere(db, and(eq(threadReads.userId, user.id), inArray(threadReads.parentId, [...parentIds]), inArray(threadReads.roomId, readable))!);
}

/** Every followed thread of the member with unread replies (the inbox), newest reply first. */
export async function unreadThreadsOf(db: Database, user: UserRow): Promise<ThreadRead[]> {
  const readable = await readableRoomIds(db, user);
  if (readable.length === 0) return [];
  const states = await statesWhere(db, and(eq(threadReads.userId, user.id), eq(threadReads.following, true), inArray(threadReads.roomId, readable))!);
  return states.filter((state) => state.unread > 0).sort((a, b) => (b.newest?.date ?? '').localeCompare(a.newest?.date ?? ''));
}

/**
 * 'mark thread read': up to `messageId` (a reply of the thread), or up to its newest reply; the
 * row is made on first opening (not followed). Forward only; `changed` says whether it moved.
 */
export async function markThreadRead(
  db: Database,
  user: UserRow,
  input: { parentMessage: string; messageId?: string | undefined },
): Promise<{ error: string } | { state: ThreadRead; changed: boolean }> {
  const parent = await readableParent(db, user, input.parentMessage);
  if ('error' in parent) return parent;
  const target = input.messageId === undefined ? await newestReply(db, parent.id) : await reply(db, parent.id, input.messageId);
  if (input.messageId !== undefined && target === null) return { error: MESSAGE_NOT_FOUND };
  const moved = await db
    .insert(threadReads)
    .values({ userId: user.id, parentId: parent.id, roomId: parent.roomId, following: null, readAt: target ? dateOf(target.id) : null, readId: target?.id ?? '', version: 1 })
    .onConflictDoUpdate({
      target: [threadReads.userId, threadReads.parentId],
      set: { readAt: sql`excluded.read_at`, readId: sql`excluded.read_id`, version: sql`${threadReads.version} + 1`, updatedAt: sql`now()` },
      setWhere: sql`excluded.read_at is not null and (${threadReads.readAt} is null or (${threadReads.readAt}, ${threadReads.readId}) < (excluded.read_at, excluded.read_id))`,
    })
    .returning({ version: threadReads.version });
  const [state] = await threadReadsOf(db, user, [parent.id]);
  return state ? { state, changed: moved.length > 0 } : { error: NOT_ALLOWED };
}

/**
 * 'Suivre le fil' / 'Ne plus suivre le fil'. A thread followed for the first time starts read up to
 * its newest reply: following is about what comes next, not the thread's past.
 */
export async function followThread(db: Database, user: UserRow, input: { parentMessage: string; follow: boolean }): Promise<{ error: string } | { state: ThreadRead }> {
  const parent = await readableParent(db, user, input.parentMessage);
  if ('error' in parent) return parent;
  const newest = await newestReply(db, parent.id);
  await db
    .insert(threadReads)
    .values({ userId: user.id, parentId: parent.id, roomId: parent.roomId, following: input.follow, readAt: newest ? dateOf(newest.id) : null, readId: newest?.id ?? '', version: 1 })
    .onConflictDoUpdate({
      target: [threadReads.userId, threadReads.parentId],
      set: { following: input.follow, version: sql`${threadReads.version} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${threadReads.following} is distinct from excluded.following`,
    });
  const [state] = await threadReadsOf(db, user, [parent.id]);
  return state ? { state } : { error: NOT_ALLOWED };
}

/**
 * A reply was posted: its author follows the thread (read up to their reply), and so does the
 * parent's author, unless either said 'Ne plus suivre le fil'. Answers every follower's new state
 * (the author's included), for their sockets.
 */
export async function followOnReply(
  db: Database,
  reply: { id: string; parentId: string; roomId: string; authorId: number },
): Promise<{ userId: number; state: ThreadRead }[]> {
  await moveForward(db, reply.authorId, reply.parentId, reply.roomId, reply.id);
  const [parent] = await db.select({ authorId: messages.authorId }).from(messages).where(eq(messages.id, reply.parentId)).limit(1);
  if (parent && parent.authorId !== reply.authorId) {
    await db
      .insert(threadReads)
      .values({ userId: parent.authorId, parentId: reply.parentId, roomId: reply.roomId, following: true, readAt: null, readId: '', version: 1 })
      .onConflictDoUpdate({
        target: [threadReads.userId, threadReads.parentId],
        set: { following: true, version: sql`${threadReads.version} + 1`, updatedAt: sql`now()` },
        setWhere: sql`${threadReads.following} is null`,
      });
  }
  return statesOfFollowers(db, reply.parentId, reply.authorId);
}

/** Every follower's state of a thread (a reply's author too), each for a member who may read it. */
export async function statesOfFollowers(db: Database, parentId: string, authorId?: number): Promise<{ userId: number; state: ThreadRead }[]> {
  const rows = await db
    .select({ userId: threadReads.userId })
    .from(threadReads)
    .where(and(eq(threadReads.parentId, parentId), sql`(${threadReads.following} or ${threadReads.userId} = ${authorId ?? -1})`));
  if (rows.length === 0) return [];
  const members = await db.select().from(users).where(inArray(users.id, rows.map((row) => row.userId)));
  const states = await Promise.all(
    members.map(async (member) => {
      const [state] = await threadReadsOf(db, member, [parentId]);
      return state ? [{ userId: member.id, state }] : [];
    }),
  );
  return states.flat();
}

/** 'tout marquer comme lu' for threads: these threads (and every followed one) up to their newest reply; the states that moved. */
export async function markThreadsRead(db: Database, user: UserRow, parentIds: readonly string[]): Promise<ThreadRead[]> {
  const followed = await db
    .select({ parentId: threadReads.parentId })
    .from(threadReads)
    .where(and(eq(threadReads.userId, user.id), eq(threadReads.following, true)));
  const changed: ThreadRead[] = [];
  for (const parentMessage of new Set([...followed.map((row) => row.parentId), ...parentIds])) {
    const outcome = await markThreadRead(db, user, { parentMessage });
    if ('state' in outcome && outcome.changed) changed.push(outcome.state);
  }
  return changed;
}

async function moveForward(db: Database, userId: number, parentId: string, roomId: string, replyId: string): Promise<void> {
  await db
    .insert(threadReads)
    .values({ userId, parentId, roomId, following: true, readAt: dateOf(replyId), readId: replyId, version: 1 })
    .onConflictDoUpdate({
      target: [threadReads.userId, threadReads.parentId],
      set: {
        following: sql`coalesce(${threadReads.following}, true)`,
        readAt: sql`case when ${threadReads.readAt} is null or (${threadReads.readAt}, ${threadReads.readId}) < (excluded.read_at, excluded.read_id) then excluded.read_at else ${threadReads.readAt} end`,
        readId: sql`case when ${threadReads.readAt} is null or (${threadReads.readAt}, ${threadReads.readId}) < (excluded.read_at, excluded.read_id) then excluded.read_id else ${threadReads.readId} end`,
        version: sql`${threadReads.version} + 1`,
        updatedAt: sql`now()`,
      },
    });
}

/** A thread's parent: a live top-level message of a room the member may read. */
async function readableParent(db: Database, user: UserRow, parentId: string): Promise<{ error: string } | { id: string; roomId: string }> {
  const [parent] = await db
    .select({ id: messages.id, roomId: messages.roomId })
    .from(messages)
    .where(and(eq(messages.id, parentId), isNull(messages.parentId), isNull(messages.alertId), isNull(messages.conversationId), isNull(messages.deletedAt)))
    .limit(1);
  if (!parent?.roomId) return { error: MESSAGE_NOT_FOUND };
  const access = await roomAccess(db, user, parent.roomId);
  if (!access?.rights.canRead) return { error: NOT_ALLOWED };
  return { id: parent.id, roomId: parent.roomId };
}

async function newestReply(db: Database, parentId: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.parentId, parentId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row ?? null;
}

async function reply(db: Database, parentId: string, id: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.parentId, parentId)))
    .limit(1);
  return row ?? null;
}

/**
 * The states of the rows `where` selects: unread counts others' live replies after the position,
 * those of members a block stands between left out (written in SQL, so one statement serves any
 * member); the newest reply; the parent's text.
 */
async function statesWhere(db: Database, where: SQL): Promise<ThreadRead[]> {
  const rows = await db
    .select({
      parentId: threadReads.parentId,
      roomId: threadReads.roomId,
      following: threadReads.following,
      readAt: threadReads.readAt,
      readId: threadReads.readId,
      version: threadReads.version,
      unread: sql<number>`(select count(*)::int from (
        select 1 from ${messages} m
        where m.parent_id = thread_reads.parent_id and m.deleted_at is null and m.author_id <> thread_reads.user_id
          and not exists (select 1 from user_blocks b where (b.blocker_id = thread_reads.user_id and b.blocked_id = m.author_id) or (b.blocker_id = m.author_id and b.blocked_id = thread_reads.user_id))
          -- From the position on the replies' date index, as read-state.ts's unreadCount.
          and (m.created_at, m.id) > (coalesce(thread_reads.read_at, '-infinity'::timestamptz), thread_reads.read_id)
        order by m.created_at, m.id
        limit ${UNREAD_COUNT_MAX}
      ) as unread_rows)`,
      newest: sql<{ date: string; _id: string } | null>`(select json_build_object('date', m.created_at, '_id', m.id) from ${messages} m
        where m.parent_id = thread_reads.parent_id order by m.created_at desc, m.id desc limit 1)`,
      excerpt: sql<string>`(select left(p.content, ${EXCERPT_LENGTH}) from ${messages} p where p.id = thread_reads.parent_id)`,
    })
    .from(threadReads)
    .where(where);
  return rows.map((row) => ({
    parentMessage: row.parentId,
    room: row.roomId,
    following: row.following === true,
    readUpTo: row.readAt === null ? null : { date: row.readAt.toISOString(), _id: row.readId },
    unread: Number(row.unread),
    version: row.version,
    newest: positionOf(row.newest),
    excerpt: row.excerpt ?? '',
  }));
}

/** A position read as JSON from SQL: its date in the client's ISO form. */
export const positionOf = (json: unknown): { date: string; _id: string } | null => {
  const value = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
  if (value === null || typeof value !== 'object') return null;
  const { date, _id } = value as { date: string; _id: string };
  return { date: new Date(date).toISOString(), _id };
};
