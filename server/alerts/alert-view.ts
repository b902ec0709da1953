import { and, eq, inArray } from 'drizzle-orm';
import type { Alert } from '../../src/contract/alerts';
import type { Database } from '../db/open-database';
import { alertAcks, alertLikes, alerts, uploads } from '../db/schema';
import { repliesPicturesOf, sendersById, toAttachment } from '../chat/message-view';
import { isUnlocked, type AlertViewer } from './alert-viewer';

export type AlertRow = typeof alerts.$inferSelect;

/** An alert as everyone would see it whole, before the viewer's own flags and the lock. */
export type AlertBody = Omit<Alert, 'me' | 'liked' | 'locked' | 'acknowledged'>;

/** The wire shape of stored alerts for one viewer (spec 2 §3 Alert), locked where they must be. */
export async function toAlerts(db: Database, rows: AlertRow[], viewer: AlertViewer): Promise<Alert[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [bodies, liked, acked] = await Promise.all([
    alertBodies(db, rows),
    db
      .select({ id: alertLikes.alertId })
      .from(alertLikes)
      .where(and(eq(alertLikes.userId, viewer.id), inArray(alertLikes.alertId, ids))),
    rows.some((row) => row.urgent)
      ? db
          .select({ id: alertAcks.alertId })
          .from(alertAcks)
          .where(and(eq(alertAcks.userId, viewer.id), inArray(alertAcks.alertId, ids)))
      : [],
  ]);
  const likedIds = new Set(liked.map((like) => like.id));
  const ackedIds = new Set(acked.map((ack) => ack.id));
  return rows.map((row, index) => {
    const body = bodies[index];
    if (!body) throw new Error('notification sans corps');
    return alertFor(body, row, viewer, likedIds.has(row.id), ackedIds.has(row.id));
  });
}

export async function toAlert(db: Database, row: AlertRow, viewer: AlertViewer): Promise<Alert> {
  const [alert] = await toAlerts(db, [row], viewer);
  if (!alert) throw new Error('notification introuvable après lecture');
  return alert;
}

/**
 * The alert for one viewer: `me` and `liked` are theirs, and a viewer it is not unlocked for gets
 * no content, no attachments and no trade (the blurred card's title, author, date and counts).
 */
export function alertFor(body: AlertBody, row: AlertRow, viewer: AlertViewer, liked: boolean, acknowledged = false): Alert {
  const me = row.authorId === viewer.id;
  if (isUnlocked(row, viewer)) return { ...body, me, liked, locked: false, acknowledged };
  return { ...body, content: '', attachments: [], trade: null, me, liked: false, locked: true, acknowledged: false };
}

/** The viewer-independent part of each row, in the order given. */
export async function alertBodies(db: Database, rows: AlertRow[]): Promise<AlertBody[]> {
  const uploadIds = rows.flatMap((row) => row.attachments);
  const [senders, files, pictures] = await Promise.all([
    sendersById(db, rows.map((row) => row.authorId)),
    uploadIds.length === 0 ? [] : db.select().from(uploads).where(inArray(uploads.id, uploadIds)),
    repliesPicturesOf(
      db,
      rows.filter((row) => row.repliesCount > 0).map((row) => row.id),
      'alert',
    ),
  ]);
  const fileById = new Map(files.map((file) => [file.id, file]));
  return rows.map((row) => {
    const sender = senders.get(row.authorId);
    return {
      _id: row.id,
      room: row.roomId,
      title: row.title,
      content: row.content,
      date: row.createdAt.toISOString(),
      user: {
        id: row.authorId,
        firstName: sender?.firstName ?? '',
        username: sender?.username ?? '',
        picture: sender?.picture ?? null,
        mention: sender?.mention ?? null,
      },
      likesCount: row.likesCount,
      repliesCount: row.repliesCount,
      repliesPictures: pictures.get(row.id) ?? [],
      attachments: row.attachments.flatMap((id) => {
        const file = fileById.get(id);
        return file ? [toAttachment(file)] : [];
      }),
      trade: row.trade ? { ...row.trade, updates: row.trade.updates ?? [] } : null,
      freeAlert: row.freeAlert,
      urgent: row.urgent,
      acksCount: row.acksCount,
      seq: row.seq,
    };
  });
}
