import type { ReadPosition } from '../contract/read-state';

/**
 * A room's messages in the order both sides keep them: by date, then by id (DESIGN.md "Lists
 * are ordered by `date`, then `_id`"). Negative: `a` comes first.
 */
export function comparePlaces(a: ReadPosition, b: ReadPosition): number {
  const byDate = Date.parse(a.date) - Date.parse(b.date);
  if (byDate !== 0) return byDate;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** Whether a message comes after the read position (null: nothing read, every message is new). */
export const isAfter = (message: ReadPosition, readUpTo: ReadPosition | null): boolean =>
  readUpTo === null || comparePlaces(message, readUpTo) > 0;

/**
 * The first unread message of a window (oldest first): the first after the position that the
 * reader did not write, or null when the window holds none. Read once per room visit, when the
 * room opens, never per render.
 */
export function firstUnread<M extends ReadPosition & { sender: { id: number } }>(rows: readonly M[], readUpTo: ReadPosition | null, viewerId: number): M | null {
  for (const row of rows) if (row.sender.id !== viewerId && isAfter(row, readUpTo)) return row;
  return null;
}

