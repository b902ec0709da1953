import { assign, fromPromise, setup } from 'xstate';
import type { Billing } from '../contract/user';
import {
  CHECKOUT_TEXT,
  checkoutProblem,
  needsTradingview,
  needsWaiver,
  paymentMethodsFor,
  thankYouPageFor,
  type CheckoutMode,
  type CheckoutProblem,
  type PaymentMethod,
  type ThankYouPage,
} from '../domain/checkout';
import { DEFAULT_COUNTRY } from '../domain/pricing';
import { REGISTRATION_TEXT } from '../domain/registration';
import { TEXT } from '../domain/text-fr';
import { creationErrorOf, type NewAccount } from './registration-machine';

/** What the checkout sells and to whom, fixed for the life of one checkout. */
export type CheckoutInput = {
  mode: CheckoutMode;
  /** The main product's internal label: it decides the waiver, TradingView and thank-you rules. */
  productLabel: string;
  /** The main product's number of payments: PayPal and crypto only for one (spec 1 §4). */
  mainProductPayments: number;
  signedIn: boolean;
  /** The member's saved card, used unless they choose to type a new one. */
  savedCardId: string | null;
  /** The TradingView account already on the profile. */
  tradingview: string;
  /** A coupon the page came with (a purchase link's `coupon` parameter): checked at once. */
  coupon: string;
  /** A VIP-type offer while VIP runs for more than 365 days: the pay button is disabled. */
  blocked: boolean;
  /** The offer has an optional product the buyer may add. */
  hasOption: boolean;
  /** The billing information on the profile (null for none): the checkout's billing form starts from it. */
  billing: Billing | null;
};

export type AccountField = 'email' | 'password' | 'username' | 'firstName';
export type CheckoutTextField = AccountField | 'tradingview' | 'cardholderName' | 'coupon';

export type CheckoutEvent =
  | { type: 'checkout.change'; field: CheckoutTextField; value: string }
  | { type: 'checkout.selectMethod'; method: PaymentMethod }
  | { type: 'checkout.toggleWaiver' }
  | { type: 'checkout.toggleOption' }
  | { type: 'billing.change'; field: BillingField; value: string }
  | { type: 'billing.toggleCompany' }
  | { type: 'checkout.chooseCard'; saved: boolean }
  | { type: 'checkout.applyCoupon' }
  /** The card field reports its own error (or that it is gone). */
  | { type: 'card.error'; message: string | null }
  | { type: 'checkout.submit' }
  | { type: 'paypal.approve'; orderId: string }
  | { type: 'paypal.cancel' }
  | { type: 'paypal.fail'; message: string }
  /** The crypto page says it was paid. */
  | { type: 'crypto.paid' };
export type BillingField = keyof Billing;

export type AppliedCoupon = { code: string; newPrices: Record<string, number> };

export type CheckoutContext = {
  mode: CheckoutMode;
  methods: PaymentMethod[];
  waiverRequired: boolean;
  tradingviewRequired: boolean;
  thankYou: ThankYouPage;
  signedIn: boolean;
  blocked: boolean;
  savedCardId: string | null;
  /** The TradingView account on the profile; the typed one is saved first when it differs. */
  profileTradingview: string;

  method: PaymentMethod;
  useSavedCard: boolean;
  hasOption: boolean;
  optionSelected: boolean;
  /** Buying as a company: its billing (name required) goes with the payment and onto the profile. */
  company: boolean;
  billing: Billing;
  account: Record<AccountField, string>;
  waiver: boolean;
  tradingview: string;
  cardholderName: string;
  coupon: string;
  appliedCoupon: AppliedCoupon | null;
  couponError: string | null;

  /** What stops the payment, next to its field (or for the whole form when `field` is null). */
  problem: CheckoutProblem | null;
  /** The card provider's own message, under the card field for 2 seconds (spec 1 §4). */
  cardError: string | null;
  /** The token of the account this checkout created for a visitor. */
  jwt: string | null;
  sourceToken: string | null;
  clientSecret: string | null;
  hostedUrl: string | null;
  paypalOrderId: string | null;
  /** The local PayPal approval page (null with the PayPal SDK, which approves in its own window). */
  approveUrl: string | null;
};

/**
 * `token` is the account created by this checkout (null: the session's own); `entreprise` is the
 * company billing typed at checkout, saved with the purchase (none for a private buyer or an upgrade).
 */
