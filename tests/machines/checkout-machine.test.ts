import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { CHECKOUT_TEXT, paymentMethodsFor } from '../../src/domain/checkout';
import { REGISTRATION_TEXT } from '../../src/domain/registration';
import {
  CARD_ERROR_MS,
  checkoutMachine,
  problemOf,
  type CardPaymentRequest,
  type CheckoutContext,
  type CheckoutInput,
  type PaymentRequest,
  type PurchaseOutcome,
} from '../../src/machines/checkout-machine';
import type { NewAccount } from '../../src/machines/registration-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const base: CheckoutInput = {
  mode: 'purchase',
  productLabel: 'VIP 1 MOIS',
  mainProductPayments: 1,
  signedIn: true,
  savedCardId: null,
  tradingview: '',
  coupon: '',
  blocked: false,
  hasOption: false,
  billing: null,
};

/** One checkout per rule of the spec: each gets its own graph. */
const cases: { name: string; input: CheckoutInput; form: ModelEvent[] }[] = [
  {
    name: 'member, one-payment VIP, new card',
    input: base,
    form: [
      { type: 'checkout.change', field: 'cardholderName', value: 'Nina Martin' },
      { type: 'checkout.change', field: 'coupon', value: 'PROMO10' },
      { type: 'checkout.applyCoupon' },
      { type: 'checkout.selectMethod', method: 'paypal' },
      { type: 'checkout.selectMethod', method: 'crypto' },
      { type: 'checkout.selectMethod', method: 'card' },
      { type: 'card.error', message: 'Votre numéro de carte est incomplet.' },
      { type: 'card.error', message: null },
    ],
  },
  {
    name: 'member with a saved card, three-payment offer',
    input: { ...base, productLabel: 'VIP + LIVE 3 MOIS', mainProductPayments: 3, savedCardId: 'card_1' },
    form: [
      { type: 'checkout.chooseCard', saved: false },
      { type: 'checkout.chooseCard', saved: true },
      { type: 'checkout.change', field: 'cardholderName', value: 'Nina Martin' },
      // Not offered for three payments: ignored.
      { type: 'checkout.selectMethod', method: 'paypal' },
    ],
  },
  {
    name: 'visitor creates the account first',
    input: { ...base, signedIn: false },
    form: [
      { type: 'checkout.change', field: 'email', value: 'pas-une-adresse' },
      { type: 'checkout.change', field: 'email', value: 'nina@comptoir.test' },
      { type: 'checkout.change', field: 'password', value: 'court' },
      { type: 'checkout.change', field: 'password', value: 'motdepasse1' },
      { type: 'checkout.change', field: 'username', value: 'nina' },
      { type: 'checkout.change', field: 'firstName', value: 'Nina' },
      { type: 'checkout.change', field: 'cardholderName', value: 'Nina Martin' },
      { type: 'checkout.selectMethod', method: 'crypto' },
      { type: 'checkout.selectMethod', method: 'paypal' },
    ],
  },
  {
    name: 'visitor buys an indicator',
    input: { ...base, signedIn: false, productLabel: 'INDICATEUR SMART MONEY' },
    form: [
      { type: 'checkout.change', field: 'email', value: 'nina@comptoir.test' },
      { type: 'checkout.change', field: 'password', value: 'motdepasse1' },
      { type: 'checkout.change', field: 'username', value: 'nina' },
      { type: 'checkout.change', field: 'firstName', value: 'Nina' },
      { type: 'checkout.change', field: 'tradingview', value: 'nina_tv' },
      { type: 'checkout.selectMethod', method: 'paypal' },
    ],
  },
  {
    name: 'PRIME needs the waiver',
    input: { ...base, productLabel: 'PRIME 12 MOIS' },
    form: [
      { type: 'checkout.toggleWaiver' },
      { type: 'checkout.change', field: 'cardholderName', value: 'Nina Martin' },
      { type: 'checkout.selectMethod', method: 'paypal' },
    ],
  },
  {
    name: 'INDICATEUR needs the TradingView account',
    input: { ...base, productLabel: 'INDICATEUR SMART MONEY' },
    form: [
      { type: 'checkout.change', field: 'tradingview', value: 'nina_tv' },
      { type: 'checkout.change', field: 'tradingview', value: '' },
      { type: 'checkout.change', field: 'cardholderName', value: 'Nina Martin' },
      { type: 'checkout.selectMethod', method: 'crypto' },
      { type: 'checkout.selectMethod', method: 'paypal' },
    ],
  },
  {
    name: 'indicator already linked on the profile',
    input: { ...base, productLabel: 'INDICATEUR SMART MONEY', savedCardId: 'card_1', tradingview: 'nina_tv' },
    form: [{ type: 'checkout.change', field: 'tradingview', value: 'autre_tv' }],
  },
  {
    name: 'upgrade to Live',
    input: { ...base, mode: 'upgrade', productLabel: 'VIP + LIVE', savedCardId: 'card_1' },
    form: [
      { type: 'checkout.selectMethod', method: 'paypal' },
      { type: 'checkout.selectMethod', method: 'crypto' },
    ],
  },
  {
    name: 'purchase link with a coupon',
    input: { ...base, productLabel: 'VIP A VIE', coupon: 'BIENVENUE20', savedCardId: 'card_1' },
    form: [{ type: 'checkout.change', field: 'coupon', value: '' }],
  },
  {
    name: 'company buyer with the optional product',
    input: { ...base, productLabel: 'FORMATION ANALYSE', hasOption: true, billing: { name: '', address: '1 rue de la Bourse', address2: '', zip: '75002', city: 'Paris', country: 'BE', vat: 'BE0123456789' } },
    form: [
      { type: 'billing.change', field: 'name', value: 'Comptoir SAS' },
      { type: 'billing.toggleCompany' },
      { type: 'checkout.toggleOption' },
      { type: 'checkout.toggleWaiver' },
      { type: 'checkout.change', field: 'cardholderName', value: 'Nina Martin' },
    ],
  },
  {
    name: 'VIP re-purchase blocked',
    input: { ...base, blocked: true, savedCardId: 'card_1' },
    form: [
      { type: 'checkout.change', field: 'coupon', value: 'PROMO10' },
      { type: 'checkout.applyCoupon' },
    ],
  },
];

