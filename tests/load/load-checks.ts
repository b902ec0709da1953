import { count, like } from 'drizzle-orm';
import { openDatabase } from '../../server/db/open-database';
import { messages } from '../../server/db/schema';
import type { LoadDatabase } from './load-seed';
import type { RunResult } from './load-scenario';

/** What the history holds of the runs' posts (client ids `load-…`). */
export type HistoryCheck = { acked: number; missing: number; doubled: number; refusedStored: number };

/** Every acknowledged post is in the history once; a refused one is not in it. */
export async function checkHistory(where: LoadDatabase, runs: readonly RunResult[]): Promise<HistoryCheck> {
  const database = await openDatabase(where.kind === 'pglite' ? { dataDir: where.dataDir } : { databaseUrl: where.url, dataDir: null });
  try {
    const stored = await database.db
      .select({ clientId: messages.clientId, n: count() })
      .from(messages)
      .where(like(messages.clientId, 'load-%'))
      .groupBy(messages.clientId);
    const times = new Map(stored.map((row) => [row.clientId, row.n]));
    let missing = 0;
    let doubled = 0;
    let refusedStored = 0;
    let acked = 0;
    for (const run of runs) {
      for (const id of run.ackedIds) {
        acked += 1;
        const n = times.get(id) ?? 0;
        if (n === 0) missing += 1;
        if (n > 1) doubled += 1;
      }
      for (const id of run.refusedIds) if (times.has(id)) refusedStored += 1;
    }
    return { acked, missing, doubled, refusedStored };
  } finally {
    await database.close();
  }
}

/** One run's line: acks, deliveries, errors, the server's CPU and memory, the generator's CPU. */
export function log(name: string, run: RunResult): void {
  const errors = run.refused + run.failed;
  console.log(
    `${name.padEnd(8)} ${run.label.padEnd(14)} ${run.rate}/s × ${run.seconds} s, ${run.members} connectés (${run.inRoom} room) : ` +
      `ack p50 ${run.ack.p50} p95 ${run.ack.p95} p99 ${run.ack.p99} ms, réception p95 ${run.delivery.p95} ms, ` +
      `${run.acked} acceptés, ${errors} erreurs${errors ? ` ${JSON.stringify(run.refusals)}` : ''}, ${run.achievedPerSecond}/s, serveur ${run.serverCpuPercent} % ${run.serverRssMb} Mo, générateur ${run.generatorCpuPercent} %`,
  );
}


