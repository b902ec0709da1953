import { z } from 'zod/mini';
import { billing, isoDate, subscriptionEntry, type Billing } from './user';

/**
 * The subscriptions and checkout contract (spec 1 §3, §7): boxes, offers and products of the
 * content host, the `/settings/...` billing calls of the API host, the countries, and the local
 * payment providers the client drives when no real provider is configured.
 *
 * Money on the wire is in EUR as numbers with at most two decimals. Catalogue prices (`prix`) are
 * before VAT; what the client shows and the server charges is `src/domain/pricing.ts` applied to
 * them (× (1 + VAT of the billing country), to two decimals). Answers that charge or refund
 * (`amountToPay`, invoices' `montantht`/`montanttva`, the instalment schedule) are computed by the
 * server with the same rules.
 */

const money = z.number().check(z.minimum(0), z.maximum(1_000_000));
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

// ---- Catalogue (content host, GraphQL `boxes`) ----

/** Spec 1 §3 Product. `prix` is before VAT; `nb_mois` 0 is lifetime; `nb_paiements` 3 is the quarterly plan. */
export const product = z.object({
  id: z.int().check(z.positive()),
  libelle_interne: z.string(),
  libelle_public: z.string(),
  nb_mois: z.int().check(z.minimum(0)),
  nb_paiements: z.int().check(z.minimum(1)),
  prix: money,
  recurrent: z.boolean(),
});
export type Product = z.infer<typeof product>;

/**
 * Spec 1 §3 Offer. `avantages` and `desavantages` are newline-separated bullets. The charge is the
 * main product's price, plus the optional product's when the buyer selects it; included products
 * come free. `prix` is the offer's headline price before VAT (the main product's).
 */
export const offer = z.object({
  id: z.int().check(z.positive()),
  libelle: z.string(),
  name: z.string(),
  sslibelle: z.string(),
  prix: money,
  avantages: z.string(),
  desavantages: z.string(),
  produit_principal: product,
  produit_optionnel: z.nullable(product),
  produit_inclus: z.array(product),
});
export type Offer = z.infer<typeof offer>;

/** Spec 1 §3 Box: a tab group of offers (`/purchase/{box index}/{offer index}`). */
export const box = z.object({
  id: z.int().check(z.positive()),
  libelle: z.string(),
  Offres: z.array(offer),
});
export type Box = z.infer<typeof box>;

export const boxesResponse = z.object({ boxes: z.array(box) });
export type BoxesResponse = z.infer<typeof boxesResponse>;

const PRODUCT_FIELDS = 'id libelle_interne libelle_public nb_mois nb_paiements prix recurrent';

/** The content query of the subscription boxes, in display order (boxes, then offers). */
export const BOXES_QUERY = /* GraphQL */ `
  query Boxes {
    boxes {
      id
      libelle
      Offres {
        id libelle name sslibelle prix avantages desavantages
        produit_principal { ${PRODUCT_FIELDS} }
        produit_optionnel { ${PRODUCT_FIELDS} }
        produit_inclus { ${PRODUCT_FIELDS} }
      }
    }
  }
`;

// ---- Countries (`GET /public/countries`) ----

/**
 * Spec 1 §3 Country. `tva` and `tva_entreprise` are percentages (20 means 20 %):
 * `tva_entreprise` applies when the billing information carries a VAT number.
 */
export const country = z.object({
  code: z.string().check(z.regex(/^[A-Z]{2}$/)),
  name_fr: z.string(),
  tva: z.number().check(z.minimum(0), z.maximum(100)),
  tva_entreprise: z.number().check(z.minimum(0), z.maximum(100)),
});
export type Country = z.infer<typeof country>;
export const countriesResponse = z.array(country);
export type CountriesResponse = z.infer<typeof countriesResponse>;

// ---- Payment configuration (`GET /public/payment_config`) ----

/**
 * Which providers the client drives. `local`: the server's own test providers (card field and
 * card tokens through `/local-pay/...`, a PayPal approval page, a crypto hosted page);
 * otherwise the real provider's publishable key or client id for its SDK.
 */
