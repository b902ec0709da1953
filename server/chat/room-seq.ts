import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { rooms } from '../db/schema';

/** A transaction handle: the same query API as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Takes the room's next change sequence. Called inside the transaction that makes the change, so
 * the row lock on the room orders concurrent changes and a rolled-back change gives its number back.
 */
export async function nextSeq(tx: Transaction, roomId: string): Promise<number> {
  const [row] = await tx
    .update(rooms)
    .set({ lastSeq: sql`${rooms.lastSeq} + 1` })
    .where(eq(rooms.id, roomId))
    .returning({ lastSeq: rooms.lastSeq });
  if (!row) throw new Error(`room inconnue : ${roomId}`);
  return row.lastSeq;
}

export async function lastSeqOf(db: Database, roomId: string): Promise<number> {
  const [row] = await db.select({ lastSeq: rooms.lastSeq }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return row?.lastSeq ?? 0;
}

/**
 * The room's next sequence, above `floor` too: an alert moved from another room keeps growing
 * for clients that hold its old seq (the rooms' sequences only ever jump forward).
 */
export async function nextSeqAbove(tx: Transaction, roomId: string, floor: number): Promise<number> {
  const [row] = await tx
    .update(rooms)
    .set({ lastSeq: sql`greatest(${rooms.lastSeq}, ${floor}) + 1` })
    .where(eq(rooms.id, roomId))
    .returning({ lastSeq: rooms.lastSeq });
  if (!row) throw new Error(`room inconnue : ${roomId}`);
  return row.lastSeq;
}
