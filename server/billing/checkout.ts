import { and, desc, eq, ne } from 'drizzle-orm';
import { BILLING_TEXT, type CryptoPaymentRequest, type PurchaseAnswer } from '../../src/contract/billing';
import type { Billing, SubscriptionEntry } from '../../src/contract/user';
import { needsTradingview, paymentMethodsFor, thankYouPageFor, type PaymentMethod } from '../../src/domain/checkout';
import {
  couponPrice,
  INSTALMENT_INTERVAL_MONTHS,
  offerCharge,
  productsOf,
  purchaseBlocked,
  toCents,
  upgradeAllowed,
  upgradeCharge,
  type Money,
} from '../../src/domain/pricing';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { holds } from '../../src/domain/subscriptions';
import { TEXT } from '../../src/domain/text-fr';
import { paymentCards, payments, users } from '../db/schema';
import { subscriptionsOf, type UserRow } from '../users/user-queries';
import type { BillingServices } from './billing-services';
import { couponPrices, findOffer, loadCountries, toProduct, upgradeProduct, vatOf, type ProductRow } from './catalogue';
import type { PaymentOrder } from './payment-order';
import { ProviderUnavailable } from './payment-providers';
import { newId, type PaymentRow } from './settle-payment';
import { AFFILIATION_MESSAGES } from '../../src/contract/referral';
import { affiliationOf, recordReferrer } from '../referrals/affiliation-store';

export type Refusal = { ok: false; status: number; error: string };
const refuse = (status: number, error: string): Refusal => ({ ok: false, status, error });
export const isRefusal = (value: object): value is Refusal => 'ok' in value && value.ok === false;

/** A payment about to be created: what it costs (computed here, never by the client) and what it buys. */
export type Draft = { ok: true; kind: 'purchase' | 'upgrade'; money: Money; vat: number; order: PaymentOrder };
export type CardRow = typeof paymentCards.$inferSelect;

/** The member's subscriptions as the domain rules read them. */
export async function holderOf(services: BillingServices, userId: number): Promise<{ abonnements: SubscriptionEntry[] }> {
  const rows = await subscriptionsOf(services.db, userId);
  return { abonnements: rows.map((row) => ({ abonnement: { id: row.subscriptionId }, expiration: row.expiresAt.toISOString() })) };
}

/**
 * Billing information typed by the member (profile or checkout): the company name is required,
 * the country is FR when empty and must be one of ours.
 */
export async function checkBilling(services: Pick<BillingServices, 'db'>, billing: Billing): Promise<{ ok: true; billing: Billing } | Refusal> {
  const clean: Billing = {
    name: billing.name.trim(),
    address: billing.address.trim(),
    address2: billing.address2.trim(),
    zip: billing.zip.trim(),
    city: billing.city.trim(),
    country: billing.country.trim().toUpperCase() || 'FR',
    vat: billing.vat.trim(),
  };
  if (!clean.name) return refuse(400, BILLING_TEXT.companyNameRequired);
  const known = await loadCountries(services.db);
  if (!known.some((c) => c.code === clean.country)) return refuse(400, BILLING_TEXT.countryUnknown);
  return { ok: true, billing: clean };
}

/**
 * The draft of buying an offer: the offer exists, the billing information typed at checkout is
 * saved first, a VIP running for more than a year cannot buy VIP again, an indicator needs the
 * TradingView account, the method suits the offer, the coupon is valid now; then the price with
 * the VAT of the member's country (1 before VAT with subscription 7).
 */
