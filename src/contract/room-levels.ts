import { z } from 'zod/mini';

/**
 * Notification levels per room (issue 22, src/domain/notification-level.ts): `GET
 * /rest/chat/notification_levels` lists the member's chosen levels (rooms left at the default
 * 'all' are absent); `PUT /rest/chat/rooms/{roomId}/notification_level` {level} sets one for a room
 * the member may read, answered `{ ok: true }` and announced to all the member's sockets.
 */
/** Tout, Mentions, Coachs seulement, Rien (src/domain/notification-level.ts says what each lets through). */
export const ROOM_LEVELS = ['all', 'mentions', 'coaches', 'none'] as const;
export type RoomLevel = (typeof ROOM_LEVELS)[number];
export const roomLevel = z.enum(ROOM_LEVELS);
export const roomLevelsResponse = z.object({ levels: z.record(z.string(), roomLevel) });
export const roomLevelInput = z.object({ level: roomLevel });
export const ROOM_LEVEL_EVENT = 'chat room notification level';
export const roomLevelEvent = z.object({ room: z.string(), level: roomLevel });
