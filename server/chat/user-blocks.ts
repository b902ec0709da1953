import { eq } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { userBlocks } from '../db/schema';

/** Members who blocked `userId`: that member's posts are not delivered to them (spec 2 §4). */
export async function blockersOf(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userBlocks.blockerId }).from(userBlocks).where(eq(userBlocks.blockedId, userId));
  return rows.map((row) => row.id);
}

/** Members `userId` blocked: their messages are left out of what `userId` reads. */
export async function blockedBy(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userBlocks.blockedId }).from(userBlocks).where(eq(userBlocks.blockerId, userId));
  return rows.map((row) => row.id);
}
