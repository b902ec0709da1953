import { describe, expect, it } from 'vitest';
import type { PlanningItem } from '../../../src/contract/planning';
import {
  currentLives,
  formatLiveHours,
  isCurrentLive,
  liveAccess,
  liveBannerTitle,
  nextLive,
  planningRange,
} from '../../../src/domain/live-window';

const live = (id: number, start: string, end: string, extra: Partial<PlanningItem['attributes']> = {}): PlanningItem => ({
  id,
  attributes: { name: `Live ${id}`, speaker: 'coach', date: start, dateFin: end, directlink: null, room: null, ...extra },
});
const item = live(1, '2026-11-22T13:30:00.000Z', '2026-11-22T15:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('live window (spec 3 §2)', () => {
  it('opens exactly 15 minutes before the start', () => {
    expect(isCurrentLive(item, at('2026-11-22T13:15:00.000Z'))).toBe(true);
    expect(isCurrentLive(item, at('2026-11-22T13:14:59.999Z'))).toBe(false);
  });
  it('closes at the end', () => {
    expect(isCurrentLive(item, at('2026-11-22T14:59:59.999Z'))).toBe(true);
    expect(isCurrentLive(item, at('2026-11-22T15:00:00.000Z'))).toBe(false);
  });
  it('lists the current lives earliest first', () => {
    const later = live(2, '2026-11-22T14:00:00.000Z', '2026-11-22T16:00:00.000Z');
    expect(currentLives([later, item], at('2026-11-22T14:10:00.000Z')).map((l) => l.id)).toEqual([1, 2]);
  });
  it('the next live is the current one, else the earliest still to end, else none', () => {
    const tomorrow = live(3, '2026-11-23T07:00:00.000Z', '2026-11-23T08:00:00.000Z');
    expect(nextLive([tomorrow, item], at('2026-11-22T14:00:00.000Z'))?.id).toBe(1);
    expect(nextLive([tomorrow, item], at('2026-11-22T16:00:00.000Z'))?.id).toBe(3);
    expect(nextLive([tomorrow, item], at('2026-11-24T00:00:00.000Z'))).toBeNull();
  });
  it('titles the banner with a plural S for several lives', () => {
    expect(liveBannerTitle(1)).toBe('LIVE EN COURS');
    expect(liveBannerTitle(2)).toBe('LIVES EN COURS');
  });
  it('shows 24-hour times', () => {
    expect(formatLiveHours(item)).toMatch(/^\d{2}:\d{2} - \d{2}:\d{2}$/);
    const [start] = formatLiveHours(item).split(' - ');
    expect(start).toBe(`${String(new Date(item.attributes.date).getHours()).padStart(2, '0')}:30`);
  });
});

describe('live access (spec 1 §2)', () => {
  it('opens the direct link of a single live', () => {
    expect(liveAccess([live(1, item.attributes.date, item.attributes.dateFin, { directlink: 'https://live.example/1' })])).toEqual({
      kind: 'direct',
      url: 'https://live.example/1',
    });
  });
  it('opens a chooser for several lives', () => {
    expect(liveAccess([item, item]).kind).toBe('chooser');
  });
  it("requests a link for the live's room otherwise", () => {
    expect(liveAccess([live(1, item.attributes.date, item.attributes.dateFin, { room: { room_click_id: 'r1' } })])).toEqual({
      kind: 'request',
      roomId: 'r1',
    });
    expect(liveAccess([item])).toEqual({ kind: 'unavailable' });
    expect(liveAccess([])).toEqual({ kind: 'unavailable' });
  });
});

describe('planning range', () => {
  it('runs from the start of today to the end of next week (Monday weeks)', () => {
    // Wednesday 2026-11-18 → Sunday 2026-11-29, end of day.
    const { from, to } = planningRange(new Date(2026, 10, 18, 15, 0));
    expect(from).toEqual(new Date(2026, 10, 18, 0, 0, 0, 0));
    expect(to).toEqual(new Date(2026, 10, 29, 23, 59, 59, 999));
  });
  it('from a Sunday, next week ends on the following Sunday', () => {
    const { to } = planningRange(new Date(2026, 10, 22, 10, 0));
    expect(to).toEqual(new Date(2026, 10, 29, 23, 59, 59, 999));
  });
});
