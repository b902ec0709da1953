import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  earningsByMonth,
  earnsReward,
  monthKey,
  normaliseReferralCode,
  payoutPeriod,
  REFERRAL,
  referralLink,
  referralReward,
  transferReference,
} from '../../../src/domain/referral';
import { couponPrice } from '../../../src/domain/pricing';

describe('referral reward (spec 3 §5)', () => {
  it('is 15 % of the amount excluding VAT after coupon with a validated payout account', () => {
    expect(referralReward({ htCents: 4900, lifetime: false }, true)).toEqual({ kind: 'commission', cents: 735 });
    // VIP monthly with the referral coupon: 49 × 0.8 = 39.20 → 5.88.
    expect(referralReward({ htCents: 3920, lifetime: false }, true)).toEqual({ kind: 'commission', cents: 588 });
  });
  it('is rounded to the cent and never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 10_000_000 }), (htCents) => {
        const reward = referralReward({ htCents, lifetime: false }, true);
        expect(reward.kind).toBe('commission');
        if (reward.kind !== 'commission') return;
        expect(Number.isInteger(reward.cents)).toBe(true);
        expect(reward.cents).toBeGreaterThanOrEqual(0);
        expect(Math.abs(reward.cents - Math.max(0, htCents) * 0.15)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
  it('is 1 free month without a payout account, 3 for a lifetime subscription or above 1000 € excluding VAT', () => {
    expect(referralReward({ htCents: 4900, lifetime: false }, false)).toEqual({ kind: 'freeMonths', months: 1 });
    expect(referralReward({ htCents: 100_000, lifetime: false }, false)).toEqual({ kind: 'freeMonths', months: 1 });
    expect(referralReward({ htCents: 100_001, lifetime: false }, false)).toEqual({ kind: 'freeMonths', months: 3 });
    expect(referralReward({ htCents: 4900, lifetime: true }, false)).toEqual({ kind: 'freeMonths', months: 3 });
  });
});

describe('who earns', () => {
  it('a referrer who is not the buyer, on the first purchase only', () => {
    expect(earnsReward(7, 9, 0)).toBe(true);
    expect(earnsReward(7, 9, 1)).toBe(false);
    expect(earnsReward(9, 9, 0)).toBe(false);
    expect(earnsReward(null, 9, 0)).toBe(false);
  });
});

describe('codes and links', () => {
  it('reads a code in any case and refuses what cannot be one', () => {
    expect(normaliseReferralCode(' vip-7k2q ')).toBe('VIP-7K2Q');
    expect(normaliseReferralCode('')).toBeNull();
    expect(normaliseReferralCode('a')).toBeNull();
    expect(normaliseReferralCode('-VIP')).toBeNull();
    expect(normaliseReferralCode('VIP 7K2Q')).toBeNull();
    expect(normaliseReferralCode('<script>')).toBeNull();
    expect(normaliseReferralCode(null)).toBeNull();
  });
  it('links the registration page with the code', () => {
    expect(referralLink('https://comptoir.test/', 'VIP-7K2Q')).toBe('https://comptoir.test/register-for-free?aff=VIP-7K2Q');
  });
  it('the referral coupon takes 20 % off every product', () => {
    expect(couponPrice({ id: 1, prix: 49 }, { '*': 1 - REFERRAL.couponPercent / 100 })).toBe(39.2);
    expect(couponPrice({ id: 1, prix: 49 }, { '1': 30, '*': 0.8 })).toBe(30);
  });
});

describe('transfers and months', () => {
  it('numbers transfers VIR-{1000 + row}', () => {
    expect(transferReference(1)).toBe('VIR-1001');
    expect(transferReference(12)).toBe('VIR-1012');
  });
  it('pays on the 1st the previous month', () => {
    expect(payoutPeriod(new Date('2026-12-01T06:00:00Z'))).toEqual({
      month: '2026-11',
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
    expect(payoutPeriod(new Date('2027-01-15T00:00:00Z')).month).toBe('2026-12');
    expect(monthKey(new Date('2026-03-31T23:59:59Z'))).toBe('2026-03');
  });
  it('sums earnings by month with the months between at zero', () => {
    expect(earningsByMonth([])).toEqual([]);
    expect(
      earningsByMonth([
        { date: '2026-09-03T10:00:00Z', cents: 735 },
        { date: '2026-11-20T10:00:00Z', cents: 588 },
        { date: '2026-09-28T10:00:00Z', cents: 100 },
      ]),
    ).toEqual([
      { month: '2026-09', cents: 835 },
      { month: '2026-10', cents: 0 },
      { month: '2026-11', cents: 588 },
    ]);
  });
});
