import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { z } from 'zod/mini';
import {
  addCardInput,
  BILLING_PATHS,
  BILLING_TEXT,
  cancelSubscriptionInput,
  couponInput,
  cryptoPaymentInput,
  deleteCardInput,
  IDEMPOTENCY_HEADER,
  paypalCaptureInput,
  paypalOrderInput,
  purchaseInput,
  upgradeInput,
  type CardsResponse,
  type CheckNewAnswer,
  type CountriesResponse,
  type CryptoAnswer,
  type InvoicesResponse,
  type PaypalOrderAnswer,
  type PurchaseAnswer,
  type UpgradeData,
} from '../../src/contract/billing';
import { REST_BASE } from '../../src/contract/hosts';
import { fromCents } from '../../src/domain/pricing';
import { TEXT } from '../../src/domain/text-fr';
import { publicOrigin } from '../accounts/account-services';
import { cookieTokenOf, requestUser, userFromToken } from '../auth/tokens';
import { providerUsable, type BillingServices } from '../billing/billing-services';
import { couponPrices, loadCountries } from '../billing/catalogue';
import { cardsOf, chargePayment, createPayment, isRefusal, purchaseDraft, resolveCard, saveCard, upgradeDraft, type Draft, type Refusal } from '../billing/checkout';
import { INVOICE_SCRIPT, invoiceDocument } from '../billing/invoice-document';
import { pageHeaders } from '../http/security-headers';
import { ProviderUnavailable } from '../billing/payment-providers';
import type { PaymentRow } from '../billing/settle-payment';
import { subscriptionsSummary } from '../billing/subscription-summary';
import { INVALID_REQUEST } from '../chat/chat-access';
import { billingPlans, invoices, paymentCards, payments } from '../db/schema';
import { TOO_MANY_ATTEMPTS } from '../graphql/content-schema';
import { findUserById, subscriptionsOf, toUserDto, type UserRow } from '../users/user-queries';
import { invalidBody } from './invalid-body';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

const R = (path: string) => `${REST_BASE}${path}`;

/**
 * The API host's billing calls (spec 1 §7): countries, the payment configuration, subscriptions,
 * invoices, cards, cancel, coupon, purchase by card, crypto and PayPal, the upgrade to Live and
 * checknew. Every amount is computed here with `src/domain/pricing.ts`; the client's are never read.
 */
