import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { userBlocks } from '../db/schema';

/** Members `userId` blocked. */
export async function blockedBy(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userBlocks.blockedId }).from(userBlocks).where(eq(userBlocks.blockerId, userId));
  return rows.map((row) => row.id);
}

/**
 * Members a block stands between with `userId`, whichever blocked whom. A block works both ways
 * (spec 2 §4): the blocker no longer sees the blocked member's messages, and the blocked member
 * neither sees the blocker's posts nor writes to them. So what one of them posts is read by none
 * of these, and what they post is hidden from `userId`.
 */
export async function blockedEitherWay(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ blocker: userBlocks.blockerId, blocked: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  return [...new Set(rows.map((row) => (row.blocker === userId ? row.blocked : row.blocker)))];
}

/** Whether a block stands between the two members, either way. */
export async function isBlockedBetween(db: Database, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
