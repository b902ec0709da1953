import type { Country, Instalment, NewPrices, Offer, Product } from '../contract/billing';
import type { Billing, SubscriptionEntry } from '../contract/user';
import { holds, isVip, remainingDays, vipRepurchaseBlocked } from './subscriptions';
import { SUBSCRIPTION } from './subscription-ids';

/**
 * The price rules of spec 1 §4, §5 and §9, shared by the checkout (what the member sees) and the
 * server (what it charges): VAT of the billing country, prices with VAT to two decimals, the
 * per-month price, the duration labels, the automatic-renewal note, coupons, the price-one plan,
 * the quarterly instalments, the lifetime expiry and the upgrade to Live.
 *
 * Catalogue prices are before VAT, in EUR. Sums are made in cents so that 0.1 + 0.2 never shows.
 */

/** Spec 1 §9: 20 % unless the billing country says otherwise; FR when no country is given. */
export const DEFAULT_VAT = 20;
export const DEFAULT_COUNTRY = 'FR';
/** Instalment plans: three payments, every three months (spec 1 §4, §9). */
export const INSTALMENTS = 3;
export const INSTALMENT_INTERVAL_MONTHS = 3;
/** Subscription 7 makes the purchase price 1 (spec 1 §3). */
export const PRICE_ONE = 1;
/** A product of 0 months is for life: its subscriptions run until this date (unlimited, spec 1 §9). */
export const LIFETIME_EXPIRY = new Date(Date.UTC(2100, 0, 1));
/** The upgrade to Live is paid by whole months of the remaining VIP, at least one, at most twelve. */
export const UPGRADE_MAX_MONTHS = 12;
const DAYS_PER_MONTH = 30;

export type Money = { ht: number; tva: number; ttc: number };

export const toCents = (euros: number): number => Math.round(euros * 100);
export const fromCents = (cents: number): number => cents / 100;
/** Two decimals, as every price is shown and charged. */
export const roundPrice = (euros: number): number => fromCents(toCents(euros));

/**
 * The VAT rate (percent) of the billing information: the country's `tva`, or `tva_entreprise`
 * when a VAT number is given; 20 % for a country we do not know; FR when none is chosen.
 */
export function vatRate(countries: readonly Country[], billing: Pick<Billing, 'country' | 'vat'> | null | undefined): number {
  const code = billing?.country.trim().toUpperCase() || DEFAULT_COUNTRY;
  const country = countries.find((c) => c.code === code);
  if (!country) return DEFAULT_VAT;
  return billing?.vat.trim() ? country.tva_entreprise : country.tva;
}

/** A price before VAT × (1 + VAT), to two decimals. */
export function withVat(ht: number, vat: number): number {
  const basisPoints = Math.round(vat * 100);
  return fromCents(Math.round((toCents(ht) * (10_000 + basisPoints)) / 10_000));
}

/** The amounts of a price before VAT: HT, the VAT and the total, each to two decimals. */
export function moneyOf(ht: number, vat: number): Money {
  const ttc = withVat(ht, vat);
  return { ht: roundPrice(ht), tva: fromCents(toCents(ttc) - toCents(ht)), ttc };
}

/**
 * The per-month price shown beside an offer: the price divided by its months, floored; hidden
 * (null) for 0 months (lifetime) and 3 months (the instalment plan, spec 1 §9).
 */
export function perMonthPrice(price: number, nbMois: number): number | null {
  if (nbMois === 0 || nbMois === 3) return null;
  return Math.floor(price / nbMois);
}

/** How a product's duration reads beside its price (spec 1 §9). */
export function durationLabel(nbMois: number): string {
  switch (nbMois) {
    case 0:
      return 'à vie';
    case 1:
      return 'par mois';
    case 3:
      return 'x 3 paiements trimestriels';
    case 6:
      return 'par semestre';
    case 12:
      return 'par an';
    default:
      return `pour ${nbMois} mois`;
  }
}

export const RENEWAL_NOTE = "Cet abonnement se renouvelle automatiquement au prix plein à la fin de chaque période, jusqu'à sa résiliation.";

/** The automatic-renewal note: a recurring product of more than one month paid at once (spec 1 §9). */
export function renewalNote(product: Pick<Product, 'nb_mois' | 'nb_paiements' | 'recurrent'>): string | null {
  return product.nb_mois > 1 && product.nb_paiements === 1 && product.recurrent ? RENEWAL_NOTE : null;
}

/**
 * A product's price before VAT after a coupon: a value below 1 multiplies the price (0.8 is 20 %
 * off), 1 or more replaces it; a product the coupon does not name keeps its price.
 */
/** The `newPrices` key of a coupon that applies to every product (the referral coupons, issue 20). */
export const ALL_PRODUCTS = '*';

export function couponPrice(product: Pick<Product, 'id' | 'prix'>, newPrices: NewPrices | null | undefined): number {
  // A product's own price, else the coupon's price for every product ('*': a referral coupon).
  const value = newPrices?.[String(product.id)] ?? newPrices?.[ALL_PRODUCTS];
  if (value === undefined) return roundPrice(product.prix);
  return value < 1 ? roundPrice(product.prix * value) : roundPrice(value);
}

export type ChargeOptions = {
  optionSelected: boolean;
  newPrices?: NewPrices | null;
  /** The buyer holds subscription 7: the whole purchase costs 1 before VAT. */
  priceOne?: boolean;
  vat: number;
};

