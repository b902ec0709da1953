import { describe, expect, it } from 'vitest';
import { BROKER_ROWS } from '../../../src/domain/broker-table';

describe('broker table (spec 3 §2, §9)', () => {
  it('lists three brokers by rank: 1000 €; 3000 € stocks and 10000 € futures; 1000 €', () => {
    expect(BROKER_ROWS.map((row) => [row.rank, row.minimums.map((m) => [m.market, m.euros])])).toEqual([
      [1, [[null, 1000]]],
      [2, [['stocks', 3000], ['futures', 10000]]],
      [3, [[null, 1000]]],
    ]);
  });
});
