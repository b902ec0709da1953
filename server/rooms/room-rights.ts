import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { SubscriptionRow, UserRow } from '../users/user-queries';
import type { rooms } from '../db/schema';

export type RoomRow = typeof rooms.$inferSelect;
/** What the rights read of a member's subscription. */
export type HeldSubscription = Pick<SubscriptionRow, 'subscriptionId' | 'expiresAt'>;
export type RoomRights = { canRead: boolean; canWrite: boolean; canSendAttachments: boolean };

/**
 * A member's rights in a room, decided here and only here (spec 2 §6): the room's subscription
 * opens it (coaches read everywhere); a chat ban (8) or a staff-only room closes the composer.
 */
export function roomRights(room: RoomRow, user: UserRow, subscriptions: HeldSubscription[], now: Date): RoomRights {
  const held = new Set(subscriptions.filter((s) => s.expiresAt > now).map((s) => s.subscriptionId));
  const moderator = held.has(SUBSCRIPTION.MODERATOR);
  const canRead = moderator || held.has(room.readSubscription);
  const banned = held.has(SUBSCRIPTION.CHAT_BAN);
  const canWrite = canRead && !banned && (!room.staffOnlyWrite || user.isStaff);
  return { canRead, canWrite, canSendAttachments: canWrite };
}
