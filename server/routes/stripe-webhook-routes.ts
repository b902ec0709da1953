import type Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { BILLING_PATHS, BILLING_TEXT } from '../../src/contract/billing';
import { REST_BASE } from '../../src/contract/hosts';
import type { BillingServices } from '../billing/billing-services';
import { payments } from '../db/schema';
import { NOT_FOUND } from '../../src/contract/api-error';

/**
 * `POST /billing/stripe/webhook`: Stripe's events, verified on the raw body with
 * `STRIPE_WEBHOOK_SECRET`. A PaymentIntent that succeeds or fails settles the payment named in
 * its metadata; each event id is applied once (a redelivery changes nothing), and a late failure
 * never undoes a success.
 */
export async function registerStripeWebhookRoutes(services: BillingServices): Promise<void> {
  await services.app.register(async (scope) => {
    // Only this route keeps the body as bytes: the signature is computed over them.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(`${REST_BASE}${BILLING_PATHS.stripeWebhook}`, async (request, reply) => {
      const stripe = services.stripe;
      if (!stripe?.webhookSecret) return reply.code(404).send({ error: NOT_FOUND });
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) return reply.code(400).send({ error: 'Signature manquante' });
      let event: Stripe.Event;
      try {
        event = stripe.client.webhooks.constructEvent(request.body, signature, stripe.webhookSecret);
      } catch {
        return reply.code(400).send({ error: 'Signature invalide' });
      }
      await applyStripeEvent(services, event);
      return reply.send({ received: true });
    });
  });
}

export async function applyStripeEvent(services: BillingServices, event: Stripe.Event): Promise<void> {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return;
  const intent = event.data.object;
  const paymentId = intent.metadata.paymentId;
  if (!paymentId) return;
  const [payment] = await services.db
    .select({ id: payments.id, providerRef: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.provider, 'stripe')))
    .limit(1);
  if (!payment) return;
  // The event may come before the charge call has stored the PaymentIntent's id.
  if (payment.providerRef === null) await services.db.update(payments).set({ providerRef: intent.id }).where(eq(payments.id, payment.id));
  else if (payment.providerRef !== intent.id) return;
  const verdict =
    event.type === 'payment_intent.succeeded'
      ? ({ status: 'succeeded' } as const)
      : ({
          status: 'failed',
          error: intent.last_payment_error?.code === 'payment_intent_authentication_failure' ? BILLING_TEXT.authenticationFailed : BILLING_TEXT.cardDeclined,
        } as const);
  await services.settle(payment.id, verdict, { event: { provider: 'stripe', eventId: event.id } });
}
