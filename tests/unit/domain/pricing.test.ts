import { describe, expect, it } from 'vitest';
import type { Country, Offer, Product } from '../../../src/contract/billing';
import {
  addMonths,
  couponPrice,
  DEFAULT_VAT,
  durationLabel,
  extendedExpiry,
  formatPrice,
  instalmentDates,
  instalmentSchedule,
  isVipOffer,
  LIFETIME_EXPIRY,
  moneyOf,
  offerCharge,
  perMonthPrice,
  productsOf,
  purchaseBlocked,
  RENEWAL_NOTE,
  renewalNote,
  renewedExpiry,
  upgradeAllowed,
  upgradeCharge,
  vatRate,
  withVat,
} from '../../../src/domain/pricing';
import { isUnlimited } from '../../../src/domain/subscriptions';

const countries: Country[] = [
  { code: 'FR', name_fr: 'France', tva: 20, tva_entreprise: 20 },
  { code: 'BE', name_fr: 'Belgique', tva: 21, tva_entreprise: 0 },
  { code: 'CH', name_fr: 'Suisse', tva: 8.1, tva_entreprise: 0 },
  { code: 'CA', name_fr: 'Canada', tva: 0, tva_entreprise: 0 },
  { code: 'RE', name_fr: 'La Réunion', tva: 8.5, tva_entreprise: 8.5 },
];
const billing = (country: string, vat = '') => ({ country, vat });

const product = (over: Partial<Product> & Pick<Product, 'id' | 'prix'>): Product => ({
  libelle_interne: 'VIP MENSUEL',
  libelle_public: 'VIP mensuel',
  nb_mois: 1,
  nb_paiements: 1,
  recurrent: true,
  ...over,
});
const offerOf = (main: Product, optional: Product | null = null, included: Product[] = []): Offer => ({
  id: 1,
  libelle: 'Offre',
  name: 'offre',
  sslibelle: '',
  prix: main.prix,
  avantages: '',
  desavantages: '',
  produit_principal: main,
  produit_optionnel: optional,
  produit_inclus: included,
});

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const holder = (...entries: [id: number, days: number][]) => ({
  abonnements: entries.map(([id, days]) => ({ abonnement: { id }, expiration: new Date(now.getTime() + days * DAY).toISOString() })),
});

describe('VAT of the billing country (spec 1 §6, §9)', () => {
  it.each([
    ['no billing information: FR', null, 20],
    ['empty country: FR', billing(''), 20],
    ['France, private person', billing('FR'), 20],
    ['France with a VAT number still pays French VAT', billing('FR', 'FR40303265045'), 20],
    ['Belgium, private person', billing('BE'), 21],
    ['Belgium with a VAT number: tva_entreprise', billing('BE', 'BE0123456789'), 0],
    ['a VAT number of blanks is no VAT number', billing('BE', '   '), 21],
    ['Switzerland, decimal rate', billing('CH'), 8.1],
    ['lower-case code', billing('be'), 21],
    ['Canada, no VAT', billing('CA'), 0],
    ['unknown country: the default 20 %', billing('ZZ'), DEFAULT_VAT],
  ])('%s', (_case, info, expected) => {
    expect(vatRate(countries, info)).toBe(expected);
  });
});

describe('prices × (1 + VAT), two decimals', () => {
  it.each([
    [49, 20, 58.8],
    [49.9, 20, 59.88],
    [0.1, 20, 0.12],
    [129, 21, 156.09],
    [1490, 0, 1490],
    [33.33, 8.1, 36.03],
    [19.99, 8.5, 21.69],
    [1, 20, 1.2],
    [0, 20, 0],
  ])('%d € HT at %d %% → %d € TTC', (ht, vat, ttc) => {
    expect(withVat(ht, vat)).toBe(ttc);
  });

  it('splits HT, VAT and total so that they add up to the cent', () => {
    expect(moneyOf(49.9, 20)).toEqual({ ht: 49.9, tva: 9.98, ttc: 59.88 });
    expect(moneyOf(33.33, 8.1)).toEqual({ ht: 33.33, tva: 2.7, ttc: 36.03 });
    expect(moneyOf(10, 0)).toEqual({ ht: 10, tva: 0, ttc: 10 });
  });

  it('formats in French euros', () => {
    expect(formatPrice(58.8).replace(/\s/g, ' ')).toBe('58,80 €');
    expect(formatPrice(1490).replace(/\s/g, ' ')).toBe('1 490,00 €');
  });
});

