import { z } from 'zod/mini';
import { isoDate } from './user';

/*
 * The referral programme's calls (spec 3 §7, API host): the member's affiliation, referrals and
 * transfers, and the payout account's connection. Amounts are euros (two decimals).
 */

export const AFFILIATION_PATHS = {
  affiliation: '/settings/affiliation',
  referrals: '/settings/parrainages',
  transfers: '/settings/virements',
  /** Starts the payout account's connection: a redirect to the provider's account-link page. */
  connectStart: '/settings/stripe_connect/start',
  /** Local payments only: the stand-in of the provider's account-link page, and the payout job on demand. */
  localConnect: '/local-pay/connect',
  localPayouts: '/local-pay/run-payouts',
} as const;

/** Spec 3 §3 "Affiliation": code, ref_coupon (the coupon the referees type; the same code). */
export const affiliation = z.object({ code: z.string(), ref_coupon: z.string() });
export type Affiliation = z.infer<typeof affiliation>;

/**
 * `GET /settings/affiliation`: the affiliation (null until created), the link to share, whether
 * the payout account is connected (then rewards are commissions, else free months), the address
 * that starts connecting it, and the programme's configuration (spec 3 §3 "Affiliation config").
 */
export const affiliationAnswer = z.object({
  affiliation: z.nullable(affiliation),
  referralLink: z.nullable(z.string()),
  stripeConnectId: z.nullable(z.string()),
  connectUrl: z.string(),
  config: z.object({ pourcent_abo_apport_conv: z.number(), couponPercent: z.number() }),
});
export type AffiliationAnswer = z.infer<typeof affiliationAnswer>;

/** `POST /settings/affiliation` (no body): created once; a second call answers 409 with the error. */
export const createAffiliationAnswer = z.object({ success: z.literal(true), affiliation });

/**
 * Spec 3 §3 "Referral": user.username, date, recu.montant (the amount paid excluding VAT, after
 * coupon), tvaPercent, affilationPaid. Ours: what it earned — a commission in euros or free months.
 */
export const referral = z.object({
  id: z.int(),
  user: z.object({ username: z.string() }),
  date: isoDate,
  recu: z.object({ montant: z.number() }),
  tvaPercent: z.number(),
  affilationPaid: z.boolean(),
  reward: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('commission'), amount: z.number() }),
    z.object({ kind: z.literal('freeMonths'), months: z.int() }),
  ]),
});
export type Referral = z.infer<typeof referral>;
export const referralsAnswer = z.object({ data: z.array(referral) });

/**
 * Spec 3 §3 "Transfer": date, amount, stripeConnectId. `amount` is euros when `stripeConnectId`
 * is set (a payout), else a number of free months (added to the VIP).
 */
export const transfer = z.object({ id: z.int(), date: isoDate, amount: z.number(), stripeConnectId: z.nullable(z.string()) });
export type Transfer = z.infer<typeof transfer>;
export const transfersAnswer = z.object({ data: z.array(transfer) });

/** Server messages the referral page shows as they come (spec 3 §8: the server error as a toast). */
export const AFFILIATION_MESSAGES = {
  alreadyCreated: 'Vous avez déjà une affiliation',
  ownCode: 'Vous ne pouvez pas utiliser votre propre code de parrainage',
} as const;