export async function purchaseDraft(services: BillingServices, user: UserRow, input: CryptoPaymentRequest, method: PaymentMethod): Promise<Draft | Refusal> {
  const now = services.now();
  const found = await findOffer(services.db, input.boxId, input.offerId);
  if (!found) return refuse(404, BILLING_TEXT.offerNotFound);
  const { offer } = found;
  const main = offer.produit_principal;

  let billing = user.billing ?? null;
  if (input.entreprise) {
    const checked = await checkBilling(services, input.entreprise);
    if (isRefusal(checked)) return checked;
    billing = checked.billing;
    await services.db.update(users).set({ billing }).where(eq(users.id, user.id));
  }
  const holder = await holderOf(services, user.id);
  if (purchaseBlocked(holder, offer, now)) return refuse(400, BILLING_TEXT.repurchaseBlocked);
  if (needsTradingview(main.libelle_interne) && !user.tradingview.trim()) return refuse(400, BILLING_TEXT.tradingviewRequired);
  if (!paymentMethodsFor('purchase', main.nb_paiements).includes(method)) {
    return refuse(400, method === 'crypto' ? BILLING_TEXT.cryptoNotAllowed : BILLING_TEXT.paypalNotAllowed);
  }
  const coupon = await couponOf(services, user, input, now);
  if (isRefusal(coupon)) return coupon;

  const vat = await vatOf(services.db, billing);
  const priceOne = holds(holder, SUBSCRIPTION.PRICE_ONE, now);
  const money = offerCharge(offer, { optionSelected: input.optionSelected, newPrices: coupon.newPrices, priceOne, vat });
  const rowOf = (id: number): ProductRow => {
    const row = found.products.get(id);
    if (!row) throw new Error(`produit ${id} introuvable`);
    return row;
  };
  const mainRow = rowOf(main.id);
  const plan: PaymentOrder['plan'] =
    method !== 'card'
      ? null
      : main.nb_paiements > 1
        ? {
            productId: main.id,
            kind: 'instalments',
            chargeHtCents: priceOne ? toCents(money.ht) : toCents(couponPrice(main, coupon.newPrices)),
            chargesTotal: main.nb_paiements,
            intervalMonths: INSTALMENT_INTERVAL_MONTHS,
          }
        : main.recurrent && main.nb_mois > 0
          ? { productId: main.id, kind: 'recurring', chargeHtCents: mainRow.prixCents, chargesTotal: null, intervalMonths: main.nb_mois }
          : null;
  return {
    ok: true,
    kind: 'purchase',
    money,
    vat,
    order: {
      lib: [main.libelle_public, ...(input.optionSelected && offer.produit_optionnel ? [offer.produit_optionnel.libelle_public] : [])].join(' + '),
      grants: productsOf(offer, input.optionSelected).map((p) => ({ productId: p.id, nbMois: p.nb_mois, subscriptions: rowOf(p.id).grants })),
      plan,
      page: thankYouPageFor(main.libelle_interne),
      boxId: input.boxId,
      offerId: input.offerId,
      optionSelected: input.optionSelected,
      coupon: input.coupon ? input.coupon.toUpperCase() : null,
      references: { cnv: input.reference_cnv, int: input.reference_int },
    },
  };
}

/** The upgrade to VIP + Live: Live for the whole months left of the VIP (spec 1 §4). */
export async function upgradeDraft(
  services: BillingServices,
  user: UserRow,
  input: { coupon: string; reference_cnv: string; reference_int: string },
): Promise<Draft | Refusal> {
  const now = services.now();
  const holder = await holderOf(services, user.id);
  if (!upgradeAllowed(holder, now)) return refuse(403, BILLING_TEXT.upgradeNotAllowed);
  const product = await upgradeProduct(services.db);
  if (!product) return refuse(404, BILLING_TEXT.offerNotFound);
  const coupon = await couponOf(services, user, input, now);
  if (isRefusal(coupon)) return coupon;
  const vat = await vatOf(services.db, user.billing ?? null);
  const charge = upgradeCharge(holder, toProduct(product), { now, vat, newPrices: coupon.newPrices, priceOne: holds(holder, SUBSCRIPTION.PRICE_ONE, now) });
  const { months, ...money } = charge;
  return {
    ok: true,
    kind: 'upgrade',
    money,
    vat,
    order: {
      lib: `${product.libellePublic} (${months} mois)`,
      grants: [{ productId: product.id, nbMois: months, subscriptions: product.grants }],
      plan: null,
      page: 'thank_you',
      boxId: null,
      offerId: null,
      optionSelected: false,
      coupon: input.coupon ? input.coupon.toUpperCase() : null,
      references: { cnv: input.reference_cnv, int: input.reference_int },
    },
  };
}

/**
 * The coupon typed at checkout, valid now and not the member's own referral code; then the
 * referrer the purchase carries (the referral cookies sent as `reference_cnv` / `reference_int`,
 * or a referral coupon) is recorded, also when the coupon is unused (spec 3 §5).
 */
async function couponOf(
  services: BillingServices,
  user: UserRow,
  input: { coupon: string; reference_cnv: string; reference_int: string },
  now: Date,
): Promise<{ newPrices: Record<string, number> | null } | Refusal> {
  const code = input.coupon.trim();
  let newPrices: Record<string, number> | null = null;
  if (code) {
    const own = await affiliationOf(services.db, user.id);
    if (own && own.code === code.toUpperCase()) return refuse(400, AFFILIATION_MESSAGES.ownCode);
    const answer = await couponPrices(services.db, code, now);
    if ('error' in answer) return refuse(400, answer.error);
    newPrices = answer.newPrices;
  }
  await recordReferrer(services.db, user.id, [input.reference_cnv, input.reference_int, code]);
  return { newPrices };
}

