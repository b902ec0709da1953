import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** A call to the database's thread (`pglite-worker.ts`). */
type PgliteCall =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };
/** A call, numbered for its answer. */
export type PgliteRequest = PgliteCall & { id: number };
/** A database error's plain fields (`code`, `constraint`, `detail`…). */
export type PgliteError = { name: string; message: string; [field: string]: string | number };
export type PgliteReply = { id: number } & ({ ok: true; result: unknown } | { ok: false; error: PgliteError });

/** What drizzle's PGlite driver calls on its client, and all this thread answers. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

// The worker beside this file: its compiled copy beside the compiled server (`npm run build:server`
// writes both into server/dist/), or its TypeScript source under tsx or vitest — started through
// tsx's loader, as a worker's first module does not go through the loaders of its parent.
const source = import.meta.url.endsWith('.ts');
const workerUrl = new URL(source ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
function startWorker(workerData: { dataDir: string }): Worker {
  if (!source) return new Worker(workerUrl, { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(code, { eval: true, workerData });
}

/**
 * The embedded database on its own thread (issue 25): PGlite's statements run on the second core
 * while the main thread serves the sockets. The client answers what drizzle's PGlite driver asks
 * (query, exec, transaction), each call one message to the thread and one back; a transaction holds
 * PGlite's lock in the thread until its callback here settles, then commits or rolls back.
 */
export async function openPgliteThread(dataDir: string): Promise<{ client: PgliteClient; close(): Promise<void> }> {
  const worker = startWorker({ dataDir });
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => waiting.set(0, { resolve: () => resolve(), reject }));

  worker.on('message', (reply: PgliteReply) => {
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (reply.ok) call.resolve(reply.result);
    else call.reject(Object.assign(new Error(reply.error.message), reply.error));
  });
  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of waiting.values()) call.reject(stopped);
    waiting.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`la base intégrée s'est arrêtée (code ${code})`)));

  function ask<T>(call: PgliteCall): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: (result) => resolve(result as T), reject });
      worker.postMessage({ ...call, id } satisfies PgliteRequest);
    });
  }

  const query = <T>(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptions) =>
    ask<Results<T>>({
      op: 'query',
      sql,
      ...(params ? { params } : {}),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      // drizzle's parsers leave these types as text; functions do not cross threads, their types do.
      ...(options?.parsers ? { textTypes: Object.keys(options.parsers).map(Number) } : {}),
      ...(tx === undefined ? {} : { tx }),
    });
  const exec = (tx: number | undefined, sql: string) => ask<Results[]>({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });

  const client = {
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => query<T>(undefined, sql, params, options),
    exec: (sql: string) => exec(undefined, sql),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = await ask<number>({ op: 'begin' });
      let closed = false;
      const tx = {
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => query<R>(id, sql, params, options),
        exec: (sql: string) => exec(id, sql),
        get closed() {
          return closed;
        },
        // (drizzle rolls back by throwing from the callback: `rollback`, `sql` and `listen` are not asked for.)
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        closed = true;
        await ask<null>({ op: 'end', tx: id, commit: false });
        throw error;
      }
      closed = true;
      await ask<null>({ op: 'end', tx: id, commit: true });
      return result;
    },
  } as PgliteClient;

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    client,
    async close() {
      if (!stopped) await ask<null>({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
