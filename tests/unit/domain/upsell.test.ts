import { describe, expect, it } from 'vitest';
import type { AdBanner, UpsellBanner } from '../../../src/contract/banners';
import { isBannerActive, upsellBannerBlocks, upsellPill } from '../../../src/domain/upsell';

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
const holder = (...entries: [id: number, days: number][]) => ({
  abonnements: entries.map(([id, days]) => ({ abonnement: { id }, expiration: inDays(days) })),
});
const ad = (start: number, end: number, textecourt: string | null = 'Black Friday -20 %'): AdBanner => ({
  datedebut: inDays(start),
  datefin: inDays(end),
  texte: 'Offre',
  textecourt,
  affichecompteur: false,
  codecoupon: null,
  image: null,
});
const group = (actif = true) => ({ actif, texte: 't', url: '/profil/abonnements', image: null });
const upsell: UpsellBanner = { Prime: group(), Live: group(), Illimite: group() };

describe('upsell pill (spec 1 §2)', () => {
  it("says 'Devenir VIP' without subscription 3", () => {
    expect(upsellPill(holder(), null, now)).toEqual({ kind: 'pill', label: 'Devenir VIP', href: '/profil/abonnements' });
    expect(upsellPill(holder([3, -1], [4, 10]), null, now)).toMatchObject({ label: 'Devenir VIP' });
  });
  it("says 'Passer au LIVE' with 3 but not 4", () => {
    expect(upsellPill(holder([3, 10]), null, now)).toMatchObject({ kind: 'pill', label: 'Passer au LIVE' });
  });
  it('shows nothing with both', () => {
    expect(upsellPill(holder([3, 10], [4, 10]), ad(-1, 1), now)).toEqual({ kind: 'none' });
  });
  it("is replaced by a running banner's short text", () => {
    expect(upsellPill(holder(), ad(-1, 1), now)).toEqual({ kind: 'banner', text: 'Black Friday -20 %', href: '/profil/abonnements' });
  });
  it('keeps the pill when the banner is over, not started, or has no short text', () => {
    expect(upsellPill(holder(), ad(-3, -1), now)).toMatchObject({ kind: 'pill' });
    expect(upsellPill(holder(), ad(1, 3), now)).toMatchObject({ kind: 'pill' });
    expect(upsellPill(holder(), ad(-1, 1, null), now)).toMatchObject({ kind: 'pill' });
    expect(upsellPill(holder(), ad(-1, 1, '  '), now)).toMatchObject({ kind: 'pill' });
  });
});

describe('banner dates', () => {
  it('runs from its start, inclusive, to its end, exclusive', () => {
    const banner = { datedebut: now.toISOString(), datefin: inDays(1) };
    expect(isBannerActive(banner, now)).toBe(true);
    expect(isBannerActive(banner, new Date(now.getTime() - 1))).toBe(false);
    expect(isBannerActive(banner, new Date(inDays(1)))).toBe(false);
  });
});

describe('upsell banner blocks (spec 1 §6)', () => {
  it('is shown only to VIP holders', () => {
    expect(upsellBannerBlocks(holder(), upsell, now)).toEqual([]);
    expect(upsellBannerBlocks(holder([3, 10]), upsell, now)).toEqual(['Prime', 'Live', 'Illimite']);
    expect(upsellBannerBlocks(holder([3, 10]), null, now)).toEqual([]);
  });
  it('hides Prime with 5, Live with 4, Illimite when VIP runs past 2031-01-01', () => {
    expect(upsellBannerBlocks(holder([3, 10], [5, 10]), upsell, now)).toEqual(['Live', 'Illimite']);
    expect(upsellBannerBlocks(holder([3, 10], [4, 10]), upsell, now)).toEqual(['Prime', 'Illimite']);
    const lifetime = { abonnements: [{ abonnement: { id: 3 }, expiration: '2035-01-01T00:00:00.000Z' }] };
    expect(upsellBannerBlocks(lifetime, upsell, now)).toEqual(['Prime', 'Live']);
  });
  it('is hidden when everything is held, and skips inactive groups', () => {
    const all = { abonnements: [3, 4, 5].map((id) => ({ abonnement: { id }, expiration: '2035-01-01T00:00:00.000Z' })) };
    expect(upsellBannerBlocks(all, upsell, now)).toEqual([]);
    expect(upsellBannerBlocks(holder([3, 10]), { ...upsell, Live: group(false) }, now)).toEqual(['Prime', 'Illimite']);
  });
});
