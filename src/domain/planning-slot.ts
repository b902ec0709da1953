/*
 * The weekly live programme's slots are kept in UTC (ISO weekday 1 = Monday, minutes after
 * midnight); a coach edits them in their own time zone. These convert one to the other at the
 * slot's next occurrence, so a change of daylight saving time never shifts what the coach typed.
 */

const DAY_MS = 86_400_000;

/** The next instant (from `now`, today included) whose local weekday and time are the given ones. */
export function nextLocalOccurrence(weekday: number, minute: number, now: Date): Date {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.floor(minute / 60), minute % 60);
  const localWeekday = ((at.getDay() + 6) % 7) + 1;
  at.setDate(at.getDate() + ((weekday - localWeekday + 7) % 7));
  return at;
}

/** A local weekday and time as the programme's UTC weekday and minute. */
export function utcSlotOf(localWeekday: number, localMinute: number, now: Date): { weekday: number; startMinute: number } {
  const at = nextLocalOccurrence(localWeekday, localMinute, now);
  return { weekday: ((at.getUTCDay() + 6) % 7) + 1, startMinute: at.getUTCHours() * 60 + at.getUTCMinutes() };
}

/** A programme slot's UTC weekday and minute as the local weekday and minute of its next occurrence. */
export function localSlotOf(slot: { weekday: number; startMinute: number }, now: Date): { weekday: number; minute: number } {
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekdayUtc = ((now.getUTCDay() + 6) % 7) + 1;
  const at = new Date(todayUtc + ((slot.weekday - weekdayUtc + 7) % 7) * DAY_MS + slot.startMinute * 60_000);
  return { weekday: ((at.getDay() + 6) % 7) + 1, minute: at.getHours() * 60 + at.getMinutes() };
}

/** 'HH:MM' ⇄ minutes after midnight. */
export const minuteText = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export function minuteOf(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export const WEEKDAYS_FR = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;
