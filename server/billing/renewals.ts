import { and, eq, lt, lte, or } from 'drizzle-orm';
import { BILLING_PATHS, BILLING_TEXT } from '../../src/contract/billing';
import { REST_BASE } from '../../src/contract/hosts';
import { thankYouPageFor } from '../../src/domain/checkout';
import { formatPrice, fromCents, moneyOf, PRICE_ONE, toCents } from '../../src/domain/pricing';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { holds } from '../../src/domain/subscriptions';
import { billingPlans, billingProducts, paymentCards, payments, users } from '../db/schema';
import type { BillingServices } from './billing-services';
import { vatOf } from './catalogue';
import { holderOf } from './checkout';
import { ProviderUnavailable } from './payment-providers';

type PlanRow = typeof billingPlans.$inferSelect;
export type RenewalReport = { charged: number; failed: number; skipped: number };
/** A renewal payment still 'created' after this long was left by a run that stopped. */
const STALE_MS = 15 * 60_000;

/**
 * Charges every plan due at `now` (the clock is a parameter: tests and the dev route move it):
 * a recurring plan at the product's full price (1 with subscription 7), an instalment at its
 * price. Each charge is the payment `pay_{plan}_{n}`, so running the job twice, or two servers at
 * once, charges a period once (the row is the lock, the idempotency key the provider's). A failed
 * charge puts the plan in 'past_due' with a pay link, and mails it to the member.
 */
export async function runRenewals(services: BillingServices, now: Date, origin: string): Promise<RenewalReport> {
  const due = await services.db
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.status, 'active'), eq(billingPlans.mobile, false), lte(billingPlans.nextChargeAt, now)));
  const report: RenewalReport = { charged: 0, failed: 0, skipped: 0 };
  for (const plan of due) {
    const outcome = await renewPlan(services, plan, now, origin);
    report[outcome] += 1;
  }
  return report;
}

async function renewPlan(services: BillingServices, plan: PlanRow, now: Date, origin: string): Promise<keyof RenewalReport> {
  const { db } = services;
  const [[product], [user]] = await Promise.all([
    db.select().from(billingProducts).where(eq(billingProducts.id, plan.productId)).limit(1),
    db.select().from(users).where(eq(users.id, plan.userId)).limit(1),
  ]);
  if (!product || !user) return 'skipped';
  const number = plan.chargesMade + 1;
  const paymentId = `pay_${plan.id}_${number}`;
  const holder = await holderOf(services, user.id);
  const vat = await vatOf(db, user.billing ?? null);
  const ht = plan.kind === 'recurring' ? (holds(holder, SUBSCRIPTION.PRICE_ONE, now) ? PRICE_ONE : fromCents(product.prixCents)) : fromCents(plan.chargeHtCents);
  const money = moneyOf(ht, vat);
  await db
    .insert(payments)
    .values({
      id: paymentId,
      userId: user.id,
      kind: 'renewal',
      method: 'card',
      provider: services.card.name,
      status: 'created',
      htCents: toCents(money.ht),
      ttcCents: toCents(money.ttc),
      vatRate: vat,
      planId: plan.id,
      cardId: plan.cardId,
      createdAt: now,
      order: {
        lib:
          plan.kind === 'instalments'
            ? `${product.libellePublic} — échéance ${number}/${plan.chargesTotal ?? number}`
            : `${product.libellePublic} — renouvellement`,
        grants: [{ productId: product.id, nbMois: product.nbMois, subscriptions: product.grants, renews: (plan.nextChargeAt ?? now).toISOString() }],
        plan: null,
        page: thankYouPageFor(product.libelleInterne),
        boxId: null,
        offerId: null,
        optionSelected: false,
        coupon: null,
        references: { cnv: '', int: '' },
      },
    })
    .onConflictDoNothing();
  // The run that moves `attempts` from 0 charges; a payment left 'created' by a run that stopped
  // half-way is taken again after a while, with the same idempotency key (one charge at the provider).
  const [current] = await db
    .update(payments)
    .set({ attempts: 1 })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'created'),
        or(eq(payments.attempts, 0), lt(payments.createdAt, new Date(now.getTime() - STALE_MS))),
      ),
    )
    .returning();
  if (!current) return 'skipped';

  const [card] = plan.cardId ? await db.select().from(paymentCards).where(eq(paymentCards.id, plan.cardId)).limit(1) : [];
  if (!card) {
    await services.settle(paymentId, { status: 'failed', error: BILLING_TEXT.noCard }, { now });
    await mailFailure(services, user, current.order.lib, money.ttc, paymentId, origin);
    return 'failed';
  }
  let result;
  try {
    result = await services.card.charge({
      paymentId,
      idempotencyKey: `${paymentId}:1`,
      amountCents: current.ttcCents,
      description: current.order.lib,
      card,
      customerId: user.stripeCustomerId ?? null,
      offSession: true,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    result = { status: 'declined' as const, providerRef: null, error: BILLING_TEXT.cardDeclined };
  }
  if (result.providerRef) await db.update(payments).set({ providerRef: result.providerRef }).where(eq(payments.id, paymentId));
  if (result.status === 'succeeded') {
    await services.settle(paymentId, { status: 'succeeded' }, { now });
    return 'charged';
  }
  const error = result.status === 'declined' ? result.error : BILLING_TEXT.authenticationFailed;
  await services.settle(paymentId, { status: 'failed', error }, { now });
  await mailFailure(services, user, current.order.lib, money.ttc, paymentId, origin);
  return 'failed';
}

async function mailFailure(
  services: BillingServices,
  user: typeof users.$inferSelect,
  lib: string,
  amount: number,
  paymentId: string,
  origin: string,
): Promise<void> {
  const link = `${origin}${REST_BASE}${BILLING_PATHS.payPending(paymentId)}`;
  await services.mail
    .send([
      {
        toUserId: user.id,
        to: user.email,
        subject: 'Le paiement de votre abonnement a échoué',
        text: [
          `Bonjour ${user.firstName || user.username},`,
          '',
          `Le paiement de ${formatPrice(amount)} pour « ${lib} » n'a pas abouti.`,
          'Pour garder votre accès, réglez-le depuis ce lien :',
          link,
        ].join('\n'),
      },
    ])
    .catch(() => undefined);
}
