import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Keyset page cursors: the last row's (timestamp, tie-break key), opaque to the client as
 * base64url of `${iso}|${key}`. A cursor that does not decode is refused, never guessed at.
 */
export type PageCursor = { at: Date; key: string };

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor(at: Date, key: string | number): string {
  return Buffer.from(`${at.toISOString()}|${key}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  if (bar < 0) return null;
  const iso = text.slice(0, bar);
  const key = text.slice(bar + 1);
  if (!ISO_MS.test(iso) || key.length === 0 || key.length > 100) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : { at, key };
}

/**
 * Rows strictly after the cursor in a newest-first order on (at, key). Timestamps are written
 * from JavaScript dates (millisecond precision), so the cursor's millisecond ISO string matches
 * the stored value exactly.
 */
export function olderThan(at: AnyColumn, key: AnyColumn, cursor: PageCursor, keyIsInteger = false): SQL {
  const keyValue = keyIsInteger ? sql`${Number(cursor.key)}::integer` : sql`${cursor.key}`;
  return sql`(${at}, ${key}) < (${cursor.at.toISOString()}::timestamptz, ${keyValue})`;
}

/** Rows strictly before the cursor in that order: newer ones (a window around a message, issue 21). */
export function newerThan(at: AnyColumn, key: AnyColumn, cursor: PageCursor): SQL {
  return sql`(${at}, ${key}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.key})`;
}

/** The next page's cursor when the query fetched one row more than a page, else null. */
export function nextCursor<T>(rows: T[], pageSize: number, keyOf: (row: T) => { at: Date; key: string | number }): string | null {
  if (rows.length <= pageSize) return null;
  const last = rows[pageSize - 1];
  if (last === undefined) return null;
  const { at, key } = keyOf(last);
  return encodeCursor(at, key);
}
