/**
 * The database not answering (issue 23): a connection refused, reset or timed out, a connection
 * that ended mid-query, or PostgreSQL saying it cannot serve now (SQLSTATE class 08, connection
 * exception; 57P01–57P03, shutting down or starting). Such a failure is no bug of the request:
 * HTTP answers 503 with `Retry-After`, a socket event a wait (`retryAfterMs`) the client's outbox
 * honours, and the pool opens new connections by itself once the database is back.
 */
export const DATABASE_UNAVAILABLE = 'Service momentanément indisponible : réessayez dans un instant.';

/** The wait suggested to a caller, in ms: this plus up to as much again at random, so retries spread out. */
export const DATABASE_RETRY_MS = 2000;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words when a connection ends or never opens. */
const DRIVER_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /^Client has encountered a connection error/, /^Client was closed/];

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error (`cause`); a few levels are enough.
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth += 1) {
    const code = 'code' in at && typeof at.code === 'string' ? at.code : '';
    if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(at.message))) return true;
  }
  return false;
}

/** The wait to suggest (ms), spread at random. */
export const databaseRetryMs = (): number => DATABASE_RETRY_MS + Math.floor(Math.random() * DATABASE_RETRY_MS);
