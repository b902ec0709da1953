import { SAME_AUTHOR_WINDOW_MS } from './chat-limits';

type Groupable = { date: string; sender: { id: number } };

/** The header (avatar, pseudo) is hidden when the previous message has the same author within 15 minutes (spec 2 §4). */
export function showsHeader(previous: Groupable | null, current: Groupable): boolean {
  if (previous === null || previous.sender.id !== current.sender.id) return true;
  return Date.parse(current.date) - Date.parse(previous.date) > SAME_AUTHOR_WINDOW_MS;
}

/** The ban notice's date: the ban's expiry plus 2 days (spec 2 §9). */
export function banDisplayDate(expiry: Date): Date {
  return new Date(expiry.getTime() + 2 * 24 * 60 * 60 * 1000);
}
