import { inArray } from 'drizzle-orm';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { rooms, userSubscriptions } from '../db/schema';
import { roomRights } from '../rooms/room-rights';
import type { SubscriptionRow, UserRow } from '../users/user-queries';

/**
 * Who looks at alerts, read fresh for each call or broadcast so an expiry applies at once.
 * `vip`: a running VIP (3), which moderators (6) count as; `readable`: the rooms they may read.
 */
export type AlertViewer = { id: number; vip: boolean; moderator: boolean; banned: boolean; readable: ReadonlySet<string> };

/** What decides whether an alert is shown whole. */
export type LockableAlert = { roomId: string; authorId: number; freeAlert: boolean };

/**
 * Alerts are VIP only (spec 2 §6), and a room's alerts are for its readers: an alert is shown
 * whole to its author, to everyone when it is a freeAlert, and to a VIP who may read its room.
 * Everyone else gets it locked (title, author, date and counts: the blurred card, never its
 * content, attachments or trade). This is the only place that decides.
 */
export function isUnlocked(alert: LockableAlert, viewer: AlertViewer): boolean {
  return alert.freeAlert || alert.authorId === viewer.id || (viewer.vip && viewer.readable.has(alert.roomId));
}

/** The rooms whose (non-free) alerts the viewer reads whole. */
export const unlockedRooms = (viewer: AlertViewer): string[] => (viewer.vip ? [...viewer.readable] : []);

export async function alertViewerOf(db: Database, user: UserRow, now: Date = new Date()): Promise<AlertViewer> {
  const viewers = await alertViewersOf(db, [user], now);
  const viewer = viewers.get(user.id);
  if (!viewer) throw new Error('lecteur introuvable');
  return viewer;
}

/** The viewers of many members at once (a broadcast): two queries, whatever their number. */
export async function alertViewersOf(db: Database, users: readonly UserRow[], now: Date = new Date()): Promise<Map<number, AlertViewer>> {
  const viewers = new Map<number, AlertViewer>();
  if (users.length === 0) return viewers;
  const ids = [...new Set(users.map((user) => user.id))];
  const [allRooms, subscriptions] = await Promise.all([
    db.select().from(rooms),
    db.select().from(userSubscriptions).where(inArray(userSubscriptions.userId, ids)),
  ]);
  const byUser = new Map<number, SubscriptionRow[]>();
  for (const row of subscriptions) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  for (const user of users) {
    if (viewers.has(user.id)) continue;
    const held = (byUser.get(user.id) ?? []).filter((s) => s.expiresAt > now).map((s) => s.subscriptionId);
    const has = (id: number) => held.includes(id);
    const mine = byUser.get(user.id) ?? [];
    viewers.set(user.id, {
      id: user.id,
      vip: has(SUBSCRIPTION.VIP) || has(SUBSCRIPTION.MODERATOR),
      moderator: has(SUBSCRIPTION.MODERATOR),
      banned: has(SUBSCRIPTION.CHAT_BAN),
      readable: new Set(allRooms.filter((room) => roomRights(room, user, mine, now).canRead).map((room) => room.id)),
    });
  }
  return viewers;
}
