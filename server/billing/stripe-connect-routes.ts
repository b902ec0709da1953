import { eq } from 'drizzle-orm';
import { STRIPE_CONNECT_MESSAGES, STRIPE_CONNECT_PATH, stripeConnectInput, type StripeConnectAnswer } from '../../src/contract/stripe-connect';
import { TEXT } from '../../src/domain/text-fr';
import { requestUser } from '../auth/tokens';
import { users } from '../db/schema';
import { TOO_MANY_ATTEMPTS } from '../graphql/content-schema';
import type { BillingServices } from './billing-services';
import { ProviderUnavailable } from './payment-providers';
import type { PayoutAccountProvider } from './stripe-connect';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** Links tried per member and hour: a code is not to be guessed. */
export const STRIPE_CONNECT_PER_HOUR = 10;

/**
 * `POST /settings/set_stripe_connect` {code} (spec 1 §7): the member's payout account, linked from
 * the code the provider's account-link page sent back, kept as the member's `stripeConnectId`.
 * Without a provider (no Stripe keys and the local providers off) linking is unavailable.
 */
export function registerStripeConnectRoutes(services: BillingServices, payouts: PayoutAccountProvider | null): void {
  const { app, db } = services;
  const limiter = services.limits('stripe-connect', { points: STRIPE_CONNECT_PER_HOUR, seconds: 60 * 60 });

  app.post(`/rest${STRIPE_CONNECT_PATH}`, async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = stripeConnectInput.safeParse(request.body ?? {});
    if (!input.success) return reply.code(400).send({ error: input.error.issues[0]?.message ?? STRIPE_CONNECT_MESSAGES.missingCode });
    if (input.data.state !== undefined && input.data.state !== '' && input.data.state !== String(user.id)) {
      return reply.code(400).send({ error: STRIPE_CONNECT_MESSAGES.otherAccount });
    }
    if (!payouts) return reply.code(400).send({ error: STRIPE_CONNECT_MESSAGES.unavailable });
    try {
      await limiter.consume(String(user.id));
    } catch {
      return reply.code(429).send({ error: TOO_MANY_ATTEMPTS });
    }
    let linked;
    try {
      linked = await payouts.link(input.data.code);
    } catch (error) {
      if (error instanceof ProviderUnavailable) return reply.code(503).send({ error: TEXT.requestFailed });
      throw error;
    }
    if (!linked.ok) return reply.code(400).send({ error: linked.error });
    await db.update(users).set({ stripeConnectId: linked.accountId }).where(eq(users.id, user.id));
    const answer: StripeConnectAnswer = { success: true, stripeConnectId: linked.accountId };
    return reply.send(answer);
  });
}
