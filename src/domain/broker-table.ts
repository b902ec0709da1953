/**
 * The partner brokers' minimum capitals (spec 3 §2 "Broker table", §9): 1000 €; 3000 € for stocks
 * and 10000 € for futures; 1000 €. The spec does not show the brokers' names: rows are numbered.
 */
export type BrokerMarket = 'stocks' | 'futures';
export type BrokerMinimum = { market: BrokerMarket | null; euros: number };
export type BrokerRow = { rank: number; minimums: readonly BrokerMinimum[] };

export const BROKER_ROWS: readonly BrokerRow[] = [
  { rank: 1, minimums: [{ market: null, euros: 1000 }] },
  {
    rank: 2,
    minimums: [
      { market: 'stocks', euros: 3000 },
      { market: 'futures', euros: 10000 },
    ],
  },
  { rank: 3, minimums: [{ market: null, euros: 1000 }] },
];

