import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { holdsSubscription, type UserRow } from '../users/user-queries';

/**
 * VIP (subscription 3, not expired) opens replays and tools (spec 3 §5, §6). Coaches hold it too
 * in the demo; subscription 6 alone does not open them, as for the formations' VIP categories.
 */
export const isVip = (db: Database, user: Pick<UserRow, 'id'>, now: Date): Promise<boolean> => holdsSubscription(db, user.id, SUBSCRIPTION.VIP, now);

/** The planning's editors and replay publishers (spec 3 §6: subscription 6). */
export const isCoach = (db: Database, user: Pick<UserRow, 'id'>, now: Date): Promise<boolean> =>
  holdsSubscription(db, user.id, SUBSCRIPTION.MODERATOR, now);
