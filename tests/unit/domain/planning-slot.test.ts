import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localSlotOf, minuteOf, minuteText, nextLocalOccurrence, utcSlotOf } from '../../../src/domain/planning-slot';

// The suite runs in the machine's zone; the rules must hold in any.
describe('programme slots in the coach time zone', () => {
  const now = new Date('2026-11-25T10:00:00.000Z'); // a Wednesday

  it('finds the next local occurrence, today included', () => {
    const today = nextLocalOccurrence(((now.getDay() + 6) % 7) + 1, 23 * 60, now);
    expect(today.getDate()).toBe(now.getDate());
    const next = nextLocalOccurrence((((now.getDay() + 6) % 7) + 1) % 7 + 1, 0, now);
    expect(next.getTime() - now.getTime()).toBeGreaterThan(0);
    expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(2 * 86_400_000);
  });

  it('converts a local day and time to UTC and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 1439 }), fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }), (weekday, minute, at) => {
        // A time that does not exist locally (the hour skipped when summer time starts) cannot come back.
        const local = nextLocalOccurrence(weekday, minute, at);
        fc.pre(local.getHours() * 60 + local.getMinutes() === minute);
        const utc = utcSlotOf(weekday, minute, at);
        expect(utc.weekday).toBeGreaterThanOrEqual(1);
        expect(utc.weekday).toBeLessThanOrEqual(7);
        expect(utc.startMinute).toBeGreaterThanOrEqual(0);
        expect(utc.startMinute).toBeLessThan(1440);
        expect(localSlotOf(utc, at)).toEqual({ weekday, minute });
      }),
      { numRuns: 300 },
    );
  });

  it('reads and writes HH:MM', () => {
    expect(minuteText(7 * 60 + 5)).toBe('07:05');
    expect(minuteOf('14:30')).toBe(870);
    expect(minuteOf('24:00')).toBeNull();
    expect(minuteOf('9:00')).toBeNull();
  });
});
