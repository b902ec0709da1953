import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BILLING_PATHS,
  BILLING_TEXT,
  BOXES_QUERY,
  boxesResponse,
  checkNewAnswer,
  couponAnswer,
  countriesResponse,
  cryptoAnswer,
  localConfirmAnswer,
  IDEMPOTENCY_HEADER,
  paymentConfig,
  paypalOrderAnswer,
  purchaseAnswer,
  upgradeData,
} from '../../src/contract/billing';
import { alertsResponse } from '../../src/contract/alerts';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { addMonths, LIFETIME_EXPIRY } from '../../src/domain/pricing';
import { invoices, payments, users, userSubscriptions } from '../../server/db/schema';
import { jsonOf } from './account-helpers';
import { billingClient, CARDS, newMember, rest } from './billing-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let billing: ReturnType<typeof billingClient>;
beforeAll(async () => {
  server = await startTestServer({ app: { registerLimit: 1000 } });
  billing = billingClient(server);
}, 60_000);
afterAll(() => server.close());

const DAY = 86_400_000;
let counter = 0;
const member = () => newMember(server, `acheteur${++counter}`);
const post = async (account: string, path: string, body: unknown) => jsonOf<Record<string, unknown>>(await server.post(rest(path), body, await billing.token(account)));
const get = async (account: string, path: string) => jsonOf<Record<string, unknown>>(await server.get(rest(path), await billing.token(account)));
const confirm = (clientSecret: string, action: 'authenticate' | 'fail') => server.post(rest(BILLING_PATHS.localConfirm), { clientSecret, action });
const invoiceCount = async (account: string) => (await billing.invoices(account)).length;
const alertFeed = async (account: string) => alertsResponse.parse(await (await server.get('/rest/alerts/v2', await billing.token(account))).json());

describe('catalogue and public data', () => {
  it('answers the seeded boxes through GraphQL, VIP monthly first', async () => {
    const answer = await server.graphql(BOXES_QUERY);
    expect(answer.errors).toBeUndefined();
    const { boxes } = boxesResponse.parse(answer.data);
    expect(boxes.map((b) => b.libelle)).toEqual(['VIP', 'VIP + Live', 'Live', 'Prime', 'Formations et outils']);
    const monthly = boxes[0]!.Offres[0]!;
    expect(monthly.produit_principal).toMatchObject({ libelle_interne: 'VIP MENSUEL', nb_mois: 1, nb_paiements: 1, prix: 49, recurrent: true });
    const instalments = boxes[0]!.Offres[1]!;
    expect(instalments.produit_principal).toMatchObject({ nb_mois: 3, nb_paiements: 3 });
    const year = boxes[0]!.Offres[3]!;
    expect(year.produit_optionnel?.libelle_interne).toBe('COACHING INDIVIDUEL');
    expect(year.produit_inclus.map((p) => p.libelle_interne)).toEqual(['LIVE OFFERT']);
    const labels = boxes.flatMap((b) => b.Offres.map((o) => o.produit_principal.libelle_interne));
    for (const needed of ['FORMATION FIRST', 'PRIME ANNUEL', 'INDICATEUR COMPTOIR', 'VIP A VIE', 'LIVE MENSUEL']) expect(labels).toContain(needed);
  });

  it('lists the countries with their VAT and the local payment configuration', async () => {
    const countries = countriesResponse.parse(await (await server.get(rest(BILLING_PATHS.countries))).json());
    expect(countries.find((c) => c.code === 'FR')).toEqual({ code: 'FR', name_fr: 'France', tva: 20, tva_entreprise: 20 });
    expect(countries.find((c) => c.code === 'BE')).toMatchObject({ tva: 21, tva_entreprise: 0 });
    const config = paymentConfig.parse(await (await server.get(rest(BILLING_PATHS.paymentConfig))).json());
    expect(config).toEqual({ card: { provider: 'local' }, paypal: { provider: 'local' }, crypto: { provider: 'local' } });
  });
});