export type PaymentRequest = { mode: CheckoutMode; coupon: string; optionSelected: boolean; entreprise: Billing | null; token: string | null };
export type CardPaymentRequest = PaymentRequest & { sourceToken: string };
/** The purchase call's answer: OK, pending with the client secret, or the server's error as is. */
export type PurchaseOutcome = { status: 'OK' } | { status: 'pending'; clientSecret: string } | { status: 'error'; error: string };

export const CARD_ERROR_MS = 2000;
const SAVED_TOAST = { type: 'notifySuccess', params: { message: CHECKOUT_TEXT.tradingviewSaved } } as const;

const codeOf = (c: CheckoutContext) => c.appliedCoupon?.code ?? '';
const paymentOf = (c: CheckoutContext): PaymentRequest => ({
  mode: c.mode,
  coupon: codeOf(c),
  optionSelected: c.optionSelected,
  // A private buyer sends none: the server keeps the profile's billing (or France).
  entreprise: c.mode === 'purchase' && c.company ? c.billing : null,
  token: c.jwt,
});
export const EMPTY_BILLING: Billing = { name: '', address: '', address2: '', zip: '', city: '', country: DEFAULT_COUNTRY, vat: '' };
const messageOf = (error: unknown, fallback: string = TEXT.requestFailed) =>
  error instanceof Error && error.message !== '' ? error.message : fallback;
const formProblem = (message: string): CheckoutProblem => ({ field: null, message });

export const problemOf = (c: CheckoutContext): CheckoutProblem | null =>
  checkoutProblem({
    needsAccount: !c.signedIn && c.jwt === null,
    account: c.account,
    company: c.mode === 'purchase' && c.company,
    billingName: c.billing.name,
    waiverRequired: c.waiverRequired,
    waiver: c.waiver,
    tradingviewRequired: c.tradingviewRequired,
    tradingview: c.tradingview,
    newCard: c.method === 'card' && !c.useSavedCard,
    cardholderName: c.cardholderName,
  });

export function initialCheckoutContext(input: CheckoutInput): CheckoutContext {
  return {
    mode: input.mode,
    methods: paymentMethodsFor(input.mode, input.mainProductPayments),
    waiverRequired: needsWaiver(input.productLabel),
    tradingviewRequired: needsTradingview(input.productLabel),
    thankYou: thankYouPageFor(input.productLabel),
    signedIn: input.signedIn,
    blocked: input.blocked,
    savedCardId: input.savedCardId,
    profileTradingview: input.tradingview,
    method: 'card',
    useSavedCard: input.savedCardId !== null,
    hasOption: input.hasOption,
    optionSelected: false,
    // A VAT number on the profile means the member bills as a company.
    company: (input.billing?.vat.trim() ?? '') !== '',
    billing: { ...EMPTY_BILLING, ...input.billing, country: input.billing?.country.trim() || DEFAULT_COUNTRY },
    account: { email: '', password: '', username: '', firstName: '' },
    waiver: false,
    tradingview: input.tradingview,
    cardholderName: '',
    coupon: input.coupon.trim(),
    appliedCoupon: null,
    couponError: null,
    problem: null,
    cardError: null,
    jwt: null,
    sourceToken: null,
    clientSecret: null,
    hostedUrl: null,
    paypalOrderId: null,
    approveUrl: null,
  };
}

