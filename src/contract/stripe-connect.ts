import { z } from 'zod/mini';

/**
 * `POST /settings/set_stripe_connect` (API host, spec 1 §7): the code the card provider's account
 * link (Stripe Connect OAuth) sent back to `/stripe_connect?code=`, exchanged by the server for the
 * member's payout account. The referral programme pays into it.
 */
export const STRIPE_CONNECT_PATH = '/settings/set_stripe_connect';

export const STRIPE_CONNECT_MESSAGES = {
  missingCode: 'Paramètre manquant',
  invalidCode: 'Ce lien de compte de paiement est invalide ou a expiré : recommencez la liaison depuis votre parrainage.',
  unavailable: "La liaison d'un compte de paiement n'est pas disponible sur ce serveur",
  otherAccount: "Ce lien de compte de paiement a été ouvert pour un autre compte : connectez-vous avec celui-ci, puis recommencez",
} as const;

export const stripeConnectInput = z.object({
  code: z
    .string({ error: STRIPE_CONNECT_MESSAGES.missingCode })
    .check(
      z.trim(),
      z.minLength(1, STRIPE_CONNECT_MESSAGES.missingCode),
      z.maxLength(255, STRIPE_CONNECT_MESSAGES.invalidCode),
      z.regex(/^[A-Za-z0-9_-]+$/, STRIPE_CONNECT_MESSAGES.invalidCode),
    ),
  /**
   * The `state` the account-link page was opened with (spec 3 §2: the member's id), sent back
   * with the code: a link started by one member is never completed for another.
   */
  state: z.optional(z.string().check(z.trim(), z.maxLength(64))),
});
export type StripeConnectInput = z.infer<typeof stripeConnectInput>;

/** The account now linked (the same answer to a repeat of the same link). */
export const stripeConnectAnswer = z.object({ success: z.literal(true), stripeConnectId: z.string().check(z.minLength(1)) });
export type StripeConnectAnswer = z.infer<typeof stripeConnectAnswer>;
