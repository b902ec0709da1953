import { z } from 'zod/mini';
import { isoDate } from './user';

/** Moderation (issue 22): timed mutes and the moderation log, on the API host, for moderators. */

/** `POST /rest/chat/mutes`: 10, 60 or 1440 minutes. */
export const muteInput = z.object({ userId: z.int().check(z.positive()), minutes: z.int().check(z.positive()) });
export const muteResponse = z.object({ ok: z.literal(true), until: isoDate });

/** `GET /rest/chat/moderation_log`: the newest actions first. */
export const moderationLogEntry = z.object({
  id: z.int(),
  action: z.string(),
  moderator: z.nullable(z.string()),
  target: z.nullable(z.string()),
  messageId: z.nullable(z.string()),
  roomId: z.nullable(z.string()),
  details: z.string(),
  date: isoDate,
});
export const moderationLogResponse = z.object({ entries: z.array(moderationLogEntry) });
