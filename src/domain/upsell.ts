import type { AdBanner, UpsellBanner } from '../contract/banners';
import type { SubscriptionEntry } from '../contract/user';
import { SUBSCRIPTION } from './subscription-ids';
import { expiryOf, holds, isVip, UNLIMITED_AFTER } from './subscriptions';

type Holder = { abonnements: readonly SubscriptionEntry[] };
export const OFFERS_PATH = '/profil/abonnements';

export type UpsellPill =
  | { kind: 'none' }
  | { kind: 'pill'; label: 'Devenir VIP' | 'Passer au LIVE'; href: string }
  | { kind: 'banner'; text: string; href: string };

/** A dated banner runs from its start (inclusive) to its end (exclusive), spec 1 §4. */
export function isBannerActive(banner: { datedebut: string; datefin: string }, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(banner.datedebut) <= t && t < Date.parse(banner.datefin);
}

/**
 * The top bar pill (spec 1 §2): 'Devenir VIP' without 3, 'Passer au LIVE' with 3 but not 4,
 * nothing with both. A running ad banner's short text replaces the pill where a pill would show.
 */
export function upsellPill(user: Holder, adBanner: AdBanner | null, now: Date): UpsellPill {
  const label = !isVip(user, now) ? 'Devenir VIP' : !holds(user, SUBSCRIPTION.LIVE, now) ? 'Passer au LIVE' : null;
  if (label === null) return { kind: 'none' };
  const short = adBanner?.textecourt?.trim();
  if (adBanner && short && isBannerActive(adBanner, now)) return { kind: 'banner', text: short, href: OFFERS_PATH };
  return { kind: 'pill', label, href: OFFERS_PATH };
}

export type UpsellBlock = 'Prime' | 'Live' | 'Illimite';

/**
 * Blocks of the upsell banner to show (spec 1 §6): only to VIP holders; Prime hidden with 5, Live
 * with 4, Illimite when VIP runs past 2031-01-01; inactive groups hidden. Empty means no banner.
 */
export function upsellBannerBlocks(user: Holder, banner: UpsellBanner | null, now: Date): UpsellBlock[] {
  if (!banner || !isVip(user, now)) return [];
  const vipExpiry = expiryOf(user, SUBSCRIPTION.VIP);
  const held: Record<UpsellBlock, boolean> = {
    Prime: holds(user, SUBSCRIPTION.PRIME, now),
    Live: holds(user, SUBSCRIPTION.LIVE, now),
    Illimite: vipExpiry !== null && vipExpiry.getTime() > UNLIMITED_AFTER,
  };
  return (['Prime', 'Live', 'Illimite'] as const).filter((block) => banner[block].actif && !held[block]);
}
