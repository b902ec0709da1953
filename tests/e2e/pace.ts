import { Worker } from 'node:worker_threads';

/**
 * The journeys' pace: how much slower than the machine their waits were set on this one runs.
 *
 * The journeys test behaviour, never speed (budgets live in `npm run bench`); their waits (a test's
 * time, an assertion's) are set for the machine they were written on. The same suite on a machine
 * two or three times slower (CI hosts vary that much) met those waits as failures, with nothing
 * broken. So every wait is `paced`: multiplied by this machine's slowness, measured once by the
 * runner on a fixed piece of work and handed to its workers (and servers) in `E2E_PACE`. Never
 * below 1 (a faster machine keeps the waits as written; 1.5 in CI), never above 4 (a machine slower
 * than that is a broken one); `E2E_PACE` set by hand wins.
 */

/**
 * The least pace in CI: its hosts are shared, and their neighbours' load comes and goes during a
 * run the calibration, at its start, cannot see (the stop-36 run took 2.3 times as long as here).
 */
const CI_FLOOR = process.env.CI ? 1.5 : 1;

/** The fastest of five runs of the piece of work on the machine the waits were set on, in ms. */
const REFERENCE_MS = 105;

/** Sorting and string building over a million small records, the kind of work a page and a server do: its time in ms. */
function work(): number {
  const start = performance.now();
  let rows: { id: string; n: number; text: string }[] = [];
  let sum = 0;
  for (let i = 0; i < 1_200_000; i += 1) {
    rows.push({ id: `m${i}`, n: i, text: 'x'.repeat(i % 40) });
    if (rows.length > 1000) {
      rows.sort((a, b) => b.n - a.n);
      sum += rows[0]!.text.length;
      rows = [];
    }
  }
  if (sum < 0) throw new Error('unreachable');
  return performance.now() - start;
}

/**
 * The fastest of five runs, each while a second thread does the same: the journeys keep both cores
 * busy (a browser and a server per worker), and a host whose two cores share one is that much slower.
 */
function calibrate(): number {
  const done = new Int32Array(new SharedArrayBuffer(4));
  const beside = new Worker(
    `const { workerData } = require('node:worker_threads');
     const work = ${work.toString()};
     for (let run = 0; run < 6; run += 1) work();
     Atomics.store(workerData, 0, 1);
     Atomics.notify(workerData, 0);`,
    { eval: true, workerData: done },
  );
  let fastest = Infinity;
  for (let run = 0; run < 5; run += 1) fastest = Math.min(fastest, work());
  Atomics.wait(done, 0, 0, 10_000);
  void beside.terminate();
  return fastest;
}

function measure(): number {
  const given = Number(process.env.E2E_PACE);
  if (Number.isFinite(given) && given > 0) return given;
  const ms = calibrate();
  const pace = Math.round(Math.min(4, Math.max(CI_FLOOR, ms / REFERENCE_MS)) * 10) / 10;
  process.env.E2E_PACE = String(pace);
  console.log(`Journeys' pace: ×${pace} (calibration ${Math.round(ms)} ms, ${REFERENCE_MS} ms where the waits were set)`);
  return pace;
}

export const PACE = measure();

/** A wait of `ms` on the machine the journeys were written on, at this machine's pace. */
export const paced = (ms: number): number => Math.round(ms * PACE);

/**
 * How much longer a whole journey may take beside the other worker's than on its own: its browsers
 * (up to four members' pages) and the other journey's share two cores, and the calibration's fixed
 * work cannot see that contention (reports.spec: 44 s on its own here, over 135 s beside
 * room-levels.spec, at the same commit; the stop-39 CI run failed sixteen journeys on their whole
 * time while every step met its own wait).
 */
const CONTENTION = 3;

/**
 * A whole journey's time (`test.setTimeout`, the config's `timeout`): a guard against a journey
 * that hangs, never a measure. A break is caught by the step that waits for it (`paced`, 7 s by
 * default); the whole journey's time only has to hold a slow run's every step.
 */
export const journeyTime = (ms: number): number => paced(ms * CONTENTION);