export const paymentConfig = z.object({
  card: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local') }),
    z.object({ provider: z.literal('stripe'), publishableKey: z.string().check(z.minLength(1)) }),
  ]),
  paypal: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local') }),
    z.object({ provider: z.literal('paypal'), clientId: z.string().check(z.minLength(1)) }),
  ]),
  crypto: z.object({ provider: z.literal('local') }),
});
export type PaymentConfig = z.infer<typeof paymentConfig>;

// ---- Invoices (`GET /settings/invoices`) ----

/**
 * Spec 1 §3 Invoice. `montantht` and `montanttva` in EUR (the total is their sum); `invoiceUrl`
 * opens the invoice document (the owner's token as bearer or the session cookie; `?download=1`
 * downloads it).
 */
export const invoice = z.object({
  ref: z.string(),
  date: isoDate,
  montantht: money,
  montanttva: money,
  invoiceUrl: z.string(),
  lib: z.string(),
});
export type Invoice = z.infer<typeof invoice>;
export const invoicesResponse = z.array(invoice);
export type InvoicesResponse = z.infer<typeof invoicesResponse>;

// ---- Cards (`GET /settings/cards`, `POST /settings/cards/add`, `DELETE /settings/cards`) ----

/** Spec 1 §3 Card: `type` is the brand ('visa', 'mastercard', …), `exp` is 'MM/YY'. */
export const card = z.object({
  card_id: z.string(),
  type: z.string(),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  exp: z.string().check(z.regex(/^\d{2}\/\d{2}$/)),
});
export type Card = z.infer<typeof card>;
export const cardsResponse = z.array(card);
export type CardsResponse = z.infer<typeof cardsResponse>;

/** A card token of the configured card provider (local `tok_…`, Stripe `pm_…`). */
const sourceToken = z.string().check(z.trim(), z.minLength(1, 'Ce champs est requis'), z.maxLength(255));

export const addCardInput = z.object({ token: sourceToken });
export type AddCardInput = z.infer<typeof addCardInput>;
export const deleteCardInput = z.object({ cardId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) });
export type DeleteCardInput = z.infer<typeof deleteCardInput>;

// ---- Subscription summary (`GET /settings/subscriptions`) ----

/** One payment of the three-instalment plan: paid, or projected (+3 and +6 months from the last paid). */
export const instalment = z.object({ date: isoDate, amount: money, paid: z.boolean() });
export type Instalment = z.infer<typeof instalment>;

/**
 * Spec 1 §3 subscription summary: one plan the member pays. `stripeSubscriptionId` is the plan's id
 * (the one `cancel_subscription` stops); `payment_3x` is the three-instalment schedule (null for
 * other plans); `mobilePayment` marks a plan bought in a mobile store (cancelled on the phone).
 * `renews` is true while a recurring plan renews automatically; `nextPaymentAt` is the next charge.
 */