/** Writes the payment before the provider hears of it, so its events always find it. */
export async function createPayment(
  services: BillingServices,
  user: UserRow,
  draft: Draft,
  method: PaymentMethod,
  provider: string,
  extra: Partial<Pick<PaymentRow, 'providerRef' | 'cardId' | 'clientKey'>> = {},
): Promise<PaymentRow> {
  const id = newId('pay');
  const [row] = await services.db
    .insert(payments)
    .values({
      id,
      userId: user.id,
      kind: draft.kind,
      method,
      provider,
      status: 'created',
      htCents: toCents(draft.money.ht),
      ttcCents: toCents(draft.money.ttc),
      vatRate: draft.vat,
      order: draft.order,
      createdAt: services.now(),
      ...extra,
    })
    .returning();
  if (!row) throw new Error('paiement non enregistré');
  return row;
}

/** The card a payment uses: one of the member's saved cards by id, or a new card token saved now. */
export async function resolveCard(services: BillingServices, user: UserRow, sourceToken: string): Promise<{ ok: true; card: CardRow } | Refusal> {
  const [saved] = await services.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, user.id), eq(paymentCards.id, sourceToken)))
    .limit(1);
  if (saved) return { ok: true, card: saved };
  return saveCard(services, user, sourceToken);
}

export async function saveCard(services: BillingServices, user: UserRow, token: string): Promise<{ ok: true; card: CardRow } | Refusal> {
  const result = await services.card.saveCard({ token, customerId: user.stripeCustomerId ?? null, email: user.email, userId: user.id });
  if (!result.ok) return refuse(result.error === BILLING_TEXT.cardDeclined ? 402 : 400, result.error);
  if (result.customerId && result.customerId !== user.stripeCustomerId) {
    await services.db.update(users).set({ stripeCustomerId: result.customerId }).where(eq(users.id, user.id));
  }
  const [card] = await services.db
    .insert(paymentCards)
    .values({ id: newId('card'), userId: user.id, provider: services.card.name, createdAt: services.now(), ...result.card })
    .returning();
  if (!card) throw new Error('carte non enregistrée');
  return { ok: true, card };
}

/** The member's cards, newest first. */
export async function cardsOf(services: BillingServices, userId: number): Promise<CardRow[]> {
  return services.db.select().from(paymentCards).where(eq(paymentCards.userId, userId)).orderBy(desc(paymentCards.createdAt), desc(paymentCards.id));
}

/**
 * Charges a payment with a card, a new attempt with its own idempotency key: paid → OK (and the
 * entitlement applied); the bank asks for a confirmation → pending with the client secret;
 * refused → the payment fails with the bank's message (402).
 */
export async function chargePayment(services: BillingServices, payment: PaymentRow, card: CardRow, user: UserRow): Promise<PurchaseAnswer | Refusal> {
  const attempt = payment.attempts + 1;
  // The attempt count is the lock: of two attempts on one payment only one goes on.
  const [claimed] = await services.db
    .update(payments)
    .set({ attempts: attempt, cardId: card.id, status: 'created', clientSecret: null, error: null })
    .where(and(eq(payments.id, payment.id), eq(payments.attempts, payment.attempts), ne(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  if (!claimed) return refuse(409, BILLING_TEXT.paymentAlreadySettled);
  let result;
  try {
    result = await services.card.charge({
      paymentId: payment.id,
      idempotencyKey: `${payment.id}:${attempt}`,
      amountCents: payment.ttcCents,
      description: payment.order.lib,
      card,
      customerId: user.stripeCustomerId ?? null,
      offSession: false,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    await services.settle(payment.id, { status: 'failed', error: TEXT.requestFailed });
    return refuse(503, TEXT.requestFailed);
  }
  if (result.providerRef) await services.db.update(payments).set({ providerRef: result.providerRef }).where(eq(payments.id, payment.id));
  switch (result.status) {
    case 'succeeded':
      await services.settle(payment.id, { status: 'succeeded' });
      // The client learns it from this answer: checknew will not report it again.
      await services.db.update(payments).set({ seenAt: services.now() }).where(eq(payments.id, payment.id));
      return { status: 'OK', clientSecret: null, paymentId: payment.id };
    case 'requires_action':
      await services.db
        .update(payments)
        .set({ status: 'requires_action', clientSecret: result.clientSecret })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
      return { status: 'pending', clientSecret: result.clientSecret, paymentId: payment.id };
    case 'declined':
      await services.settle(payment.id, { status: 'failed', error: result.error });
      return refuse(402, result.error);
  }
}
