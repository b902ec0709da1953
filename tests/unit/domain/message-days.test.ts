import { describe, expect, it } from 'vitest';
import { dayLabel, localDay } from '../../../src/domain/message-days';

/** A moment in the browser's own time zone, as the separators read it. */
const local = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('day separators', () => {
  const now = local(2026, 11, 25, 9, 30);

  it("say 'Aujourd'hui' and 'Hier' by the local calendar day, not by 24 hours", () => {
    expect(dayLabel(local(2026, 11, 25, 0, 0), now)).toBe("Aujourd'hui");
    expect(dayLabel(local(2026, 11, 25, 23, 59), now)).toBe("Aujourd'hui");
    expect(dayLabel(local(2026, 11, 24, 23, 59), now)).toBe('Hier');
    expect(dayLabel(local(2026, 11, 24, 0, 0), now)).toBe('Hier');
    expect(dayLabel(local(2026, 11, 23, 23, 59), now)).toBe('lundi 23 novembre');
  });

  it('name older days by weekday, day and month, with the year only for another year', () => {
    expect(dayLabel(local(2026, 11, 2), now)).toBe('lundi 2 novembre');
    expect(dayLabel(local(2025, 11, 24), now)).toBe('lundi 24 novembre 2025');
    // Yesterday across a month's and a year's end.
    expect(dayLabel(local(2026, 12, 31, 18), local(2027, 1, 1, 0, 5))).toBe('Hier');
    expect(dayLabel(local(2026, 12, 30, 18), local(2027, 1, 1, 0, 5))).toBe('mercredi 30 décembre 2026');
  });

  it('compare days as numbers that grow with time', () => {
    expect(localDay(local(2026, 11, 25, 0).getTime())).toBe(localDay(local(2026, 11, 25, 23, 59).getTime()));
    expect(localDay(local(2026, 11, 25).getTime())).toBeLessThan(localDay(local(2026, 11, 26).getTime()));
    expect(localDay(local(2026, 12, 31).getTime())).toBeLessThan(localDay(local(2027, 1, 1).getTime()));
    expect(localDay(local(2026, 1, 31).getTime())).toBeLessThan(localDay(local(2026, 2, 1).getTime()));
  });
});
