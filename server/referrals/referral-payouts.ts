import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { extendedExpiry } from '../../src/domain/pricing';
import { payoutPeriod } from '../../src/domain/referral';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { referralTransfers, referrals, users, userSubscriptions } from '../db/schema';

/** Sends a payout to a connected account; the idempotency key makes a repeated call one transfer. */
export interface PayoutSender {
  readonly name: 'local-transfers' | 'stripe-transfers';
  send(transfer: { destination: string; amountCents: number; idempotencyKey: string; description: string }): Promise<string>;
}

/** Local payouts: nothing leaves the server; the reference is derived from the key, so a retry gives the same one. */
export function localPayoutSender(): PayoutSender {
  return { name: 'local-transfers', send: async ({ idempotencyKey }) => `tr_local_${Buffer.from(idempotencyKey).toString('base64url')}` };
}

export type PayoutReport = { month: string; payouts: number; freeMonthGrants: number; sent: number; failed: number };

/**
 * The monthly payout (spec 3 §9: on the 1st, for the previous month): each referrer's unpaid
 * rewards of referrals made before the 1st are paid once — commissions as one transfer per member
 * and month to the validated payout account, free months as one grant per member and month added
 * to the VIP. The transfer row (unique idempotency key) is written with its referrals in one
 * transaction, so running the job twice, or on two servers, pays once; the provider is called
 * after, with the same key, and a failed call is sent again by the next run.
 */
export async function runReferralPayouts(db: Database, sender: PayoutSender, now: Date): Promise<PayoutReport> {
  const period = payoutPeriod(now);
  const report: PayoutReport = { month: period.month, payouts: 0, freeMonthGrants: 0, sent: 0, failed: 0 };
  const owed = await db
    .select({
      referrerId: referrals.referrerId,
      commissionCents: sql<number>`coalesce(sum(${referrals.commissionCents}), 0)`.mapWith(Number),
      freeMonths: sql<number>`coalesce(sum(${referrals.freeMonths}), 0)`.mapWith(Number),
    })
    .from(referrals)
    .where(and(isNull(referrals.transferId), lt(referrals.createdAt, period.end)))
    .groupBy(referrals.referrerId);

  for (const { referrerId, commissionCents, freeMonths } of owed) {
    if (commissionCents > 0 && (await payCommissions(db, referrerId, period, now))) report.payouts += 1;
    if (freeMonths > 0 && (await grantFreeMonths(db, referrerId, period, now))) report.freeMonthGrants += 1;
  }
  const outcome = await sendPending(db, sender);
  report.sent = outcome.sent;
  report.failed = outcome.failed;
  return report;
}

type Period = ReturnType<typeof payoutPeriod>;

/** One transfer of the month's commissions to the validated account; false when paid already or no account. */
async function payCommissions(db: Database, referrerId: number, period: Period, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [referrer] = await tx.select({ stripeConnectId: users.stripeConnectId }).from(users).where(eq(users.id, referrerId)).limit(1);
    if (!referrer?.stripeConnectId) return false;
    const due = and(eq(referrals.referrerId, referrerId), isNull(referrals.transferId), isNotNull(referrals.commissionCents), lt(referrals.createdAt, period.end));
    const [sum] = await tx.select({ cents: sql<number>`coalesce(sum(${referrals.commissionCents}), 0)`.mapWith(Number) }).from(referrals).where(due);
    if (!sum || sum.cents <= 0) return false;
    const [transfer] = await tx
      .insert(referralTransfers)
      .values({ userId: referrerId, amountCents: sum.cents, stripeConnectId: referrer.stripeConnectId, idempotencyKey: `payout:${referrerId}:${period.month}`, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: referralTransfers.id });
    if (!transfer) return false;
    await tx.update(referrals).set({ transferId: transfer.id }).where(due);
    return true;
  });
}

/** The month's free months added to the referrer's VIP at once; false when granted already. */
async function grantFreeMonths(db: Database, referrerId: number, period: Period, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const due = and(eq(referrals.referrerId, referrerId), isNull(referrals.transferId), isNotNull(referrals.freeMonths), lt(referrals.createdAt, period.end));
    const [sum] = await tx.select({ months: sql<number>`coalesce(sum(${referrals.freeMonths}), 0)`.mapWith(Number) }).from(referrals).where(due);
    if (!sum || sum.months <= 0) return false;
    const [transfer] = await tx
      .insert(referralTransfers)
      .values({ userId: referrerId, freeMonths: sum.months, idempotencyKey: `months:${referrerId}:${period.month}`, providerRef: 'free-months', createdAt: now })
      .onConflictDoNothing()
      .returning({ id: referralTransfers.id });
    if (!transfer) return false;
    await tx.update(referrals).set({ transferId: transfer.id }).where(due);
    const [held] = await tx
      .select({ expiresAt: userSubscriptions.expiresAt })
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.userId, referrerId), eq(userSubscriptions.subscriptionId, SUBSCRIPTION.VIP)))
      .limit(1);
    const expiresAt = extendedExpiry(held?.expiresAt ?? null, now, sum.months);
    await tx
      .insert(userSubscriptions)
      .values({ userId: referrerId, subscriptionId: SUBSCRIPTION.VIP, expiresAt })
      .onConflictDoUpdate({ target: [userSubscriptions.userId, userSubscriptions.subscriptionId], set: { expiresAt } });
    return true;
  });
}

/** Payouts written but not yet sent (this run's, or a failed earlier call's), sent with their key. */
async function sendPending(db: Database, sender: PayoutSender): Promise<{ sent: number; failed: number }> {
  const pending = await db
    .select()
    .from(referralTransfers)
    .where(and(isNull(referralTransfers.providerRef), isNotNull(referralTransfers.amountCents), isNotNull(referralTransfers.stripeConnectId)));
  let sent = 0;
  let failed = 0;
  for (const row of pending) {
    try {
      const ref = await sender.send({
        destination: row.stripeConnectId!,
        amountCents: row.amountCents!,
        idempotencyKey: row.idempotencyKey,
        description: `Commissions de parrainage Comptoir (${row.idempotencyKey.split(':').pop()})`,
      });
      await db.update(referralTransfers).set({ providerRef: ref }).where(eq(referralTransfers.id, row.id));
      sent += 1;
    } catch {
      failed += 1;
    }
  }
  return { sent, failed };
}

/** With Stripe's keys: a Connect transfer in euros to the member's connected account. */
export function stripePayoutSender(transfers: { create: (params: { amount: number; currency: string; destination: string; description: string }, options: { idempotencyKey: string }) => Promise<{ id: string }> }): PayoutSender {
  return {
    name: 'stripe-transfers',
    async send({ destination, amountCents, idempotencyKey, description }) {
      const transfer = await transfers.create({ amount: amountCents, currency: 'eur', destination, description }, { idempotencyKey });
      return transfer.id;
    },
  };
}