describe('coupons', () => {
  it('answers the new prices of a running coupon, in any case', async () => {
    const answer = couponAnswer.parse((await post('membre', BILLING_PATHS.coupon, { coupon: 'bienvenue20' })).body);
    expect(answer.newPrices['1']).toBe(0.8);
    expect(answer.newPrices['5']).toBe(0.8);
  });
  it('refuses an unknown, an expired and an empty coupon with a clear message', async () => {
    expect(await post('membre', BILLING_PATHS.coupon, { coupon: 'INCONNU' })).toEqual({ status: 400, body: { error: BILLING_TEXT.couponInvalid } });
    expect(await post('membre', BILLING_PATHS.coupon, { coupon: 'NOEL2020' })).toEqual({ status: 400, body: { error: BILLING_TEXT.couponExpired } });
    expect(await post('membre', BILLING_PATHS.coupon, { coupon: ' ' })).toEqual({ status: 400, body: { error: 'Ce champs est requis (coupon)' } });
  });
});

describe('card purchase with the test cards', () => {
  it('4242: pays at once, grants VIP for a month, opens the VIP alerts, saves the card and writes the invoice', async () => {
    const buyer = await member();
    const before = await alertFeed(buyer);
    expect(before.alerts.filter((a) => !a.freeAlert).every((a) => a.locked)).toBe(true);

    const answer = await billing.buy(buyer, CARDS.success);
    expect(answer).toMatchObject({ status: 'OK', clientSecret: null });
    const expiry = await billing.expiryOf(buyer, SUBSCRIPTION.VIP);
    expect(Math.abs(expiry!.getTime() - addMonths(new Date(), 1).getTime())).toBeLessThan(60_000);

    const after = await alertFeed(buyer);
    expect(after.alerts.filter((a) => a.room !== 'prime').every((a) => !a.locked && a.content !== '')).toBe(true);

    const cards = await billing.cards(buyer);
    expect(cards).toEqual([{ card_id: expect.any(String), type: 'visa', last4: '4242', exp: '12/40' }]);
    const list = await billing.invoices(buyer);
    expect(list).toEqual([
      { ref: expect.stringMatching(/^FA-\d{4}-\d{6}$/), date: expect.any(String), montantht: 49, montanttva: 9.8, invoiceUrl: expect.any(String), lib: 'VIP mensuel' },
    ]);
    const summary = await billing.subscriptions(buyer);
    expect(summary.subscriptions).toEqual([
      expect.objectContaining({ libelle: 'VIP mensuel', status: 'active', renews: true, amount: 58.8, nb_mois: 1, payment_3x: null, mobilePayment: false }),
    ]);
    expect(summary.pendingPayment).toBeNull();
    expect(summary.abonnements.map((a) => a.abonnement.id)).toEqual([SUBSCRIPTION.VIP]);
    // The user now reads as a new VIP (the onboarding link).
    const [row] = await server.database.db.select({ isNewVip: users.isNewVip }).from(users).where(eq(users.username, buyer));
    expect(row?.isNewVip).toBe(true);
  });

  it('a saved card pays by its id', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success);
    const [card] = await billing.cards(buyer);
    const again = await billing.purchase(buyer, billing.purchaseBody(card!.card_id, { boxId: 3, offerId: 8 }));
    expect(again.answer?.status).toBe('OK');
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.LIVE)).not.toBeNull();
    expect(await billing.cards(buyer)).toHaveLength(1);
  });

  it('4000 0000 0000 0002: declined with the bank message, nothing granted, no invoice', async () => {
    const buyer = await member();
    const result = await billing.purchase(buyer, billing.purchaseBody(await billing.cardToken(CARDS.declined)));
    expect(result).toEqual({ status: 402, answer: null, error: BILLING_TEXT.cardDeclined });
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toBeNull();
    expect(await invoiceCount(buyer)).toBe(0);
    expect(await billing.cards(buyer)).toEqual([]);
  });

  it('4000 0027 6000 3184: pending with a client secret, granted once only when confirmed, however often confirmed', async () => {
    const buyer = await member();
    const answer = await billing.buy(buyer, CARDS.confirm);
    expect(answer.status).toBe('pending');
    if (answer.status !== 'pending') return;
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toBeNull();
    expect(await invoiceCount(buyer)).toBe(0);

    // The confirmation page exists for the client to open.
    const pageResponse = await server.get(`${rest(BILLING_PATHS.localConfirm)}?client_secret=${encodeURIComponent(answer.clientSecret)}`);
    expect(pageResponse.status).toBe(200);
    expect(await pageResponse.text()).toContain("Valider l'authentification");

    // Twice at the same time, then once more, then a late failure: one grant, still paid.
    const results = await Promise.all([confirm(answer.clientSecret, 'authenticate'), confirm(answer.clientSecret, 'authenticate')]);
    for (const r of results) expect(localConfirmAnswer.parse(await r.json())).toEqual({ status: 'succeeded' });
    const expiry = await billing.expiryOf(buyer, SUBSCRIPTION.VIP);
    expect(expiry).not.toBeNull();
    expect(localConfirmAnswer.parse(await (await confirm(answer.clientSecret, 'authenticate')).json())).toEqual({ status: 'succeeded' });
    expect(localConfirmAnswer.parse(await (await confirm(answer.clientSecret, 'fail')).json())).toEqual({ status: 'succeeded' });
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toEqual(expiry);
    expect(await invoiceCount(buyer)).toBe(1);
    expect((await billing.subscriptions(buyer)).subscriptions).toHaveLength(1);

    // checknew reports it once, with the VIP thank-you page.
    const first = checkNewAnswer.parse((await get(buyer, BILLING_PATHS.checkNew)).body);
    expect(first).toMatchObject({ new: true, page: 'thank_you_vip' });
    expect(first.abonnements.map((a) => a.abonnement.id)).toEqual([SUBSCRIPTION.VIP]);
    expect(checkNewAnswer.parse((await get(buyer, BILLING_PATHS.checkNew)).body).new).toBe(false);
  });

  it('4000 0027 6000 3184 with a failed authentication: the error, nothing granted, and a later success cannot revive it', async () => {
    const buyer = await member();
    const answer = await billing.buy(buyer, CARDS.confirm);
    if (answer.status !== 'pending') throw new Error('pending attendu');
    expect(localConfirmAnswer.parse(await (await confirm(answer.clientSecret, 'fail')).json())).toEqual({ status: 'failed', error: BILLING_TEXT.authenticationFailed });
    expect(localConfirmAnswer.parse(await (await confirm(answer.clientSecret, 'authenticate')).json())).toEqual({ status: 'failed', error: BILLING_TEXT.authenticationFailed });
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toBeNull();
    expect(await invoiceCount(buyer)).toBe(0);
  });

  it('a repeated request with the same Idempotency-Key pays once and answers the same', async () => {
    const buyer = await member();
    const token = await billing.token(buyer);
    const body = billing.purchaseBody(await billing.cardToken(CARDS.success));
    const send = (key: string, payload: unknown = body) =>
      fetch(`${server.url}${rest(BILLING_PATHS.purchase)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: key },
        body: JSON.stringify(payload),
      });
    const answers = await Promise.all([send('achat-1'), send('achat-1')]);
    const later = await send('achat-1');
    const bodies = await Promise.all([...answers, later].map(async (r) => ({ status: r.status, body: (await r.json()) as { paymentId?: string; error?: string } })));
    const paid = bodies.filter((b) => b.status === 200);
    expect(paid.length).toBeGreaterThanOrEqual(2);
    expect(new Set(paid.map((b) => b.body.paymentId)).size).toBe(1);
    for (const other of bodies.filter((b) => b.status !== 200)) expect(other).toEqual({ status: 409, body: { error: BILLING_TEXT.paymentInProgress } });
    expect(await invoiceCount(buyer)).toBe(1);
    // A declined attempt answers its refusal again; a new key is a new attempt.
    const declined = billing.purchaseBody(await billing.cardToken(CARDS.declined), { boxId: 3, offerId: 8 });
    expect((await send('achat-2', declined)).status).toBe(402);
    expect(await jsonOf(await send('achat-2', { ...declined, sourceToken: await billing.cardToken(CARDS.success) }))).toEqual({ status: 402, body: { error: BILLING_TEXT.cardDeclined } });
    expect((await send('achat-3', { ...declined, sourceToken: await billing.cardToken(CARDS.success) })).status).toBe(200);
    expect(await invoiceCount(buyer)).toBe(2);
  });

  it('a PaymentIntent confirmation that is unknown answers 404', async () => {
    expect((await confirm('pay_inconnu_secret_x', 'authenticate')).status).toBe(404);
  });
});

describe('prices are computed by the server', () => {
  it('a coupon lowers the price; the invoice says so', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success, { coupon: 'BIENVENUE20' });
    expect(await billing.invoices(buyer)).toEqual([expect.objectContaining({ montantht: 39.2, montanttva: 7.84 })]);
  });

  it('the option adds its price, included products come free, each grants its subscriptions', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success, { boxId: 1, offerId: 4, optionSelected: true });
    expect(await billing.invoices(buyer)).toEqual([expect.objectContaining({ montantht: 528, montanttva: 105.6, lib: 'VIP 1 an + Une séance de coaching individuel' })]);
    const vip = await billing.expiryOf(buyer, SUBSCRIPTION.VIP);
    const live = await billing.expiryOf(buyer, SUBSCRIPTION.LIVE);
    expect(Math.abs(vip!.getTime() - addMonths(new Date(), 12).getTime())).toBeLessThan(60_000);
    expect(Math.abs(live!.getTime() - addMonths(new Date(), 1).getTime())).toBeLessThan(60_000);
  });

  it('a business in Belgium with a VAT number pays no VAT; the billing typed at checkout is saved', async () => {
    const buyer = await member();
    const entreprise = { name: 'Trading SPRL', address: '1 rue Neuve', address2: '', zip: '1000', city: 'Bruxelles', country: 'be', vat: 'BE0123456789' };
    await billing.buy(buyer, CARDS.success, { entreprise });
    expect(await billing.invoices(buyer)).toEqual([expect.objectContaining({ montantht: 49, montanttva: 0 })]);
    const [row] = await server.database.db.select({ billing: users.billing }).from(users).where(eq(users.username, buyer));
    expect(row?.billing).toMatchObject({ name: 'Trading SPRL', country: 'BE' });
    const [invoice] = await billing.invoices(buyer);
    const document = await (await server.get(invoice!.invoiceUrl, await billing.token(buyer))).text();
    expect(document).toContain('Autoliquidation');
  });

  it('subscription 7 makes the price 1', async () => {
    const buyer = await member();
    const [user] = await server.database.db.select().from(users).where(eq(users.username, buyer));
    await server.database.db.insert(userSubscriptions).values({ userId: user!.id, subscriptionId: SUBSCRIPTION.PRICE_ONE, expiresAt: new Date(Date.now() + 30 * DAY) });
    await billing.buy(buyer, CARDS.success, { boxId: 1, offerId: 5 });
    expect(await billing.invoices(buyer)).toEqual([expect.objectContaining({ montantht: 1, montanttva: 0.2 })]);
    expect((await billing.expiryOf(buyer, SUBSCRIPTION.VIP))?.getTime()).toBe(LIFETIME_EXPIRY.getTime());
  });

  it('a VIP running for more than a year cannot buy VIP again, but may buy something else', async () => {
    const result = await billing.purchase('coach', billing.purchaseBody(await billing.cardToken(CARDS.success)));
    expect(result).toMatchObject({ status: 400, error: BILLING_TEXT.repurchaseBlocked });
    const prime = await billing.purchase('coach', billing.purchaseBody(await billing.cardToken(CARDS.success), { boxId: 4, offerId: 9, coupon: 'PRIME500' }));
    expect(prime.answer?.status).toBe('OK');
    expect((await billing.invoices('coach'))[0]).toMatchObject({ montantht: 500, montanttva: 100 });
  });

  it('an indicator needs the TradingView account on the profile', async () => {
    const buyer = await member();
    const body = billing.purchaseBody(await billing.cardToken(CARDS.success), { boxId: 5, offerId: 11 });
    expect(await billing.purchase(buyer, body)).toMatchObject({ status: 400, error: BILLING_TEXT.tradingviewRequired });
    expect((await server.put('/content/api/user/update', { tradingview: 'marie_tv' }, await billing.token(buyer))).status).toBe(200);
    expect((await billing.purchase(buyer, { ...body, sourceToken: await billing.cardToken(CARDS.success) })).answer?.status).toBe('OK');
  });
});

describe('three-instalment plan', () => {
  it('charges the first instalment today and shows the schedule at +3 and +6 months; card only', async () => {
    const buyer = await member();
    const crypto = await post(buyer, BILLING_PATHS.cryptoPayment, { boxId: 1, offerId: 2 });
    expect(crypto).toEqual({ status: 400, body: { error: BILLING_TEXT.cryptoNotAllowed } });
    const paypal = await post(buyer, BILLING_PATHS.paypalOrder, { kind: 'purchase', boxId: 1, offerId: 2 });
    expect(paypal).toEqual({ status: 400, body: { error: BILLING_TEXT.paypalNotAllowed } });

    await billing.buy(buyer, CARDS.success, { boxId: 1, offerId: 2 });
    const [plan] = (await billing.subscriptions(buyer)).subscriptions;
    expect(plan).toMatchObject({ libelle: 'VIP en 3 fois', renews: false, amount: 154.8 });
    expect(plan!.payment_3x?.map((i) => i.paid)).toEqual([true, false, false]);
    const [first, second, third] = plan!.payment_3x!.map((i) => new Date(i.date));
    expect(second!.getTime()).toBe(addMonths(first!, 3).getTime());
    expect(third!.getTime()).toBe(addMonths(first!, 6).getTime());
    expect(plan!.nextPaymentAt).not.toBeNull();
  });
});

describe('PayPal (local approval page)', () => {
  it('creates the order, refuses a capture before approval, captures once after it', async () => {
    const buyer = await member();
    const order = paypalOrderAnswer.parse((await post(buyer, BILLING_PATHS.paypalOrder, { kind: 'purchase', boxId: 1, offerId: 1, coupon: 'BIENVENUE20' })).body);
    expect(order.approveUrl).toContain(`/rest/local-pay/paypal/${order.orderId}`);
    expect(await post(buyer, BILLING_PATHS.paypalCapture, { orderId: order.orderId })).toEqual({ status: 400, body: { error: BILLING_TEXT.paypalNotApproved } });

    const page = await fetch(order.approveUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('47,04');
    expect((await fetch(order.approveUrl!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'approve' }) })).status).toBe(200);

    const captures = await Promise.all([post(buyer, BILLING_PATHS.paypalCapture, { orderId: order.orderId }), post(buyer, BILLING_PATHS.paypalCapture, { orderId: order.orderId })]);
    for (const capture of captures) expect(purchaseAnswer.parse(capture.body).status).toBe('OK');
    expect(await billing.invoices(buyer)).toEqual([expect.objectContaining({ montantht: 39.2, montanttva: 7.84 })]);
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).not.toBeNull();
    // Paid once, without a renewal plan (only cards renew).
    expect((await billing.subscriptions(buyer)).subscriptions).toEqual([]);
  });

  it('an order of another member cannot be captured', async () => {
    const buyer = await member();
    const order = paypalOrderAnswer.parse((await post(buyer, BILLING_PATHS.paypalOrder, { kind: 'purchase', boxId: 3, offerId: 8 })).body);
    expect(await post('membre', BILLING_PATHS.paypalCapture, { orderId: order.orderId })).toEqual({ status: 404, body: { error: BILLING_TEXT.paymentNotFound } });
  });
});

describe('crypto (local hosted page)', () => {
  it('answers the hosted page; marking it paid grants once', async () => {
    const buyer = await member();
    const answer = cryptoAnswer.parse((await post(buyer, BILLING_PATHS.cryptoPayment, { boxId: 4, offerId: 9 })).body);
    const page = await fetch(answer.hostedUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Marquer comme payé');
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.PRIME)).toBeNull();
    const pay = () => fetch(answer.hostedUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'pay' }) });
    const [a, b] = await Promise.all([pay(), pay()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.PRIME)).not.toBeNull();
    expect(await invoiceCount(buyer)).toBe(1);
    // Cancelling afterwards changes nothing.
    await fetch(answer.hostedUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'cancel' }) });
    expect(await invoiceCount(buyer)).toBe(1);
    expect(checkNewAnswer.parse((await get(buyer, BILLING_PATHS.checkNew)).body)).toMatchObject({ new: true, page: 'thank_you' });
  });
});

describe('upgrade to VIP + Live', () => {
  it('is refused without a running VIP or with Live already', async () => {
    for (const account of ['membre', 'live']) {
      expect(await get(account, BILLING_PATHS.upgrade)).toEqual({ status: 403, body: { error: BILLING_TEXT.upgradeNotAllowed } });
    }
  });

  it('costs the Live months left of the VIP and grants Live; then it is no longer offered', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success, { boxId: 1, offerId: 3 });
    const data = upgradeData.parse((await get(buyer, BILLING_PATHS.upgrade)).body);
    // About six months of VIP left: six months of Live at 39 € before VAT.
    expect(data).toEqual({ amountToPay: 280.8, productId: 12 });
    const paid = await post(buyer, BILLING_PATHS.upgrade, { sourceToken: (await billing.cards(buyer))[0]!.card_id });
    expect(purchaseAnswer.parse(paid.body).status).toBe('OK');
    const live = await billing.expiryOf(buyer, SUBSCRIPTION.LIVE);
    expect(Math.abs(live!.getTime() - addMonths(new Date(), 6).getTime())).toBeLessThan(60_000);
    expect(await get(buyer, BILLING_PATHS.upgrade)).toEqual({ status: 403, body: { error: BILLING_TEXT.upgradeNotAllowed } });
    expect((await billing.invoices(buyer))[0]).toMatchObject({ montantht: 234, lib: 'Passage au VIP + Live (6 mois)' });
  });

  it('may be paid with PayPal', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success);
    const order = paypalOrderAnswer.parse((await post(buyer, BILLING_PATHS.paypalOrder, { kind: 'upgrade', coupon: 'LIVE10' })).body);
    await fetch(order.approveUrl!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'approve' }) });
    expect(purchaseAnswer.parse((await post(buyer, BILLING_PATHS.paypalCapture, { orderId: order.orderId })).body).status).toBe('OK');
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.LIVE)).not.toBeNull();
    expect((await billing.invoices(buyer))[0]).toMatchObject({ montantht: 35.1 });
  });
});

describe('cancel the automatic renewal', () => {
  it('stops a recurring plan, keeps the access, and cannot be done twice', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success);
    const expiry = await billing.expiryOf(buyer, SUBSCRIPTION.VIP);
    expect(await post(buyer, BILLING_PATHS.cancelSubscription, {})).toEqual({ status: 200, body: { success: true } });
    const [plan] = (await billing.subscriptions(buyer)).subscriptions;
    expect(plan).toMatchObject({ status: 'canceled', renews: false, nextPaymentAt: null });
    expect(await billing.expiryOf(buyer, SUBSCRIPTION.VIP)).toEqual(expiry);
    expect(await post(buyer, BILLING_PATHS.cancelSubscription, {})).toEqual({ status: 400, body: { error: BILLING_TEXT.noRenewingSubscription } });
  });

  it('refuses instalments, another member’s plan and a member without plan', async () => {
    const buyer = await member();
    await billing.buy(buyer, CARDS.success, { boxId: 1, offerId: 2 });
    expect(await post(buyer, BILLING_PATHS.cancelSubscription, {})).toEqual({ status: 400, body: { error: BILLING_TEXT.instalmentsNotCancelable } });
    const [plan] = (await billing.subscriptions(buyer)).subscriptions;
    expect((await post('membre', BILLING_PATHS.cancelSubscription, { stripeSubscriptionId: plan!.stripeSubscriptionId })).status).toBe(404);
    expect(await post(await member(), BILLING_PATHS.cancelSubscription, {})).toEqual({ status: 400, body: { error: BILLING_TEXT.noRenewingSubscription } });
  });
});

describe('cards', () => {
  it('adds a card, refuses a declined one with the spec message, deletes only the member’s own', async () => {
    const owner = await member();
    const added = await post(owner, BILLING_PATHS.addCard, { token: await billing.cardToken(CARDS.success) });
    expect(added.status).toBe(200);
    expect(await post(owner, BILLING_PATHS.addCard, { token: await billing.cardToken(CARDS.declined) })).toEqual({ status: 400, body: { error: BILLING_TEXT.cardAddFailed } });
    expect(await post(owner, BILLING_PATHS.addCard, { token: 'tok_local_faux.signature' })).toEqual({ status: 400, body: { error: BILLING_TEXT.cardAddFailed } });
    const [card] = await billing.cards(owner);
    const remove = async (account: string, cardId: string) =>
      jsonOf(await fetch(`${server.url}${rest(BILLING_PATHS.cards)}`, { method: 'DELETE', headers: { 'content-type': 'application/json', authorization: `Bearer ${await billing.token(account)}` }, body: JSON.stringify({ cardId }) }));
    expect(await remove('membre', card!.card_id)).toEqual({ status: 404, body: { error: BILLING_TEXT.cardNotFound } });
    expect(await remove(owner, card!.card_id)).toEqual({ status: 200, body: [] });
  });

  it('keeps the only card paying a running plan; with another card the plan moves to it', async () => {
    const owner = await member();
    await billing.buy(owner, CARDS.success);
    const [paying] = await billing.cards(owner);
    const remove = async (cardId: string) =>
      jsonOf(await fetch(`${server.url}${rest(BILLING_PATHS.cards)}?cardId=${cardId}`, { method: 'DELETE', headers: { authorization: `Bearer ${await billing.token(owner)}` } }));
    expect(await remove(paying!.card_id)).toEqual({ status: 400, body: { error: BILLING_TEXT.cardInUse } });
    await post(owner, BILLING_PATHS.addCard, { token: await billing.cardToken('5555 5555 5555 4444') });
    expect((await remove(paying!.card_id)).status).toBe(200);
    expect((await billing.cards(owner)).map((c) => c.type)).toEqual(['mastercard']);
  });

  it('refuses a local card token for a card that cannot be used', async () => {
    for (const number of ['4242 4242 4242 4241', '1234']) {
      const response = await server.post(rest(BILLING_PATHS.localCardToken), { number, exp_month: 12, exp_year: 2040, cvc: '123', name: 'Marie' });
      expect(await jsonOf(response)).toEqual({ status: 400, body: { error: BILLING_TEXT.tokenFailed } });
    }
    const expired = await server.post(rest(BILLING_PATHS.localCardToken), { number: CARDS.success, exp_month: 1, exp_year: 2020, cvc: '123', name: 'Marie' });
    expect(expired.status).toBe(400);
  });
});

describe('invoices', () => {
  it('opens the invoice document with HT, TVA and TTC for its owner only (bearer or cookie)', async () => {
    const owner = await member();
    await billing.buy(owner, CARDS.success);
    const [invoice] = await billing.invoices(owner);
    const byBearer = await server.get(invoice!.invoiceUrl, await billing.token(owner));
    expect(byBearer.status).toBe(200);
    const html = await byBearer.text();
    for (const part of [invoice!.ref, 'Montant HT', 'TVA (20 %)', 'Montant TTC', '49,00', '9,80', '58,80']) expect(html.replace(/\u202f|\u00a0/g, ' ')).toContain(part);
    const byCookie = await fetch(`${server.url}${invoice!.invoiceUrl}?download=1`, { headers: { cookie: `access_token=${await billing.token(owner)}` } });
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers.get('content-disposition')).toContain(`${invoice!.ref}.html`);
    expect((await server.get(invoice!.invoiceUrl, await billing.token('membre'))).status).toBe(404);
    expect((await server.get(invoice!.invoiceUrl)).status).toBe(401);
  });

  it('numbers invoices in sequence, one per paid payment', async () => {
    const rows = await server.database.db.select().from(invoices);
    const paid = await server.database.db.select().from(payments).where(eq(payments.status, 'succeeded'));
    expect(rows.length).toBe(paid.length);
    expect(new Set(rows.map((r) => r.paymentId)).size).toBe(rows.length);
    expect(rows.every((r) => r.ref === `FA-${r.createdAt.getUTCFullYear()}-${String(r.id).padStart(6, '0')}`)).toBe(true);
  });
});

describe('the demo vip', () => {
  it('pays VIP monthly with a saved card: a running plan renewing when the VIP ends, its invoice', async () => {
    const summary = await billing.subscriptions('vip');
    const vipExpiry = summary.abonnements.find((a) => a.abonnement.id === SUBSCRIPTION.VIP)?.expiration;
    expect(summary.subscriptions).toEqual([
      expect.objectContaining({ stripeSubscriptionId: 'sub_demo_vip', libelle: 'VIP mensuel', status: 'active', renews: true, amount: 58.8, nextPaymentAt: vipExpiry }),
    ]);
    expect(await billing.cards('vip')).toEqual([{ card_id: 'card_demo_vip', type: 'visa', last4: '4242', exp: '12/34' }]);
    const [invoice] = await billing.invoices('vip');
    expect(invoice).toMatchObject({ montantht: 49, montanttva: 9.8, lib: 'VIP mensuel' });
    expect((await server.get(invoice!.invoiceUrl, await billing.token('vip'))).status).toBe(200);
  });
});

describe('bad requests', () => {
  it('needs a signed-in member for the member calls', async () => {
    for (const path of [BILLING_PATHS.subscriptions, BILLING_PATHS.invoices, BILLING_PATHS.cards, BILLING_PATHS.upgrade, BILLING_PATHS.checkNew]) {
      expect((await server.get(rest(path))).status).toBe(401);
    }
    expect((await server.post(rest(BILLING_PATHS.purchase), { boxId: 1, offerId: 1, sourceToken: 'x' })).status).toBe(401);
  });

  it('answers 400 naming the field, 404 for an unknown offer', async () => {
    expect(await post('membre', BILLING_PATHS.purchase, { offerId: 1, sourceToken: 'x' })).toEqual({
      status: 400,
      body: { error: 'Requête invalide : champ « boxId » manquant ou incorrect' },
    });
    expect(await post('membre', BILLING_PATHS.purchase, { boxId: 1, offerId: 1, sourceToken: '' })).toEqual({ status: 400, body: { error: 'Ce champs est requis (sourceToken)' } });
    expect(await post('membre', BILLING_PATHS.purchase, { boxId: 'un', offerId: 1, sourceToken: 'x' })).toMatchObject({ status: 400 });
    expect(await post('membre', BILLING_PATHS.purchase, { boxId: 2, offerId: 1, sourceToken: 'x' })).toEqual({ status: 404, body: { error: BILLING_TEXT.offerNotFound } });
    expect(await post('membre', BILLING_PATHS.paypalOrder, { kind: 'autre' })).toMatchObject({ status: 400 });
    const malformed = await fetch(`${server.url}${rest(BILLING_PATHS.purchase)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await billing.token('membre')}` },
      body: '{"boxId":',
    });
    expect(malformed.status).toBe(400);
  });

  it('checks billing saved through the profile: company name required, a known country', async () => {
    const token = await billing.token('membre');
    const billingInfo = { name: '', address: '', address2: '', zip: '', city: '', country: 'FR', vat: '' };
    expect(await jsonOf(await server.put('/content/api/user/update', { billing: billingInfo }, token))).toEqual({ status: 400, body: { error: BILLING_TEXT.companyNameRequired } });
    expect(await jsonOf(await server.put('/content/api/user/update', { billing: { ...billingInfo, name: 'Moi', country: 'XX' } }, token))).toEqual({
      status: 400,
      body: { error: BILLING_TEXT.countryUnknown },
    });
    const saved = await jsonOf<{ user: { billing: unknown } }>(await server.put('/content/api/user/update', { billing: { ...billingInfo, name: 'Moi', country: '' } }, token));
    expect(saved.body.user.billing).toMatchObject({ name: 'Moi', country: 'FR' });
  });
});
