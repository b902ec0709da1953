/**
 * The referral programme's rules (spec 3 §2 "Affiliation", §5 "Referral terms", §9), shared by the
 * server (which alone computes and pays rewards) and the referral page (which shows them).
 */

export const REFERRAL = {
  /** The referee's coupon: 20 % off every product. */
  couponPercent: 20,
  /** The referrer's reverse share, on the amount excluding VAT after coupon. */
  sharePercent: 15,
  /** Above this amount excluding VAT (euros), or for a lifetime subscription: 3 free months, else 1. */
  freeMonthsThresholdHt: 1000,
  freeMonthsSmall: 1,
  freeMonthsLarge: 3,
  /** After 'Créer une affiliation' the page reloads after this long. */
  reloadAfterCreateMs: 800,
  /** 'Copié dans le presse-papier !' goes back to the copy button after this long. */
  copyResetMs: 2_000,
  /** Transfer references: VIR-{1000 + row}. */
  transferBase: 1000,
} as const;

/**
 * The referral link's parameter: `?aff=` sets the referral cookie (30 days), `?affint=` the
 * internal marker (1 day) — `REFERRAL_COOKIES` in registration.ts; the checkout sends both as
 * `reference_cnv` / `reference_int`, a registration carries them as cookies.
 */
export const REFERRAL_PARAM = 'aff';

/** Codes: 4 to 24 upper-case letters, digits or dashes (the coupon has the same code). */
const CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{2,22})[A-Z0-9]$/;

/** A code as typed or carried by a cookie, upper-cased; null when it cannot be a code. */
export function normaliseReferralCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The link a member shares: the registration page carrying the code. */
export const referralLink = (origin: string, code: string): string => `${origin.replace(/\/+$/, '')}/register-for-free?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;

/** What a referral earns its referrer. */
export type Reward = { kind: 'commission'; cents: number } | { kind: 'freeMonths'; months: number };

/**
 * Spec 3 §5: with a validated payout account, 15 % of the amount excluding VAT after coupon (in
 * cents, rounded to the cent); otherwise free months: 3 for a lifetime subscription or above
 * 1000 € excluding VAT, else 1.
 */
export function referralReward(purchase: { htCents: number; lifetime: boolean }, payoutValidated: boolean): Reward {
  if (payoutValidated) return { kind: 'commission', cents: Math.round((Math.max(0, purchase.htCents) * REFERRAL.sharePercent) / 100) };
  const large = purchase.lifetime || purchase.htCents > REFERRAL.freeMonthsThresholdHt * 100;
  return { kind: 'freeMonths', months: large ? REFERRAL.freeMonthsLarge : REFERRAL.freeMonthsSmall };
}

/**
 * Whether a purchase earns a reward: a referrer who is not the buyer, on the buyer's first paid
 * purchase (renewals and later purchases earn nothing).
 */
export function earnsReward(referrerId: number | null, buyerId: number, earlierPurchases: number): boolean {
  return referrerId !== null && referrerId !== buyerId && earlierPurchases === 0;
}

/** A transfer's reference from its row (1-based, oldest first): VIR-1001, VIR-1002… */
export const transferReference = (row: number): string => `VIR-${REFERRAL.transferBase + row}`;

/** The month key of a date (UTC), '2026-11'. */
export const monthKey = (at: Date): string => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The month the payout of `now` pays (the previous one, spec 3 §9: paid on the 1st for the
 * previous month) with its bounds [start, end) in UTC.
 */
export function payoutPeriod(now: Date): { month: string; start: Date; end: Date } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
  return { month: monthKey(start), start, end };
}

/** Earnings by month for the chart: every month from the first to the last earning, in order, zeros included. */
export function earningsByMonth(earnings: readonly { date: string; cents: number }[]): { month: string; cents: number }[] {
  if (earnings.length === 0) return [];
  const sums = new Map<string, number>();
  for (const e of earnings) {
    const key = monthKey(new Date(e.date));
    sums.set(key, (sums.get(key) ?? 0) + e.cents);
  }
  const keys = [...sums.keys()].sort();
  const [fy, fm] = keys[0]!.split('-').map(Number) as [number, number];
  const last = keys[keys.length - 1]!;
  const months: { month: string; cents: number }[] = [];
  for (let i = 0; ; i += 1) {
    const key = monthKey(new Date(Date.UTC(fy, fm - 1 + i, 1)));
    months.push({ month: key, cents: sums.get(key) ?? 0 });
    if (key === last) break;
  }
  return months;
}