export const subscriptionSummary = z.object({
  stripeSubscriptionId: z.string(),
  productId: z.int().check(z.positive()),
  libelle: z.string(),
  status: z.enum(['active', 'past_due', 'canceled', 'completed']),
  renews: z.boolean(),
  /** Charged each period (VAT included). */
  amount: money,
  nb_mois: z.int().check(z.minimum(0)),
  nextPaymentAt: z.nullable(isoDate),
  payment_3x: z.nullable(z.array(instalment)),
  mobilePayment: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

/** A renewal or instalment that failed: the member pays it at `payment_url`. */
export const pendingPayment = z.object({
  payment_url: z.string(),
  amount: money,
  libelle: z.string(),
  date: isoDate,
});
export type PendingPayment = z.infer<typeof pendingPayment>;

export const subscriptionsResponse = z.object({
  /** The member's subscriptions as on the user (id and expiry). */
  abonnements: z.array(subscriptionEntry),
  subscriptions: z.array(subscriptionSummary),
  pendingPayment: z.nullable(pendingPayment),
});
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponse>;

/** `POST /settings/cancel_subscription`: the plan to stop (the only renewing one when omitted). */
export const cancelSubscriptionInput = z.object({
  stripeSubscriptionId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});
export type CancelSubscriptionInput = z.infer<typeof cancelSubscriptionInput>;
export const cancelSubscriptionAnswer = z.object({ success: z.literal(true) });

// ---- Coupon (`POST /settings/coupon`) ----

export const couponInput = z.object({
  coupon: z.string().check(z.trim(), z.minLength(1, 'Ce champs est requis'), z.maxLength(64)),
});
export type CouponInput = z.infer<typeof couponInput>;

/**
 * Spec 1 §3 coupon answer: new prices keyed by product id, or '*' for every product (a referral coupon); a value below 1 is a multiplier of the
 * product's price (0.8 is 20 % off), 1 or more is the new price before VAT. Errors answer `{ error }`.
 */
export const couponAnswer = z.object({ newPrices: z.record(z.string().check(z.regex(/^(?:\d+|\*)$/)), z.number().check(z.positive())) });
export type CouponAnswer = z.infer<typeof couponAnswer>;
export type NewPrices = CouponAnswer['newPrices'];

// ---- Purchase (`POST /settings/purchase`, `/settings/create_crypto_payment`) ----

const optionalText = (max: number) => z.pipe(z.nullish(text(max)), z.transform((value: string | null | undefined) => value ?? ''));

/**
 * Spec 1 §7 purchase payload. `sourceToken` is a saved card's `card_id` or a new card token;
 * `entreprise` is the billing information typed at checkout (saved to the profile before paying,
 * its country and VAT number decide the VAT); the references are the marketing and internal
 * referral codes the client carries in cookies.
 */
export const purchaseInput = z.object({
  boxId: z.int().check(z.positive()),
  offerId: z.int().check(z.positive()),
  optionSelected: z._default(z.boolean(), false),
  sourceToken,
  coupon: optionalText(64),
  reference_cnv: optionalText(200),
  reference_int: optionalText(200),
  entreprise: z.pipe(z.nullish(billing), z.transform((value: Billing | null | undefined) => value ?? null)),
});
export type PurchaseInput = z.input<typeof purchaseInput>;
export type PurchaseRequest = z.output<typeof purchaseInput>;

/** Same as a purchase, without a card. */
export const cryptoPaymentInput = z.omit(purchaseInput, { sourceToken: true });
export type CryptoPaymentInput = z.input<typeof cryptoPaymentInput>;
export type CryptoPaymentRequest = z.output<typeof cryptoPaymentInput>;

/**
 * An optional request header of the card payments (`/settings/purchase`, `POST /settings/upgrade`):
 * a key the client makes once per payment attempt. A repeat of the request with the same key (a
 * retry after a lost answer, a double click) answers the first one's result and never charges
 * twice.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Spec 1 §3 purchase answer: `OK` (paid, entitlement granted) or `pending` (the card needs a
 * confirmation: confirm with `clientSecret`, Stripe's `confirmCardPayment` or the local
 * confirmation). A refusal answers `{ error }` (status 402 for a declined card, 400 otherwise).
 */
export const purchaseAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('OK'), clientSecret: z.null(), paymentId: z.string() }),
  z.object({ status: z.literal('pending'), clientSecret: z.string().check(z.minLength(1)), paymentId: z.string() }),
]);
export type PurchaseAnswer = z.infer<typeof purchaseAnswer>;

/** Spec 1 §3 crypto answer: the hosted payment page, opened in a new tab. */
export const cryptoAnswer = z.object({ hostedUrl: z.string().check(z.minLength(1)), paymentId: z.string() });
export type CryptoAnswer = z.infer<typeof cryptoAnswer>;

// ---- Upgrade to VIP + Live (`GET` and `POST /settings/upgrade`) ----

/** Spec 1 §3 upgrade data: what adding Live until the VIP's expiry costs now (VAT included). */
export const upgradeData = z.object({ amountToPay: money, productId: z.int().check(z.positive()) });
export type UpgradeData = z.infer<typeof upgradeData>;

export const upgradeInput = z.object({
  sourceToken,
  coupon: optionalText(64),
  reference_cnv: optionalText(200),
  reference_int: optionalText(200),
});
export type UpgradeInput = z.input<typeof upgradeInput>;
export type UpgradeRequest = z.output<typeof upgradeInput>;

// ---- PayPal (`POST /settings/paypal/order`, `POST /settings/paypal/capture`) ----

