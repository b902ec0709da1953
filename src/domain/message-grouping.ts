import { SAME_AUTHOR_WINDOW_MS } from './chat-limits';

type Groupable = { date: string; sender: { id: number } };
type Listed = Groupable & { _id: string; sender: { _id: string } };

/** The header (avatar, pseudo) is hidden when the previous message has the same author within 15 minutes (spec 2 §4). */
export function showsHeader(previous: Groupable | null, current: Groupable): boolean {
  if (previous === null || previous.sender.id !== current.sender.id) return true;
  return Date.parse(current.date) - Date.parse(previous.date) > SAME_AUTHOR_WINDOW_MS;
}

/**
 * A list's rows from its window (oldest first) and the row just older than it: each message once,
 * the authors the viewer blocked left out (spec 2 §4), each header decided against the row shown
 * before it, the first one against the context row.
 */
export function listedRows<T extends Listed>(messages: readonly T[], context: T | null, blocked: readonly string[]): { message: T; showHeader: boolean }[] {
  const seen = new Set<string>();
  const hidden = new Set(blocked);
  const rows: { message: T; showHeader: boolean }[] = [];
  let previous: T | null = context !== null && !hidden.has(context.sender._id) ? context : null;
  for (const message of messages) {
    if (seen.has(message._id) || hidden.has(message.sender._id)) continue;
    seen.add(message._id);
    rows.push({ message, showHeader: showsHeader(previous, message) });
    previous = message;
  }
  return rows;
}

/** The ban notice's date: the ban's expiry plus 2 days (spec 2 §9). */
export function banDisplayDate(expiry: Date): Date {
  return new Date(expiry.getTime() + 2 * 24 * 60 * 60 * 1000);
}
