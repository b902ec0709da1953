import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { PgliteError, PgliteReply, PgliteRequest } from './pglite-thread';

/**
 * The embedded database's own thread (issue 25): PGlite runs Postgres compiled to WebAssembly on
 * the thread that calls it, a few milliseconds per statement that the server's main thread, busy
 * with the sockets, cannot spare under load. Here it runs on the second core; the main thread sends
 * each statement as a message (`pglite-thread.ts`) and gets its rows back.
 *
 * Statements outside a transaction wait for an open one to end (PGlite's own lock), as they would
 * on a server with one connection.
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker: à lancer comme thread de travail');
const { dataDir } = workerData as { dataDir: string };
const client = new PGlite(dataDir);
/** The transactions open, by the number the main thread names them with: how to end each, and its end. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; closed: Promise<void> }>();
let nextTransaction = 1;

/** Timestamps, dates, intervals and their arrays left as Postgres writes them: the only parsers drizzle passes. */
const asText = (value: string) => value;

/** Why a transaction's callback ends without committing: PGlite rolls it back. */
class RolledBack extends Error {}

async function begin(): Promise<number> {
  const id = nextTransaction++;
  let end: (commit: boolean) => void = () => undefined;
  let opened: (tx: Transaction) => void = () => undefined;
  const ready = new Promise<Transaction>((resolve) => (opened = resolve));
  const closed = client.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        end = (commit) => (commit ? resolve() : reject(new RolledBack()));
        opened(tx);
      }),
  );
  // BEGIN itself may fail: then `closed` rejects before the callback ever ran.
  const tx = await Promise.race([ready, closed.then(() => Promise.reject(new Error('transaction close avant son début')))]);
  open.set(id, { tx, end, closed });
  return id;
}

async function end(id: number, commit: boolean): Promise<null> {
  const transaction = open.get(id);
  if (!transaction) throw new Error(`transaction ${id} inconnue`);
  transaction.end(commit);
  try {
    await transaction.closed;
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  } finally {
    open.delete(id);
  }
  return null;
}

function on(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return client;
  const transaction = open.get(tx);
  if (!transaction) throw new Error(`transaction ${tx} inconnue`);
  return transaction.tx;
}

async function run(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const parsers = request.textTypes && Object.fromEntries(request.textTypes.map((type) => [type, asText]));
      return on(request.tx).query(request.sql, request.params, { rowMode: request.rowMode, ...(parsers ? { parsers } : {}) });
    }
    case 'exec':
      return on(request.tx).exec(request.sql);
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      await client.close();
      return null;
  }
}

/** An error as plain fields: a DatabaseError's `code`, `constraint`, `detail`… survive the copy between threads. */
function plain(error: unknown): PgliteError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return { ...fields, name: error.name, message: error.message };
}

port.on('message', (request: PgliteRequest) => {
  run(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies PgliteReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: plain(error) } satisfies PgliteReply),
  );
});
await client.waitReady;
port.postMessage({ id: 0, ok: true, result: null } satisfies PgliteReply);