/**
 * A PayPal order is created by the server (EUR, no shipping, the amount computed there): for a
 * purchase (the crypto payload) or the upgrade. `approveUrl` is the local approval page when no
 * PayPal account is configured (null with the PayPal SDK, which approves in its own window).
 */
export const paypalOrderInput = z.discriminatedUnion('kind', [
  z.extend(cryptoPaymentInput, { kind: z.literal('purchase') }),
  z.extend(z.omit(upgradeInput, { sourceToken: true }), { kind: z.literal('upgrade') }),
]);
export type PaypalOrderInput = z.input<typeof paypalOrderInput>;
export type PaypalOrderRequest = z.output<typeof paypalOrderInput>;
export const paypalOrderAnswer = z.object({ orderId: z.string().check(z.minLength(1)), approveUrl: z.nullable(z.string()), paymentId: z.string() });
export type PaypalOrderAnswer = z.infer<typeof paypalOrderAnswer>;

/** After approval, the capture pays the order and grants the entitlement: a `purchaseAnswer` with OK. */
export const paypalCaptureInput = z.object({ orderId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) });
export type PaypalCaptureInput = z.infer<typeof paypalCaptureInput>;

// ---- `GET /settings/checknew` ----

/**
 * Whether a payment was confirmed since the last check (a pending card confirmed, a PayPal
 * capture, a crypto page marked paid, a renewal): the page to thank on, and the member's
 * subscriptions now. Each confirmed payment is reported once.
 */
export const checkNewAnswer = z.object({
  new: z.boolean(),
  page: z.nullable(z.enum(['thank_you', 'thank_you_vip'])),
  abonnements: z.array(subscriptionEntry),
});
export type CheckNewAnswer = z.infer<typeof checkNewAnswer>;

// ---- Local providers (API host, `/local-pay/...`; the default without real keys) ----

/**
 * `POST /local-pay/tokens`: the local card field's token (the card provider's test cards:
 * 4242 4242 4242 4242 pays, 4000 0027 6000 3184 needs a confirmation, 4000 0000 0000 0002 is
 * declined, 4000 0000 0000 0341 is saved but every charge fails). Any other Luhn-valid number pays.
 */
export const localCardInput = z.object({
  number: z.string().check(z.trim(), z.maxLength(30)),
  exp_month: z.int().check(z.minimum(1), z.maximum(12)),
  exp_year: z.int().check(z.minimum(2000), z.maximum(2100)),
  cvc: z.string().check(z.trim(), z.regex(/^\d{3,4}$/)),
  name: text(200),
});
export type LocalCardInput = z.infer<typeof localCardInput>;
export const localCardToken = z.object({ token: z.string() });
export type LocalCardToken = z.infer<typeof localCardToken>;

/**
 * `POST /local-pay/confirm`: the local confirmation of a pending card payment (what Stripe's
 * authentication window does): `authenticate` pays, `fail` refuses. `GET /local-pay/confirm?client_secret=`
 * is the same as a page with two buttons; it posts `localPayMessage` to its opener or parent.
 */
export const localConfirmInput = z.object({
  clientSecret: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  action: z.enum(['authenticate', 'fail']),
});
export type LocalConfirmInput = z.infer<typeof localConfirmInput>;
export const localConfirmAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded') }),
  z.object({ status: z.literal('failed'), error: z.string() }),
]);
export type LocalConfirmAnswer = z.infer<typeof localConfirmAnswer>;

/** What the local pages post to `window.opener` (or `parent`) with `postMessage`, same origin. */
export const localPayMessage = z.discriminatedUnion('type', [
  z.object({ source: z.literal('comptoir-local-pay'), type: z.literal('confirm.result'), clientSecret: z.string(), result: localConfirmAnswer }),
  z.object({ source: z.literal('comptoir-local-pay'), type: z.literal('paypal.approve'), orderId: z.string() }),
  z.object({ source: z.literal('comptoir-local-pay'), type: z.literal('paypal.cancel'), orderId: z.string() }),
  z.object({ source: z.literal('comptoir-local-pay'), type: z.literal('crypto.paid'), paymentId: z.string() }),
]);
export type LocalPayMessage = z.infer<typeof localPayMessage>;

// ---- Messages the server answers (spec 1 §8 where it names one) ----

