import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { BILLING_PATHS, BILLING_TEXT, checkNewAnswer, paymentConfig } from '../../src/contract/billing';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { runRenewals } from '../../server/billing/renewals';
import { payments, referrals, users } from '../../server/db/schema';
import { jsonOf } from './account-helpers';
import { billingClient, newMember, newReferee, newReferrer, rest } from './billing-helpers';
import { startFakeStripe } from './fake-stripe';
import { startTestServer, type TestServer } from './test-server';

const WEBHOOK_SECRET = 'whsec_test_secret';
let server: TestServer;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let billing: ReturnType<typeof billingClient>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({
    app: {
      registerLimit: 1000,
      stripe: { secretKey: 'sk_test_comptoir', publishableKey: 'pk_test_comptoir', webhookSecret: WEBHOOK_SECRET },
      stripeEndpoint: { host: '127.0.0.1', port: stripe.port, protocol: 'http' },
    },
  });
  billing = billingClient(server);
}, 60_000);
afterAll(async () => {
  await server.close();
  await stripe.close();
});

let counter = 0;
const member = () => newMember(server, `stripe${++counter}`);
const purchase = async (account: string, sourceToken: string) => billing.purchase(account, billing.purchaseBody(sourceToken));
const signer = new Stripe('sk_test_signer');

/** Posts an event to the webhook route, signed like Stripe signs it (or with a wrong secret). */
async function deliver(event: { id: string; type: string; intent: { id: string; paymentId: string; code?: string } }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    data: {
      object: {
        id: event.intent.id,
        object: 'payment_intent',
        metadata: { paymentId: event.intent.paymentId },
        last_payment_error: event.intent.code ? { code: event.intent.code } : null,
      },
    },
  });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${server.url}${rest(BILLING_PATHS.stripeWebhook)}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

