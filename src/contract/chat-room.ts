import { z } from 'zod/mini';
import { KEYWORD_ACTIONS } from '../domain/keyword-filter';

/** `GET /api/chatrooms` entry: rights are computed per user by the server (spec 2 §3 Room). */
export const chatRoom = z.object({
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    icon: z.nullable(z.string()),
    canRead: z.boolean(),
    canWrite: z.boolean(),
    canSendAttachments: z.boolean(),
    /** Ours (issue 22): one message per member per so many seconds; 0 when off. */
    slowModeSeconds: z._default(z.int().check(z.nonnegative()), 0),
  }),
});
export type ChatRoom = z.infer<typeof chatRoom>;
export const chatRoomsResponse = z.object({ rooms: z.array(chatRoom) });

/** `POST /rest/chat/rooms/{roomId}/slow_mode` (moderators, issue 22). */
export const slowModeInput = z.object({ seconds: z.int().check(z.nonnegative()) });
/** To the room's readers when a moderator changes it. */
export const SLOW_MODE_EVENT = 'chat room slow mode';
export const slowModeEvent = z.object({ room: z.string(), seconds: z.int().check(z.nonnegative()) });

/** One rule of a room's keyword filter (issue 22, src/domain/keyword-filter.ts). */
export const keywordRule = z.object({ keyword: z.string().check(z.maxLength(200)), action: z.enum(KEYWORD_ACTIONS) });
/**
 * `GET` and `PUT /rest/chat/rooms/{roomId}/keyword_filters` (moderators): the whole list, read
 * or replaced. The server tidies it (src/domain/keyword-filter.ts `tidyRules`) and answers the list kept.
 */
export const keywordFiltersBody = z.object({ rules: z.array(keywordRule).check(z.maxLength(1000)) });
