import { SAME_AUTHOR_WINDOW_MS } from './chat-limits';
import { localDay } from './message-days';

type Groupable = { date: string; sender: { id: number } };
type Listed = Groupable & { _id: string; sender: { _id: string } };

/**
 * The header (avatar, pseudo) is hidden when the previous message has the same author within 15
 * minutes (spec 2 §4), on the same day: a day separator is always followed by a header.
 */
export function showsHeader(previous: Groupable | null, current: Groupable): boolean {
  if (previous === null || previous.sender.id !== current.sender.id) return true;
  const at = Date.parse(current.date);
  const before = Date.parse(previous.date);
  return at - before > SAME_AUTHOR_WINDOW_MS || localDay(at) !== localDay(before);
}

export type ListedRow<T> = { message: T; showHeader: boolean; showDay: boolean };

/**
 * A list's rows from its window (oldest first) and the row just older than it: each message once,
 * the authors the viewer blocked left out (spec 2 §4), each header and day separator decided
 * against the row shown before it, the first one against the context row (so a row's height never
 * changes when older rows are prepended above it).
 */
export function listedRows<T extends Listed>(messages: readonly T[], context: T | null, blocked: readonly string[]): ListedRow<T>[] {
  const seen = new Set<string>();
  const hidden = new Set(blocked);
  const rows: ListedRow<T>[] = [];
  let previous: T | null = context !== null && !hidden.has(context.sender._id) ? context : null;
  // Each date read once: the day of the row before is carried to the next.
  let previousAt = previous === null ? 0 : Date.parse(previous.date);
  let previousDay = previous === null ? 0 : localDay(previousAt);
  for (const message of messages) {
    if (seen.has(message._id) || hidden.has(message.sender._id)) continue;
    seen.add(message._id);
    const at = Date.parse(message.date);
    const day = localDay(at);
    const showDay = previous === null || day !== previousDay;
    const showHeader = showDay || previous!.sender.id !== message.sender.id || at - previousAt > SAME_AUTHOR_WINDOW_MS;
    rows.push({ message, showHeader, showDay });
    previous = message;
    previousAt = at;
    previousDay = day;
  }
  return rows;
}

/**
 * What a window lists, and the row its first one is decided against: every row but its oldest,
 * which decides the first one's day separator and header, unless the window reaches the stream's
 * beginning. So a listed row's decisions never change when older rows arrive (from the store or
 * the network): they would move everything the reader sees by a separator's or a header's height.
 * And a row is never listed alone when the history state moves, only with the page it ends.
 */
export function windowListing<T>(rows: readonly T[], context: T | null, atStart: boolean): { rows: readonly T[]; context: T | null } {
  if (atStart || rows.length < 2) return { rows, context };
  return { rows: rows.slice(1), context: rows[0]! };
}

/** The ban notice's date: the ban's expiry plus 2 days (spec 2 §9). */
export function banDisplayDate(expiry: Date): Date {
  return new Date(expiry.getTime() + 2 * 24 * 60 * 60 * 1000);
}
