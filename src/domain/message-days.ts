import { CHAT_TEXT } from './chat-text-fr';
import { weekdayDayMonth, weekdayDayMonthYear } from './dates-fr';

/** A moment's calendar day in the browser's time zone, as a number: equal on the same day, larger later. */
export function localDay(ms: number): number {
  const date = new Date(ms);
  return date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();
}

/**
 * The day separator's words for a message's date: 'Aujourd'hui', 'Hier', then 'lundi 23 novembre',
 * with the year when it is not this year's (the browser's local time, as the rows' times).
 */
export function dayLabel(date: Date, now: Date): string {
  const day = localDay(date.getTime());
  if (day === localDay(now.getTime())) return CHAT_TEXT.today;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
  if (day === localDay(yesterday.getTime())) return CHAT_TEXT.yesterday;
  return date.getFullYear() === now.getFullYear() ? weekdayDayMonth(date) : weekdayDayMonthYear(date);
}
