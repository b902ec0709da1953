import { createEvents, type EventAttributes } from 'ics';
import type { PlanningItem } from '../contract/planning';

const PRODUCT = 'Comptoir';

/** Google Calendar's template link for one live. */
export function googleCalendarUrl(item: PlanningItem): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `${item.attributes.name} — ${PRODUCT}`,
    dates: `${googleDate(item.attributes.date)}/${googleDate(item.attributes.dateFin)}`,
    details: `Live animé par ${item.attributes.speaker}`,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** The lives as calendar events, times in UTC so every calendar shows them at the right hour. */
export function icsEventsOf(items: readonly PlanningItem[]): EventAttributes[] {
  return items.map((item) => ({
    uid: `live-${item.id}@comptoir`,
    title: item.attributes.name,
    description: `Live animé par ${item.attributes.speaker}`,
    start: Date.parse(item.attributes.date),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(item.attributes.dateFin),
    endInputType: 'utc',
    endOutputType: 'utc',
    productId: PRODUCT,
    calName: `Lives ${PRODUCT}`,
    ...(item.attributes.directlink ? { url: item.attributes.directlink } : {}),
  }));
}

export type IcsResult = { ok: true; value: string } | { ok: false; error: string };

/** The .ics file of the given lives. */
export function planningIcs(items: readonly PlanningItem[]): IcsResult {
  const { error, value } = createEvents(icsEventsOf(items), { productId: PRODUCT, calName: `Lives ${PRODUCT}` });
  if (error || value === null) return { ok: false, error: error?.message ?? 'ics' };
  return { ok: true, value };
}

/** 2026-11-22T07:00:00.000Z → 20261122T070000Z */
const googleDate = (iso: string): string => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
