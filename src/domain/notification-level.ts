/**
 * A member's notification level per room (issue 22): 'Tout', 'Mentions', 'Coachs seulement' or
 * 'Rien'. It decides, for that room, which events reach the member outside the room itself: the
 * room list's badge, the urgent alert's ring, and web pushes (desktop notifications). Private
 * messages and lives belong to no room: their boxes of /profil/notif alone decide. Their French
 * is src/domain/notification-text-fr.ts.
 */
import { ROOM_LEVELS, type RoomLevel } from '../contract/room-levels';

export { ROOM_LEVELS, type RoomLevel };
export const DEFAULT_ROOM_LEVEL: RoomLevel = 'all';

/** What happens in a room that may reach a member: a message (a coach's or not), an alert, a mention of them, a reply in a thread they follow. */
export type RoomNotice = 'message' | 'coach-message' | 'alert' | 'mention' | 'reply';

const NOTIFIED: Record<RoomLevel, readonly RoomNotice[]> = {
  all: ['message', 'coach-message', 'alert', 'mention', 'reply'],
  mentions: ['mention', 'reply'],
  coaches: ['coach-message', 'alert', 'mention', 'reply'],
  none: [],
};

/** Whether `notice` in a room reaches a member whose level there is `level`. */
export const levelNotifies = (level: RoomLevel, notice: RoomNotice): boolean => NOTIFIED[level].includes(notice);

/**
 * The room list's badge for a room with unread messages: their count at 'Tout'; a dot (something
 * new, not how much) at 'Mentions' and 'Coachs seulement'; nothing at 'Rien'.
 */
export const badgeKind = (level: RoomLevel): 'count' | 'dot' | 'none' => (level === 'all' ? 'count' : level === 'none' ? 'none' : 'dot');

/** A member's level in a room: the one they chose, else the default. */
export const levelIn = (levels: Readonly<Record<string, RoomLevel>> | null | undefined, roomId: string): RoomLevel => levels?.[roomId] ?? DEFAULT_ROOM_LEVEL;
