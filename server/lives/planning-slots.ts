import { asc, eq } from 'drizzle-orm';
import type { PlanningSlot, PlanningSlotInput } from '../../src/contract/planning';
import type { Database } from '../db/open-database';
import { liveSlots } from '../db/schema';

type LiveSlotRow = typeof liveSlots.$inferSelect;

/**
 * Adds a slot to the weekly programme, or moves or renames one (`id` set); null when that slot
 * does not exist.
 */
export async function savePlanningSlot(db: Database, input: PlanningSlotInput): Promise<PlanningSlot | null> {
  const values = {
    name: input.name,
    speaker: input.speaker,
    weekday: input.weekday,
    startMinute: input.startMinute,
    durationMinutes: input.durationMinutes,
    roomClickId: input.roomClickId,
    directLink: input.directLink,
  };
  const [row] =
    input.id === null
      ? await db.insert(liveSlots).values(values).returning()
      : await db.update(liveSlots).set(values).where(eq(liveSlots.id, input.id)).returning();
  return row ? slotView(row) : null;
}

/** The weekly programme, by day, time and id. */
export async function listPlanningSlots(db: Database): Promise<PlanningSlot[]> {
  const rows = await db.select().from(liveSlots).orderBy(asc(liveSlots.weekday), asc(liveSlots.startMinute), asc(liveSlots.id));
  return rows.map(slotView);
}

export const slotView = (row: LiveSlotRow): PlanningSlot => ({
  id: row.id,
  name: row.name,
  speaker: row.speaker,
  weekday: row.weekday,
  startMinute: row.startMinute,
  durationMinutes: row.durationMinutes,
  roomClickId: row.roomClickId,
  directLink: row.directLink,
});
