import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { EXCERPT_LENGTH, INBOX_MENTIONS_MAX, type InboxMention } from '../../src/contract/inbox';
import { splitMentions } from '../../src/domain/mentions';
import type { Database } from '../db/open-database';
import { mentions, messages, users } from '../db/schema';
import type { UserRow } from '../users/user-queries';
import { readableRoomIds } from './chat-access';
import { blockedEitherWay } from './user-blocks';

/** The pseudos a text names ('@pseudo', as src/domain/mentions.ts cuts it for the screens), lower-cased, once each. */
export function mentionedNames(content: string): string[] {
  if (!content.includes('@')) return [];
  const names = splitMentions(content).flatMap((part) => (part.kind === 'mention' ? [part.username.toLowerCase()] : []));
  return [...new Set(names)];
}

/**
 * A room message or a reply was posted: who it names, among the members who may read it and
 * with no block between them and its author, is recorded. Answers each one's mention, for their
 * sockets. A text without '@' costs nothing.
 */
export async function recordMentions(
  db: Database,
  message: { id: string; roomId: string; parentId: string | null; authorId: number; content: string; createdAt: Date; author: string },
): Promise<{ userId: number; mention: InboxMention }[]> {
  const names = mentionedNames(message.content);
  if (names.length === 0) return [];
  const named = await db
    .select()
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, names), ne(users.id, message.authorId)));
  if (named.length === 0) return [];
  const hidden = new Set(await blockedEitherWay(db, message.authorId));
  const readers: UserRow[] = [];
  for (const member of named) {
    if (!hidden.has(member.id) && (await readableRoomIds(db, member)).includes(message.roomId)) readers.push(member);
  }
  if (readers.length === 0) return [];
  // Only the mentions new to the record are answered: an edit names again only whom it adds.
  const added = await db
    .insert(mentions)
    .values(readers.map((member) => ({ userId: member.id, messageId: message.id, roomId: message.roomId, parentId: message.parentId, createdAt: message.createdAt })))
    .onConflictDoNothing()
    .returning({ userId: mentions.userId });
  const mention: InboxMention = {
    _id: message.id,
    room: message.roomId,
    parentMessage: message.parentId,
    date: message.createdAt.toISOString(),
    author: message.author,
    excerpt: message.content.slice(0, EXCERPT_LENGTH),
  };
  return added.map(({ userId }) => ({ userId, mention }));
}

/**
 * The member's unread mentions, newest first: in rooms they may read, of live messages whose
 * authors no block stands between, that their read state of the stream (the room's, or the
 * thread's for a reply) has not passed.
 */
export async function unreadMentionsOf(db: Database, user: UserRow): Promise<InboxMention[]> {
  const readable = await readableRoomIds(db, user);
  if (readable.length === 0) return [];
  const hidden = await blockedEitherWay(db, user.id);
  const rows = await db
    .select({
      id: messages.id,
      roomId: mentions.roomId,
      parentId: mentions.parentId,
      createdAt: messages.createdAt,
      author: users.username,
      content: messages.content,
    })
    .from(mentions)
    .innerJoin(messages, eq(messages.id, mentions.messageId))
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(
      and(
        eq(mentions.userId, user.id),
        inArray(mentions.roomId, readable),
        isNull(messages.deletedAt),
        hidden.length > 0 ? sql`${messages.authorId} not in (${sql.join(hidden.map((id) => sql`${id}`), sql`, `)})` : undefined,
        sql`case when ${mentions.parentId} is null then not exists (
          select 1 from room_reads r where r.user_id = ${user.id} and r.room_id = ${mentions.roomId}
            and r.read_at is not null and (r.read_at, r.read_id) >= (${messages.createdAt}, ${messages.id})
        ) else not exists (
          select 1 from thread_reads t where t.user_id = ${user.id} and t.parent_id = ${mentions.parentId}
            and t.read_at is not null and (t.read_at, t.read_id) >= (${messages.createdAt}, ${messages.id})
        ) end`,
      ),
    )
    .orderBy(desc(mentions.createdAt), desc(mentions.messageId))
    .limit(INBOX_MENTIONS_MAX);
  return rows.map((row) => ({
    _id: row.id,
    room: row.roomId,
    parentMessage: row.parentId,
    date: row.createdAt.toISOString(),
    author: row.author,
    excerpt: row.content.slice(0, EXCERPT_LENGTH),
  }));
}