/**
 * The checkout of spec 1 §2, §4, §5: the form (method, waiver, TradingView account, coupon,
 * saved or new card, the visitor's account), then in order: the visitor's account is created, the
 * TradingView account saved to the profile, and the chosen method paid. A card payment that needs
 * confirmation is confirmed with the client secret; PayPal is captured once approved; crypto opens
 * the hosted page in a new tab. Every effect is injected, so Stripe Elements and the local card
 * field drive the same machine.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    checkCoupon: fromPromise<{ newPrices: Record<string, number> }, { coupon: string; token: string | null }>(async () => ({ newPrices: {} })),
    checkEmail: fromPromise<{ available: boolean }, { email: string }>(async () => ({ available: true })),
    createAccount: fromPromise<{ jwt: string }, NewAccount>(async () => ({ jwt: '' })),
    saveTradingview: fromPromise<void, { tradingview: string; token: string | null }>(async () => {}),
    /** The card field's token (Stripe Elements or the local card field); rejects with the provider's message. */
    createCardToken: fromPromise<{ token: string }, { cardholderName: string }>(async () => ({ token: '' })),
    /** Resolves with the server's answer; rejects only on an exception (no answer at all). */
    purchase: fromPromise<PurchaseOutcome, CardPaymentRequest>(async () => ({ status: 'OK' })),
    confirmCardPayment: fromPromise<void, { clientSecret: string }>(async () => {}),
    createCryptoPayment: fromPromise<{ hostedUrl: string }, PaymentRequest>(async () => ({ hostedUrl: '' })),
    createPaypalOrder: fromPromise<{ orderId: string; approveUrl: string | null }, PaymentRequest>(async () => ({ orderId: '', approveUrl: null })),
    capturePaypalOrder: fromPromise<void, { orderId: string; token: string | null }>(async () => {}),
  },
  actions: {
    rememberAccount: assign((_, params: { jwt: string }) => ({ jwt: params.jwt })),
    takeSavedCard: assign({ sourceToken: ({ context }) => context.savedCardId }),
    tradingviewSaved: assign({ profileTradingview: ({ context }) => context.tradingview.trim() }),
    notifySuccess: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
    /** Opens the hosted crypto page in a new tab. */
    cryptoStarted: (_, _params: { url: string }) => {},
    /** A confirmed payment: refresh what the member holds and go to the thank-you page. */
    paid: (_, _params: { page: ThankYouPage; jwt: string | null }) => {},
  },
  guards: {
    hasCoupon: ({ context }) => context.coupon !== '',
    blocked: ({ context }) => context.blocked,
    invalid: ({ context }) => problemOf(context) !== null,
    needsAccount: ({ context }) => !context.signedIn && context.jwt === null,
    needsTradingviewSave: ({ context }) =>
      context.tradingviewRequired && context.tradingview.trim() !== context.profileTradingview.trim(),
    payBySavedCard: ({ context }) => context.method === 'card' && context.useSavedCard && context.savedCardId !== null,
    payByNewCard: ({ context }) => context.method === 'card',
    payByCrypto: ({ context }) => context.method === 'crypto',
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => initialCheckoutContext(input),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasCoupon', target: 'checkingCoupon' }, { target: 'editing' }],
    },
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        cardError: {
          after: { [CARD_ERROR_MS]: { target: 'ready', actions: assign({ cardError: null }) } },
        },
      },
      on: {
        'checkout.change': {
          actions: assign(({ context, event }) => {
            const value = event.value;
            if (event.field === 'coupon') return { coupon: value, appliedCoupon: null, couponError: null };
            if (event.field === 'tradingview' || event.field === 'cardholderName') return { [event.field]: value, problem: null };
            return { account: { ...context.account, [event.field]: value }, problem: null };
          }),
        },
        'checkout.selectMethod': {
          guard: ({ context, event }) => context.methods.includes(event.method),
          actions: assign({ method: ({ event }) => event.method, problem: null }),
        },
        'checkout.toggleWaiver': { actions: assign({ waiver: ({ context }) => !context.waiver, problem: null }) },
        'checkout.toggleOption': {
          guard: ({ context }) => context.hasOption,
          actions: assign({ optionSelected: ({ context }) => !context.optionSelected }),
        },
        'billing.change': {
          actions: assign({ billing: ({ context, event }) => ({ ...context.billing, [event.field]: event.value }), problem: null }),
        },
        'billing.toggleCompany': { actions: assign({ company: ({ context }) => !context.company, problem: null }) },
        'checkout.chooseCard': {
          guard: ({ context }) => context.savedCardId !== null,
          actions: assign({ useSavedCard: ({ event }) => event.saved, problem: null }),
        },
        'checkout.applyCoupon': { guard: ({ context }) => context.coupon.trim() !== '', target: 'checkingCoupon' },
        'card.error': [
          { guard: ({ event }) => event.message === null, target: '.ready', actions: assign({ cardError: null }) },
          { target: '.cardError', actions: assign({ cardError: ({ event }) => event.message }) },
        ],
        'checkout.submit': [
          { guard: 'blocked', actions: assign({ problem: formProblem(CHECKOUT_TEXT.repurchaseBlocked) }) },
          { guard: 'invalid', actions: assign({ problem: ({ context }) => problemOf(context) }) },
          { guard: 'needsAccount', target: '#checkout.processing.checkingEmail' },
          { guard: 'needsTradingviewSave', target: '#checkout.processing.savingTradingview' },
          { guard: 'payBySavedCard', target: '#checkout.processing.purchasing', actions: 'takeSavedCard' },
          { guard: 'payByNewCard', target: '#checkout.processing.tokenizing' },
          { guard: 'payByCrypto', target: '#checkout.processing.creatingCryptoPayment' },
          { target: '#checkout.processing.creatingPaypalOrder' },
        ],
      },
    },
    checkingCoupon: {
      invoke: {
        id: 'checkCoupon',
        src: 'checkCoupon',
        input: ({ context }) => ({ coupon: context.coupon.trim(), token: context.jwt }),
        onDone: {
          target: 'editing',
          actions: [
            assign({ appliedCoupon: ({ context, event }) => ({ code: context.coupon.trim(), newPrices: event.output.newPrices }), couponError: null }),
            { type: 'notifySuccess', params: { message: CHECKOUT_TEXT.couponValid } },
          ],
        },
        onError: { target: 'editing', actions: assign({ appliedCoupon: null, couponError: ({ event }) => messageOf(event.error) }) },
      },
    },
    processing: {
      initial: 'checkingEmail',
      states: {
        checkingEmail: {
          invoke: {
            id: 'checkEmail',
            src: 'checkEmail',
            input: ({ context }) => ({ email: context.account.email.trim() }),
            onDone: [
              { guard: ({ event }) => event.output.available, target: 'creatingAccount' },
              { target: '#checkout.editing', actions: assign({ problem: { field: 'email', message: REGISTRATION_TEXT.emailTaken } }) },
            ],
            onError: { target: '#checkout.editing', actions: assign({ problem: ({ event }) => formProblem(messageOf(event.error)) }) },
          },
        },
        creatingAccount: {
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ context }) => ({
              email: context.account.email.trim(),
              password: context.account.password,
              username: context.account.username.trim(),
              firstName: context.account.firstName.trim(),
            }),
            // The steps after the account, in order (a new account has no saved card); its token is kept.
            onDone: [
              { guard: 'needsTradingviewSave', target: 'savingTradingview', actions: { type: 'rememberAccount', params: ({ event }) => event.output } },
              { guard: 'payByNewCard', target: 'tokenizing', actions: { type: 'rememberAccount', params: ({ event }) => event.output } },
              { guard: 'payByCrypto', target: 'creatingCryptoPayment', actions: { type: 'rememberAccount', params: ({ event }) => event.output } },
              { target: 'creatingPaypalOrder', actions: { type: 'rememberAccount', params: ({ event }) => event.output } },
            ],
            onError: {
              target: '#checkout.editing',
              actions: assign({ problem: ({ event }) => ({ field: 'username', message: creationErrorOf(event.error) }) }),
            },
          },
        },
        savingTradingview: {
          invoke: {
            id: 'saveTradingview',
            src: 'saveTradingview',
            input: ({ context }) => ({ tradingview: context.tradingview.trim(), token: context.jwt }),
            onDone: [
              { guard: 'payBySavedCard', target: 'purchasing', actions: ['tradingviewSaved', SAVED_TOAST, 'takeSavedCard'] },
              { guard: 'payByNewCard', target: 'tokenizing', actions: ['tradingviewSaved', SAVED_TOAST] },
              { guard: 'payByCrypto', target: 'creatingCryptoPayment', actions: ['tradingviewSaved', SAVED_TOAST] },
              { target: 'creatingPaypalOrder', actions: ['tradingviewSaved', SAVED_TOAST] },
            ],
            onError: {
              target: '#checkout.editing',
              actions: assign({ problem: ({ event }) => ({ field: 'tradingview', message: messageOf(event.error) }) }),
            },
          },
        },
        tokenizing: {
          invoke: {
            id: 'createCardToken',
            src: 'createCardToken',
            input: ({ context }) => ({ cardholderName: context.cardholderName.trim() }),
            onDone: { target: 'purchasing', actions: assign({ sourceToken: ({ event }) => event.output.token }) },
            onError: {
              target: '#checkout.editing.cardError',
              actions: [
                assign({ cardError: ({ event }) => messageOf(event.error, CHECKOUT_TEXT.tokenFailed) }),
                { type: 'notifyError', params: ({ event }) => ({ message: messageOf(event.error, CHECKOUT_TEXT.tokenFailed) }) },
              ],
            },
          },
        },
        purchasing: {
          invoke: {
            id: 'purchase',
            src: 'purchase',
            input: ({ context }) => ({ ...paymentOf(context), sourceToken: context.sourceToken ?? '' }),
            onDone: [
              { guard: ({ event }) => event.output.status === 'OK', target: '#checkout.paid' },
              {
                guard: ({ event }) => event.output.status === 'pending',
                target: 'confirming',
                actions: assign({ clientSecret: ({ event }) => (event.output.status === 'pending' ? event.output.clientSecret : null) }),
              },
              {
                target: '#checkout.editing',
                actions: [
                  assign({ problem: ({ event }) => formProblem(event.output.status === 'error' ? event.output.error : TEXT.requestFailed) }),
                  { type: 'notifyError', params: ({ event }) => ({ message: event.output.status === 'error' ? event.output.error : TEXT.requestFailed }) },
                ],
              },
            ],
            onError: {
              target: '#checkout.editing',
              actions: [
                assign({ problem: formProblem(CHECKOUT_TEXT.bankError) }),
                { type: 'notifyError', params: { message: CHECKOUT_TEXT.bankError } },
              ],
            },
          },
        },
        confirming: {
          invoke: {
            id: 'confirmCardPayment',
            src: 'confirmCardPayment',
            input: ({ context }) => ({ clientSecret: context.clientSecret ?? '' }),
            onDone: { target: '#checkout.paid' },
            onError: {
              target: '#checkout.editing.cardError',
              actions: [
                assign({ cardError: ({ event }) => messageOf(event.error), clientSecret: null }),
                { type: 'notifyError', params: ({ event }) => ({ message: messageOf(event.error) }) },
              ],
            },
          },
        },
        creatingCryptoPayment: {
          invoke: {
            id: 'createCryptoPayment',
            src: 'createCryptoPayment',
            input: ({ context }) => paymentOf(context),
            onDone: {
              target: '#checkout.cryptoOpened',
              actions: [
                assign({ hostedUrl: ({ event }) => event.output.hostedUrl }),
                { type: 'cryptoStarted', params: ({ event }) => ({ url: event.output.hostedUrl }) },
              ],
            },
            onError: { target: '#checkout.editing', actions: assign({ problem: ({ event }) => formProblem(messageOf(event.error)) }) },
          },
        },
        creatingPaypalOrder: {
          invoke: {
            id: 'createPaypalOrder',
            src: 'createPaypalOrder',
            input: ({ context }) => paymentOf(context),
            onDone: {
              target: 'awaitingPaypal',
              actions: assign({ paypalOrderId: ({ event }) => event.output.orderId, approveUrl: ({ event }) => event.output.approveUrl }),
            },
            onError: { target: '#checkout.editing', actions: assign({ problem: ({ event }) => formProblem(messageOf(event.error)) }) },
          },
        },
        awaitingPaypal: {
          on: {
            'paypal.approve': { target: 'capturingPaypal', actions: assign({ paypalOrderId: ({ event }) => event.orderId, approveUrl: null }) },
            'paypal.cancel': { target: '#checkout.editing', actions: assign({ paypalOrderId: null, approveUrl: null }) },
            'paypal.fail': {
              target: '#checkout.editing',
              actions: [
                assign({ paypalOrderId: null, approveUrl: null, problem: ({ event }) => formProblem(event.message) }),
                { type: 'notifyError', params: ({ event }) => ({ message: event.message }) },
              ],
            },
          },
        },
        capturingPaypal: {
          invoke: {
            id: 'capturePaypalOrder',
            src: 'capturePaypalOrder',
            input: ({ context }) => ({ orderId: context.paypalOrderId ?? '', token: context.jwt }),
            onDone: { target: '#checkout.paid' },
            onError: {
              target: '#checkout.editing',
              actions: [
                assign({ paypalOrderId: null, approveUrl: null, problem: ({ event }) => formProblem(messageOf(event.error)) }),
                { type: 'notifyError', params: ({ event }) => ({ message: messageOf(event.error) }) },
              ],
            },
          },
        },
      },
    },
    paid: {
      type: 'final',
      // A PayPal capture always thanks on thank_you (spec 1 §4); a card on the product's page.
      entry: { type: 'paid', params: ({ context }) => ({ page: context.method === 'paypal' ? 'thank_you' : context.thankYou, jwt: context.jwt }) },
    },
    // The payment is confirmed by the crypto provider; the hosted page tells this tab when it is.
    cryptoOpened: { on: { 'crypto.paid': 'paid' } },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