describe('durations (spec 1 §9)', () => {
  it.each([
    [1, 'par mois', 58.8, 58],
    [3, 'x 3 paiements trimestriels', 154.8, null],
    [6, 'par semestre', 298.8, 49],
    [12, 'par an', 538.8, 44],
    [0, 'à vie', 1788, null],
    [24, 'pour 24 mois', 900, 37],
  ])('%d months: "%s", per month of %d € → %s', (months, label, price, perMonth) => {
    expect(durationLabel(months)).toBe(label);
    expect(perMonthPrice(price, months)).toBe(perMonth);
  });

  it.each([
    ['recurring, 6 months, one payment', { nb_mois: 6, nb_paiements: 1, recurrent: true }, RENEWAL_NOTE],
    ['recurring, 12 months', { nb_mois: 12, nb_paiements: 1, recurrent: true }, RENEWAL_NOTE],
    ['recurring monthly: no note', { nb_mois: 1, nb_paiements: 1, recurrent: true }, null],
    ['not recurring', { nb_mois: 12, nb_paiements: 1, recurrent: false }, null],
    ['three instalments', { nb_mois: 3, nb_paiements: 3, recurrent: true }, null],
  ])('renewal note: %s', (_case, p, note) => {
    expect(renewalNote(p)).toBe(note);
  });
});

describe('coupons (spec 1 §3: below 1 a multiplier, else the new price)', () => {
  const vip = product({ id: 1, prix: 49 });
  const lifetime = product({ id: 5, prix: 1490, nb_mois: 0, recurrent: false, libelle_interne: 'VIP A VIE' });
  it.each([
    ['no coupon', null, vip, 49],
    ['20 % off', { '1': 0.8 }, vip, 39.2],
    ['a multiplier rounds to the cent', { '1': 0.333 }, vip, 16.32],
    ['a new price', { '1': 29 }, vip, 29],
    ['a new price of exactly 1', { '1': 1 }, vip, 1],
    ['another product named only', { '5': 0.8 }, vip, 49],
    ['lifetime at 20 % off', { '5': 0.8 }, lifetime, 1192],
  ])('%s', (_case, newPrices, p, price) => {
    expect(couponPrice(p, newPrices)).toBe(price);
  });
});

describe('what an offer costs', () => {
  const main = product({ id: 4, prix: 449, nb_mois: 12, libelle_interne: 'VIP ANNUEL' });
  const optional = product({ id: 14, prix: 79, libelle_interne: 'COACHING', recurrent: false });
  const included = product({ id: 13, prix: 39, libelle_interne: 'LIVE OFFERT', recurrent: false });
  const offer = offerOf(main, optional, [included]);
  it.each([
    ['main product only', { optionSelected: false, vat: 20 }, { ht: 449, tva: 89.8, ttc: 538.8 }],
    ['with the option', { optionSelected: true, vat: 20 }, { ht: 528, tva: 105.6, ttc: 633.6 }],
    ['with a coupon on the main product', { optionSelected: true, vat: 20, newPrices: { '4': 0.8 } }, { ht: 438.2, tva: 87.64, ttc: 525.84 }],
    ['business in Belgium', { optionSelected: false, vat: 0 }, { ht: 449, tva: 0, ttc: 449 }],
    ['subscription 7: the price is 1', { optionSelected: true, vat: 20, priceOne: true, newPrices: { '4': 0.8 } }, { ht: 1, tva: 0.2, ttc: 1.2 }],
  ])('%s', (_case, options, money) => {
    expect(offerCharge(offer, options)).toEqual(money);
  });

  it('gives the main, the selected option and the included products', () => {
    expect(productsOf(offer, false).map((p) => p.id)).toEqual([4, 13]);
    expect(productsOf(offer, true).map((p) => p.id)).toEqual([4, 14, 13]);
  });
});