/** The products one buys with an offer: the main one, the optional one when selected, the included ones. */
export function productsOf(offer: Pick<Offer, 'produit_principal' | 'produit_optionnel' | 'produit_inclus'>, optionSelected: boolean): Product[] {
  return [offer.produit_principal, ...(optionSelected && offer.produit_optionnel ? [offer.produit_optionnel] : []), ...offer.produit_inclus];
}

/**
 * What an offer costs now (the first payment of an instalment plan): the main product, plus the
 * optional one when selected, each after the coupon; included products are free.
 */
export function offerCharge(offer: Pick<Offer, 'produit_principal' | 'produit_optionnel'>, options: ChargeOptions): Money {
  if (options.priceOne) return moneyOf(PRICE_ONE, options.vat);
  const paid = [offer.produit_principal, ...(options.optionSelected && offer.produit_optionnel ? [offer.produit_optionnel] : [])];
  const cents = paid.reduce((sum, product) => sum + toCents(couponPrice(product, options.newPrices)), 0);
  return moneyOf(fromCents(cents), options.vat);
}

/** A date `months` calendar months later, in UTC, kept within the month (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
}

/** The dates of a three-instalment plan bought at `first`: today, +3 and +6 months. */
export function instalmentDates(first: Date, count: number = INSTALMENTS): Date[] {
  return Array.from({ length: count }, (_, i) => addMonths(first, i * INSTALMENT_INTERVAL_MONTHS));
}

/**
 * The schedule of an instalment plan: the payments made, then the ones to come projected every
 * three months from the last one paid (+3, +6), up to three in all.
 */
export function instalmentSchedule(paid: readonly { date: Date; amount: number }[], amount: number, total: number = INSTALMENTS): Instalment[] {
  const done: Instalment[] = paid.slice(0, total).map((p) => ({ date: p.date.toISOString(), amount: roundPrice(p.amount), paid: true }));
  const last = paid.at(-1)?.date;
  if (!last) return done;
  const upcoming: Instalment[] = [];
  for (let i = 1; done.length + upcoming.length < total; i += 1) {
    upcoming.push({ date: addMonths(last, i * INSTALMENT_INTERVAL_MONTHS).toISOString(), amount: roundPrice(amount), paid: false });
  }
  return [...done, ...upcoming];
}

/**
 * The expiry a paid period gives: `nbMois` months after the current expiry when it still runs,
 * else after now; a lifetime product (0 months) runs until `LIFETIME_EXPIRY`.
 */
export function extendedExpiry(current: Date | null, now: Date, nbMois: number): Date {
  if (nbMois === 0) return LIFETIME_EXPIRY;
  const from = current && current.getTime() > now.getTime() ? current : now;
  if (from.getTime() >= LIFETIME_EXPIRY.getTime()) return from;
  return addMonths(from, nbMois);
}

/**
 * The expiry a renewal gives: the period follows the one before, from `anchor` (the date the plan
 * was due), even when the charge comes a little later, so a renewal loses no days; a charge that
 * comes after the whole period it pays has run out starts from now instead.
 */
export function renewedExpiry(current: Date | null, anchor: Date, now: Date, nbMois: number): Date {
  if (nbMois === 0 || addMonths(anchor, nbMois).getTime() <= now.getTime()) return extendedExpiry(current, now, nbMois);
  const from = current && current.getTime() > anchor.getTime() ? current : anchor;
  return extendedExpiry(from, from, nbMois);
}

/** An offer whose main product is a VIP one (its internal label says VIP). */
export const isVipOffer = (offer: Pick<Offer, 'produit_principal'>): boolean => offer.produit_principal.libelle_interne.toUpperCase().includes('VIP');

/** A VIP-type offer cannot be bought while VIP runs for more than 365 more days (spec 1 §5). */
export function purchaseBlocked(holder: { abonnements: readonly SubscriptionEntry[] }, offer: Pick<Offer, 'produit_principal'>, now: Date): boolean {
  return isVipOffer(offer) && vipRepurchaseBlocked(holder, now);
}

/** The upgrade to VIP + Live needs a running VIP (3) and no Live (4) (spec 1 §4). */
export const upgradeAllowed = (holder: { abonnements: readonly SubscriptionEntry[] }, now: Date): boolean =>
  isVip(holder, now) && !holds(holder, SUBSCRIPTION.LIVE, now);

/**
 * The upgrade to VIP + Live: Live for the whole months left of the VIP (at least 1, at most 12),
 * at the Live product's monthly price (after a coupon).
 */
export function upgradeCharge(
  holder: { abonnements: readonly SubscriptionEntry[] },
  monthly: Pick<Product, 'id' | 'prix'>,
  options: { now: Date; vat: number; newPrices?: NewPrices | null; priceOne?: boolean },
): Money & { months: number } {
  const days = remainingDays(holder, SUBSCRIPTION.VIP, options.now);
  const months = Math.min(UPGRADE_MAX_MONTHS, Math.max(1, Math.ceil(days / DAYS_PER_MONTH)));
  if (options.priceOne) return { ...moneyOf(PRICE_ONE, options.vat), months };
  const ht = fromCents(toCents(couponPrice(monthly, options.newPrices)) * months);
  return { ...moneyOf(ht, options.vat), months };
}

/** A price as the member reads it: '58,80 €'. */
export function formatPrice(euros: number): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(euros);
}
