import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SubscriptionEntry } from '../../../src/contract/user';
import { homeLiveAccess, summaryExcerpt, SUMMARY_CUT, vipStatus } from '../../../src/domain/home-dashboard';

const now = new Date('2026-11-25T10:00:00.000Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString();
const holder = (...subs: [number, number][]) => ({
  abonnements: subs.map(([id, d]): SubscriptionEntry => ({ abonnement: { id }, expiration: days(d) }) as SubscriptionEntry),
});

describe('alert summary cut (spec 3 §2, §9)', () => {
  it('keeps 200 characters whole and cuts the 201st', () => {
    expect(summaryExcerpt('a'.repeat(200), false)).toEqual({ text: 'a'.repeat(200), cut: false });
    const long = summaryExcerpt('a'.repeat(201), false);
    expect(long).toEqual({ text: `${'a'.repeat(200)}…`, cut: true });
  });
  it("'Voir plus' shows the whole text", () => {
    expect(summaryExcerpt('b'.repeat(300), true)).toEqual({ text: 'b'.repeat(300), cut: true });
  });
  it('never cuts a character in two, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const { text: shown, cut } = summaryExcerpt(text, false);
        expect(cut).toBe(Array.from(text).length > SUMMARY_CUT);
        if (cut) expect(Array.from(shown.slice(0, -1)).length).toBeLessThanOrEqual(SUMMARY_CUT);
        expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(shown)).toBe(false);
      }),
    );
  });
});

describe('live actions of the home page (spec 3 §2, §6)', () => {
  it('Live subscribers (4) and coaches (6) get the planning and the join button', () => {
    expect(homeLiveAccess(holder([3, 30], [4, 30]), now)).toEqual({ kind: 'live' });
    expect(homeLiveAccess(holder([6, 30]), now)).toEqual({ kind: 'live' });
  });
  it("a VIP without Live is offered 'Passer au Live'", () => {
    expect(homeLiveAccess(holder([3, 30]), now)).toEqual({ kind: 'upgradeLive', href: '/purchase/upgrade_live' });
    expect(homeLiveAccess(holder([3, 30], [4, -1]), now).kind).toBe('upgradeLive');
  });
  it('a member without VIP is pointed to the offers', () => {
    expect(homeLiveAccess(holder(), now)).toEqual({ kind: 'offers', href: '/profil/abonnements' });
    expect(homeLiveAccess(holder([3, -2]), now).kind).toBe('offers');
  });
});

describe('VIP status banner', () => {
  it('counts the whole days left', () => {
    const status = vipStatus(holder([3, 30]), now);
    expect(status).toMatchObject({ kind: 'running', days: 30 });
  });
  it('says lifetime past 1900 days, none when expired, coach for 6', () => {
    expect(vipStatus(holder([3, 2000]), now).kind).toBe('unlimited');
    expect(vipStatus(holder([3, -1]), now).kind).toBe('none');
    expect(vipStatus(holder([3, 30], [6, 30]), now).kind).toBe('coach');
  });
});
