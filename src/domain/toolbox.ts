import type { SubscriptionEntry } from '../contract/user';
import { isVip } from './subscriptions';

/**
 * The toolbox's rules (spec 3 §2 "Tools", §5, §6, §9): the price a member reads is the stored price
 * times 1.2, rounded to the euro, in EUR; tools and their downloads are for VIPs (subscription 3
 * not expired).
 */

/** Spec 3 §9: the tool price multiplier. */
export const TOOL_PRICE_MULTIPLIER = 1.2;

/**
 * The displayed price of a stored price (null: the tool has none). Worked in cents × 12 / 10, all
 * integers, so a price whose exact product ends in .5 rounds up instead of falling either side
 * of it by a binary fraction.
 */
export function toolDisplayPrice(price: number | null): number | null {
  if (price === null || !Number.isFinite(price) || price < 0) return null;
  return Math.round((Math.round(price * 100) * 12) / 1000);
}

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Whole euros as French readers write them: '35 €', '10 000 €'. */
export const formatEuros = (euros: number): string => EUROS.format(euros);

/** Tools, tool pages and downloads need VIP (spec 3 §6). */
export const canUseTools = (member: { abonnements: readonly SubscriptionEntry[] } | null, now: Date): boolean =>
  member !== null && isVip(member, now);

/** A tool's address from a route parameter: a positive whole number, else null (an unknown tool). */
export function toolIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/**
 * The address a download may follow: the server's signed link, on the app's own origin (where
 * the session cookie goes). Anything else (another origin, `javascript:`) is not followed.
 */
export function sameOriginLink(url: string, origin: string): string | null {
  let resolved: URL;
  try {
    resolved = new URL(url, origin);
  } catch {
    return null;
  }
  return resolved.origin === origin && (resolved.protocol === 'https:' || resolved.protocol === 'http:') ? resolved.href : null;
}
