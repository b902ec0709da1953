import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { oneAtATime } from './once-across-processes';
import { openPgliteThread } from './pglite-thread';
import { schema } from './schema';

/** The typed query layer every route uses, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type OpenDatabase = {
  db: Database;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's files, as `template` takes them (PGlite only). */
  dump?: () => Promise<Blob>;
};

/** The rows of a raw `db.execute(sql…)`, whichever engine answered (both hand back `{ rows }`). */
export async function executeRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('réponse inattendue de la base');
}

// Written from the folder above, so the same path holds from server/db/ and from the compiled
// server in server/dist/ (`npm run build:server`).
const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * PostgreSQL when a URL is given, otherwise PGlite: in `dataDir` on disk, or in memory when
 * `dataDir` is null (tests). Migrations run before the database is handed out.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** In memory only: start from this dump of a database (`dumpDatabase`) rather than from nothing. */
  template?: Blob;
}): Promise<OpenDatabase> {
  // Each engine's modules load only when it is the one used (leaving the other's memory out).
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // A connection that cannot open within 5 s fails its request (503) rather than holding it.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // A connection that breaks (the database restarting, the network cut) is dropped by the pool,
    // which opens new ones at the next request. Its 'error' unheard would end the process: the
    // pool's for an idle one, the connection's own for one checked out between two statements (a
    // transaction's), whose next statement then fails and is answered 503.
    pool.on('error', (error) => console.warn(`PostgreSQL : connexion inactive perdue (${error.message})`));
    pool.on('connect', (client) => client.on('error', (error) => console.warn(`PostgreSQL : connexion perdue (${error.message})`)));
    const db = drizzlePg(pool, { schema });
    try {
      // Processes started together on a fresh database: one migrates, the others wait and find it done.
      await oneAtATime({ db, engine: 'postgres' }, 'migrations', () => migratePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  if (options.dataDir === null) {
    // (PGlite itself on this thread only in memory; on disk it loads in its own thread.)
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(options.template ? { loadDataDir: options.template } : undefined);
    const db = drizzlePglite({ client, schema });
    // (A template already migrated: nothing to apply, its journal says so.)
    await migratePglite(db, { migrationsFolder });
    return { db, engine: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
  }
  // On disk, the database runs on its own thread (pglite-thread.ts): its statements off the thread
  // that serves the sockets.
  const folder = join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const thread = await openPgliteThread(folder);
  try {
    // drizzle's PGlite driver asks its client for query, exec and transaction only: the thread's answer.
    const db = drizzlePglite({ client: thread.client as PGlite, schema });
    await migratePglite(db, { migrationsFolder });
    // The embedded Postgres runs no autovacuum, so its planner never has statistics of its own: on the
    // benchmark's 200,000 messages it guessed wrong for the history's windows (a jump's window read
    // took 150–290 ms, 40–100 ms once analysed). A kept database is analysed at each start (0.6 s there).
    await thread.client.exec('ANALYZE');
    return { db, engine: 'pglite', close: () => thread.close() };
  } catch (error) {
    await thread.close();
    throw error;
  }
}
