import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { BILLING_PATHS, type SubscriptionSummary, type SubscriptionsResponse } from '../../src/contract/billing';
import { REST_BASE } from '../../src/contract/hosts';
import { fromCents, instalmentSchedule, withVat } from '../../src/domain/pricing';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { holds } from '../../src/domain/subscriptions';
import { billingPlans, billingProducts, payments } from '../db/schema';
import type { UserRow } from '../users/user-queries';
import type { BillingServices } from './billing-services';
import { vatOf } from './catalogue';
import { holderOf } from './checkout';

/**
 * `GET /settings/subscriptions` (spec 1 §3): the member's subscriptions, the plans they pay (a
 * recurring plan with its next renewal, the instalment schedule), and the failed payment to pay.
 */
export async function subscriptionsSummary(services: BillingServices, user: UserRow, origin: string): Promise<SubscriptionsResponse> {
  const { db } = services;
  const now = services.now();
  const holder = await holderOf(services, user.id);
  const plans = await db
    .select({ plan: billingPlans, product: billingProducts })
    .from(billingPlans)
    .innerJoin(billingProducts, eq(billingProducts.id, billingPlans.productId))
    .where(eq(billingPlans.userId, user.id))
    .orderBy(desc(billingPlans.createdAt), desc(billingPlans.id));
  const planIds = plans.map((p) => p.plan.id);
  const paid =
    planIds.length === 0
      ? []
      : await db
          .select()
          .from(payments)
          .where(and(inArray(payments.planId, planIds), eq(payments.status, 'succeeded')))
          .orderBy(asc(payments.confirmedAt));
  const vat = await vatOf(db, user.billing ?? null);
  const priceOne = holds(holder, SUBSCRIPTION.PRICE_ONE, now);

  const subscriptions: SubscriptionSummary[] = plans.map(({ plan, product }) => {
    // A recurring plan renews at the product's price of the day; instalments keep their price.
    const amount = plan.kind === 'recurring' ? withVat(priceOne ? 1 : fromCents(product.prixCents), vat) : withVat(fromCents(plan.chargeHtCents), vat);
    const running = plan.status === 'active' || plan.status === 'past_due';
    return {
      stripeSubscriptionId: plan.id,
      productId: product.id,
      libelle: product.libellePublic,
      status: plan.status,
      renews: plan.kind === 'recurring' && running,
      amount,
      nb_mois: product.nbMois,
      nextPaymentAt: running && plan.nextChargeAt ? plan.nextChargeAt.toISOString() : null,
      payment_3x:
        plan.kind === 'instalments'
          ? instalmentSchedule(
              paid.filter((p) => p.planId === plan.id).map((p) => ({ date: p.confirmedAt ?? p.createdAt, amount: fromCents(p.ttcCents) })),
              amount,
              plan.chargesTotal ?? undefined,
            )
          : null,
      mobilePayment: plan.mobile,
    };
  });

  const pastDue = plans.filter((p) => p.plan.status === 'past_due').map((p) => p.plan.id);
  const [failed] =
    pastDue.length === 0
      ? []
      : await db
          .select()
          .from(payments)
          .where(and(inArray(payments.planId, pastDue), eq(payments.kind, 'renewal'), eq(payments.status, 'failed')))
          .orderBy(desc(payments.createdAt))
          .limit(1);
  return {
    abonnements: holder.abonnements,
    subscriptions,
    pendingPayment: failed
      ? {
          payment_url: `${origin}${REST_BASE}${BILLING_PATHS.payPending(failed.id)}`,
          amount: fromCents(failed.ttcCents),
          libelle: failed.order.lib,
          date: failed.createdAt.toISOString(),
        }
      : null,
  };
}
