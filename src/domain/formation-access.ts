import type { SubscriptionEntry } from '../contract/user';
import { holds } from './subscriptions';

/** Spec 3 §2, §6: these categories show the Prime upgrade prompt ('Découvrir nos offres'). */
export const PRIME_FORMATION_CATEGORIES: readonly number[] = [2, 5, 6];

type Holder = { abonnements: readonly SubscriptionEntry[] };

/**
 * Whether a member's subscriptions open a category: `subscriptions` lists the ids any one of which
 * opens it (running, not expired); an empty list is a free category, open to every member.
 */
export function opensCategory(subscriptions: readonly number[], holder: Holder, now: Date): boolean {
  return subscriptions.length === 0 || subscriptions.some((id) => holds(holder, id, now));
}

/** Which prompt a locked category shows (spec 3 §2): the Prime one for 2, 5, 6, else the other. */
export const lockedPrompt = (categoryId: number): 'prime' | 'other' =>
  PRIME_FORMATION_CATEGORIES.includes(categoryId) ? 'prime' : 'other';
