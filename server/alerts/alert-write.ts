import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { TRADE_UPDATES_MAX, type alertInput, type TradeUpdateKind } from '../../src/contract/alerts';
import { TRADE_UPDATE_TEXT } from '../../src/domain/alert-form';
import type { Database } from '../db/open-database';
import { alerts, messages, uploads } from '../db/schema';
import { isModerator, NOT_ALLOWED, roomAccess } from '../chat/chat-access';
import { INVALID_ATTACHMENT } from '../chat/post-message';
import { nextSeq, nextSeqAbove, type Transaction } from '../chat/room-seq';
import type { UserRow } from '../users/user-queries';
import type { AlertRow } from './alert-view';

export const ALERT_NOT_FOUND = 'Notification introuvable';

export type AlertWriteData = Omit<z.output<typeof alertInput>, 'sendMail'>;
export type WriteOutcome = { status: 400 | 403 | 404; error: string } | { row: AlertRow };

/**
 * `POST /alerts` (spec 2 §7): needs canWriteNews and the right to write in the room; the general
 * room ('ALL', staff-only) and audio or video attachments are for staff (spec 2 §6).
 */
export async function createAlert(db: Database, user: UserRow, input: AlertWriteData, now: Date = new Date()): Promise<WriteOutcome> {
  if (!user.canWriteNews || !(await mayPostIn(db, user, input.room, now))) return { status: 403, error: NOT_ALLOWED };
  const files = await checkAttachments(db, user, input.attachments, null);
  if (files) return files;
  const id = randomUUID();
  try {
    const row = await db.transaction(async (tx) => {
      const seq = await nextSeq(tx, input.room);
      const [inserted] = await tx
        .insert(alerts)
        .values({
          id,
          roomId: input.room,
          authorId: user.id,
          title: input.title,
          content: input.content,
          attachments: input.attachments,
          trade: input.trade ?? null,
          freeAlert: input.freeAlert,
          urgent: input.urgent,
          seq,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!inserted) throw new Error('notification non enregistrée');
      await attach(tx, user, id, input.attachments);
      return inserted;
    });
    return { row };
  } catch (error) {
    if (error instanceof AttachmentTaken) return { status: 400, error: INVALID_ATTACHMENT };
    throw error;
  }
}

/**
 * `PUT /alerts/{id}`: by its author or a moderator (the privileged members, spec 2 §6). Moving it
 * to another room needs the same rights as posting there; its comments move with it. The edit
 * takes a new seq of the (new) room, so clients replace what they hold.
 */
export async function updateAlert(db: Database, user: UserRow, id: string, input: AlertWriteData, now: Date = new Date()): Promise<WriteOutcome> {
  const [current] = await db.select().from(alerts).where(eq(alerts.id, id)).limit(1);
  if (!current || current.deletedAt !== null) return { status: 404, error: ALERT_NOT_FOUND };
  if (!(await mayEdit(db, user, current, now))) return { status: 403, error: NOT_ALLOWED };
  const moved = input.room !== current.roomId;
  if (moved && !(await mayPostIn(db, user, input.room, now))) return { status: 403, error: NOT_ALLOWED };
  const files = await checkAttachments(db, user, input.attachments, id);
  if (files) return files;
  try {
    const row = await db.transaction(async (tx) => {
      const seq = moved ? await nextSeqAbove(tx, input.room, current.seq) : await nextSeq(tx, input.room);
      const [updated] = await tx
        .update(alerts)
        .set({
          roomId: input.room,
          title: input.title,
          content: input.content,
          attachments: input.attachments,
          // The trade's updates stay: the form edits its levels, not its history.
          trade: input.trade ? { ...input.trade, updates: current.trade?.updates ?? [] } : null,
          freeAlert: input.freeAlert,
          urgent: input.urgent,
          seq,
          updatedAt: now,
        })
        .where(and(eq(alerts.id, id), isNull(alerts.deletedAt)))
        .returning();
      if (!updated) throw new AlertGone();
      if (moved) await tx.update(messages).set({ roomId: input.room }).where(eq(messages.alertId, id));
      // Files taken off the alert are free again; new ones are marked as its own.
      await tx
        .update(uploads)
        .set({ messageId: null })
        .where(and(eq(uploads.messageId, id), input.attachments.length > 0 ? notInArray(uploads.id, input.attachments) : undefined));
      await attach(tx, user, id, input.attachments);
      return updated;
    });
    return { row };
  } catch (error) {
    if (error instanceof AttachmentTaken) return { status: 400, error: INVALID_ATTACHMENT };
    if (error instanceof AlertGone) return { status: 404, error: ALERT_NOT_FOUND };
    throw error;
  }
}

/** Edit and delete: the author, or a moderator (spec 2 §6 "privileged list"). */
export async function mayEdit(db: Database, user: UserRow, alert: AlertRow, now: Date = new Date()): Promise<boolean> {
  return alert.authorId === user.id || (await isModerator(db, user, now));
}

async function mayPostIn(db: Database, user: UserRow, roomId: string, now: Date): Promise<boolean> {
  const access = await roomAccess(db, user, roomId, now);
  if (!access?.rights.canWrite) return false;
  // Said again beside the alerts: the general room is for staff only (canWrite already says so).
  return !access.room.staffOnlyWrite || user.isStaff;
}

/**
 * The attachments must be the editor's own unattached uploads, or already this alert's; audio and
 * video newly attached need staff. Checked before the write and enforced again inside it.
 */
async function checkAttachments(db: Database, user: UserRow, ids: string[], alertId: string | null): Promise<WriteOutcome | null> {
  if (ids.length === 0) return null;
  if (new Set(ids).size !== ids.length) return { status: 400, error: INVALID_ATTACHMENT };
  const files = await db.select().from(uploads).where(inArray(uploads.id, ids));
  if (files.length !== ids.length) return { status: 400, error: INVALID_ATTACHMENT };
  const fresh = files.filter((file) => alertId === null || file.messageId !== alertId);
  if (fresh.some((file) => file.ownerId !== user.id || file.messageId !== null)) return { status: 400, error: INVALID_ATTACHMENT };
  if (!user.isStaff && fresh.some((file) => file.attachmentType === 'audio' || file.attachmentType === 'video')) {
    return { status: 403, error: NOT_ALLOWED };
  }
  return null;
}

/** Marks the editor's free uploads among `ids` as the alert's; a file taken meanwhile aborts. */
async function attach(tx: Transaction, user: UserRow, alertId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const already = await tx.select({ id: uploads.id }).from(uploads).where(and(inArray(uploads.id, ids), eq(uploads.messageId, alertId)));
  const marked = await tx
    .update(uploads)
    .set({ messageId: alertId })
    .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, user.id), isNull(uploads.messageId)))
    .returning({ id: uploads.id });
  if (already.length + marked.length !== ids.length) throw new AttachmentTaken();
}

