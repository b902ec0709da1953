import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Box, Card, Country, Invoice, Product, SubscriptionsResponse } from '../../../src/contract/billing';
import type { User } from '../../../src/contract/user';
import { boxes$, boxesQuery, cards$, countries$, invoices$, paymentConfig$, subscriptions$, upgrade$ } from '../../../src/store/billing-queries';
import type { ComptoirDatabase } from '../../../src/store/database';
import { currentUser$ } from '../../../src/store/queries';
import { createApiClient } from '../../../src/sync/api-client';
import { createCheckoutEffects } from '../../../src/sync/billing-checkout';
import { createBillingSync, foldBoxes } from '../../../src/sync/billing-sync';
import { openMemoryDatabase } from '../store/memory-database';

const product = (id: number, libelle: string): Product => ({
  id,
  libelle_interne: libelle,
  libelle_public: libelle,
  nb_mois: 1,
  nb_paiements: 1,
  prix: 49,
  recurrent: true,
});
const box = (id: number, libelle: string): Box => ({
  id,
  libelle,
  Offres: [
    {
      id: id * 10,
      libelle: 'Mensuel',
      name: `offre-${id}`,
      sslibelle: '',
      prix: 49,
      avantages: 'Alertes',
      desavantages: '',
      produit_principal: product(id, `${libelle} MENSUEL`),
      produit_optionnel: null,
      produit_inclus: [],
    },
  ],
});
const countries: Country[] = [{ code: 'FR', name_fr: 'France', tva: 20, tva_entreprise: 20 }];
const card: Card = { card_id: 'card_1', type: 'visa', last4: '4242', exp: '12/34' };
const invoice: Invoice = { ref: 'F-2026-0001', date: '2026-11-23T10:00:00.000Z', montantht: 49, montanttva: 9.8, invoiceUrl: '/rest/settings/invoices/F-2026-0001/document', lib: 'VIP mensuel' };
const summary: SubscriptionsResponse = {
  abonnements: [{ abonnement: { id: 3 }, expiration: '2026-12-23T10:00:00.000Z' }],
  subscriptions: [
    {
      stripeSubscriptionId: 'plan_1',
      productId: 1,
      libelle: 'VIP mensuel',
      status: 'active',
      renews: true,
      amount: 58.8,
      nb_mois: 1,
      nextPaymentAt: '2026-12-23T10:00:00.000Z',
      payment_3x: null,
      mobilePayment: false,
    },
  ],
  pendingPayment: null,
};
const me: User = {
  id: 7,
  username: 'nina',
  email: 'nina@comptoir.test',
  metadata: { firstName: 'Nina', lastName: '', description: '', phoneNumber: '', picture: null },
  tradingview: '',
  billing: null,
  abonnements: [],
  settings: { isNewVIP: false, displayAvis: false },
  stripeConnectId: null,
  canWriteNews: false,
  isStaff: false,
};

type Route = { status: number; body: unknown };
/** A server answering from a table keyed 'METHOD path'; it records every request. */
function fakeServer(routes: Record<string, Route | (() => Route)>) {
  const requests: { key: string; body: unknown; auth: string | undefined }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ key, body, auth: (init?.headers as Record<string, string> | undefined)?.Authorization });
    const route = routes[key];
    const answer = typeof route === 'function' ? route() : route;
    if (!answer) return new Response('', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  };
  const api = createApiClient({ getToken: () => 'session-jwt', fetch: fetch as typeof globalThis.fetch, baseUrl: 'http://test' });
  return { api, requests };
}

let db: ComptoirDatabase;
beforeEach(async () => {
  db = await openMemoryDatabase();
});
afterEach(async () => {
  await db.remove();
});

describe('billing sync: the payout account link', () => {
  it("says 'Paramètre manquant' without a code and asks nothing", async () => {
    const { api, requests } = fakeServer({});
    let refreshed = 0;
    const sync = createBillingSync({ api, db, refreshUser: () => void (refreshed += 1) });
    expect(await sync.linkPayoutAccount({ code: ' ', state: null })).toBe('Paramètre manquant');
    expect(requests).toEqual([]);
    expect(refreshed).toBe(0);
  });

  it('sends the code and the state, then rereads the member; a refusal is passed on', async () => {
    let answer: Route = { status: 200, body: { success: true, stripeConnectId: 'acct_1' } };
    const { api, requests } = fakeServer({ 'POST /rest/settings/set_stripe_connect': () => answer });
    let refreshed = 0;
    const sync = createBillingSync({ api, db, refreshUser: () => void (refreshed += 1) });
    expect(await sync.linkPayoutAccount({ code: 'ac_123', state: '7' })).toBeNull();
    expect(requests.map((r) => r.body)).toEqual([{ code: 'ac_123', state: '7' }]);
    expect(refreshed).toBe(1);
    answer = { status: 400, body: { error: 'Ce lien de compte de paiement est invalide' } };
    expect(await sync.linkPayoutAccount({ code: 'ac_123', state: null })).toBe('Ce lien de compte de paiement est invalide');
    expect(requests.at(-1)?.body).toEqual({ code: 'ac_123' });
    expect(refreshed).toBe(1);
  });
});

