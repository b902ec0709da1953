import { describe, expect, it } from 'vitest';
import {
  billingProblem,
  CHECKOUT_TEXT,
  checkoutProblem,
  needsTradingview,
  needsWaiver,
  parseExpiry,
  paymentMethodsFor,
  purchasePath,
  thankYouPageFor,
  type CheckoutFields,
} from '../../../src/domain/checkout';
import { REGISTRATION_TEXT } from '../../../src/domain/registration';
import { TEXT } from '../../../src/domain/text-fr';

describe('checkout rules (spec 1 §4, §5)', () => {
  it.each([
    ['purchase', 1, ['card', 'paypal', 'crypto']],
    ['purchase', 3, ['card']],
    ['upgrade', 1, ['card', 'paypal']],
    ['upgrade', 3, ['card', 'paypal']],
  ] as const)('%s of a product paid in %i: %j', (mode, payments, methods) => {
    expect(paymentMethodsFor(mode, payments)).toEqual(methods);
  });

  it.each([
    ['FORMATION FIRST', true, false, 'thank_you'],
    ['PRIME ANNUEL', true, false, 'thank_you'],
    ['Pack first steps', true, false, 'thank_you'],
    ['INDICATEUR COMPTOIR', false, true, 'thank_you'],
    ['VIP MENSUEL', false, false, 'thank_you_vip'],
    ['VIP + LIVE ANNUEL', false, false, 'thank_you_vip'],
    ['LIVE MENSUEL', false, false, 'thank_you'],
  ] as const)('%s: waiver %s, TradingView %s, thanked on %s', (label, waiver, tradingview, page) => {
    expect(needsWaiver(label)).toBe(waiver);
    expect(needsTradingview(label)).toBe(tradingview);
    expect(thankYouPageFor(label)).toBe(page);
  });

  it('builds the purchase links with the coupon', () => {
    expect(purchasePath(0, 0)).toBe('/purchase/0/0');
    expect(purchasePath(1, 2, 'BIENVENUE20')).toBe('/purchase/1/2?coupon=BIENVENUE20');
    expect(purchasePath(1, 2, 'A B&C')).toBe('/purchase/1/2?coupon=A%20B%26C');
  });

  it('requires the billing name: the company name for a company', () => {
    expect(billingProblem({ company: true, name: ' ' })).toBe(CHECKOUT_TEXT.companyNameRequired);
    expect(billingProblem({ company: false, name: '' })).toBe(TEXT.requiredField);
    expect(billingProblem({ company: true, name: 'Comptoir SAS' })).toBeNull();
  });

  const fine: CheckoutFields = {
    needsAccount: true,
    account: { email: 'nina@comptoir.test', password: 'motdepasse1', username: 'nina', firstName: 'Nina' },
    company: true,
    billingName: 'Comptoir SAS',
    waiverRequired: true,
    waiver: true,
    tradingviewRequired: true,
    tradingview: 'nina_tv',
    newCard: true,
    cardholderName: 'Nina Martin',
  };

  it('stops a payment on the first problem, in the order of the form', () => {
    expect(checkoutProblem(fine)).toBeNull();
    const cases: [Partial<CheckoutFields>, { field: string; message: string }][] = [
      [{ account: { ...fine.account, email: '' } }, { field: 'email', message: TEXT.requiredField }],
      [{ account: { ...fine.account, firstName: ' ' } }, { field: 'firstName', message: TEXT.requiredField }],
      [{ account: { ...fine.account, email: 'nina' } }, { field: 'email', message: REGISTRATION_TEXT.invalidEmail }],
      [{ account: { ...fine.account, password: 'court' } }, { field: 'password', message: REGISTRATION_TEXT.shortPassword }],
      [{ billingName: '' }, { field: 'billingName', message: CHECKOUT_TEXT.companyNameRequired }],
      [{ waiver: false }, { field: 'waiver', message: 'Vous devez accepter de renoncer à votre droit de rétractation pour continuer.' }],
      [{ tradingview: ' ' }, { field: 'tradingview', message: 'Vous devez renseigner votre compte TradingView pour continuer' }],
      [{ cardholderName: '' }, { field: 'cardholderName', message: TEXT.requiredField }],
      [{ waiver: false, tradingview: '' }, { field: 'waiver', message: CHECKOUT_TEXT.waiverRequired }],
    ];
    for (const [change, problem] of cases) expect(checkoutProblem({ ...fine, ...change })).toEqual(problem);
  });

  it('asks nothing that does not apply', () => {
    const loose: CheckoutFields = {
      ...fine,
      needsAccount: false,
      account: { email: '', password: '', username: '', firstName: '' },
      company: false,
      billingName: '',
      waiverRequired: false,
      waiver: false,
      tradingviewRequired: false,
      tradingview: '',
      newCard: false,
      cardholderName: '',
    };
    expect(checkoutProblem(loose)).toBeNull();
  });

  it.each([
    ['12/34', { exp_month: 12, exp_year: 2034 }],
    [' 1 / 2031 ', { exp_month: 1, exp_year: 2031 }],
    ['13/30', null],
    ['00/30', null],
    ['1230', null],
    ['', null],
  ] as const)('reads the expiry %j', (value, expected) => {
    expect(parseExpiry(value)).toEqual(expected);
  });
});
