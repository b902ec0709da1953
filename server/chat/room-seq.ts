import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { conversations, rooms } from '../db/schema';

/** A transaction handle: the same query API as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Takes the room's next change sequence. Called inside the transaction that makes the change, so
 * the row lock on the room orders concurrent changes and a rolled-back change gives its number back.
 */
export async function nextSeq(tx: Transaction, roomId: string): Promise<number> {
  return nextSeqOf(tx, { room: roomId });
}

export async function lastSeqOf(db: Database, roomId: string): Promise<number> {
  return lastSeqOfStream(db, { room: roomId });
}

/**
 * A stream with its own change sequence: a room (its messages, replies, alerts and comments) or a
 * private conversation. Both keep it in a `last_seq` column and take numbers the same way.
 */
export type SeqStream = { room: string } | { conversation: string };

const sequenced = (stream: SeqStream) =>
  'room' in stream ? { table: rooms, id: stream.room } : { table: conversations, id: stream.conversation };

export async function nextSeqOf(tx: Transaction, stream: SeqStream): Promise<number> {
  const { table, id } = sequenced(stream);
  const [row] = await tx
    .update(table)
    .set({ lastSeq: sql`${table.lastSeq} + 1` })
    .where(eq(table.id, id))
    .returning({ lastSeq: table.lastSeq });
  if (!row) throw new Error(`flux inconnu : ${id}`);
  return row.lastSeq;
}

export async function lastSeqOfStream(db: Database, stream: SeqStream): Promise<number> {
  const { table, id } = sequenced(stream);
  const [row] = await db.select({ lastSeq: table.lastSeq }).from(table).where(eq(table.id, id)).limit(1);
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
