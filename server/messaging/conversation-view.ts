import { and, count, desc, eq, exists, gt, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Conversation, ConversationUser } from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { conversationMembers, messages, users } from '../db/schema';
import type { UserRow } from '../users/user-queries';
import type { ConversationRow } from './conversations';

/**
 * Conversations as one member reads them (spec 2 §3): both participants, the reader's unread
 * count, and the latest message the reader sees. `hidden` are the members a block stands between
 * with the reader (server/chat/user-blocks.ts): their messages neither count nor show.
 */
export async function toConversations(db: Database, viewerId: number, rows: ConversationRow[], hidden: number[]): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [members, unread, latest] = await Promise.all([
    db
      .select({ conversationId: conversationMembers.conversationId, user: users })
      .from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.userId))
      .where(inArray(conversationMembers.conversationId, ids))
      .orderBy(conversationMembers.userId),
    unreadCounts(db, viewerId, ids, hidden),
    db
      .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, content: messages.content, at: messages.createdAt })
      .from(messages)
      .where(and(inArray(messages.conversationId, ids), isNull(messages.deletedAt), notAuthoredBy(hidden)))
      .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id)),
  ]);
  const usersOf = new Map<string, ConversationUser[]>();
  for (const { conversationId, user } of members) usersOf.set(conversationId, [...(usersOf.get(conversationId) ?? []), toConversationUser(user)]);
  const lastOf = new Map(latest.map((row) => [row.conversationId, row]));
  return rows.map((row) => {
    const last = lastOf.get(row.id);
    return {
      _id: row.id,
      users: usersOf.get(row.id) ?? [],
      unreadMessages: unread.get(row.id) ?? 0,
      lastMessage: last?.content ?? '',
      lastMessageDate: (last?.at ?? row.createdAt).toISOString(),
      lastUpdated: row.updatedAt.toISOString(),
    };
  });
}

export function toConversationUser(user: UserRow): ConversationUser {
  return { _id: String(user.id), username: user.username, picture: user.picture?.url ?? null };
}

/** The reader's unread messages per conversation: the others' live messages after the reader's last read. */
export async function unreadCounts(db: Database, viewerId: number, conversationIds: string[], hidden: number[]): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: messages.conversationId, n: count() })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, viewerId)),
    )
    .where(and(inArray(messages.conversationId, conversationIds), unreadFor(viewerId, hidden)))
    .groupBy(messages.conversationId);
  return new Map(rows.flatMap((row) => (row.conversationId === null ? [] : [[row.conversationId, row.n]])));
}

/** How many of the reader's conversations hold unread messages: the top bar badge (spec 2 §3). */
export async function unreadConversationsOf(db: Database, viewerId: number, hidden: number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.userId, viewerId),
        exists(
          db
            .select({ one: sql`1` })
            .from(messages)
            .where(and(eq(messages.conversationId, conversationMembers.conversationId), unreadFor(viewerId, hidden))),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** A message of a joined conversation unread by the viewer (`conversation_members` is the viewer's row). */
const unreadFor = (viewerId: number, hidden: number[]): SQL | undefined =>
  and(
    ne(messages.authorId, viewerId),
    isNull(messages.deletedAt),
    gt(messages.createdAt, conversationMembers.lastReadAt),
    notAuthoredBy(hidden),
  );

const notAuthoredBy = (hidden: number[]): SQL | undefined => (hidden.length > 0 ? notInArray(messages.authorId, hidden) : undefined);