describe('instalments (spec 1 §4, §9)', () => {
  it('charges today, +3 and +6 months', () => {
    expect(instalmentDates(new Date('2026-01-31T10:00:00Z')).map((d) => d.toISOString())).toEqual([
      '2026-01-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
      '2026-07-31T10:00:00.000Z',
    ]);
  });

  it.each([
    ['one paid: +3 and +6 from it', ['2026-11-22'], ['2026-11-22', '2027-02-22', '2027-05-22'], [true, false, false]],
    ['two paid: +3 from the last', ['2026-11-22', '2027-02-25'], ['2026-11-22', '2027-02-25', '2027-05-25'], [true, true, false]],
    ['all three paid', ['2026-11-22', '2027-02-22', '2027-05-22'], ['2026-11-22', '2027-02-22', '2027-05-22'], [true, true, true]],
    ['none paid yet', [], [], []],
  ])('schedule: %s', (_case, paidDays, dates, paid) => {
    const schedule = instalmentSchedule(paidDays.map((d) => ({ date: new Date(`${d}T00:00:00Z`), amount: 154.8 })), 154.8);
    expect(schedule.map((i) => i.date.slice(0, 10))).toEqual(dates);
    expect(schedule.map((i) => i.paid)).toEqual(paid);
    expect(schedule.every((i) => i.amount === 154.8)).toBe(true);
  });

  it('adds calendar months in UTC, kept within the month', () => {
    expect(addMonths(new Date('2024-01-31T00:00:00Z'), 1).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T23:30:00Z'), 3).toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 12).toISOString()).toBe('2027-12-15T00:00:00.000Z');
  });
});

describe('expiries, lifetime and re-purchase (spec 1 §5, §9)', () => {
  it.each([
    ['new subscription: from now', null, 1, '2026-12-22'],
    ['running: from its expiry', new Date('2027-01-10T12:00:00Z'), 1, '2027-02-10'],
    ['expired: from now', new Date('2026-10-01T12:00:00Z'), 12, '2027-11-22'],
    ['lifetime product', null, 0, '2100-01-01'],
    ['already lifetime stays lifetime', LIFETIME_EXPIRY, 1, '2100-01-01'],
  ])('%s', (_case, current, months, expected) => {
    expect(extendedExpiry(current, now, months).toISOString().slice(0, 10)).toBe(expected);
  });

  it.each([
    ['charged on time: the next period follows', new Date('2026-11-22T12:00:00Z'), '2026-11-22T12:00:00Z', '2026-12-22'],
    ['charged an hour late: still from the due date', new Date('2026-11-22T11:00:00Z'), '2026-11-22T11:00:00Z', '2026-12-22'],
    ['paid a week late by the pay link: from the due date', new Date('2026-11-15T12:00:00Z'), '2026-11-15T12:00:00Z', '2026-12-15'],
    ['paid after the whole period: from now', new Date('2026-09-01T12:00:00Z'), '2026-09-01T12:00:00Z', '2026-12-22'],
    ['the member holds more than the plan: from their expiry', new Date('2027-03-01T12:00:00Z'), '2026-11-22T12:00:00Z', '2027-04-01'],
  ])('renewal: %s', (_case, current, anchor, expected) => {
    expect(renewedExpiry(current, new Date(anchor), now, 1).toISOString().slice(0, 10)).toBe(expected);
  });

  it('a lifetime expiry counts as unlimited', () => {
    const h = { abonnements: [{ abonnement: { id: 3 }, expiration: LIFETIME_EXPIRY.toISOString() }] };
    expect(isUnlimited(h, 3, now)).toBe(true);
  });

  const vipOffer = offerOf(product({ id: 1, prix: 49 }));
  const liveOffer = offerOf(product({ id: 8, prix: 39, libelle_interne: 'LIVE MENSUEL' }));
  it.each([
    ['no VIP', holder(), vipOffer, false],
    ['VIP for 365 days', holder([3, 365]), vipOffer, false],
    ['VIP for 366 days', holder([3, 366]), vipOffer, true],
    ['lifetime VIP', holder([3, 5000]), vipOffer, true],
    ['a non-VIP offer is never blocked', holder([3, 5000]), liveOffer, false],
  ])('re-purchase: %s → blocked %s', (_case, h, offer, blocked) => {
    expect(isVipOffer(offer)).toBe(offer === vipOffer);
    expect(purchaseBlocked(h, offer, now)).toBe(blocked);
  });
});

describe('upgrade to VIP + Live (spec 1 §4)', () => {
  const live = { id: 12, prix: 39 };
  it.each([
    ['VIP without Live', holder([3, 30]), true],
    ['VIP and Live', holder([3, 30], [4, 30]), false],
    ['expired VIP', holder([3, -1]), false],
    ['no subscription', holder(), false],
    ['VIP with an expired Live', holder([3, 30], [4, -2]), true],
  ])('allowed: %s → %s', (_case, h, allowed) => {
    expect(upgradeAllowed(h, now)).toBe(allowed);
  });

  it.each([
    ['30 days of VIP: one month', holder([3, 30]), 20, null, { months: 1, ht: 39, tva: 7.8, ttc: 46.8 }],
    ['31 days: two months', holder([3, 31]), 20, null, { months: 2, ht: 78, tva: 15.6, ttc: 93.6 }],
    ['a few hours left: one month', holder([3, 0.2]), 20, null, { months: 1, ht: 39, tva: 7.8, ttc: 46.8 }],
    ['lifetime VIP: twelve months at most', holder([3, 5000]), 20, null, { months: 12, ht: 468, tva: 93.6, ttc: 561.6 }],
    ['with a coupon', holder([3, 30]), 20, { '12': 0.9 }, { months: 1, ht: 35.1, tva: 7.02, ttc: 42.12 }],
    ['in Belgium as a business', holder([3, 60]), 0, null, { months: 2, ht: 78, tva: 0, ttc: 78 }],
  ])('%s', (_case, h, vat, newPrices, expected) => {
    expect(upgradeCharge(h, live, { now, vat, newPrices })).toEqual(expected);
  });

  it('costs 1 with subscription 7', () => {
    expect(upgradeCharge(holder([3, 200], [7, 10]), live, { now, vat: 20, priceOne: true })).toEqual({ months: 7, ht: 1, tva: 0.2, ttc: 1.2 });
  });
});