export function registerBillingRoutes(services: BillingServices): void {
  const { app, db } = services;
  // Coupon codes must not be guessed by brute force.
  const couponGuesses = services.limits('coupon-guesses', { points: 30, seconds: 15 * 60 });

  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
    const user = await requestUser(app, db, request);
    if (!user) void reply.code(401).send({ error: SIGN_IN_REQUIRED });
    return user;
  }
  const refused = (reply: FastifyReply, refusal: Refusal) => reply.code(refusal.status).send({ error: refusal.error });
  const parse = <S extends z.core.$ZodType>(schema: S, value: unknown, reply: FastifyReply): z.output<S> | null => {
    const parsed = z.safeParse(schema, value);
    if (parsed.success) return parsed.data;
    void reply.code(400).send({ error: invalidBody(parsed.error) });
    return null;
  };
  /** The local providers grant for free: off in production unless LOCAL_PAYMENTS=1. */
  const usable = (reply: FastifyReply, provider: string): boolean => {
    if (providerUsable(services, provider)) return true;
    void reply.code(503).send({ error: BILLING_TEXT.localPaymentsOff });
    return false;
  };

  // ---- Public ----

  app.get(R(BILLING_PATHS.countries), async (_request, reply) => {
    const answer: CountriesResponse = await loadCountries(db);
    return reply.header('Cache-Control', 'public, max-age=3600').send(answer);
  });

  app.get(R(BILLING_PATHS.paymentConfig), async (_request, reply) => reply.send(services.paymentConfig));

  // ---- Subscriptions, cancel, checknew ----

  app.get(R(BILLING_PATHS.subscriptions), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    return reply.send(await subscriptionsSummary(services, user, publicOrigin(services, request)));
  });

  app.post(R(BILLING_PATHS.cancelSubscription), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const input = parse(cancelSubscriptionInput, request.body ?? {}, reply);
    if (!input) return reply;
    const plans = await db
      .select()
      .from(billingPlans)
      .where(input.stripeSubscriptionId ? and(eq(billingPlans.userId, user.id), eq(billingPlans.id, input.stripeSubscriptionId)) : eq(billingPlans.userId, user.id))
      .orderBy(desc(billingPlans.createdAt));
    if (input.stripeSubscriptionId && plans.length === 0) return reply.code(404).send({ error: BILLING_TEXT.noRenewingSubscription });
    const running = plans.filter((p) => p.status === 'active' || p.status === 'past_due');
    const plan = running.find((p) => p.kind === 'recurring' && !p.mobile) ?? running[0];
    if (!plan) return reply.code(400).send({ error: BILLING_TEXT.noRenewingSubscription });
    if (plan.mobile) return reply.code(400).send({ error: BILLING_TEXT.mobileSubscription });
    if (plan.kind === 'instalments') return reply.code(400).send({ error: BILLING_TEXT.instalmentsNotCancelable });
    // Access stays until the end of what was paid; re-activation is a new subscription (spec 1 §4).
    await db
      .update(billingPlans)
      .set({ status: 'canceled', canceledAt: services.now(), nextChargeAt: null })
      .where(and(eq(billingPlans.id, plan.id), inArray(billingPlans.status, ['active', 'past_due'])));
    return reply.send({ success: true });
  });

  app.get(R(BILLING_PATHS.checkNew), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const now = services.now();
    // A confirmation made with the card provider (Stripe's window) is read back from it, in case
    // its webhook is late or not configured.
    if (services.card.name === 'stripe') {
      const waiting = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, user.id), eq(payments.provider, 'stripe'), eq(payments.status, 'requires_action')));
      for (const payment of waiting) {
        if (!payment.providerRef) continue;
        const state = await services.card.refresh(payment.providerRef).catch(() => null);
        if (state?.status === 'succeeded') await services.settle(payment.id, { status: 'succeeded' }, { now });
        if (state?.status === 'failed') await services.settle(payment.id, { status: 'failed', error: state.error }, { now });
      }
    }
    const fresh = await db
      .update(payments)
      .set({ seenAt: now })
      .where(and(eq(payments.userId, user.id), eq(payments.status, 'succeeded'), isNull(payments.seenAt)))
      .returning();
    const latest = fresh.sort((a, b) => (b.confirmedAt?.getTime() ?? 0) - (a.confirmedAt?.getTime() ?? 0))[0];
    const answer: CheckNewAnswer = {
      new: fresh.length > 0,
      page: latest?.order.page ?? null,
      abonnements: toUserDto(user, await subscriptionsOf(db, user.id)).abonnements,
    };
    return reply.send(answer);
  });

  // ---- Invoices ----

  app.get(R(BILLING_PATHS.invoices), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const rows = await db.select().from(invoices).where(eq(invoices.userId, user.id)).orderBy(desc(invoices.createdAt), desc(invoices.id));
    const answer: InvoicesResponse = rows.map((row) => ({
      ref: row.ref,
      date: row.createdAt.toISOString(),
      montantht: fromCents(row.htCents),
      montanttva: fromCents(row.tvaCents),
      invoiceUrl: R(BILLING_PATHS.invoiceDocument(row.ref)),
      lib: row.lib,
    }));
    return reply.send(answer);
  });

  app.get<{ Params: { ref: string }; Querystring: { download?: string } }>(R('/settings/invoices/:ref/document'), async (request, reply) => {
    // Opened in a new tab: the session cookie signs it in when there is no bearer token.
    const cookie = cookieTokenOf(request);
    const user = (await requestUser(app, db, request)) ?? (cookie ? await userFromToken(app, db, cookie) : null);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.ref, request.params.ref), eq(invoices.userId, user.id)))
      .limit(1);
    // Another member's invoice is as unknown as a missing one.
    if (!invoice) return reply.code(404).send({ error: 'Facture introuvable' });
    if (request.query.download === '1') reply.header('Content-Disposition', `attachment; filename="${invoice.ref}.html"`);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'private, no-store').headers(pageHeaders({ script: INVOICE_SCRIPT })).send(invoiceDocument(invoice));
  });

  // ---- Cards ----

  const cardList = async (userId: number): Promise<CardsResponse> =>
    (await cardsOf(services, userId)).map((card) => ({
      card_id: card.id,
      type: card.brand,
      last4: card.last4,
      exp: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`,
    }));

  app.get(R(BILLING_PATHS.cards), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    return reply.send(await cardList(user.id));
  });

  app.post(R(BILLING_PATHS.addCard), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const input = parse(addCardInput, request.body, reply);
    if (!input || !usable(reply, services.card.name)) return reply;
    const saved = await saveCard(services, user, input.token).catch(providerDown);
    // A refused card reads the spec's card-add message (spec 1 §8).
    if (isRefusal(saved)) return refused(reply, saved.status === 402 || saved.status === 400 ? { ...saved, status: 400, error: BILLING_TEXT.cardAddFailed } : saved);
    return reply.send(await cardList(user.id));
  });

  app.delete(R(BILLING_PATHS.cards), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const input = parse(deleteCardInput, request.body ?? request.query, reply);
    if (!input) return reply;
    const cards = await cardsOf(services, user.id);
    const card = cards.find((c) => c.id === input.cardId);
    if (!card) return reply.code(404).send({ error: BILLING_TEXT.cardNotFound });
    const paying = await db
      .select({ id: billingPlans.id })
      .from(billingPlans)
      .where(and(eq(billingPlans.cardId, card.id), inArray(billingPlans.status, ['active', 'past_due'])));
    const other = cards.find((c) => c.id !== card.id);
    if (paying.length > 0 && !other) return reply.code(400).send({ error: BILLING_TEXT.cardInUse });
    try {
      await services.card.removeCard(card, `detach-${card.id}`);
    } catch (error) {
      if (error instanceof ProviderUnavailable) return reply.code(503).send({ error: TEXT.requestFailed });
      throw error;
    }
    await db.transaction(async (tx) => {
      // The plans it paid move to the newest other card.
      if (other) await tx.update(billingPlans).set({ cardId: other.id }).where(eq(billingPlans.cardId, card.id));
      await tx.delete(paymentCards).where(and(eq(paymentCards.id, card.id), eq(paymentCards.userId, user.id)));
    });
    return reply.send(await cardList(user.id));
  });

  // ---- Coupon ----

  app.post(R(BILLING_PATHS.coupon), async (request, reply) => {
    const input = parse(couponInput, request.body, reply);
    if (!input) return reply;
    try {
      await couponGuesses.consume(request.ip);
    } catch {
      return reply.code(429).send({ error: TOO_MANY_ATTEMPTS });
    }
    const answer = await couponPrices(db, input.coupon, services.now());
    return 'error' in answer ? reply.code(400).send(answer) : reply.send(answer);
  });

  // ---- Purchase by card, crypto, PayPal ----

  /** The answer a card payment already gave (a repeated request with the same `Idempotency-Key`). */
  const replayOf = (payment: PaymentRow): PurchaseAnswer | Refusal => {
    switch (payment.status) {
      case 'succeeded':
        return { status: 'OK', clientSecret: null, paymentId: payment.id };
      case 'requires_action':
        return payment.clientSecret ? { status: 'pending', clientSecret: payment.clientSecret, paymentId: payment.id } : { ok: false, status: 409, error: BILLING_TEXT.paymentInProgress };
      case 'failed':
        return { ok: false, status: 402, error: payment.error ?? BILLING_TEXT.cardDeclined };
      default:
        return { ok: false, status: 409, error: BILLING_TEXT.paymentInProgress };
    }
  };
  const paymentWithKey = async (userId: number, clientKey: string): Promise<PaymentRow | null> => {
    const [row] = await db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.clientKey, clientKey))).limit(1);
    return row ?? null;
  };

  /**
   * Pays a draft with a card: the payment is written first (with the client's key, so a repeat
   * of the request answers it instead of paying twice), then the saved card or the new token,
   * then the charge.
   */
  async function payDraftByCard(user: UserRow, draft: Draft, sourceToken: string, clientKey: string | null): Promise<PurchaseAnswer | Refusal> {
    let payment: PaymentRow;
    try {
      payment = await createPayment(services, user, draft, 'card', services.card.name, { clientKey });
    } catch (error) {
      // The same key at the same moment: the other request pays, this one answers what it did.
      const other = clientKey ? await paymentWithKey(user.id, clientKey) : null;
      if (other) return replayOf(other);
      throw error;
    }
    const card = await resolveCard(services, user, sourceToken);
    if (isRefusal(card)) {
      await services.settle(payment.id, { status: 'failed', error: card.error });
      return card;
    }
    // Saving the first card may have created the member's customer at the provider.
    const fresh = (await findUserById(db, user.id)) ?? user;
    return chargePayment(services, payment, card.card, fresh);
  }

  /** The card routes' common path: the key's earlier answer, or the draft paid now. */
  async function cardPayment(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    sourceToken: string,
    makeDraft: () => Promise<Draft | Refusal>,
  ): Promise<FastifyReply> {
    const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    const clientKey = typeof header === 'string' && header.trim() ? header.trim() : null;
    if (clientKey && clientKey.length > 200) return reply.code(400).send({ error: `${INVALID_REQUEST} : en-tête « ${IDEMPOTENCY_HEADER} » trop long` });
    const earlier = clientKey ? await paymentWithKey(user.id, clientKey) : null;
    const answer = earlier
      ? replayOf(earlier)
      : await (async () => {
          const draft = await makeDraft();
          return isRefusal(draft) ? draft : payDraftByCard(user, draft, sourceToken, clientKey);
        })().catch(providerDown);
    return isRefusal(answer) ? refused(reply, answer) : reply.send(answer);
  }

  app.post(R(BILLING_PATHS.purchase), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const input = parse(purchaseInput, request.body, reply);
    if (!input || !usable(reply, services.card.name)) return reply;
    return cardPayment(request, reply, user, input.sourceToken, () => purchaseDraft(services, user, input, 'card'));
  });

  app.post(R(BILLING_PATHS.cryptoPayment), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const input = parse(cryptoPaymentInput, request.body, reply);
    if (!input || !usable(reply, 'local-crypto')) return reply;
    const draft = await purchaseDraft(services, user, input, 'crypto');
    if (isRefusal(draft)) return refused(reply, draft);
    const payment = await createPayment(services, user, draft, 'crypto', 'local-crypto');
    await db.update(payments).set({ providerRef: payment.id }).where(eq(payments.id, payment.id));
    const answer: CryptoAnswer = { hostedUrl: `${publicOrigin(services, request)}${R(BILLING_PATHS.localCrypto(payment.id))}`, paymentId: payment.id };
    return reply.send(answer);
  });

  app.post(R(BILLING_PATHS.paypalOrder), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const input = parse(paypalOrderInput, request.body, reply);
    if (!input || !usable(reply, services.paypal.name)) return reply;
    const draft = input.kind === 'purchase' ? await purchaseDraft(services, user, input, 'paypal') : await upgradeDraft(services, user, input);
    if (isRefusal(draft)) return refused(reply, draft);
    const payment = await createPayment(services, user, draft, 'paypal', services.paypal.name);
    const origin = publicOrigin(services, request);
    try {
      const order = await services.paypal.createOrder({
        paymentId: payment.id,
        idempotencyKey: `${payment.id}:order`,
        amountCents: payment.ttcCents,
        description: payment.order.lib,
        approveUrl: (orderId) => `${origin}${R(BILLING_PATHS.localPaypal(orderId))}`,
      });
      await db.update(payments).set({ providerRef: order.orderId }).where(eq(payments.id, payment.id));
      const answer: PaypalOrderAnswer = { orderId: order.orderId, approveUrl: order.approveUrl, paymentId: payment.id };
      return reply.send(answer);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      await services.settle(payment.id, { status: 'failed', error: TEXT.requestFailed });
      return reply.code(503).send({ error: TEXT.requestFailed });
    }
  });

  app.post(R(BILLING_PATHS.paypalCapture), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const input = parse(paypalCaptureInput, request.body, reply);
    if (!input || !usable(reply, services.paypal.name)) return reply;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, services.paypal.name), eq(payments.providerRef, input.orderId), eq(payments.userId, user.id)))
      .limit(1);
    if (!payment) return reply.code(404).send({ error: BILLING_TEXT.paymentNotFound });
    const ok: PurchaseAnswer = { status: 'OK', clientSecret: null, paymentId: payment.id };
    if (payment.status === 'succeeded') return reply.send(ok);
    if (payment.status === 'failed') return reply.code(402).send({ error: payment.error ?? BILLING_TEXT.cardDeclined });
    let result;
    try {
      result = await services.paypal.capture(input.orderId, `${payment.id}:capture`);
    } catch (error) {
      if (error instanceof ProviderUnavailable) return reply.code(503).send({ error: TEXT.requestFailed });
      throw error;
    }
    if (result.status === 'not_approved') return reply.code(400).send({ error: BILLING_TEXT.paypalNotApproved });
    if (result.status === 'failed') {
      await services.settle(payment.id, { status: 'failed', error: result.error });
      return reply.code(402).send({ error: result.error });
    }
    await services.settle(payment.id, { status: 'succeeded' }, { event: { provider: services.paypal.name, eventId: `capture:${result.captureId}` } });
    await db.update(payments).set({ seenAt: services.now() }).where(eq(payments.id, payment.id));
    return reply.send(ok);
  });

  // ---- Upgrade to VIP + Live ----

  app.get(R(BILLING_PATHS.upgrade), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const draft = await upgradeDraft(services, user, { coupon: '', reference_cnv: '', reference_int: '' });
    if (isRefusal(draft)) return refused(reply, draft);
    const productId = draft.order.grants[0]?.productId;
    if (productId === undefined) return reply.code(404).send({ error: BILLING_TEXT.offerNotFound });
    const answer: UpgradeData = { amountToPay: draft.money.ttc, productId };
    return reply.send(answer);
  });

  app.post(R(BILLING_PATHS.upgrade), async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const input = parse(upgradeInput, request.body, reply);
    if (!input || !usable(reply, services.card.name)) return reply;
    return cardPayment(request, reply, user, input.sourceToken, () => upgradeDraft(services, user, input));
  });

  // ---- The failed-payment link ----

  /** Pays a failed renewal again with a saved card or a new one (the pay link of `pendingPayment`). */
  app.post<{ Params: { id: string } }>(R('/billing/pay/:id'), async (request, reply) => {
    const cookie = cookieTokenOf(request);
    const user = (await requestUser(app, db, request)) ?? (cookie ? await userFromToken(app, db, cookie) : null);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = parse(addCardInput, request.body, reply);
    if (!input || !usable(reply, services.card.name)) return reply;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, request.params.id), eq(payments.userId, user.id), ne(payments.status, 'succeeded')))
      .limit(1);
    if (!payment || payment.kind !== 'renewal') return reply.code(404).send({ error: BILLING_TEXT.paymentNotFound });
    const answer = await (async (): Promise<PurchaseAnswer | Refusal> => {
      const card = await resolveCard(services, user, input.token);
      if (isRefusal(card)) return card;
      const fresh = (await findUserById(db, user.id)) ?? user;
      const charged = await chargePayment(services, payment, card.card, fresh);
      // The plan goes on with the card that paid.
      if (!isRefusal(charged) && payment.planId) await db.update(billingPlans).set({ cardId: card.card.id }).where(eq(billingPlans.id, payment.planId));
      return charged;
    })().catch(providerDown);
    return isRefusal(answer) ? refused(reply, answer) : reply.send(answer);
  });
}

/** A provider that does not answer: the member reads the generic failure, never a stack. */
function providerDown(error: unknown): Refusal {
  if (error instanceof ProviderUnavailable) return { ok: false, status: 503, error: TEXT.requestFailed };
  throw error;
}

