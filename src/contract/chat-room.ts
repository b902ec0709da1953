import { z } from 'zod/mini';

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
/** Ours (issue 22): `mutedUntil`, the end of the caller's timed mute (null when they may write). */
export const chatRoomsResponse = z.object({ rooms: z.array(chatRoom), mutedUntil: z._default(z.nullable(z.string()), null) });
/** To the member's own sockets when a moderator mutes them or lifts it (`until` null). */
export const MUTED_EVENT = 'chat muted';
export const mutedEvent = z.object({ until: z.nullable(z.string()) });

/** `POST /rest/chat/rooms/{roomId}/slow_mode` (moderators, issue 22). */
export const slowModeInput = z.object({ seconds: z.int().check(z.nonnegative()) });
/** To the room's readers when a moderator changes it. */
export const SLOW_MODE_EVENT = 'chat room slow mode';
export const slowModeEvent = z.object({ room: z.string(), seconds: z.int().check(z.nonnegative()) });

