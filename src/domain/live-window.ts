import { addDays } from 'date-fns/addDays';
import { endOfWeek } from 'date-fns/endOfWeek';
import { startOfDay } from 'date-fns/startOfDay';
import { hourMinute } from './dates-fr';
import type { PlanningItem } from '../contract/planning';

/** A live is current from 15 minutes before its start until its end (spec 3 §2, §9). */
export const LIVE_EARLY_MS = 900_000;
/** The planning is refreshed every 5 minutes (spec 3 §2). */
export const PLANNING_REFRESH_MS = 300_000;

const startOf = (item: PlanningItem) => Date.parse(item.attributes.date);
const endOf = (item: PlanningItem) => Date.parse(item.attributes.dateFin);

export function isCurrentLive(item: PlanningItem, now: Date): boolean {
  const t = now.getTime();
  return startOf(item) - LIVE_EARLY_MS <= t && t < endOf(item);
}

/** The current lives, earliest first. */
export const currentLives = (items: readonly PlanningItem[], now: Date): PlanningItem[] =>
  items.filter((item) => isCurrentLive(item, now)).sort((a, b) => startOf(a) - startOf(b));

/** The home live card: the current live, else the earliest live still to end, else null. */
export function nextLive(items: readonly PlanningItem[], now: Date): PlanningItem | null {
  const current = currentLives(items, now)[0];
  if (current) return current;
  const coming = items.filter((item) => endOf(item) > now.getTime()).sort((a, b) => startOf(a) - startOf(b));
  return coming[0] ?? null;
}

/** 'LIVE EN COURS', with a plural S when several lives are current (spec 1 §2). */
export const liveBannerTitle = (count: number): string => (count > 1 ? 'LIVES EN COURS' : 'LIVE EN COURS');

/** Start and end in 24-hour time, in the member's own time zone. */
export const formatLiveHours = (item: PlanningItem): string =>
  `${hourMinute(new Date(startOf(item)))} - ${hourMinute(new Date(endOf(item)))}`;

export type LiveAccess =
  | { kind: 'direct'; url: string }
  | { kind: 'chooser'; items: readonly PlanningItem[] }
  | { kind: 'request'; roomId: string }
  | { kind: 'unavailable' };

/**
 * The 'Accéder' button (spec 1 §2): several lives open a chooser; one with a direct link opens it;
 * otherwise an access link is requested for its room. A live with neither cannot be joined.
 */
export function liveAccess(items: readonly PlanningItem[]): LiveAccess {
  if (items.length > 1) return { kind: 'chooser', items };
  const item = items[0];
  if (!item) return { kind: 'unavailable' };
  if (item.attributes.directlink) return { kind: 'direct', url: item.attributes.directlink };
  if (item.attributes.room) return { kind: 'request', roomId: item.attributes.room.room_click_id };
  return { kind: 'unavailable' };
}

/** The planning covers today to the end of next week, weeks starting on Monday (spec 3 §2). */
export function planningRange(now: Date): { from: Date; to: Date } {
  return { from: startOfDay(now), to: endOfWeek(addDays(now, 7), { weekStartsOn: 1 }) };
}