describe('the Stripe adapter', () => {
  it('hands the publishable key to the client and no local card tokens', async () => {
    expect(paymentConfig.parse(await (await server.get(rest(BILLING_PATHS.paymentConfig))).json()).card).toEqual({ provider: 'stripe', publishableKey: 'pk_test_comptoir' });
    expect((await server.post(rest(BILLING_PATHS.localCardToken), { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123', name: 'x' })).status).toBe(404);
  });

  it('creates the customer, attaches the card and confirms a PaymentIntent in EUR, each call with an idempotency key', async () => {
    const buyer = await member();
    const before = stripe.calls.length;
    const result = await purchase(buyer, 'pm_card_visa');
    expect(result.answer).toMatchObject({ status: 'OK' });
    const made = stripe.calls.slice(before);
    expect(made.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/customers', 'POST /v1/payment_methods/pm_card_visa/attach', 'POST /v1/payment_intents']);
    expect(made.every((c) => c.idempotencyKey)).toBe(true);
    const intent = made[2]!.form;
    expect(Object.fromEntries(['amount', 'currency', 'confirm', 'payment_method', 'setup_future_usage'].map((k) => [k, intent.get(k)]))).toEqual({
      amount: '5880',
      currency: 'eur',
      confirm: 'true',
      payment_method: 'pm_card_visa',
      setup_future_usage: 'off_session',
    });
    expect(intent.get('metadata[paymentId]')).toBe(result.answer!.paymentId);
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).not.toBeNull();
    expect(await billing.cards(buyer)).toEqual([expect.objectContaining({ type: 'visa', last4: '4242', exp: '12/40' })]);
  });

  it('a card declined by Stripe answers the bank message', async () => {
    const buyer = await member();
    expect(await purchase(buyer, 'pm_card_chargeDeclined')).toMatchObject({ status: 402, error: BILLING_TEXT.cardDeclined });
  });

  it('a card that needs authentication answers pending with the PaymentIntent client secret', async () => {
    const buyer = await member();
    const result = await purchase(buyer, 'pm_card_authenticationRequired');
    expect(result.answer).toMatchObject({ status: 'pending', clientSecret: expect.stringMatching(/^pi_\d+_secret_x$/) });
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toBeNull();
  });
});

describe('Stripe webhooks', () => {
  async function pendingPurchase() {
    const buyer = await member();
    const result = await purchase(buyer, 'pm_card_authenticationRequired');
    const paymentId = result.answer!.paymentId;
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    return { buyer, paymentId, intentId: row!.providerRef! };
  }

  it('refuses an event without a valid signature on the raw body', async () => {
    const { paymentId, intentId, buyer } = await pendingPurchase();
    expect((await deliver({ id: 'evt_forged', type: 'payment_intent.succeeded', intent: { id: intentId, paymentId } }, 'whsec_wrong')).status).toBe(400);
    const unsigned = await fetch(`${server.url}${rest(BILLING_PATHS.stripeWebhook)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(400);
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toBeNull();
  });

  it('applies payment_intent.succeeded once, whatever the redeliveries, and a late failure changes nothing', async () => {
    const { buyer, paymentId, intentId } = await pendingPurchase();
    const event = { id: 'evt_success_1', type: 'payment_intent.succeeded', intent: { id: intentId, paymentId } };
    const answers = await Promise.all([deliver(event), deliver(event), deliver({ ...event, id: 'evt_success_2' })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const expiry = await billing.expiryOf(buyer, SUBSCRIPTION.VIP);
    expect(expiry).not.toBeNull();
    expect((await deliver({ id: 'evt_failed_late', type: 'payment_intent.payment_failed', intent: { id: intentId, paymentId } })).status).toBe(200);
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toEqual(expiry);
    expect(await billing.invoices(buyer)).toHaveLength(1);
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.status).toBe('succeeded');
  });

  it('a failure first, then the success: the success wins', async () => {
    const { buyer, paymentId, intentId } = await pendingPurchase();
    await deliver({ id: 'evt_f', type: 'payment_intent.payment_failed', intent: { id: intentId, paymentId, code: 'payment_intent_authentication_failure' } });
    const [failed] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(failed).toMatchObject({ status: 'failed', error: BILLING_TEXT.authenticationFailed });
    await deliver({ id: 'evt_s', type: 'payment_intent.succeeded', intent: { id: intentId, paymentId } });
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).not.toBeNull();
  });

  it('ignores an event about another PaymentIntent of the payment, or an unknown payment', async () => {
    const { buyer, paymentId } = await pendingPurchase();
    expect((await deliver({ id: 'evt_other', type: 'payment_intent.succeeded', intent: { id: 'pi_autre', paymentId } })).status).toBe(200);
    expect((await deliver({ id: 'evt_unknown', type: 'payment_intent.succeeded', intent: { id: 'pi_x', paymentId: 'pay_inconnu' } })).status).toBe(200);
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toBeNull();
  });

  it('checknew reads a confirmation back from Stripe when the webhook has not come', async () => {
    const { buyer, intentId } = await pendingPurchase();
    // The member confirmed in Stripe's window.
    stripe.intents.get(intentId)!.status = 'succeeded';
    const answer = checkNewAnswer.parse((await jsonOf(await server.get(rest(BILLING_PATHS.checkNew), await billing.token(buyer)))).body);
    expect(answer).toMatchObject({ new: true, page: 'thank_you_vip' });
    expect(answer.abonnements.map((a) => a.abonnement.id)).toEqual([SUBSCRIPTION.VIP]);
  });

  it('renews off-session with the saved card and an idempotency key per period', async () => {
    const buyer = await member();
    await purchase(buyer, 'pm_card_visa');
    const expiry = (await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!;
    const before = stripe.calls.length;
    const at = new Date(expiry.getTime() + 60_000);
    await runRenewals(server.billing, at, server.url);
    const planId = (await billing.subscriptions(buyer)).subscriptions[0]!.stripeSubscriptionId;
    const renewal = stripe.calls.slice(before).filter((c) => c.path === '/v1/payment_intents' && c.form.get('metadata[paymentId]')?.startsWith(`pay_${planId}_`));
    expect(renewal).toHaveLength(1);
    expect(renewal[0]!.form.get('off_session')).toBe('true');
    expect(renewal[0]!.idempotencyKey).toBe(`pay_${planId}_2:1`);
    expect((await billing.expiryOf(buyer, SUBSCRIPTION.VIP))!.getTime()).toBeGreaterThan(expiry.getTime());
  });
});

describe('payments under faults (issue 23)', () => {
  it('abandoned in the bank window, resumed later, its webhook delivered three times and out of order while two tabs ask: one grant, one invoice, one commission', async () => {
    const { account: sponsor, code } = await newReferrer(server, `parrainstripe${++counter}`);
    const buyer = await newReferee(server, `filleulstripe${++counter}`, code);
    const result = await purchase(buyer, 'pm_card_authenticationRequired');
    expect(result.answer?.status).toBe('pending');
    const paymentId = result.answer!.paymentId;
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const intent = { id: row!.providerRef!, paymentId };
    const token = await billing.token(buyer);
    const checkNew = async () => checkNewAnswer.parse((await jsonOf(await server.get(rest(BILLING_PATHS.checkNew), token))).body);

    // The tab closed before the bank's window was answered: nothing granted, nothing to thank for.
    expect((await checkNew()).new).toBe(false);
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toBeNull();

    // Resumed later in the bank's window; Stripe delivers its verdict three times, a stale failure
    // among them, while two tabs of the member ask for it.
    stripe.intents.get(intent.id)!.status = 'succeeded';
    const succeeded = { id: 'evt_repris', type: 'payment_intent.succeeded', intent };
    const staleFailure = { id: 'evt_ancien_echec', type: 'payment_intent.payment_failed', intent: { ...intent, code: 'payment_intent_authentication_failure' } };
    const answers = await Promise.all([deliver(succeeded), checkNew(), deliver(staleFailure), checkNew(), deliver(succeeded), deliver({ ...succeeded, id: 'evt_repris_2' })]);
    for (const answer of answers) if (answer instanceof Response) expect(answer.status).toBe(200);

    const idOf = async (username: string) => (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
    const buyerId = await idOf(buyer);
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).not.toBeNull();
    expect(await billing.invoices(buyer)).toHaveLength(1);
    expect((await billing.subscriptions(buyer)).subscriptions).toHaveLength(1);
    const commissions = await server.database.db.select().from(referrals).where(eq(referrals.refereeId, buyerId));
    expect(commissions.map((c) => c.referrerId)).toEqual([await idOf(sponsor)]);
    expect((await server.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.status).toBe('succeeded');
    // The thank-you page was shown to one tab at most, and is not shown again.
    const thanked = answers.filter((answer) => !(answer instanceof Response) && answer.new);
    expect(thanked.length).toBeLessThanOrEqual(1);
    expect((await checkNew()).new).toBe(false);
  });
});
