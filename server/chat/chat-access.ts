import { eq } from 'drizzle-orm';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { rooms } from '../db/schema';
import { roomRights, type RoomRights, type RoomRow } from '../rooms/room-rights';
import { subscriptionsOf, type UserRow } from '../users/user-queries';
import type { HeldSubscription } from '../rooms/room-rights';

/** What a member may do in one room, read fresh for each action (a ban or an expiry applies at once). */
export type RoomAccess = { room: RoomRow; rights: RoomRights; moderator: boolean; banned: boolean };

export const NOT_ALLOWED = 'NOT_ALLOWED';
export const BANNED = 'Vous avez été banni du chat';
export const INVALID_REQUEST = 'Requête invalide';
export const REQUEST_FAILED = 'Erreur lors de la requête';

/** The member's access to a room, or null when the room does not exist. */
export async function roomAccess(db: Database, user: UserRow, roomId: string, now: Date = new Date()): Promise<RoomAccess | null> {
  const [[room], subscriptions] = await Promise.all([
    db.select().from(rooms).where(eq(rooms.id, roomId)).limit(1),
    subscriptionsOf(db, user.id),
  ]);
  if (!room) return null;
  return accessFrom(room, user, subscriptions, now);
}

/** Every room the member may read (their socket joins each room's readers channel). */
export async function readableRoomIds(db: Database, user: UserRow, now: Date = new Date()): Promise<string[]> {
  return (await connectionAccess(db, user, now)).readable;
}

/**
 * What a socket needs at its connection, read once: whether its member moderates, the rooms they may
 * read, and their subscriptions (whose next expiry closes rooms again, room-expiry.ts).
 */
export async function connectionAccess(db: Database, user: UserRow, now: Date = new Date()): Promise<{ moderator: boolean; readable: string[]; subscriptions: HeldSubscription[] }> {
  const [all, subscriptions] = await Promise.all([db.select().from(rooms), subscriptionsOf(db, user.id)]);
  return {
    moderator: holds(subscriptions, SUBSCRIPTION.MODERATOR, now),
    readable: all.filter((room) => roomRights(room, user, subscriptions, now).canRead).map((room) => room.id),
    subscriptions,
  };
}

/** Subscription 6 not expired: may delete any message and pin (spec 2 §6). */
export async function isModerator(db: Database, user: UserRow, now: Date = new Date()): Promise<boolean> {
  return holds(await subscriptionsOf(db, user.id), SUBSCRIPTION.MODERATOR, now);
}

export function accessFrom(room: RoomRow, user: UserRow, subscriptions: HeldSubscription[], now: Date): RoomAccess {
  return {
    room,
    rights: roomRights(room, user, subscriptions, now),
    moderator: holds(subscriptions, SUBSCRIPTION.MODERATOR, now),
    banned: holds(subscriptions, SUBSCRIPTION.CHAT_BAN, now),
  };
}

const holds = (subscriptions: HeldSubscription[], id: number, now: Date): boolean =>
  subscriptions.some((s) => s.subscriptionId === id && s.expiresAt > now);