const outcomes: ModelEvent[] = [
  { type: 'checkout.submit' },
  { type: 'xstate.done.actor.checkCoupon', output: { newPrices: { '11': 0.8 } } },
  { type: 'xstate.error.actor.checkCoupon', error: new Error('Ce coupon a expiré') },
  { type: 'xstate.done.actor.checkEmail', output: { available: true } },
  { type: 'xstate.done.actor.checkEmail', output: { available: false } },
  { type: 'xstate.error.actor.checkEmail', error: new Error('') },
  { type: 'xstate.done.actor.createAccount', output: { jwt: 'jeton' } },
  { type: 'xstate.error.actor.createAccount', error: new Error('Email or Username are already taken') },
  { type: 'xstate.done.actor.saveTradingview' },
  { type: 'xstate.error.actor.saveTradingview', error: new Error('Erreur lors de la requête') },
  { type: 'xstate.done.actor.createCardToken', output: { token: 'tok_1' } },
  { type: 'xstate.error.actor.createCardToken', error: new Error('Votre carte a expiré.') },
  { type: 'xstate.done.actor.purchase', output: { status: 'OK' } },
  { type: 'xstate.done.actor.purchase', output: { status: 'pending', clientSecret: 'pi_1_secret' } },
  { type: 'xstate.done.actor.purchase', output: { status: 'error', error: 'Votre carte a été refusée.' } },
  { type: 'xstate.error.actor.purchase', error: new Error('réseau') },
  { type: 'xstate.done.actor.confirmCardPayment' },
  { type: 'xstate.error.actor.confirmCardPayment', error: new Error("L'authentification a échoué.") },
  { type: 'xstate.done.actor.createCryptoPayment', output: { hostedUrl: 'http://localhost/crypto/1' } },
  { type: 'xstate.error.actor.createCryptoPayment', error: new Error('Erreur lors de la requête') },
  { type: 'xstate.done.actor.createPaypalOrder', output: { orderId: 'PP-1', approveUrl: '/rest/local-pay/paypal?order=PP-1' } },
  { type: 'xstate.error.actor.createPaypalOrder', error: new Error('Erreur lors de la requête') },
  { type: 'paypal.approve', orderId: 'PP-1' },
  { type: 'paypal.cancel' },
  { type: 'paypal.fail', message: 'PayPal est indisponible' },
  { type: 'xstate.done.actor.capturePaypalOrder' },
  { type: 'xstate.error.actor.capturePaypalOrder', error: new Error('Commande non approuvée') },
  { type: 'crypto.paid' },
  { type: `xstate.after.${CARD_ERROR_MS}.checkout.editing.cardError` },
];

// Two contexts are one state for the model when the machine decides the same for them: each field
// as empty, wrong or fine, the method and card choice, the coupon, what is shown, what is done.
const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as CheckoutContext;
  const { email, password, username, firstName } = c.account;
  return {
    fields: [
      email === '' ? 0 : email.includes('@') ? 2 : 1,
      password === '' ? 0 : password.length >= 8 ? 2 : 1,
      username !== '',
      firstName !== '',
      c.cardholderName !== '',
      c.tradingview !== '',
      c.waiver,
      c.company,
      c.billing.name !== '',
      c.optionSelected,
    ],
    method: c.method,
    saved: c.useSavedCard,
    coupon: [c.coupon !== '', c.appliedCoupon !== null, c.couponError !== null],
    shown: [c.problem?.message ?? null, c.cardError !== null],
    done: [c.jwt !== null, c.tradingview.trim() === c.profileTradingview.trim(), c.paypalOrderId !== null, c.clientSecret !== null],
  };
};

