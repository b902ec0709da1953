import { describe, expect, it } from 'vitest';
import { ALERT_TITLES, emptyTrade, parsePrice, tradeDraftOf, tradeOf } from '../../../src/domain/alert-form';

describe('alert form rules', () => {
  it('offers about 33 distinct titles', () => {
    expect(ALERT_TITLES.length).toBe(33);
    expect(new Set(ALERT_TITLES).size).toBe(33);
  });
  it('converts prices to numbers, French decimals included', () => {
    expect(parsePrice('1,0850')).toBe(1.085);
    expect(parsePrice(' 18 250 ')).toBe(18250);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('1.2.3')).toBe('invalid');
    expect(parsePrice('abc')).toBe('invalid');
  });
  it('builds the trade block or names the invalid fields', () => {
    expect(tradeOf({ ...emptyTrade(), name: ' EUR/USD ', order: 'BUY', enter: '1,085', sl: '1.082', tp1: '1.09' })).toEqual({
      trade: { name: 'EUR/USD', order: 'BUY', enter: 1.085, sl: 1.082, be: null, tp1: 1.09, tp2: null, tp3: null },
    });
    expect(tradeOf({ ...emptyTrade(), enter: 'x', tp3: '1..2' })).toEqual({ invalid: ['enter', 'tp3'] });
  });
  it('gives back the text of a stored trade for editing', () => {
    const trade = { name: 'DAX', order: 'SELL' as const, enter: 18250, sl: null, be: null, tp1: 18100, tp2: null, tp3: null };
    expect(tradeOf(tradeDraftOf(trade))).toEqual({ trade });
  });
});
