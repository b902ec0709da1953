import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BILLING_PATHS, BILLING_TEXT, purchaseAnswer } from '../../src/contract/billing';
import { addMonths } from '../../src/domain/pricing';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { runRenewals } from '../../server/billing/renewals';
import { billingPlans, payments, users } from '../../server/db/schema';
import { jsonOf, latestMail } from './account-helpers';
import { billingClient, CARDS, newMember, rest } from './billing-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let billing: ReturnType<typeof billingClient>;
beforeAll(async () => {
  server = await startTestServer({ app: { registerLimit: 1000 } });
  billing = billingClient(server);
}, 60_000);
afterAll(() => server.close());

let counter = 0;
const member = () => newMember(server, `abonne${++counter}`);
const MINUTE = 60_000;
const renew = (at: Date) => runRenewals(server.billing, at, server.url);

async function planOf(account: string) {
  const [row] = await server.database.db
    .select({ plan: billingPlans })
    .from(billingPlans)
    .innerJoin(users, eq(users.id, billingPlans.userId))
    .where(eq(users.username, account));
  if (!row) throw new Error(`aucun plan pour ${account}`);
  return row.plan;
}
const paymentsOf = async (planId: string) => server.database.db.select().from(payments).where(eq(payments.planId, planId)).orderBy(payments.createdAt);

describe('recurring plans renew at full price until cancelled', () => {
  it('charges the monthly VIP when it ends, at full price (the coupon was for the first month), once', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success, { coupon: 'BIENVENUE20' });
    const plan = await planOf(buyer);
    const firstExpiry = (await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!;
    expect(plan.nextChargeAt?.getTime()).toBe(firstExpiry.getTime());

    // Not due yet: nothing happens.
    await renew(new Date(firstExpiry.getTime() - MINUTE));
    expect(await paymentsOf(plan.id)).toHaveLength(1);
    const at = new Date(firstExpiry.getTime() + MINUTE);
    // Two runs at once (two servers, or a slow run and the next), then another: one charge.
    await Promise.all([renew(at), renew(at)]);
    await renew(at);
    expect((await paymentsOf(plan.id)).map((p) => p.status)).toEqual(['succeeded', 'succeeded']);

    const after = (await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!;
    expect(after.getTime()).toBe(addMonths(firstExpiry, 1).getTime());
    const invoices = await billing.invoices(buyer);
    expect(invoices.map((i) => i.montantht)).toEqual([49, 39.2]);
    expect(invoices[0]!.lib).toBe('VIP mensuel — renouvellement');
    expect((await planOf(buyer)).nextChargeAt?.getTime()).toBe(after.getTime());
  });

  it('a cancelled plan is not renewed', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success);
    await server.post(rest(BILLING_PATHS.cancelSubscription), {}, await billing.token(buyer));
    const expiry = (await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!;
    await renew(new Date(expiry.getTime() + MINUTE));
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toEqual(expiry);
    expect(await paymentsOf((await planOf(buyer)).id)).toHaveLength(1);
  });
});

describe('three-instalment plans', () => {
  it('charges today, +3 and +6 months, each instalment extending VIP by three months, then stops', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success, { boxId: 1, offerId: 2, coupon: 'BIENVENUE20' });
    const start = (await planOf(buyer)).createdAt;
    const first = (await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!;

    await renew(new Date(addMonths(start, 3).getTime() + MINUTE));
    await renew(new Date(addMonths(start, 6).getTime() + MINUTE));
    await renew(new Date(addMonths(start, 9).getTime() + MINUTE));
    await renew(new Date(addMonths(start, 12).getTime() + MINUTE));

    const plan = await planOf(buyer);
    expect(plan).toMatchObject({ status: 'completed', chargesMade: 3, nextChargeAt: null });
    const paid = await paymentsOf(plan.id);
    expect(paid.map((p) => p.htCents)).toEqual([10320, 10320, 10320]);
    expect(paid.slice(1).map((p) => p.order.lib)).toEqual(['VIP en 3 fois — échéance 2/3', 'VIP en 3 fois — échéance 3/3']);
    expect((await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!.getTime()).toBe(addMonths(first, 6).getTime());
    const [summary] = (await billing.subscriptions(buyer)).subscriptions;
    expect(summary!.payment_3x?.map((i) => i.paid)).toEqual([true, true, true]);
    expect(summary!.status).toBe('completed');
  });
});

