import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { PaymentConfig } from '../../src/contract/billing';
import type { Database } from '../db/open-database';
import type { MailProvider } from '../mail/mail-provider';
import { localCardProvider } from './local-card-provider';
import type { CardProvider, PaypalProvider } from './payment-providers';
import { localPaypalProvider, paypalProvider, type PaypalConfig } from './paypal-provider';
import { settlePayment, type PaymentRow, type ProviderEvent, type Verdict } from './settle-payment';
import { stripeCardProvider, type StripeEndpoint } from './stripe-card-provider';
import type { Limits } from '../http/shared-limits';

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Stripe Connect's OAuth client id (`ca_…`): referrers link their payout account at Stripe. */
  connectClientId?: string | undefined;
};

/** What the billing routes and the renewal job share. */
export type BillingServices = {
  app: FastifyInstance;
  db: Database;
  mail: MailProvider;
  now: () => Date;
  publicUrl: string | undefined;
  card: CardProvider;
  paypal: PaypalProvider;
  /**
   * The local providers' token endpoint and pages (card confirmation, PayPal approval, crypto page):
   * they grant for free, so they are off in production unless `LOCAL_PAYMENTS=1`.
   */
  localPayments: boolean;
  /** The local card field's tokenizer (null when Stripe takes the cards). */
  tokenizeLocalCard: ReturnType<typeof localCardProvider>['tokenize'] | null;
  stripe: { client: Stripe; webhookSecret: string | undefined } | null;
  /** The throttles' counters (coupon guesses, Stripe Connect links), shared through Redis when set. */
  limits: Limits;
  paymentConfig: PaymentConfig;
  /**
   * Applies a provider's verdict on a payment (settle-payment.ts), then lets the member's open
   * sockets follow the rooms a new subscription opened.
   */
  settle(paymentId: string, verdict: Verdict, options?: { event?: ProviderEvent; now?: Date }): Promise<{ changed: boolean; payment: PaymentRow | null }>;
};

export type BillingOptions = {
  app: FastifyInstance;
  db: Database;
  mail: MailProvider;
  now: () => Date;
  publicUrl: string | undefined;
  limits: Limits;
  /** Signs the local card tokens. */
  secret: string;
  localPayments: boolean;
  stripe?: StripeConfig;
  /** Where the Stripe client calls (a local stand-in in tests); Stripe's API otherwise. */
  stripeEndpoint?: StripeEndpoint;
  paypal?: PaypalConfig;
  paypalFetch?: typeof fetch;
  /** Called after a payment granted subscriptions to a member. */
  onEntitled?: (userId: number) => Promise<void>;
};

/** The providers by configuration: Stripe and PayPal with their keys, the local ones otherwise. */
export async function createBillingServices(options: BillingOptions): Promise<BillingServices> {
  const { app, db, mail, now, publicUrl, localPayments, limits } = options;
  const local = localCardProvider(options.secret, now);
  const stripe = options.stripe ? await stripeCardProvider(options.stripe.secretKey, options.stripeEndpoint) : null;
  const paypal = options.paypal ? paypalProvider(options.paypal, options.paypalFetch) : localPaypalProvider(db);
  return {
    app,
    db,
    mail,
    now,
    publicUrl,
    limits,
    localPayments,
    card: stripe?.provider ?? local.provider,
    tokenizeLocalCard: stripe ? null : local.tokenize,
    paypal,
    stripe: stripe && options.stripe ? { client: stripe.stripe, webhookSecret: options.stripe.webhookSecret } : null,
    paymentConfig: {
      card: options.stripe ? { provider: 'stripe', publishableKey: options.stripe.publishableKey } : { provider: 'local' },
      paypal: options.paypal ? { provider: 'paypal', clientId: options.paypal.clientId } : { provider: 'local' },
      crypto: { provider: 'local' },
    },
    async settle(paymentId, verdict, settleOptions = {}) {
      const result = await settlePayment(db, paymentId, verdict, settleOptions.now ?? now(), settleOptions.event);
      if (result.changed && verdict.status === 'succeeded' && result.payment && options.onEntitled) {
        await options.onEntitled(result.payment.userId).catch(() => undefined);
      }
      return result;
    },
  };
}

/** Whether a provider of this name may be used now (a local one only with local payments on). */
export function providerUsable(services: BillingServices, provider: string): boolean {
  return !provider.startsWith('local') || services.localPayments;
}
