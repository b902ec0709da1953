import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { conversationMembers, conversations } from '../db/schema';
import type { Transaction } from '../chat/room-seq';

export type ConversationRow = typeof conversations.$inferSelect;

/** The one key of a pair of members, whoever writes first. */
export const pairKeyOf = (a: number, b: number): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * The conversation of two members, created with both as participants when they have none yet.
 * Runs inside the first message's transaction: a repeat of that message rolls it back too, and two
 * first messages crossing each other meet in one conversation (the pair key is unique).
 */
export async function conversationBetween(tx: Transaction, a: number, b: number, now: Date): Promise<string> {
  const pairKey = pairKeyOf(a, b);
  await tx
    .insert(conversations)
    .values({ id: randomUUID(), pairKey, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: conversations.pairKey });
  const [row] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, pairKey)).limit(1);
  if (!row) throw new Error(`conversation introuvable après création : ${pairKey}`);
  // Nothing read yet: every message of the other counts as unread until 'conversation read'.
  await tx
    .insert(conversationMembers)
    .values([a, b].map((userId) => ({ conversationId: row.id, userId, lastReadAt: new Date(0) })))
    .onConflictDoNothing();
  return row.id;
}

/** The participants of a conversation the member takes part in, or null (unknown, or not theirs). */
export async function participantsOf(db: Database, userId: number, conversationId: string): Promise<number[] | null> {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  const ids = rows.map((row) => row.userId);
  return ids.includes(userId) ? ids : null;
}

/** A post or a deletion changes the conversation: it moves up the participants' lists. */
export async function touchConversation(tx: Transaction, conversationId: string, now: Date): Promise<void> {
  await tx.update(conversations).set({ updatedAt: now }).where(eq(conversations.id, conversationId));
}

/** The member read the conversation up to `now` (never back in time): the others' messages posted until then are read. */
export async function markRead(db: Database | Transaction, userId: number, conversationId: string, now: Date): Promise<void> {
  await db
    .update(conversationMembers)
    .set({ lastReadAt: sql`greatest(${conversationMembers.lastReadAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
}