describe('billing sync', () => {
  it('stores the catalogue: boxes in order, the countries and the payment providers', async () => {
    const { api } = fakeServer({
      'POST /content/graphql': { status: 200, body: { data: { boxes: [box(1, 'VIP'), box(2, 'Live')] } } },
      'GET /rest/public/countries': { status: 200, body: countries },
      'GET /rest/public/payment_config': { status: 200, body: { card: { provider: 'local' }, paypal: { provider: 'local' }, crypto: { provider: 'local' } } },
    });
    const sync = createBillingSync({ api, db, refreshUser: () => {} });
    expect(await sync.loadCatalogue()).toBeNull();
    expect((await firstValueFrom(boxes$(db))).map((b) => b.libelle)).toEqual(['VIP', 'Live']);
    expect(await firstValueFrom(countries$(db))).toEqual(countries);
    expect((await firstValueFrom(paymentConfig$(db)))?.card.provider).toBe('local');
  });

  it('drops a malformed answer at the edge and keeps what the store had', async () => {
    await foldBoxes(db, [box(1, 'VIP')]);
    const { api } = fakeServer({
      'POST /content/graphql': { status: 200, body: { data: { boxes: [{ id: 'pas-un-nombre' }] } } },
      'GET /rest/public/countries': { status: 200, body: countries },
      'GET /rest/public/payment_config': { status: 200, body: { card: { provider: 'inconnu' } } },
    });
    const sync = createBillingSync({ api, db, refreshUser: () => {} });
    expect(await sync.loadCatalogue()).toBe('Erreur lors de la requête');
    expect((await firstValueFrom(boxes$(db))).map((b) => b.libelle)).toEqual(['VIP']);
    expect(await firstValueFrom(paymentConfig$(db))).toBeNull();
  });

  it('replaces the boxes with the new catalogue and reads them through the index', async () => {
    await foldBoxes(db, [box(1, 'VIP'), box(2, 'Live'), box(3, 'Prime')]);
    await foldBoxes(db, [box(2, 'Live'), box(1, 'VIP')]);
    expect((await firstValueFrom(boxes$(db))).map((b) => b.libelle)).toEqual(['Live', 'VIP']);
    expect(await db.content.count({ selector: { type: 'box' } }).exec()).toBe(2);
    expect(boxesQuery(db).getPreparedQuery().queryPlan.sortSatisfiedByIndex).toBe(true);
  });

  it("stores the member's subscriptions, invoices and cards; the account follows the subscriptions", async () => {
    await db.account.upsert({ id: 'me', user: me, updatedAt: 1 });
    const { api } = fakeServer({
      'GET /rest/settings/subscriptions': { status: 200, body: summary },
      'GET /rest/settings/invoices': { status: 200, body: [invoice] },
      'GET /rest/settings/cards': { status: 200, body: [card] },
    });
    const sync = createBillingSync({ api, db, refreshUser: () => {} });
    expect(await sync.loadAccount()).toBeNull();
    expect(await firstValueFrom(subscriptions$(db))).toEqual(summary);
    expect(await firstValueFrom(invoices$(db))).toEqual([invoice]);
    expect(await firstValueFrom(cards$(db))).toEqual([card]);
    expect((await firstValueFrom(currentUser$(db)))?.abonnements).toEqual(summary.abonnements);
  });

  it('cancels the renewal and rereads the summary; a refusal is passed on as the server says it', async () => {
    let cancelled = false;
    const { api, requests } = fakeServer({
      'POST /rest/settings/cancel_subscription': () =>
        cancelled ? { status: 400, body: { error: "Vous n'avez aucun abonnement à renouvellement automatique en cours" } } : ((cancelled = true), { status: 200, body: { success: true } }),
      'GET /rest/settings/subscriptions': () => ({ status: 200, body: { ...summary, subscriptions: [{ ...summary.subscriptions[0]!, renews: !cancelled }] } }),
    });
    const sync = createBillingSync({ api, db, refreshUser: () => {} });
    expect(await sync.cancelSubscription('plan_1')).toBeNull();
    expect(requests.find((r) => r.key === 'POST /rest/settings/cancel_subscription')?.body).toEqual({ stripeSubscriptionId: 'plan_1' });
    expect((await firstValueFrom(subscriptions$(db)))?.subscriptions[0]?.renews).toBe(false);
    expect(await sync.cancelSubscription('plan_1')).toBe("Vous n'avez aucun abonnement à renouvellement automatique en cours");
  });

  it('adds and deletes cards, then rereads them', async () => {
    let cards: Card[] = [];
    const { api, requests } = fakeServer({
      'POST /rest/settings/cards/add': () => ((cards = [card]), { status: 200, body: cards }),
      'DELETE /rest/settings/cards': () => ((cards = []), { status: 200, body: cards }),
      'GET /rest/settings/cards': () => ({ status: 200, body: cards }),
    });
    const sync = createBillingSync({ api, db, refreshUser: () => {} });
    expect(await sync.addCard('tok_1')).toBeNull();
    expect(await firstValueFrom(cards$(db))).toEqual([card]);
    expect(await sync.deleteCard('card_1')).toBeNull();
    expect(requests.find((r) => r.key === 'DELETE /rest/settings/cards')?.body).toEqual({ cardId: 'card_1' });
    expect(await firstValueFrom(cards$(db))).toEqual([]);
  });

  it('keeps why the upgrade is not offered', async () => {
    const { api } = fakeServer({ 'GET /rest/settings/upgrade': { status: 403, body: { error: 'Pas de VIP en cours' } } });
    await createBillingSync({ api, db, refreshUser: () => {} }).loadUpgrade();
    expect(await firstValueFrom(upgrade$(db))).toEqual({ ok: false, error: 'Pas de VIP en cours' });
  });

  it('after a payment, reloads the member and what they hold', async () => {
    await db.account.upsert({ id: 'me', user: me, updatedAt: 1 });
    let refreshed = 0;
    const { api, requests } = fakeServer({
      'GET /rest/settings/checknew': { status: 200, body: { new: true, page: 'thank_you_vip', abonnements: summary.abonnements } },
      'GET /rest/settings/subscriptions': { status: 200, body: summary },
      'GET /rest/settings/invoices': { status: 200, body: [invoice] },
      'GET /rest/settings/cards': { status: 200, body: [card] },
      'GET /rest/settings/upgrade': { status: 200, body: { amountToPay: 46.8, productId: 12 } },
    });
    const news = await createBillingSync({ api, db, refreshUser: () => void (refreshed += 1) }).afterPayment();
    expect(news?.page).toBe('thank_you_vip');
    expect(refreshed).toBe(1);
    expect(requests.map((r) => r.key).sort()).toEqual([
      'GET /rest/settings/cards',
      'GET /rest/settings/checknew',
      'GET /rest/settings/invoices',
      'GET /rest/settings/subscriptions',
      'GET /rest/settings/upgrade',
    ]);
    expect((await firstValueFrom(currentUser$(db)))?.abonnements).toEqual(summary.abonnements);
  });
});

