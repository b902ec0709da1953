import { eq, sql } from 'drizzle-orm';
import { alerts } from '../db/schema';
import { nextSeq, type Transaction } from '../chat/room-seq';

/**
 * A comment under an alert was posted (+1) or deleted (-1): the alert's count changes with a new
 * seq of its room, inside the comment's own transaction.
 */
export async function changeCommentCount(tx: Transaction, alertId: string, roomId: string, delta: 1 | -1): Promise<{ repliesCount: number; seq: number }> {
  const seq = await nextSeq(tx, roomId);
  const [alert] = await tx
    .update(alerts)
    .set({ repliesCount: sql`greatest(${alerts.repliesCount} + ${delta}, 0)`, seq })
    .where(eq(alerts.id, alertId))
    .returning({ repliesCount: alerts.repliesCount, seq: alerts.seq });
  if (!alert) throw new Error('notification disparue');
  return alert;
}
