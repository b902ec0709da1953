import type { PlanningItem } from '../../src/contract/planning';
import type { liveSlots } from '../db/schema';

export type LiveSlotRow = typeof liveSlots.$inferSelect;
const DAY = 24 * 60 * 60 * 1000;

/**
 * The dated lives of a weekly programme that overlap [from, to], ordered by start. Ids are stable
 * for a slot and a day, so the client's store keeps one document per live across refreshes.
 */
export function expandPlanning(slots: LiveSlotRow[], from: Date, to: Date): PlanningItem[] {
  const items: PlanningItem[] = [];
  // Start a day early: a live that began yesterday evening may still be running.
  const firstDay = Math.floor(from.getTime() / DAY) - 1;
  const lastDay = Math.floor(to.getTime() / DAY);
  for (let day = firstDay; day <= lastDay; day += 1) {
    const weekday = ((new Date(day * DAY).getUTCDay() + 6) % 7) + 1;
    for (const slot of slots) {
      if (slot.weekday !== weekday) continue;
      const start = day * DAY + slot.startMinute * 60_000;
      const end = start + slot.durationMinutes * 60_000;
      if (end <= from.getTime() || start >= to.getTime()) continue;
      items.push({
        id: slot.id * 100_000 + day,
        attributes: {
          name: slot.name,
          speaker: slot.speaker,
          date: new Date(start).toISOString(),
          dateFin: new Date(end).toISOString(),
          directlink: slot.directLink,
          room: slot.roomClickId ? { room_click_id: slot.roomClickId } : null,
        },
      });
    }
  }
  return items.sort((a, b) => a.attributes.date.localeCompare(b.attributes.date) || a.id - b.id);
}
