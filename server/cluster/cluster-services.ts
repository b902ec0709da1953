import pg from 'pg';
import { createClient } from 'redis';

/**
 * The two services a cluster's nodes share, checked by the command before it starts any node: a
 * missing database is created (a fresh PostgreSQL has only `postgres`), an unreachable service is
 * said in one French line rather than in every node's log.
 */

/** PostgreSQL's "this database does not exist" and "it exists already" (another command made it meanwhile). */
const MISSING_DATABASE = '3D000';
const DUPLICATE_DATABASE = '42P04';
/** Where a database is created from: `postgres`, or `template1` on a server without it (as `createdb` does). */
const MAINTENANCE_DATABASES = ['postgres', 'template1'] as const;
const CONNECT_TIMEOUT_MS = 5_000;

/** Creates the database of `url` unless it exists; 'created' or 'present'. */
export async function ensureDatabase(url: string): Promise<'created' | 'present'> {
  try {
    await withClient(url, async () => undefined);
    return 'present';
  } catch (error) {
    if (codeOf(error) !== MISSING_DATABASE) throw error;
  }
  const name = databaseName(url);
  try {
    await withMaintenance(url, (client) => client.query(`create database ${pg.escapeIdentifier(name)}`));
  } catch (error) {
    if (codeOf(error) !== DUPLICATE_DATABASE) throw error;
  }
  return 'created';
}

/** Drops the database of `url`, ending its connections (PostgreSQL 13+); nothing when it is missing. */
export async function dropDatabase(url: string): Promise<void> {
  await withMaintenance(url, (client) => client.query(`drop database if exists ${pg.escapeIdentifier(databaseName(url))} with (force)`));
}

/** Answers when the Redis of `url` answers a PING; throws a French message otherwise. */
export async function checkRedis(url: string): Promise<void> {
  const client = createClient({ url, socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false } });
  // Without a listener, the client's error event would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw unreachable('Redis', url, error);
  } finally {
    if (client.isOpen) await client.close();
  }
}

/** Deletes every key of `url`'s Redis under `prefix:` (a test's own deployment). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url, socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false } });
  client.on('error', () => undefined);
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
      if (keys.length > 0) await client.unlink(keys);
    }
  } finally {
    await client.close();
  }
}

/** The address with its password hidden, for messages. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error(`Aucune base nommée dans ${withoutPassword(url)} (…/nom_de_la_base)`);
  return name;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An error after connecting (the server going away) must not end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    // A missing database is the caller's to answer; anything else means no server to talk to.
    if (codeOf(error) === MISSING_DATABASE) throw error;
    throw unreachable('PostgreSQL', url, error);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function withMaintenance<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (const maintenance of MAINTENANCE_DATABASES) {
    const address = new URL(url);
    address.pathname = `/${maintenance}`;
    try {
      return await withClient(address.toString(), work);
    } catch (error) {
      if (codeOf(error) !== MISSING_DATABASE) throw error;
      lastError = error;
    }
  }
  throw new Error(`Ni « postgres » ni « template1 » sur ${withoutPassword(url)} : impossible d'y créer ou d'y supprimer une base`, { cause: lastError });
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function unreachable(service: string, url: string, error: unknown): Error {
  const reason = error instanceof Error && error.message ? error.message : codeOf(error) ?? String(error);
  return new Error(`${service} injoignable sur ${withoutPassword(url)} : ${reason}`, { cause: error });
}
