import { randomBytes } from 'node:crypto';
import { and, eq, ne, notInArray } from 'drizzle-orm';
import { addMonths, extendedExpiry, INSTALMENT_INTERVAL_MONTHS, renewedExpiry } from '../../src/domain/pricing';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { billingPlans, invoices, paymentEvents, payments, users, userSubscriptions } from '../db/schema';
import { rewardReferrer } from '../referrals/referral-reward';

export type PaymentRow = typeof payments.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A provider's verdict on a payment. */
export type Verdict = { status: 'succeeded' } | { status: 'failed'; error: string };

/** A provider event (webhook, confirmation) that must be applied at most once. */
export type ProviderEvent = { provider: string; eventId: string };

export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * Applies a verdict on a payment, in one transaction. Success is applied exactly once: only the
 * update that moves the payment to 'succeeded' grants what it bought (subscriptions, the plan, the
 * invoice), so a confirmation or a webhook that arrives twice, or after another, changes nothing.
 * The referrer's reward is written in the same transaction (referral-reward.ts).
 * A failure never undoes a success; a failed renewal puts its plan in 'past_due'. With an event,
 * an event id already seen is ignored. Returns whether this call changed the payment.
 */
export async function settlePayment(db: Database, paymentId: string, verdict: Verdict, now: Date, event?: ProviderEvent): Promise<{ changed: boolean; payment: PaymentRow | null }> {
  return db.transaction(async (tx) => {
    if (event) {
      const [fresh] = await tx.insert(paymentEvents).values({ ...event, receivedAt: now }).onConflictDoNothing().returning({ id: paymentEvents.eventId });
      if (!fresh) return { changed: false, payment: await paymentById(tx, paymentId) };
    }
    if (verdict.status === 'succeeded') {
      const [row] = await tx
        .update(payments)
        .set({ status: 'succeeded', confirmedAt: now, error: null })
        .where(and(eq(payments.id, paymentId), ne(payments.status, 'succeeded')))
        .returning();
      if (!row) return { changed: false, payment: await paymentById(tx, paymentId) };
      await applyPayment(tx, row, now);
      return { changed: true, payment: (await paymentById(tx, paymentId)) ?? row };
    }
    const [row] = await tx
      .update(payments)
      .set({ status: 'failed', error: verdict.error })
      .where(and(eq(payments.id, paymentId), notInArray(payments.status, ['succeeded', 'failed'])))
      .returning();
    if (row?.planId) {
      await tx
        .update(billingPlans)
        .set({ status: 'past_due' })
        .where(and(eq(billingPlans.id, row.planId), eq(billingPlans.status, 'active')));
    }
    return { changed: row !== undefined, payment: row ?? (await paymentById(tx, paymentId)) };
  });
}

async function paymentById(tx: Tx, id: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** What a succeeded payment buys: longer subscriptions, its plan started or advanced, its invoice, the referrer's reward. */
async function applyPayment(tx: Tx, payment: PaymentRow, now: Date): Promise<void> {
  const { order } = payment;
  const current = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.userId, payment.userId));
  const expiries = new Map(current.map((row) => [row.subscriptionId, row.expiresAt]));
  const hadVip = (expiries.get(SUBSCRIPTION.VIP)?.getTime() ?? 0) > now.getTime();
  let mainExpiry: Date | null = null;
  for (const grant of order.grants) {
    for (const subscriptionId of grant.subscriptions) {
      const held = expiries.get(subscriptionId) ?? null;
      const expiresAt = grant.renews ? renewedExpiry(held, new Date(grant.renews), now, grant.nbMois) : extendedExpiry(held, now, grant.nbMois);
      expiries.set(subscriptionId, expiresAt);
      if (grant === order.grants[0] && mainExpiry === null) mainExpiry = expiresAt;
      await tx
        .insert(userSubscriptions)
        .values({ userId: payment.userId, subscriptionId, expiresAt })
        .onConflictDoUpdate({ target: [userSubscriptions.userId, userSubscriptions.subscriptionId], set: { expiresAt } });
    }
  }
  // A new VIP sees the onboarding link ('Premiers pas', spec 1 §2).
  if (!hadVip && (expiries.get(SUBSCRIPTION.VIP)?.getTime() ?? 0) > now.getTime()) {
    await tx.update(users).set({ isNewVip: true }).where(eq(users.id, payment.userId));
  }

  if (payment.planId) await advancePlan(tx, payment.planId, mainExpiry, now);
  else if (order.plan) {
    const plan = order.plan;
    const planId = newId('sub');
    const done = plan.chargesTotal !== null && plan.chargesTotal <= 1;
    // A recurring plan renews when what it paid for ends; instalments fall every three months.
    const next = plan.kind === 'recurring' ? (mainExpiry ?? addMonths(now, plan.intervalMonths)) : addMonths(now, INSTALMENT_INTERVAL_MONTHS);
    await tx.insert(billingPlans).values({
      id: planId,
      userId: payment.userId,
      productId: plan.productId,
      kind: plan.kind,
      status: done ? 'completed' : 'active',
      chargeHtCents: plan.chargeHtCents,
      chargesMade: 1,
      chargesTotal: plan.chargesTotal,
      intervalMonths: plan.intervalMonths,
      nextChargeAt: done ? null : next,
      cardId: payment.cardId,
      createdAt: now,
    });
    await tx.update(payments).set({ planId }).where(eq(payments.id, payment.id));
  }
  await writeInvoice(tx, payment, now);
  await rewardReferrer(tx, payment, now);
}

async function advancePlan(tx: Tx, planId: string, mainExpiry: Date | null, now: Date): Promise<void> {
  const [plan] = await tx.select().from(billingPlans).where(eq(billingPlans.id, planId)).limit(1);
  if (!plan) return;
  const chargesMade = plan.chargesMade + 1;
  const done = plan.chargesTotal !== null && chargesMade >= plan.chargesTotal;
  const next =
    plan.kind === 'recurring'
      ? (mainExpiry ?? addMonths(plan.nextChargeAt ?? now, plan.intervalMonths))
      : addMonths(plan.nextChargeAt ?? now, plan.intervalMonths);
  // A plan cancelled in the meantime stays cancelled: the late payment only pays its period.
  const status = plan.status === 'canceled' ? 'canceled' : done ? 'completed' : 'active';
  await tx
    .update(billingPlans)
    .set({ chargesMade, status, nextChargeAt: status === 'active' ? next : null })
    .where(eq(billingPlans.id, planId));
}

/** The invoice of a payment, numbered in sequence (FA-{year}-{number}); one per payment. */
async function writeInvoice(tx: Tx, payment: PaymentRow, now: Date): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, payment.userId)).limit(1);
  if (!user) return;
  // The number is the row's own serial: insert, then name it from the id it got.
  const [row] = await tx
    .insert(invoices)
    .values({
      ref: `pending-${payment.id}`,
      userId: payment.userId,
      paymentId: payment.id,
      lib: payment.order.lib,
      htCents: payment.htCents,
      tvaCents: payment.ttcCents - payment.htCents,
      vatRate: payment.vatRate,
      billing: user.billing ?? null,
      customerName: `${user.firstName} ${user.lastName}`.trim() || user.username,
      customerEmail: user.email,
      createdAt: now,
    })
    .onConflictDoNothing({ target: invoices.paymentId })
    .returning({ id: invoices.id });
  if (row) await tx.update(invoices).set({ ref: invoiceRef(now, row.id) }).where(eq(invoices.id, row.id));
}

export const invoiceRef = (date: Date, id: number): string => `FA-${date.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
