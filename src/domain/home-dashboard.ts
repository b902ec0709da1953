import type { SubscriptionEntry } from '../contract/user';
import { SUBSCRIPTION } from './subscription-ids';
import { expiryOf, hasLive, isModerator, isUnlimited, isVip, remainingDays } from './subscriptions';

/*
 * The home dashboard's rules (spec 3 §2 "Home dashboard", §9): who sees which live actions, the
 * VIP status line, the alert summary's cut, the ad banner's countdown.
 */

type Holder = { abonnements: readonly SubscriptionEntry[] };

/** The summary lists up to 10 alerts; content longer than 200 characters is cut (spec 3 §2, §9). */
export const SUMMARY_LIMIT = 10;
export const SUMMARY_CUT = 200;

/** The summary's text: whole when short or opened, else its first 200 characters and an ellipsis. */
export function summaryExcerpt(text: string, open: boolean): { text: string; cut: boolean } {
  const chars = Array.from(text);
  if (chars.length <= SUMMARY_CUT) return { text, cut: false };
  return { text: open ? text : `${chars.slice(0, SUMMARY_CUT).join('').trimEnd()}…`, cut: true };
}

/**
 * The live actions of the home page (spec 3 §2): Live subscribers (4, or 6) see the planning and
 * the join button; a VIP without Live is offered 'Passer au Live' (/purchase/upgrade_live); anyone
 * else is pointed to the offers (/profil/abonnements).
 */
export type HomeLiveAccess = { kind: 'live' } | { kind: 'upgradeLive'; href: '/purchase/upgrade_live' } | { kind: 'offers'; href: '/profil/abonnements' };
export function homeLiveAccess(user: Holder, now: Date): HomeLiveAccess {
  if (hasLive(user, now)) return { kind: 'live' };
  if (isVip(user, now)) return { kind: 'upgradeLive', href: '/purchase/upgrade_live' };
  return { kind: 'offers', href: '/profil/abonnements' };
}

/** The VIP status banner at the top of the home page. */
export type VipStatus =
  | { kind: 'none' }
  | { kind: 'coach' }
  | { kind: 'unlimited' }
  | { kind: 'running'; days: number; expiry: Date };
export function vipStatus(user: Holder, now: Date): VipStatus {
  if (isModerator(user, now)) return { kind: 'coach' };
  if (!isVip(user, now)) return { kind: 'none' };
  if (isUnlimited(user, SUBSCRIPTION.VIP, now)) return { kind: 'unlimited' };
  const expiry = expiryOf(user, SUBSCRIPTION.VIP);
  return expiry ? { kind: 'running', days: remainingDays(user, SUBSCRIPTION.VIP, now), expiry } : { kind: 'none' };
}
