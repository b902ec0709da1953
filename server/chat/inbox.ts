import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Inbox, InboxRoom } from '../../src/contract/inbox';
import type { RoomRead } from '../../src/contract/read-state';
import type { Database } from '../db/open-database';
import { messages } from '../db/schema';
import type { UserRow } from '../users/user-queries';
import { unreadMentionsOf } from './mentions';
import { roomReadsOf } from './read-state';
import { unreadThreadsOf } from './thread-reads';
import { blockedEitherWay } from './user-blocks';

/**
 * The inbox 'Non lus' (issue 21): every readable room with unread messages (its first unread and
 * its newest message), every followed thread with unread replies, every unread mention. Each
 * list newest first; the client merges them.
 */
export async function inboxOf(db: Database, user: UserRow): Promise<Inbox> {
  // Room reads first: they make the rows a mention's "read?" is checked against.
  const reads = await roomReadsOf(db, user);
  const hidden = await blockedEitherWay(db, user.id);
  const rooms = (await Promise.all(reads.filter((state) => state.unread > 0).map((state) => inboxRoomOf(db, user.id, hidden, state)))).flatMap((room) =>
    room ? [room] : [],
  );
  rooms.sort((a, b) => b.newest.date.localeCompare(a.newest.date));
  const [threads, mentions] = await Promise.all([unreadThreadsOf(db, user), unreadMentionsOf(db, user)]);
  return { rooms, threads, mentions };
}

const topLevelIn = (roomId: string) => and(eq(messages.roomId, roomId), isNull(messages.parentId), isNull(messages.alertId), isNull(messages.deletedAt));

async function inboxRoomOf(db: Database, userId: number, hidden: readonly number[], state: RoomRead): Promise<InboxRoom | null> {
  const others = and(
    topLevelIn(state.room),
    sql`${messages.authorId} <> ${userId}`,
    hidden.length > 0 ? sql`${messages.authorId} not in (${sql.join(hidden.map((id) => sql`${id}`), sql`, `)})` : undefined,
  );
  const after = state.readUpTo
    ? sql`(${messages.createdAt}, ${messages.id}) > ((select m.created_at from messages m where m.id = ${state.readUpTo._id}), ${state.readUpTo._id})`
    : undefined;
  const position = { id: messages.id, createdAt: messages.createdAt };
  const [[first], [newest]] = await Promise.all([
    db.select(position).from(messages).where(and(others, after)).orderBy(asc(messages.createdAt), asc(messages.id)).limit(1),
    db.select(position).from(messages).where(others).orderBy(desc(messages.createdAt), desc(messages.id)).limit(1),
  ]);
  if (!newest) return null;
  return {
    room: state.room,
    unread: state.unread,
    firstUnread: first ? { date: first.createdAt.toISOString(), _id: first.id } : null,
    newest: { date: newest.createdAt.toISOString(), _id: newest.id },
  };
}