export const BILLING_TEXT = {
  /** A declined card or a failed charge: the spec's bank-error message. */
  cardDeclined:
    'Votre banque a retourné une erreur lors du paiement. Veuillez contacter votre banque, puis envoyez-nous un message en précisant le nom de votre banque.',
  authenticationFailed:
    'Nous ne parvenons pas à authentifier votre moyen de paiement. Veuillez choisir un autre moyen de paiement et réessayer.',
  tokenFailed: 'Impossible de générer un token avec ces informations',
  cardAddFailed: "Une erreur est survenue lors de l'ajout de votre carte. Veuillez vérifier votre saise",
  cardNotFound: 'Cette carte est introuvable',
  cardInUse: 'Cette carte paie un abonnement en cours : ajoutez-en une autre avant de la supprimer',
  couponInvalid: "Ce coupon n'est pas valide",
  couponExpired: "Ce coupon n'est plus valide",
  offerNotFound: "Cette offre n'existe pas",
  repurchaseBlocked: 'Votre abonnement VIP court déjà pour plus d’un an : vous ne pouvez pas le racheter pour le moment.',
  tradingviewRequired: 'Vous devez renseigner votre compte TradingView pour continuer',
  companyNameRequired: 'Veuillez renseigner le nom de la société',
  countryUnknown: "Ce pays n'est pas pris en charge",
  cryptoNotAllowed: 'Le paiement en crypto-monnaie est réservé aux offres payées en une fois',
  paypalNotAllowed: 'Le paiement PayPal est réservé aux offres payées en une fois',
  paypalNotApproved: "La commande PayPal n'a pas été approuvée",
  paymentNotFound: 'Ce paiement est introuvable',
  paymentAlreadySettled: 'Ce paiement a déjà été traité',
  paymentInProgress: 'Ce paiement est en cours de traitement',
  noCard: 'Aucune carte enregistrée pour ce paiement',
  localPaymentsOff: "Le paiement local n'est pas disponible sur ce serveur",
  upgradeNotAllowed:
    'Le passage au Live est réservé aux membres ayant un abonnement VIP en cours et sans abonnement Live.',
  noRenewingSubscription: "Vous n'avez aucun abonnement à renouvellement automatique en cours",
  instalmentsNotCancelable: 'Un paiement en trois fois ne peut pas être annulé : les échéances restent dues',
  mobileSubscription: 'Cet abonnement a été souscrit sur mobile : résiliez-le depuis votre téléphone.',
} as const;

/**
 * The paths of these calls, relative to the API host (`REST_BASE`): one source for the client's
 * requests and the server's routes. The local pages are opened with `${REST_BASE}${path}`.
 */
export const BILLING_PATHS = {
  countries: '/public/countries',
  paymentConfig: '/public/payment_config',
  subscriptions: '/settings/subscriptions',
  invoices: '/settings/invoices',
  /** `/settings/invoices/{ref}/document`: the invoice document (HTML; `?download=1` as an attachment). */
  invoiceDocument: (ref: string) => `/settings/invoices/${encodeURIComponent(ref)}/document`,
  cards: '/settings/cards',
  addCard: '/settings/cards/add',
  cancelSubscription: '/settings/cancel_subscription',
  coupon: '/settings/coupon',
  purchase: '/settings/purchase',
  cryptoPayment: '/settings/create_crypto_payment',
  upgrade: '/settings/upgrade',
  checkNew: '/settings/checknew',
  paypalOrder: '/settings/paypal/order',
  paypalCapture: '/settings/paypal/capture',
  localCardToken: '/local-pay/tokens',
  localConfirm: '/local-pay/confirm',
  /** The failed-payment page a `pendingPayment.payment_url` points at. */
  payPending: (paymentId: string) => `/billing/pay/${encodeURIComponent(paymentId)}`,
  localPaypal: (orderId: string) => `/local-pay/paypal/${encodeURIComponent(orderId)}`,
  localCrypto: (paymentId: string) => `/local-pay/crypto/${encodeURIComponent(paymentId)}`,
  /** `POST { at? }`: runs the renewal job as if it were `at` (local payments only). */
  localRenewals: '/local-pay/run-renewals',
  stripeWebhook: '/billing/stripe/webhook',
} as const;
