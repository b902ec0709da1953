import type { SubscriptionEntry } from '../contract/user';
import { SUBSCRIPTION } from './subscription-ids';

const DAY_MS = 86_400_000;
/** More than this many remaining days counts as lifetime (spec 1 §9). */
export const LIFETIME_DAYS = 1900;
/** A VIP expiring more than this many days ahead cannot buy VIP again (spec 1 §5). */
export const REPURCHASE_BLOCK_DAYS = 365;
/** An expiry after this date counts as unlimited (spec 1 §9). */
export const UNLIMITED_AFTER = Date.UTC(2031, 0, 1);

type Holder = { abonnements: readonly SubscriptionEntry[] };

/** The latest expiry of a subscription id, or null when the member never had it. */
export function expiryOf(holder: Holder, id: number): Date | null {
  let latest: number | null = null;
  for (const entry of holder.abonnements) {
    if (entry.abonnement.id !== id) continue;
    const t = Date.parse(entry.expiration);
    if (latest === null || t > latest) latest = t;
  }
  return latest === null ? null : new Date(latest);
}

/** Whether subscription `id` is held and not expired at `now`. */
export function holds(holder: Holder, id: number, now: Date): boolean {
  const expiry = expiryOf(holder, id);
  return expiry !== null && expiry.getTime() > now.getTime();
}

export const isVip = (h: Holder, now: Date) => holds(h, SUBSCRIPTION.VIP, now);

/** "Holding a subscription" means 3, 4 or 6 (spec 1 §6); it opens the messaging panel. */
export const hasAnySubscription = (h: Holder, now: Date) =>
  [SUBSCRIPTION.VIP, SUBSCRIPTION.LIVE, SUBSCRIPTION.MODERATOR].some((id) => holds(h, id, now));

/** Live-subscription status is 4 or 6 (spec 1 §6). */
export const hasLive = (h: Holder, now: Date) =>
  holds(h, SUBSCRIPTION.LIVE, now) || holds(h, SUBSCRIPTION.MODERATOR, now);

export const isModerator = (h: Holder, now: Date) => holds(h, SUBSCRIPTION.MODERATOR, now);
export const isBanned = (h: Holder, now: Date) => holds(h, SUBSCRIPTION.CHAT_BAN, now);

/**
 * Spec 3 §2, §6: subscription 6 with the build's beta key shows the team's shortcuts ('Edit new'
 * in the replay and news filters, the planning editor).
 */
export const showsEditShortcut = (member: Holder | null, now: Date, betaKey: string | undefined): boolean =>
  member !== null && Boolean(betaKey) && isModerator(member, now);

/** Whole days left before `id` expires (0 when expired or never held). */
export function remainingDays(h: Holder, id: number, now: Date): number {
  const expiry = expiryOf(h, id);
  if (expiry === null) return 0;
  return Math.max(0, Math.floor((expiry.getTime() - now.getTime()) / DAY_MS));
}

/** Lifetime: more than 1900 days remain, or the expiry lies after 2031-01-01. */
export function isUnlimited(h: Holder, id: number, now: Date): boolean {
  const expiry = expiryOf(h, id);
  if (expiry === null || expiry.getTime() <= now.getTime()) return false;
  return remainingDays(h, id, now) > LIFETIME_DAYS || expiry.getTime() > UNLIMITED_AFTER;
}

/** A VIP-type offer cannot be bought while VIP runs for more than 365 more days. */
export const vipRepurchaseBlocked = (h: Holder, now: Date) =>
  remainingDays(h, SUBSCRIPTION.VIP, now) > REPURCHASE_BLOCK_DAYS;
