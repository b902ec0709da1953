import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPostgres, freshPostgres, seedLoadDatabase, type LoadDatabase } from './load-seed';
import { LoadCrowd, type RunResult } from './load-scenario';
import { buildServer, startLoadServer } from './load-server';
import { checkHistory, log } from './load-checks';
import { machineInfo, writeResults } from './run-report';

/**
 * `npm run load:endurance` (issue 23, "Load"): one server process holding 2,000 members' sockets
 * (500 of them in Forex) while 100 of them post 100 messages a second into the room, for ten
 * minutes in windows of a minute. After each window the server's heap is read after a full
 * collection (its IPC channel, server/main.ts) with its resident memory. Judged: ack p95 < 250 ms
 * and p99 < 1 s in every window, no error, the heap at the end within ±10 % of the heap after the
 * first window, every acknowledged post in the history once. Writes bench/load-endurance.json.
 * `--minutes=N` shortens it, `--db=postgres` runs it on PostgreSQL; `--smoke` (in `npm test`):
 * a small room for a few seconds, judged on nothing lost or doubled only.
 */

const smoke = process.argv.includes('--smoke');
const db = process.argv.find((a) => a.startsWith('--db='))?.slice(5) === 'postgres' ? 'postgres' : 'pglite';
const minutesArg = Number(process.argv.find((a) => a.startsWith('--minutes='))?.slice(10));
const root = new URL('../../', import.meta.url).pathname;
const PORT = Number(process.env.LOAD_PORT ?? 3451);
const ROOM = 'forex';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_NAME = 'comptoir_endurance';

const PLAN = smoke
  ? { inRoom: 30, extra: 10, posters: 10, rate: 20, windows: 2, windowSeconds: 3 }
  : { inRoom: 500, extra: 1500, posters: 100, rate: 100, windows: Number.isFinite(minutesArg) && minutesArg > 0 ? minutesArg : 10, windowSeconds: 60 };
const BUDGET = { ackP95: 250, ackP99: 1000, heapDriftPercent: 10 };

type Window = Omit<RunResult, 'ackedIds' | 'refusedIds'> & { heapMb: number; rssMb: number };

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

async function main(): Promise<void> {
  const started = Date.now();
  buildServer();
  const jwtSecret = randomBytes(48).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-endurance-'));
  let where: LoadDatabase = { kind: 'pglite', dataDir };
  if (db === 'postgres') {
    const url = await freshPostgres(ADMIN_URL, PG_NAME);
    if (!url) throw new Error(`PostgreSQL injoignable (${ADMIN_URL})`);
    where = { kind: 'postgres', url };
  }
  const windows: Window[] = [];
  const runs: RunResult[] = [];
  let baseline = { heapMb: 0, rssMb: 0 };
  try {
    const members = await seedLoadDatabase(where, PLAN.inRoom + PLAN.extra, jwtSecret);
    const env: Record<string, string> = { JWT_SECRET: jwtSecret, DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-client'), FLOOD_POSTS: '100000/1', SOCKETS_PER_ADDRESS: '100000' };
    if (where.kind === 'postgres') env.DATABASE_URL = where.url;
    const server = await startLoadServer(PORT, { kind: 'comptoir', env, memory: true });
    const crowd = new LoadCrowd(server.url, ROOM);
    try {
      await crowd.connect(members.slice(0, PLAN.inRoom), true);
      await crowd.connect(members.slice(PLAN.inRoom), false);
      const connected = await server.memory();
      baseline = { heapMb: mb(connected.heapUsed), rssMb: mb(connected.rss) };
      console.log(`${crowd.size} connectés (${crowd.inRoom} dans la room) : tas ${baseline.heapMb} Mo, résident ${baseline.rssMb} Mo`);
      for (let index = 1; index <= PLAN.windows; index += 1) {
        const run = await crowd.run(
          { rate: PLAN.rate, seconds: PLAN.windowSeconds, posters: PLAN.posters, room: ROOM, label: `minute-${index}` },
          `load-endurance-${index}`,
          server.pid,
        );
        const memory = await server.memory();
        log('endurance', run);
        console.log(`          tas après collecte ${mb(memory.heapUsed)} Mo, résident ${mb(memory.rss)} Mo`);
        runs.push(run);
        const { ackedIds: _acked, refusedIds: _refused, ...figures } = run;
        windows.push({ ...figures, heapMb: mb(memory.heapUsed), rssMb: mb(memory.rss) });
      }
    } finally {
      crowd.close();
      await server.stop();
    }
    const history = await checkHistory(where, runs);
    const failures = judge(windows, history);
    const results = {
      machine: machineInfo(started),
      mode: smoke ? 'smoke' : 'full',
      database: where.kind,
      plan: PLAN,
      budgets: BUDGET,
      connected: baseline,
      windows,
      heap: heapDrift(windows),
      history,
      failures,
    };
    const file = smoke ? join(tmpdir(), 'comptoir-endurance-smoke.json') : join(root, 'bench/load-endurance.json');
    writeResults(file, results);
  } finally {
    if (where.kind === 'postgres') await dropPostgres(ADMIN_URL, PG_NAME);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The heap after the first window (the server warmed up) against the last one's. */
function heapDrift(windows: readonly Window[]): { firstMb: number; lastMb: number; driftPercent: number } | null {
  const first = windows[0];
  const last = windows.at(-1);
  if (!first || !last || first.heapMb === 0) return null;
  return { firstMb: first.heapMb, lastMb: last.heapMb, driftPercent: Math.round(((last.heapMb - first.heapMb) / first.heapMb) * 1000) / 10 };
}

function judge(windows: readonly Window[], history: Awaited<ReturnType<typeof checkHistory>>): string[] {
  const failures: string[] = [];
  if (history.missing > 0 || history.doubled > 0 || history.refusedStored > 0) {
    failures.push(`historique : ${history.missing} perdus, ${history.doubled} en double, ${history.refusedStored} refusés mais écrits (sur ${history.acked} acceptés)`);
  }
  for (const window of windows) if (window.failed > 0) failures.push(`${window.label} : ${window.failed} posts sans réponse`);
  // The smoke's room is small and its machine shared: it proves nothing lost, not the figures.
  if (smoke) return failures;
  for (const window of windows) {
    const errors = window.refused + window.failed;
    if (errors > 0) failures.push(`${window.label} : ${errors} erreurs ${JSON.stringify(window.refusals)}`);
    if (window.ack.p95 >= BUDGET.ackP95) failures.push(`${window.label} : ack p95 ${window.ack.p95} ms ≥ ${BUDGET.ackP95}`);
    if (window.ack.p99 >= BUDGET.ackP99) failures.push(`${window.label} : ack p99 ${window.ack.p99} ms ≥ ${BUDGET.ackP99}`);
  }
  const drift = heapDrift(windows);
  if (drift && Math.abs(drift.driftPercent) > BUDGET.heapDriftPercent) {
    failures.push(`tas ${drift.firstMb} → ${drift.lastMb} Mo (${drift.driftPercent} %), au-delà de ±${BUDGET.heapDriftPercent} %`);
  }
  return failures;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
