import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canUseTools, formatEuros, sameOriginLink, TOOL_PRICE_MULTIPLIER, toolDisplayPrice, toolIdOf } from '../../../src/domain/toolbox';

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const holder = (...entries: [id: number, days: number][]) => ({
  abonnements: entries.map(([id, days]) => ({ abonnement: { id }, expiration: new Date(now.getTime() + days * DAY).toISOString() })),
});
/** French numbers are grouped and followed by non-breaking spaces: compared as plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('tool price (spec 3 §5, §9)', () => {
  it('is the stored price × 1.2, rounded to the euro', () => {
    expect(TOOL_PRICE_MULTIPLIER).toBe(1.2);
    expect(toolDisplayPrice(29)).toBe(35);
    expect(toolDisplayPrice(19)).toBe(23);
    expect(toolDisplayPrice(49)).toBe(59);
    expect(toolDisplayPrice(0)).toBe(0);
  });

  it('rounds an exact half up, whatever binary floats make of it', () => {
    // 1.25 × 1.2 = 1.5 exactly, 1.4999999999999998 in floats.
    expect(toolDisplayPrice(1.25)).toBe(2);
    expect(toolDisplayPrice(3.75)).toBe(5);
    expect(toolDisplayPrice(10.42)).toBe(13);
  });

  it('has none without a price, or with a price that is not one', () => {
    expect(toolDisplayPrice(null)).toBeNull();
    expect(toolDisplayPrice(Number.NaN)).toBeNull();
    expect(toolDisplayPrice(-5)).toBeNull();
    expect(toolDisplayPrice(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('is a whole number of euros within half a euro of price × 1.2, for any price in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const shown = toolDisplayPrice(cents / 100)!;
        expect(Number.isInteger(shown)).toBe(true);
        const exact = (cents * 12) / 1000;
        expect(Math.abs(shown - exact)).toBeLessThanOrEqual(0.5);
        // Halves go up.
        if (Math.abs(shown - exact) === 0.5) expect(shown).toBeGreaterThan(exact);
      }),
    );
  });

  it('never decreases when the stored price grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 5_000_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(toolDisplayPrice(low / 100)!).toBeLessThanOrEqual(toolDisplayPrice(high / 100)!);
      }),
    );
  });
});

describe('euros in French', () => {
  it('writes whole euros with the sign after them', () => {
    expect(plain(formatEuros(35))).toBe('35 €');
    expect(plain(formatEuros(1000))).toBe('1 000 €');
    expect(plain(formatEuros(10000))).toBe('10 000 €');
  });

  it('reads back as the same number for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (euros) => {
        const text = plain(formatEuros(euros));
        expect(text.endsWith(' €')).toBe(true);
        expect(Number(text.slice(0, -2).replace(/ /g, ''))).toBe(euros);
      }),
    );
  });
});

describe('who may use the tools (spec 3 §6)', () => {
  it('is a VIP whose subscription 3 runs', () => {
    expect(canUseTools(holder([3, 10]), now)).toBe(true);
    expect(canUseTools(holder([3, -1]), now)).toBe(false);
    expect(canUseTools(holder([4, 10], [6, 10]), now)).toBe(false);
    expect(canUseTools(holder(), now)).toBe(false);
    expect(canUseTools(null, now)).toBe(false);
  });
});

describe('tool addresses', () => {
  it('takes positive whole ids and nothing else', () => {
    expect(toolIdOf('55')).toBe(55);
    for (const bad of [undefined, '', '0', '-1', '055', '5.5', 'exemple', '1e3', '99999999999']) expect(toolIdOf(bad)).toBeNull();
  });

  it('follows download links on the app’s own origin only', () => {
    const origin = 'https://app.comptoir.test';
    expect(sameOriginLink('/rest/tools/download/55/0/abc', origin)).toBe('https://app.comptoir.test/rest/tools/download/55/0/abc');
    expect(sameOriginLink('https://app.comptoir.test/rest/x', origin)).toBe('https://app.comptoir.test/rest/x');
    expect(sameOriginLink('https://ailleurs.test/rest/x', origin)).toBeNull();
    expect(sameOriginLink('//ailleurs.test/x', origin)).toBeNull();
    expect(sameOriginLink('javascript:alert(1)', origin)).toBeNull();
  });
});
