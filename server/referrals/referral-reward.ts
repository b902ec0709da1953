import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { earnsReward, referralReward } from '../../src/domain/referral';
import type { Database } from '../db/open-database';
import { payments, referrals, users } from '../db/schema';
import type { PaymentRow } from '../billing/settle-payment';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The referrer's reward for a purchase, written in the transaction that grants the paid order
 * (settle-payment.ts): only on the buyer's first purchase, never for a renewal, never to the buyer.
 * 15 % of the amount excluding VAT after coupon when the referrer's payout account is validated
 * then, else free months (spec 3 §5). A referee has one referral and a payment at most one (both
 * unique), so a confirmation or a webhook that arrives twice changes nothing twice. The monthly
 * payout pays it (referral-payouts.ts).
 */
export async function rewardReferrer(tx: Tx, payment: PaymentRow, now: Date): Promise<void> {
  if (payment.kind === 'renewal') return;
  const [buyer] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, payment.userId)).limit(1);
  const referrerId = buyer?.referredBy ?? null;
  if (referrerId === null) return;
  const [earlier] = await tx
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.userId, payment.userId), eq(payments.status, 'succeeded'), inArray(payments.kind, ['purchase', 'upgrade']), ne(payments.id, payment.id)));
  if (!earnsReward(referrerId, payment.userId, earlier?.n ?? 0)) return;
  const [referrer] = await tx.select({ stripeConnectId: users.stripeConnectId }).from(users).where(eq(users.id, referrerId)).limit(1);
  if (!referrer) return;
  const lifetime = payment.order.grants[0]?.nbMois === 0;
  const reward = referralReward({ htCents: payment.htCents, lifetime }, referrer.stripeConnectId !== null);
  await tx
    .insert(referrals)
    .values({
      referrerId,
      refereeId: payment.userId,
      paymentId: payment.id,
      htCents: payment.htCents,
      vatRate: payment.vatRate,
      commissionCents: reward.kind === 'commission' ? reward.cents : null,
      freeMonths: reward.kind === 'freeMonths' ? reward.months : null,
      createdAt: now,
    })
    .onConflictDoNothing();
}
