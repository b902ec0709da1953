import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALERT_NOT_FOUND } from './alert-write';
import type { Database } from '../db/open-database';
import { alertAcks, alertLikes, alerts } from '../db/schema';
import { NOT_ALLOWED } from '../chat/chat-access';
import type { LikeAnswer } from '../chat/message-actions';
import { nextSeq } from '../chat/room-seq';
import type { UserRow } from '../users/user-queries';
import type { AlertRow } from './alert-view';
import { alertViewerOf, isUnlocked } from './alert-viewer';
import { mayEdit } from './alert-write';

/** The alert an id names, deleted or not; 'like message' and 'delete message' look here first. */
export async function findAlert(db: Database, id: string): Promise<AlertRow | null> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id)).limit(1);
  return row ?? null;
}

export type AlertLikeOutcome = { error: string } | { answer: LikeAnswer; roomId: string; changed: boolean };

/**
 * 'like message' / 'unlike message' {alertId} naming an alert: for whoever reads it whole.
 * Idempotent like the messages' likes: a call that changes nothing takes no seq.
 */
export async function setAlertLike(db: Database, user: UserRow, alert: AlertRow, liked: boolean, now: Date = new Date()): Promise<AlertLikeOutcome> {
  if (alert.deletedAt !== null || !isUnlocked(alert, await alertViewerOf(db, user, now))) return { error: NOT_ALLOWED };
  const result = await db.transaction(async (tx) => {
    const touched = liked
      ? await tx.insert(alertLikes).values({ alertId: alert.id, userId: user.id, createdAt: now }).onConflictDoNothing().returning({ id: alertLikes.alertId })
      : await tx
          .delete(alertLikes)
          .where(and(eq(alertLikes.alertId, alert.id), eq(alertLikes.userId, user.id)))
          .returning({ id: alertLikes.alertId });
    if (touched.length === 0) {
      const [current] = await tx.select({ likesCount: alerts.likesCount, seq: alerts.seq, roomId: alerts.roomId }).from(alerts).where(eq(alerts.id, alert.id));
      return { likesCount: current?.likesCount ?? 0, seq: current?.seq ?? 0, roomId: current?.roomId ?? alert.roomId, changed: false };
    }
    // The room is read inside the transaction: an edit may have moved the alert meanwhile.
    const [room] = await tx.select({ roomId: alerts.roomId }).from(alerts).where(eq(alerts.id, alert.id));
    const roomId = room?.roomId ?? alert.roomId;
    const seq = await nextSeq(tx, roomId);
    const [updated] = await tx
      .update(alerts)
      .set({ likesCount: sql`greatest(${alerts.likesCount} + ${liked ? 1 : -1}, 0)`, seq })
      .where(eq(alerts.id, alert.id))
      .returning({ likesCount: alerts.likesCount });
    return { likesCount: updated?.likesCount ?? 0, seq, roomId, changed: true };
  });
  return {
    answer: { _id: alert.id, likesCount: result.likesCount, liked, seq: result.seq },
    roomId: result.roomId,
    changed: result.changed,
  };
}

export type AlertAckOutcome = { error: string; status: 400 | 403 | 404 } | { acksCount: number; seq: number; roomId: string; changed: boolean };

/**
 * 'Bien reçu' on an urgent alert (issue 22): by a member it is shown whole to, not its author; once
 * (a repeat changes nothing, takes no seq and is announced to no one).
 */
export async function acknowledgeAlert(db: Database, user: UserRow, alert: AlertRow, now: Date = new Date()): Promise<AlertAckOutcome> {
  if (alert.deletedAt !== null) return { error: ALERT_NOT_FOUND, status: 404 };
  if (!alert.urgent || alert.authorId === user.id) return { error: NOT_ALLOWED, status: 400 };
  if (!isUnlocked(alert, await alertViewerOf(db, user, now))) return { error: NOT_ALLOWED, status: 403 };
  return db.transaction(async (tx) => {
    const added = await tx.insert(alertAcks).values({ alertId: alert.id, userId: user.id, createdAt: now }).onConflictDoNothing().returning({ id: alertAcks.alertId });
    if (added.length === 0) {
      const [current] = await tx.select({ acksCount: alerts.acksCount, seq: alerts.seq, roomId: alerts.roomId }).from(alerts).where(eq(alerts.id, alert.id));
      return { acksCount: current?.acksCount ?? 0, seq: current?.seq ?? 0, roomId: current?.roomId ?? alert.roomId, changed: false };
    }
    const [room] = await tx.select({ roomId: alerts.roomId }).from(alerts).where(eq(alerts.id, alert.id));
    const roomId = room?.roomId ?? alert.roomId;
    const seq = await nextSeq(tx, roomId);
    const [updated] = await tx
      .update(alerts)
      .set({ acksCount: sql`${alerts.acksCount} + 1`, seq })
      .where(eq(alerts.id, alert.id))
      .returning({ acksCount: alerts.acksCount });
    return { acksCount: updated?.acksCount ?? 0, seq, roomId, changed: true };
  });
}

/** `seq` null: it was already deleted, nothing to announce. */
export type AlertDeleteOutcome = { error: string } | { roomId: string; seq: number | null };

/** 'delete message' {alertId} naming an alert: by its author or a moderator; a soft delete with a new seq. */
export async function deleteAlert(db: Database, user: UserRow, alert: AlertRow, now: Date = new Date()): Promise<AlertDeleteOutcome> {
  if (!(await mayEdit(db, user, alert, now))) return { error: NOT_ALLOWED };
  if (alert.deletedAt !== null) return { roomId: alert.roomId, seq: null };
  const deleted = await db.transaction(async (tx) => {
    const seq = await nextSeq(tx, alert.roomId);
    const [row] = await tx
      .update(alerts)
      .set({ deletedAt: now, seq })
      .where(and(eq(alerts.id, alert.id), eq(alerts.roomId, alert.roomId), isNull(alerts.deletedAt)))
      .returning({ roomId: alerts.roomId, seq: alerts.seq });
    // Deleted (or moved) meanwhile: roll back, giving the seq back.
    if (!row) throw new NothingDeleted();
    return row;
  }).catch((error: unknown) => {
    if (error instanceof NothingDeleted) return null;
    throw error;
  });
  return deleted ?? { roomId: alert.roomId, seq: null };
}

class NothingDeleted extends Error {}
