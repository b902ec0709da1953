import { and, eq, inArray } from 'drizzle-orm';
import { ALERT_EVENTS } from '../../src/contract/alerts';
import { SERVER_EVENTS } from '../../src/contract/chat';
import type { Database } from '../db/open-database';
import { alertAcks, alertLikes } from '../db/schema';
import type { ComptoirIo } from '../realtime/socket-server';
import { readersChannel, userChannel } from '../realtime/channels';
import { alertBodies, alertFor, type AlertRow } from './alert-view';
import { alertViewersOf, isUnlocked, type AlertViewer } from './alert-viewer';

/** Nobody in particular: what a member the server knows nothing about may see of an alert. */
const ANYONE: AlertViewer = { id: 0, vip: false, moderator: false, banned: false, readable: new Set() };

/**
 * 'chat alert' after a post or an edit, to every connected member (alert feeds show every room's
 * alerts, blurred where locked), plus 'increase room alert' to the room's readers for a new one.
 *
 * What a member may see differs, so the full alert is never sent to a channel. The sockets that
 * may read the room (its readers channel, joined at connection) and the author's are fetched, and
 * each member's VIP is read fresh in one query: those who see it whole get it on their own socket,
 * with their own `me` and `liked`. Everyone else gets one broadcast of the locked alert, sent to
 * all sockets except the members served one by one. A socket that connects in between gets the
 * locked one at worst (never the content), and rereads its feed on connecting anyway. Chosen over
 * channels of VIP and locked readers fixed at connection, which would keep sending content to a
 * member whose VIP ran out while connected.
 */
export async function announceAlert(io: ComptoirIo, db: Database, row: AlertRow, created: boolean): Promise<void> {
  const [body] = await alertBodies(db, [row]);
  if (!body) return;
  const sockets = await io.in([readersChannel(row.roomId), userChannel(row.authorId)]).fetchSockets();
  const viewers = await alertViewersOf(
    db,
    sockets.map((socket) => socket.data.user),
  );
  const whole = sockets.filter((socket) => {
    const viewer = viewers.get(socket.data.user.id);
    return viewer !== undefined && isUnlocked(row, viewer);
  });
  const wholeIds = [...new Set(whole.map((socket) => socket.data.user.id))];
  const likers =
    created || wholeIds.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .select({ userId: alertLikes.userId })
              .from(alertLikes)
              .where(and(eq(alertLikes.alertId, row.id), inArray(alertLikes.userId, wholeIds)))
          ).map((like) => like.userId),
        );
  // An edit carries each one's acknowledgement, as their like: a newer stamp never takes it back.
  const ackers =
    created || !row.urgent || wholeIds.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .select({ userId: alertAcks.userId })
              .from(alertAcks)
              .where(and(eq(alertAcks.alertId, row.id), inArray(alertAcks.userId, wholeIds)))
          ).map((ack) => ack.userId),
        );
  for (const socket of whole) {
    const viewer = viewers.get(socket.data.user.id);
    if (viewer) socket.emit(ALERT_EVENTS.alert, alertFor(body, row, viewer, likers.has(viewer.id), ackers.has(viewer.id)));
  }
  io.except(wholeIds.map(userChannel)).emit(ALERT_EVENTS.alert, alertFor(body, row, ANYONE, false));
  if (created) io.to(readersChannel(row.roomId)).emit(ALERT_EVENTS.increaseRoomAlert, { room: row.roomId });
}

/** An urgent alert's acknowledgement count (issue 22), to everyone like its likes. */
export function announceAlertAcks(io: ComptoirIo, alertId: string, roomId: string, acksCount: number, seq: number): void {
  io.emit(ALERT_EVENTS.ackCount, { _id: alertId, room: roomId, acksCount, seq });
}

/** Counts and deletions carry no content: every member's feed may hold the alert. */
export function announceAlertLike(io: ComptoirIo, alertId: string, roomId: string, likesCount: number, seq: number): void {
  io.emit(SERVER_EVENTS.likeCount, { _id: alertId, room: roomId, likesCount, seq });
}

export function announceAlertDeleted(io: ComptoirIo, alertId: string, roomId: string, seq: number): void {
  io.emit(SERVER_EVENTS.deleted, { _id: alertId, room: roomId, parentMessage: null, seq });
}
