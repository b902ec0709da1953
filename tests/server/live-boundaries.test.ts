import { describe, expect, it } from 'vitest';
import { createPubSub } from '../../server/content/pub-sub';
import type { LiveSlotRow } from '../../server/lives/expand-planning';
import { livesCurrentAt, nextLiveBoundary } from '../../server/lives/live-boundaries';

const slot = (id: number, weekday: number, startMinute: number, durationMinutes: number): LiveSlotRow => ({
  id,
  name: `Live ${id}`,
  speaker: 'Camille Durand',
  weekday,
  startMinute,
  durationMinutes,
  roomClickId: null,
  directLink: null,
});
// 2026-11-23 is a Monday; 'Live 1' runs Mondays 14:00–16:00 UTC, 'Live 2' Mondays 15:30–16:30.
const slots = [slot(1, 1, 14 * 60, 120), slot(2, 1, 15 * 60 + 30, 60)];
const at = (time: string) => new Date(`2026-11-23T${time}Z`);
const names = (date: Date) => livesCurrentAt(slots, date).map((item) => item.attributes.name);

describe('the live boundaries (spec 3 §2: current from 15 minutes before the start until the end)', () => {
  it('finds each instant where the set of current lives changes, in order', () => {
    const boundaries: string[] = [];
    let cursor: Date | null = at('12:00:00');
    for (let i = 0; i < 4 && cursor; i += 1) {
      cursor = nextLiveBoundary(slots, cursor);
      if (cursor) boundaries.push(cursor.toISOString());
    }
    expect(boundaries).toEqual(['2026-11-23T13:45:00.000Z', '2026-11-23T15:15:00.000Z', '2026-11-23T16:00:00.000Z', '2026-11-23T16:30:00.000Z']);
  });

  it('changes the current lives exactly at those instants', () => {
    expect(names(at('13:44:59.999'))).toEqual([]);
    expect(names(at('13:45:00'))).toEqual(['Live 1']);
    expect(names(at('15:15:00'))).toEqual(['Live 1', 'Live 2']);
    expect(names(at('15:59:59.999'))).toEqual(['Live 1', 'Live 2']);
    expect(names(at('16:00:00'))).toEqual(['Live 2']);
    expect(names(at('16:30:00'))).toEqual([]);
  });

  it('reaches next week’s live, and none without slots', () => {
    expect(nextLiveBoundary(slots, at('17:00:00'))?.toISOString()).toBe('2026-11-30T13:45:00.000Z');
    expect(nextLiveBoundary([], at('17:00:00'))).toBeNull();
  });

  it('keeps a live that began yesterday evening current after midnight', () => {
    const late = [slot(3, 7, 23 * 60, 120)]; // Sunday 23:00 to Monday 01:00
    expect(livesCurrentAt(late, at('00:30:00')).map((item) => item.attributes.name)).toEqual(['Live 3']);
    expect(nextLiveBoundary(late, at('00:30:00'))?.toISOString()).toBe('2026-11-23T01:00:00.000Z');
  });
});

describe('the in-process pub/sub', () => {
  it('delivers each event to every subscription in order, and ends one at once on return()', async () => {
    const events = createPubSub<{ tick: { n: number } }>();
    const a = events.subscribe('tick');
    const b = events.subscribe('tick');
    const pending = a.next();
    events.publish('tick', { n: 1 });
    events.publish('tick', { n: 2 });
    expect(await pending).toEqual({ value: { n: 1 }, done: false });
    expect(await a.next()).toEqual({ value: { n: 2 }, done: false });
    expect((await b.next()).value).toEqual({ n: 1 });
    // A subscription waiting for an event ends when returned (graphql-ws completes it so).
    const waiting = a.next();
    await a.return?.();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(events.subscribers('tick')).toBe(1);
    events.close();
    expect(events.subscribers('tick')).toBe(0);
    expect((await b.next()).done).toBe(true);
  });
});
