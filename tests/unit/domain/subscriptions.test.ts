import { describe, expect, it } from 'vitest';
import {
  expiryOf,
  hasAnySubscription,
  hasLive,
  isBanned,
  isModerator,
  isUnlimited,
  isVip,
  remainingDays,
  showsEditShortcut,
  vipRepurchaseBlocked,
} from '../../../src/domain/subscriptions';

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
const holder = (...entries: [id: number, days: number][]) => ({
  abonnements: entries.map(([id, days]) => ({ abonnement: { id }, expiration: inDays(days) })),
});

describe('subscription rules (spec 1 §3, §6, §9)', () => {
  it('VIP is subscription 3 not expired', () => {
    expect(isVip(holder([3, 30]), now)).toBe(true);
    expect(isVip(holder([3, -1]), now)).toBe(false);
    expect(isVip(holder([4, 30]), now)).toBe(false);
    expect(isVip(holder(), now)).toBe(false);
  });

  it('the latest of several entries of one id wins', () => {
    expect(isVip(holder([3, -10], [3, 10]), now)).toBe(true);
    expect(expiryOf(holder([3, -10], [3, 10], [3, 5]), 3)?.toISOString()).toBe(inDays(10));
  });

  it('holding a subscription means 3, 4 or 6', () => {
    expect(hasAnySubscription(holder([3, 1]), now)).toBe(true);
    expect(hasAnySubscription(holder([4, 1]), now)).toBe(true);
    expect(hasAnySubscription(holder([6, 1]), now)).toBe(true);
    expect(hasAnySubscription(holder([5, 1], [8, 1], [9, 1]), now)).toBe(false);
    expect(hasAnySubscription(holder([3, -1]), now)).toBe(false);
  });

  it('live status means 4 or 6; moderator is 6; ban is 8 while it runs', () => {
    expect(hasLive(holder([4, 1]), now)).toBe(true);
    expect(hasLive(holder([6, 1]), now)).toBe(true);
    expect(hasLive(holder([3, 1]), now)).toBe(false);
    expect(isModerator(holder([6, 1]), now)).toBe(true);
    expect(isModerator(holder([3, 1]), now)).toBe(false);
    expect(isBanned(holder([8, 5]), now)).toBe(true);
    expect(isBanned(holder([8, -1]), now)).toBe(false);
  });

  it('counts whole remaining days', () => {
    expect(remainingDays(holder([3, 30]), 3, now)).toBe(30);
    expect(remainingDays(holder([3, -3]), 3, now)).toBe(0);
    expect(remainingDays(holder(), 3, now)).toBe(0);
  });

  it('is lifetime with more than 1900 days left', () => {
    // From 2020, 1900 days end in 2025: well before the 2031 rule, so only the day count decides.
    const then = new Date('2020-01-01T00:00:00Z');
    const at = (days: number) => ({
      abonnements: [{ abonnement: { id: 3 }, expiration: new Date(then.getTime() + days * DAY).toISOString() }],
    });
    expect(isUnlimited(at(1900), 3, then)).toBe(false);
    expect(isUnlimited(at(1901), 3, then)).toBe(true);
  });

  it('counts an expiry after 2031-01-01 as unlimited', () => {
    const at = (iso: string) => ({ abonnements: [{ abonnement: { id: 5 }, expiration: iso }] });
    expect(isUnlimited(at('2031-01-01T00:00:00.000Z'), 5, now)).toBe(false);
    expect(isUnlimited(at('2031-01-02T00:00:00.000Z'), 5, now)).toBe(true);
  });

  it('blocks a VIP re-purchase above 365 remaining days', () => {
    expect(vipRepurchaseBlocked(holder([3, 365]), now)).toBe(false);
    expect(vipRepurchaseBlocked(holder([3, 366]), now)).toBe(true);
  });
});

describe('the team shortcuts', () => {
  it('shows the Edit new shortcut to subscription 6 with the beta key only', () => {
    expect(showsEditShortcut(holder([3, 30], [6, 30]), now, 'beta')).toBe(true);
    expect(showsEditShortcut(holder([3, 30], [6, 30]), now, undefined)).toBe(false);
    expect(showsEditShortcut(holder([3, 30], [6, 30]), now, '')).toBe(false);
    expect(showsEditShortcut(holder([3, 30]), now, 'beta')).toBe(false);
    expect(showsEditShortcut(null, now, 'beta')).toBe(false);
  });
});
