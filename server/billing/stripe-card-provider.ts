import type Stripe from 'stripe';
import { BILLING_TEXT } from '../../src/contract/billing';
import { ProviderUnavailable, type CardProvider, type ChargeResult, type PaymentState } from './payment-providers';

/** Where the Stripe client sends its calls (tests point it at a local stand-in). */
export type StripeEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

/**
 * The card provider with Stripe (`STRIPE_SECRET_KEY`): PaymentMethods from Stripe Elements are
 * attached to the member's Customer and charged with PaymentIntents (EUR), confirmed at once; an
 * authentication answers the PaymentIntent's client secret for `stripe.confirmCardPayment`.
 * Every call carries an idempotency key; the webhook route settles what happens afterwards.
 */
export async function stripeCardProvider(secretKey: string, endpoint?: StripeEndpoint): Promise<{ provider: CardProvider; stripe: Stripe }> {
  // Loaded only with Stripe's keys: the SDK is the server's heaviest module (4 MB of heap).
  const { default: StripeClient } = await import('stripe');
  const stripe = new StripeClient(secretKey, { maxNetworkRetries: 2, appInfo: { name: 'Comptoir' }, ...endpoint });

  const unavailable = (error: unknown): never => {
    throw new ProviderUnavailable(error instanceof Error ? error.message : 'Stripe indisponible');
  };

  const provider: CardProvider = {
    name: 'stripe',

    async saveCard({ token, customerId, email, userId }) {
      try {
        const customer =
          customerId ?? (await stripe.customers.create({ email, metadata: { userId: String(userId) } }, { idempotencyKey: `customer-${userId}` })).id;
        const method = await stripe.paymentMethods.attach(token, { customer }, { idempotencyKey: `attach-${customer}-${token}` });
        if (!method.card) return { ok: false, error: BILLING_TEXT.tokenFailed };
        const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
        return { ok: true, customerId: customer, card: { providerRef: method.id, brand, last4, expMonth, expYear } };
      } catch (error) {
        if (error instanceof StripeClient.errors.StripeCardError) return { ok: false, error: BILLING_TEXT.cardDeclined };
        if (error instanceof StripeClient.errors.StripeInvalidRequestError) return { ok: false, error: BILLING_TEXT.tokenFailed };
        return unavailable(error);
      }
    },

    async removeCard(card, idempotencyKey) {
      try {
        await stripe.paymentMethods.detach(card.providerRef, {}, { idempotencyKey });
      } catch (error) {
        // Already detached (or deleted at Stripe): nothing left to remove.
        if (error instanceof StripeClient.errors.StripeInvalidRequestError) return;
        unavailable(error);
      }
    },

    async charge(request): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'eur',
            customer: request.customerId ?? undefined,
            payment_method: request.card.providerRef,
            allowed_payment_method_types: ['card'],
            confirm: true,
            description: request.description,
            metadata: { paymentId: request.paymentId },
            ...(request.offSession ? { off_session: true } : { setup_future_usage: 'off_session' as const }),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', providerRef: intent.id };
        if (intent.status === 'requires_action' && intent.client_secret && !request.offSession) {
          return { status: 'requires_action', providerRef: intent.id, clientSecret: intent.client_secret };
        }
        if (intent.status === 'processing' && intent.client_secret) {
          // Rare for cards: the webhook settles it; the client waits like for a confirmation.
          return { status: 'requires_action', providerRef: intent.id, clientSecret: intent.client_secret };
        }
        return { status: 'declined', providerRef: intent.id, error: request.offSession ? BILLING_TEXT.authenticationFailed : BILLING_TEXT.cardDeclined };
      } catch (error) {
        if (error instanceof StripeClient.errors.StripeCardError) {
          const message = error.code === 'authentication_required' ? BILLING_TEXT.authenticationFailed : BILLING_TEXT.cardDeclined;
          return { status: 'declined', providerRef: error.payment_intent?.id ?? null, error: message };
        }
        return unavailable(error);
      }
    },

    async refresh(providerRef): Promise<PaymentState | null> {
      try {
        const intent = await stripe.paymentIntents.retrieve(providerRef);
        if (intent.status === 'succeeded') return { status: 'succeeded' };
        if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
          return { status: 'failed', error: intent.last_payment_error?.code === 'payment_intent_authentication_failure' ? BILLING_TEXT.authenticationFailed : BILLING_TEXT.cardDeclined };
        }
        return { status: 'pending' };
      } catch (error) {
        return unavailable(error);
      }
    },
  };
  return { provider, stripe };
}
