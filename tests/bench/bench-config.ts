import { FULL_SIZE, SMOKE_SIZE, type BenchSize } from './seed-bench-data';

/** How much the full benchmark and its CI smoke version do. */
export type BenchConfig = {
  mode: 'full' | 'smoke';
  size: BenchSize;
  port: number;
  /** Runs thrown away first, then measured runs. */
  warmOpen: { warmup: number; runs: number };
  coldOpen: { warmup: number; runs: number };
  historyPages: { warmup: number; runs: number };
  /** Openings of the inbox 'Non lus' (issue 21). */
  inboxOpen: { warmup: number; runs: number };
  /** Jumps to a search result half the heavy room back (issue 21). */
  jumps: { warmup: number; runs: number };
  /** Edits by another member painted in the open log (issue 22). */
  edits: { warmup: number; runs: number };
  /** Room switches before the heap's reference, then the 50 switches that are measured. */
  switches: { warmup: number; runs: number };
  /** Rows of the heavy room the prepared profile holds (loaded by scrolling up, as a reader does). */
  preparedRows: number;
  /** The plain list of the scroll's floor is scrolled for `floorMs`. */
  scroll: { rows: number; pxPerSecond: number; maxSeconds: number; floorMs: number };
  /** After the burst, late rows get `settleMs` to be painted; the typing floor types `floorKeys`. */
  burst: { perSecond: number; seconds: number; typingDelayMs: number; settleMs: number; floorKeys: number };
  /** The cross-node part (issue 24). */
  cluster: ClusterPlan;
};

/**
 * Several server processes on PostgreSQL and Redis. The delivery and ack runs: `inRoom` members
 * joined to Forex, `posters` of them posting `rate` a second for `seconds` (after `warmupSeconds`
 * not measured), on node 1 alone, then spread over the `nodes`. The kill: `kill.members` members on
 * the app's transport and outbox write `kill.rate` a second for `kill.seconds` into `kill.rooms`,
 * the last node killed halfway; their outboxes get `kill.settleMs` to empty afterwards.
 */
export type ClusterPlan = {
  nodes: number;
  inRoom: number;
  posters: number;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  kill: { members: number; rooms: readonly string[]; rate: number; seconds: number; settleMs: number };
};

export const FULL: BenchConfig = {
  mode: 'full',
  size: FULL_SIZE,
  port: Number(process.env.BENCH_PORT ?? 3200),
  warmOpen: { warmup: 1, runs: 7 },
  coldOpen: { warmup: 1, runs: 7 },
  historyPages: { warmup: 1, runs: 8 },
  inboxOpen: { warmup: 1, runs: 7 },
  jumps: { warmup: 1, runs: 7 },
  edits: { warmup: 2, runs: 20 },
  switches: { warmup: 5, runs: 50 },
  preparedRows: 10_400,
  scroll: { rows: 10_000, pxPerSecond: 3000, maxSeconds: 360, floorMs: 3000 },
  burst: { perSecond: 200, seconds: 10, typingDelayMs: 80, settleMs: 3000, floorKeys: 40 },
  cluster: {
    nodes: 3,
    inRoom: 150,
    posters: 30,
    rate: 200,
    seconds: 10,
    warmupSeconds: 3,
    kill: { members: 30, rooms: ['forex', 'indices'], rate: 200, seconds: 10, settleMs: 60_000 },
  },
};

export const SMOKE: BenchConfig = {
  mode: 'smoke',
  size: SMOKE_SIZE,
  port: Number(process.env.BENCH_PORT ?? 3201),
  warmOpen: { warmup: 0, runs: 1 },
  coldOpen: { warmup: 0, runs: 1 },
  historyPages: { warmup: 0, runs: 2 },
  inboxOpen: { warmup: 0, runs: 2 },
  jumps: { warmup: 0, runs: 2 },
  edits: { warmup: 0, runs: 2 },
  switches: { warmup: 2, runs: 3 },
  preparedRows: 300,
  scroll: { rows: 120, pxPerSecond: 3000, maxSeconds: 20, floorMs: 1000 },
  burst: { perSecond: 40, seconds: 1, typingDelayMs: 80, settleMs: 1000, floorKeys: 10 },
  // Two nodes and a few seconds: the code runs, the checks hold; about 20 s with the server's build.
  cluster: {
    nodes: 2,
    inRoom: 20,
    posters: 4,
    rate: 20,
    seconds: 1,
    warmupSeconds: 0,
    kill: { members: 6, rooms: ['forex'], rate: 20, seconds: 3, settleMs: 20_000 },
  },
};
