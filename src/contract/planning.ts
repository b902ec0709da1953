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
