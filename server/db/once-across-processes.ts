import { sql } from 'drizzle-orm';
import { executeRows, type Database, type OpenDatabase } from './open-database';

/** The advisory locks' first key: Comptoir's jobs, apart from any other use of advisory locks. */
export const JOB_LOCKS = 0x436f6d70;

/**
 * Runs a periodic job (renewals, the referral payout) in one process of the deployment at a time
 * (issue 24): on PostgreSQL a transaction takes the job's advisory lock for the job's time — a
 * process that finds it taken skips its run, and a process that dies lets it go with its
 * connection. The embedded database has one process: the job just runs (and must, since PGlite's
 * one connection would wait behind the lock's transaction). The jobs stay idempotent on their own
 * (a period charged once, a month paid once): the lock spares the work and the double calls to the
 * payment provider, not the correctness.
 */
export async function onceAcrossProcesses<T>(database: Pick<OpenDatabase, 'db' | 'engine'>, name: string, job: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  if (database.engine !== 'postgres') return { ran: true, result: await job() };
  return database.db.transaction(async (tx) => {
    const [row] = await executeRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${JOB_LOCKS}, hashtext(${name})) as locked`);
    if (!row?.locked) return { ran: false as const };
    return { ran: true as const, result: await job() };
  });
}

/**
 * Runs `job` in one process of the deployment at a time, the others waiting their turn (issue 24):
 * N processes started at once on one fresh database migrate it and seed the demo data once — the
 * first does it, the next find it done. The lock is a transaction's advisory lock (released with
 * its connection if the process dies); the job itself uses the other connections of the pool.
 */
export async function oneAtATime<T>(database: { db: Database; engine: OpenDatabase['engine'] }, name: string, job: () => Promise<T>): Promise<T> {
  if (database.engine !== 'postgres') return job();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${JOB_LOCKS}, hashtext(${name}))`);
    return job();
  });
}
