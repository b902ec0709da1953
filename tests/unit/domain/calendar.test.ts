import { describe, expect, it } from 'vitest';
import type { PlanningItem } from '../../../src/contract/planning';
import { googleCalendarUrl, planningIcs } from '../../../src/domain/calendar';

const item: PlanningItem = {
  id: 7,
  attributes: {
    name: 'Session US',
    speaker: 'coach',
    date: '2026-11-23T13:30:00.000Z',
    dateFin: '2026-11-23T15:00:00.000Z',
    directlink: 'https://live.example/us',
    room: null,
  },
};

describe('calendar export', () => {
  it('builds the Google calendar template link in UTC', () => {
    const url = new URL(googleCalendarUrl(item));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261123T133000Z/20261123T150000Z');
    expect(url.searchParams.get('text')).toContain('Session US');
  });

  it('writes an .ics with one event a live, in UTC', () => {
    const ics = planningIcs([item, { ...item, id: 8, attributes: { ...item.attributes, name: 'Morning Mood' } }]);
    expect(ics.ok).toBe(true);
    if (!ics.ok) return;
    expect(ics.value.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.value).toContain('SUMMARY:Session US');
    expect(ics.value).toContain('SUMMARY:Morning Mood');
    expect(ics.value).toContain('DTSTART:20261123T133000Z');
    expect(ics.value).toContain('UID:live-7@comptoir');
  });
});
