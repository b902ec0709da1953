import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { STRIPE_CONNECT_MESSAGES } from '../../src/contract/stripe-connect';
import { ProviderUnavailable } from './payment-providers';

export type LinkResult = { ok: true; accountId: string } | { ok: false; error: string };

/** The payout account link: the code of the provider's account-link page exchanged for the account. */
export interface PayoutAccountProvider {
  readonly name: 'local-connect' | 'stripe-connect';
  link(code: string): Promise<LinkResult>;
}

/**
 * With Stripe's keys: the OAuth code of Stripe Connect exchanged for the connected account's id.
 * A code Stripe refuses (unknown, used, expired) is the member's to retry; anything else is the
 * provider being unavailable.
 */
export function stripePayoutAccounts(oauth: Pick<Stripe['oauth'], 'token'>): PayoutAccountProvider {
  return {
    name: 'stripe-connect',
    async link(code) {
      try {
        const token = await oauth.token({ grant_type: 'authorization_code', code });
        return token.stripe_user_id ? { ok: true, accountId: token.stripe_user_id } : { ok: false, error: STRIPE_CONNECT_MESSAGES.invalidCode };
      } catch (error) {
        // (The SDK is loaded already: its client made the call.)
        const { errors } = (await import('stripe')).default;
        if (error instanceof errors.StripeInvalidGrantError || error instanceof errors.StripeInvalidRequestError) {
          return { ok: false, error: STRIPE_CONNECT_MESSAGES.invalidCode };
        }
        throw new ProviderUnavailable(error instanceof Error ? error.message : 'Stripe indisponible');
      }
    },
  };
}

/**
 * The local stand-in (development and tests, with the local payment providers): a code shaped like
 * Stripe's (`ac_` then at least 8 letters or digits) links a local account named after it, so the
 * same code always gives the same account.
 */
export function localPayoutAccounts(): PayoutAccountProvider {
  return {
    name: 'local-connect',
    async link(code) {
      if (!/^ac_[A-Za-z0-9]{8,}$/.test(code)) return { ok: false, error: STRIPE_CONNECT_MESSAGES.invalidCode };
      return { ok: true, accountId: `acct_local_${createHash('sha256').update(code).digest('hex').slice(0, 16)}` };
    },
  };
}