type Call = [string, unknown];
function recorded() {
  const calls: Call[] = [];
  const pending =
    <I, O>(name: string) =>
    ({ input }: { input: I }): Promise<O> => {
      calls.push([name, input]);
      return new Promise(() => {});
    };
  const machine = checkoutMachine.provide({
    actors: {
      checkCoupon: fromPromise(pending<{ coupon: string; token: string | null }, { newPrices: Record<string, number> }>('checkCoupon')),
      checkEmail: fromPromise(pending<{ email: string }, { available: boolean }>('checkEmail')),
      createAccount: fromPromise(pending<NewAccount, { jwt: string }>('createAccount')),
      saveTradingview: fromPromise(pending<{ tradingview: string; token: string | null }, void>('saveTradingview')),
      createCardToken: fromPromise(pending<{ cardholderName: string }, { token: string }>('createCardToken')),
      purchase: fromPromise(pending<CardPaymentRequest, PurchaseOutcome>('purchase')),
      confirmCardPayment: fromPromise(pending<{ clientSecret: string }, void>('confirmCardPayment')),
      createCryptoPayment: fromPromise(pending<PaymentRequest, { hostedUrl: string }>('createCryptoPayment')),
      createPaypalOrder: fromPromise(pending<PaymentRequest, { orderId: string; approveUrl: string | null }>('createPaypalOrder')),
      capturePaypalOrder: fromPromise(pending<{ orderId: string; token: string | null }, void>('capturePaypalOrder')),
    },
    actions: {
      notifySuccess: (_, { message }) => void calls.push(['success', message]),
      notifyError: (_, { message }) => void calls.push(['error', message]),
      cryptoStarted: (_, params) => void calls.push(['cryptoStarted', params]),
      paid: (_, params) => void calls.push(['paid', params]),
    },
  });
  return { machine, calls };
}

