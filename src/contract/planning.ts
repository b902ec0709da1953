import { z } from 'zod/mini';
import { isoDate } from './user';

/** One live of the planning (spec 3 §3 "Live / planning item"). */
export const planningItem = z.object({
  id: z.int(),
  attributes: z.object({
    name: z.string(),
    speaker: z.string(),
    date: isoDate,
    dateFin: isoDate,
    directlink: z.nullable(z.string()),
    room: z.nullable(z.object({ room_click_id: z.string() })),
  }),
});
export type PlanningItem = z.infer<typeof planningItem>;

/** `GET /api/planning-plateformes?from=&to=` */
export const planningQuery = z.object({ from: isoDate, to: isoDate });
export const planningResponse = z.object({ data: z.array(planningItem) });

/** `POST /live/get_link` */
export const liveLinkInput = z.object({ roomId: z.string().check(z.minLength(1)) });
export const liveLinkResponse = z.object({ loginUrl: z.string() });

/**
 * GraphQL `savePlanningSlot` (subscription 6): adds a slot of the weekly live programme, or moves
 * or renames one (`id` set). Weekday 1 = Monday; minutes after midnight, UTC.
 */
export const planningSlotInput = z.object({
  id: z.nullable(z.int().check(z.positive())),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  speaker: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  weekday: z.int().check(z.minimum(1), z.maximum(7)),
  startMinute: z.int().check(z.minimum(0), z.maximum(24 * 60 - 1)),
  durationMinutes: z.int().check(z.minimum(5), z.maximum(12 * 60)),
  roomClickId: z.nullable(z.string().check(z.regex(/^[a-z0-9-]{1,60}$/))),
  directLink: z.nullable(z.url({ protocol: /^https?$/ })),
});
export type PlanningSlotInput = z.infer<typeof planningSlotInput>;
export const planningSlot = z.object({ ...planningSlotInput.shape, id: z.int().check(z.positive()) });
export type PlanningSlot = z.infer<typeof planningSlot>;
export const planningSlotsResponse = z.object({ planningSlots: z.array(planningSlot) });
export const savePlanningSlotResponse = z.object({ savePlanningSlot: planningSlot });