describe('a failed renewal', () => {
  it('puts the plan past due with a pay link, mails it, and the link pays it once', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success);
    // The member replaces their card by one the bank will refuse.
    const token = await billing.token(buyer);
    await server.post(rest(BILLING_PATHS.addCard), { token: await billing.cardToken(CARDS.chargesFail) }, token);
    const cards = await billing.cards(buyer);
    const old = cards.find((c) => c.last4 === '4242')!;
    await fetch(`${server.url}${rest(BILLING_PATHS.cards)}?cardId=${old.card_id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });

    const expiry = (await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!;
    const report = await renew(new Date(expiry.getTime() + MINUTE));
    expect(report).toMatchObject({ charged: 0, failed: 1 });
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toEqual(expiry);
    const summary = await billing.subscriptions(buyer);
    expect(summary.subscriptions[0]).toMatchObject({ status: 'past_due', renews: true });
    expect(summary.pendingPayment).toMatchObject({ amount: 58.8, libelle: 'VIP mensuel — renouvellement' });
    const url = summary.pendingPayment!.payment_url;
    const mail = await latestMail(server, `${buyer}@exemple.test`, /Le paiement de votre abonnement a échoué/);
    expect(mail.text).toContain(url);
    // A past-due plan is not charged again by the job: the member pays through the link.
    expect((await renew(new Date(expiry.getTime() + 2 * MINUTE))).failed).toBe(0);

    // The pay page opens for its owner (cookie), and pays with a new card.
    const page = await fetch(url, { headers: { cookie: `access_token=${token}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Régler le paiement en attente');
    expect((await fetch(url, { headers: { cookie: `access_token=${await billing.token('membre')}` } })).status).toBe(404);
    const payPath = new URL(url).pathname;
    const declined = await jsonOf(await server.post(payPath, { token: cards.find((c) => c.last4 === '0341')!.card_id }, token));
    expect(declined).toEqual({ status: 402, body: { error: BILLING_TEXT.cardDeclined } });
    const paid = await server.post(payPath, { token: await billing.cardToken(CARDS.success) }, token);
    expect(purchaseAnswer.parse(await paid.json()).status).toBe('OK');
    expect(await jsonOf(await server.post(payPath, { token: await billing.cardToken(CARDS.success) }, token))).toEqual({
      status: 404,
      body: { error: BILLING_TEXT.paymentNotFound },
    });

    expect((await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!.getTime()).toBe(addMonths(expiry, 1).getTime());
    const after = await billing.subscriptions(buyer);
    expect(after.pendingPayment).toBeNull();
    expect(after.subscriptions[0]).toMatchObject({ status: 'active' });
    // The plan goes on with the card that paid.
    const plan = await planOf(buyer);
    const [card] = (await billing.cards(buyer)).filter((c) => c.card_id === plan.cardId);
    expect(card?.last4).toBe('4242');
  });

  it('a card that needs authentication cannot renew without the member', async () => {
    const buyer = await member();
    const answer = await billing.buy(buyer, CARDS.confirm);
    if (answer.status !== 'pending') throw new Error('pending attendu');
    await server.post(rest(BILLING_PATHS.localConfirm), { clientSecret: answer.clientSecret, action: 'authenticate' });
    const expiry = (await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!;
    expect(await renew(new Date(expiry.getTime() + MINUTE))).toMatchObject({ failed: 1 });
    const plan = await planOf(buyer);
    const [, renewal] = await paymentsOf(plan.id);
    expect(renewal).toMatchObject({ status: 'failed', error: BILLING_TEXT.authenticationFailed });
  });

  it('the job can be run over HTTP with a chosen clock (local payments only)', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success);
    const expiry = (await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!;
    const answer = await jsonOf(await server.post(rest(BILLING_PATHS.localRenewals), { at: new Date(expiry.getTime() + MINUTE).toISOString() }));
    expect(answer.status).toBe(200);
    expect((await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!.getTime()).toBe(addMonths(expiry, 1).getTime());
    expect((await server.post(rest(BILLING_PATHS.localRenewals), { at: 'demain' })).status).toBe(400);
    const [row] = await server.database.db.select().from(payments).where(and(eq(payments.kind, 'renewal'), eq(payments.status, 'succeeded'))).limit(1);
    expect(row).toBeDefined();
  });
});
