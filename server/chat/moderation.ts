import { and, eq, gt } from 'drizzle-orm';
import { MUTE_TEXT } from '../../src/domain/mute';
import type { Database } from '../db/open-database';
import { chatMutes, moderationLog } from '../db/schema';
import type { Transaction } from './room-seq';

/** What a moderator did, for the log (issue 22: every moderation action with its author). */
export type ModerationAction =
  | 'mute'
  | 'unmute'
  | 'delete_message'
  | 'edit_message'
  | 'report_dismissed'
  | 'report_deleted'
  | 'slow_mode'
  | 'keyword_filter'
  | 'held_approved'
  | 'held_rejected';

export async function logModeration(
  db: Database | Transaction,
  entry: { moderatorId: number; action: ModerationAction; targetUserId?: number | null; messageId?: string | null; roomId?: string | null; details?: string },
  now: Date = new Date(),
): Promise<void> {
  await db.insert(moderationLog).values({
    moderatorId: entry.moderatorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    messageId: entry.messageId ?? null,
    roomId: entry.roomId ?? null,
    details: entry.details ?? '',
    createdAt: now,
  });
}

/** A member muted until `until` (replacing a mute they had), by `moderatorId`; logged. */
export async function muteMember(db: Database, moderatorId: number, userId: number, minutes: number, now: Date = new Date()): Promise<Date> {
  const until = new Date(now.getTime() + minutes * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .insert(chatMutes)
      .values({ userId, until, mutedBy: moderatorId, createdAt: now })
      .onConflictDoUpdate({ target: chatMutes.userId, set: { until, mutedBy: moderatorId, createdAt: now } });
    await logModeration(tx, { moderatorId, action: 'mute', targetUserId: userId, details: `${minutes} min` }, now);
  });
  return until;
}

/** Lifts a member's mute; false when none was running. */
export async function unmuteMember(db: Database, moderatorId: number, userId: number, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lifted = await tx.delete(chatMutes).where(and(eq(chatMutes.userId, userId), gt(chatMutes.until, now))).returning({ userId: chatMutes.userId });
    if (lifted.length === 0) return false;
    await logModeration(tx, { moderatorId, action: 'unmute', targetUserId: userId }, now);
    return true;
  });
}

/** Why a muted member may not write now (their mute's end, in French), or null. */
export async function muteRefusal(db: Database, userId: number, now: Date = new Date()): Promise<string | null> {
  const [mute] = await db.select({ until: chatMutes.until }).from(chatMutes).where(and(eq(chatMutes.userId, userId), gt(chatMutes.until, now))).limit(1);
  return mute ? MUTE_TEXT.refused(mute.until, now) : null;
}
