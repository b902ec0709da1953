import { hasAnySubscription } from '../../src/domain/subscriptions';
import type { Database } from '../db/open-database';
import { subscriptionsOf, toAbonnements, type UserRow } from '../users/user-queries';

/**
 * Private messaging is for members holding a subscription (3, 4 or 6, spec 1 §6) and for the
 * staff, who answer members; read fresh for each call, so an expiry closes it at once. Others are
 * answered 'NOT_ALLOWED', which the client turns into the access prompt.
 */
export async function hasMessagingAccess(db: Database, user: UserRow, now: Date = new Date()): Promise<boolean> {
  if (user.deletedAt !== null) return false;
  if (user.isStaff) return true;
  return hasAnySubscription({ abonnements: toAbonnements(await subscriptionsOf(db, user.id)) }, now);
}