type Snap = { value: unknown; context: CheckoutContext; matches: (v: string) => boolean };
const stateOf = (value: unknown): string =>
  typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${stateOf(v)}`)[0]!;

/** What the machine must have asked for when it entered a step, from the context it had. */
function expectedCall(step: string, c: CheckoutContext): Call | null {
  const entreprise = c.mode === 'purchase' && c.company ? c.billing : null;
  const payment = { mode: c.mode, coupon: c.appliedCoupon?.code ?? '', optionSelected: c.optionSelected, entreprise, token: c.jwt };
  switch (step) {
    case 'checkingCoupon':
      return ['checkCoupon', { coupon: c.coupon.trim(), token: c.jwt }];
    case 'processing.checkingEmail':
      return ['checkEmail', { email: c.account.email.trim() }];
    case 'processing.creatingAccount':
      return ['createAccount', { email: c.account.email.trim(), password: c.account.password, username: c.account.username.trim(), firstName: c.account.firstName.trim() }];
    case 'processing.savingTradingview':
      return ['saveTradingview', { tradingview: c.tradingview.trim(), token: c.jwt }];
    case 'processing.tokenizing':
      return ['createCardToken', { cardholderName: c.cardholderName.trim() }];
    case 'processing.purchasing':
      return ['purchase', { ...payment, sourceToken: c.sourceToken }];
    case 'processing.confirming':
      return ['confirmCardPayment', { clientSecret: c.clientSecret }];
    case 'processing.creatingCryptoPayment':
      return ['createCryptoPayment', payment];
    case 'processing.creatingPaypalOrder':
      return ['createPaypalOrder', payment];
    case 'processing.capturingPaypal':
      return ['capturePaypalOrder', { orderId: c.paypalOrderId, token: c.jwt }];
    case 'paid':
      return ['paid', { page: c.method === 'paypal' ? 'thank_you' : c.thankYou, jwt: c.jwt }];
    case 'cryptoOpened':
      return ['cryptoStarted', { url: c.hostedUrl }];
    default:
      return null;
  }
}

describe('checkout machine: every path of its graph', () => {
  const sets = cases.map(({ name, input, form }) => {
    const { machine } = recorded();
    const events = [...form, ...outcomes];
    return {
      name,
      input,
      paths: [
        ...transitionCoverPaths(machine, events, { input, serializeContext }),
        // The submission and its outcomes from the form as the case starts (plus one field filled).
        // SIMPLE
      ],
    };
  });

  for (const { name, input, paths } of sets) {
    describe(name, () => {
      it('has paths to walk', () => expect(paths.length).toBeGreaterThan(input.blocked ? 1 : 10));
      for (const path of paths) {
        it(describePath(path), () => {
          const { machine, calls } = recorded();
          let seen = 0;
          let before = path.steps[0]!.state.context as CheckoutContext;
          let beforeState = stateOf(path.steps[0]!.state.value);
          walkPath(
            machine,
            path,
            (step, actor, index) => {
              const fresh = calls.slice(seen);
              seen = calls.length;
              const snapshot = actor.getSnapshot() as Snap;
              const c = snapshot.context;
              const state = stateOf(snapshot.value);
              const event = step.event as ModelEvent;

              // The methods follow the product and the mode; the card is the default.
              expect(c.methods).toEqual(paymentMethodsFor(input.mode, input.mainProductPayments));
              expect(c.methods).toContain(c.method);
              if (index === 0) expect(c.method).toBe('card');

              // Entering a step asks for exactly its effect, with what the form held.
              if (state !== beforeState) {
                const call = expectedCall(state, c);
                const success = fresh.filter(([name]) => name === 'success' || name === 'error');
                const effects = fresh.filter(([name]) => name !== 'success' && name !== 'error');
                expect(effects).toEqual(call ? [call] : []);
                if (beforeState === 'checkingCoupon' && event.type.startsWith('xstate.done')) expect(success).toEqual([['success', CHECKOUT_TEXT.couponValid]]);
                if (beforeState === 'processing.savingTradingview' && event.type.startsWith('xstate.done')) expect(success).toEqual([['success', CHECKOUT_TEXT.tradingviewSaved]]);
              }

              if (event.type === 'checkout.submit' && beforeState.startsWith('editing')) {
                if (input.blocked) {
                  expect(state.startsWith('editing')).toBe(true);
                  expect(c.problem).toEqual({ field: null, message: CHECKOUT_TEXT.repurchaseBlocked });
                } else if (problemOf(before)) {
                  expect(state.startsWith('editing')).toBe(true);
                  expect(c.problem).toEqual(problemOf(before));
                } else expect(state.startsWith('processing') || state === 'cryptoOpened').toBe(true);
              }
              // Nothing is paid without an account, the waiver and the TradingView account saved.
              if (state.startsWith('processing.') && !['processing.checkingEmail', 'processing.creatingAccount'].includes(state)) {
                expect(input.signedIn || c.jwt !== null).toBe(true);
                if (c.waiverRequired) expect(c.waiver).toBe(true);
                if (c.tradingviewRequired && state !== 'processing.savingTradingview') expect(c.profileTradingview).toBe(c.tradingview.trim());
              }
              if (state === 'processing.purchasing') {
                expect(c.method).toBe('card');
                expect(c.sourceToken).toBe(c.useSavedCard ? input.savedCardId : 'tok_1');
              }
              if (event.type === 'xstate.done.actor.checkEmail' && beforeState === 'processing.checkingEmail' && state.startsWith('editing'))
                expect(c.problem).toEqual({ field: 'email', message: REGISTRATION_TEXT.emailTaken });
              if (event.type === 'xstate.error.actor.createAccount' && beforeState === 'processing.creatingAccount')
                expect(c.problem).toEqual({ field: 'username', message: REGISTRATION_TEXT.usernameTaken });
              if (event.type === 'xstate.error.actor.createCardToken' && beforeState === 'processing.tokenizing') {
                expect(state).toBe('editing.cardError');
                expect(c.cardError).toBe('Votre carte a expiré.');
                expect(fresh).toContainEqual(['error', 'Votre carte a expiré.']);
              }
              if (beforeState === 'processing.purchasing' && state.startsWith('editing')) {
                const message = event.type.startsWith('xstate.error') ? CHECKOUT_TEXT.bankError : 'Votre carte a été refusée.';
                expect(c.problem).toEqual({ field: null, message });
                expect(fresh).toEqual([['error', message]]);
              }
              if (event.type === 'xstate.error.actor.confirmCardPayment' && beforeState === 'processing.confirming') {
                expect(state).toBe('editing.cardError');
                expect(c.cardError).toBe("L'authentification a échoué.");
              }
              if (beforeState === 'editing.cardError' && event.type.startsWith('xstate.after')) expect(c.cardError).toBeNull();
              if (event.type === 'xstate.error.actor.checkCoupon' && beforeState === 'checkingCoupon') {
                expect(c.couponError).toBe('Ce coupon a expiré');
                expect(c.appliedCoupon).toBeNull();
              }
              if (!input.hasOption) expect(c.optionSelected).toBe(false);
              if (state === 'paid') expect(c.thankYou).toBe(input.productLabel.includes('VIP') ? 'thank_you_vip' : 'thank_you');
              before = c;
              beforeState = state;
            },
            input,
          );
        });
      }
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(
      recorded().machine,
      sets.map((s) => s.paths),
    );
  });
});
