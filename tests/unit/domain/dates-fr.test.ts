import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import { dayMonthTime, hourMinute, weekdayDayMonthTime } from '../../../src/domain/dates-fr';

/** Every day of a leap year at varied times, midnight and noon included. */
const dates = Array.from({ length: 366 }, (_, day) => new Date(2028, 0, 1 + day, (day * 7) % 24, (day * 13) % 60));

describe('French dates', () => {
  it('read as date-fns wrote them, in the local time zone', () => {
    for (const date of dates) {
      expect(hourMinute(date)).toBe(format(date, 'HH:mm'));
      expect(dayMonthTime(date)).toBe(format(date, 'dd MMM HH:mm', { locale: fr }));
      expect(weekdayDayMonthTime(date)).toBe(format(date, 'EEEE d MMMM, HH:mm', { locale: fr }));
    }
  });

  it('pad hours and minutes, with no AM/PM', () => {
    expect(hourMinute(new Date(2028, 2, 4, 0, 5))).toBe('00:05');
    expect(dayMonthTime(new Date(2028, 4, 1, 9, 0))).toBe('01 mai 09:00');
    expect(weekdayDayMonthTime(new Date(2028, 6, 14, 23, 59))).toBe('vendredi 14 juillet, 23:59');
  });
});