describe('checkout effects', () => {
  const payment = { mode: 'purchase' as const, coupon: 'BIENVENUE20', optionSelected: false, entreprise: null, token: null };

  it('buys with the offer ids, the card token, the coupon and the company billing', async () => {
    const { api, requests } = fakeServer({ 'POST /rest/settings/purchase': { status: 200, body: { status: 'OK', clientSecret: null, paymentId: 'p1' } } });
    const entreprise = { name: 'Comptoir SAS', address: '', address2: '', zip: '', city: '', country: 'BE', vat: 'BE0123456789' };
    const outcome = await createCheckoutEffects(api, { boxId: 1, offerId: 4 }).purchase({ ...payment, entreprise, optionSelected: true, sourceToken: 'tok_1' });
    expect(outcome).toEqual({ status: 'OK' });
    expect(requests[0]!.body).toEqual({
      boxId: 1,
      offerId: 4,
      optionSelected: true,
      coupon: 'BIENVENUE20',
      entreprise,
      sourceToken: 'tok_1',
      reference_cnv: '',
      reference_int: '',
    });
    expect(requests[0]!.auth).toBe('Bearer session-jwt');
  });

  it('answers pending with the client secret, passes a refusal on as is, and rejects when there is no answer', async () => {
    let answer: Route = { status: 200, body: { status: 'pending', clientSecret: 'pi_1_secret', paymentId: 'p1' } };
    const { api } = fakeServer({ 'POST /rest/settings/purchase': () => answer });
    const effects = createCheckoutEffects(api, { boxId: 1, offerId: 1 });
    const request = { ...payment, sourceToken: 'tok_1' };
    expect(await effects.purchase(request)).toEqual({ status: 'pending', clientSecret: 'pi_1_secret' });
    answer = { status: 402, body: { error: 'Votre carte a été refusée.' } };
    expect(await effects.purchase(request)).toEqual({ status: 'error', error: 'Votre carte a été refusée.' });
    answer = { status: 502, body: {} };
    await expect(effects.purchase(request)).rejects.toThrow();
  });

  it("pays the upgrade on its own call, and a visitor's new account with its token", async () => {
    const { api, requests } = fakeServer({ 'POST /rest/settings/upgrade': { status: 200, body: { status: 'OK', clientSecret: null, paymentId: 'p2' } } });
    await createCheckoutEffects(api, null).purchase({ ...payment, mode: 'upgrade', coupon: '', token: 'new-account-jwt', sourceToken: 'card_1' });
    expect(requests[0]!.body).toEqual({ sourceToken: 'card_1', coupon: '', reference_cnv: '', reference_int: '' });
    expect(requests[0]!.auth).toBe('Bearer new-account-jwt');
  });

  it('rejects a refused coupon with the server message', async () => {
    const { api } = fakeServer({ 'POST /rest/settings/coupon': { status: 400, body: { error: "Ce coupon n'est plus valide" } } });
    await expect(createCheckoutEffects(api, null).checkCoupon('NOEL2020', null)).rejects.toThrow("Ce coupon n'est plus valide");
  });
});