class AttachmentTaken extends Error {}
class AlertGone extends Error {}

/**
 * A trade update (issue 22) by the alert's author or a moderator: the stop moved (its price
 * required), break-even (at the given price, else the entry), an objective hit, or the trade
 * closed; appended to the trade's updates with its time, the levels changed, a new seq of the
 * room taken so every client replaces what it holds. Nothing follows a close.
 */
export async function updateTrade(db: Database, user: UserRow, id: string, input: { kind: TradeUpdateKind; price: number | null }, now: Date = new Date()): Promise<WriteOutcome> {
  const [current] = await db.select().from(alerts).where(eq(alerts.id, id)).limit(1);
  if (!current || current.deletedAt !== null) return { status: 404, error: ALERT_NOT_FOUND };
  if (!(await mayEdit(db, user, current, now))) return { status: 403, error: NOT_ALLOWED };
  const trade = current.trade;
  if (!trade) return { status: 400, error: TRADE_UPDATE_TEXT.noTrade };
  const updates = trade.updates ?? [];
  if (updates.some((u) => u.kind === 'closed')) return { status: 400, error: TRADE_UPDATE_TEXT.closed };
  if (updates.length >= TRADE_UPDATES_MAX) return { status: 400, error: TRADE_UPDATE_TEXT.tooMany };
  if (input.kind === 'sl' && input.price === null) return { status: 400, error: TRADE_UPDATE_TEXT.priceRequired };
  const price = input.kind === 'be' ? (input.price ?? trade.enter) : input.price;
  const next = {
    ...trade,
    ...(input.kind === 'sl' ? { sl: price } : input.kind === 'be' ? { be: price } : {}),
    updates: [...updates, { kind: input.kind, price, date: now.toISOString() }],
  };
  const row = await db.transaction(async (tx) => {
    const seq = await nextSeq(tx, current.roomId);
    const [updated] = await tx.update(alerts).set({ trade: next, seq, updatedAt: now }).where(and(eq(alerts.id, id), isNull(alerts.deletedAt))).returning();
    return updated;
  });
  return row ? { row } : { status: 404, error: ALERT_NOT_FOUND };
}
