import { createContext } from 'react';

/**
 * The rooms the chat keeps mounted, hidden, after the member left them (issue 21, `room_switch_ms`):
 * going back to one shows it as it was, rows laid out and scrolled, in the frame after the click,
 * instead of a new list that reads, renders and measures its rows again. A room is kept only when
 * a new visit would open it just the same: read (no badge), at its newest rows, live, without the
 * 'Nouveaux messages' line or a jumped window; any other room opens anew (at its first unread, its
 * kept place, its jump), as it always has. At most `KEPT_ROOMS_MAX`, the least recently shown going first.
 */
export const KEPT_ROOMS_MAX = 5;

/** One kept room: `key` changes when the room is opened anew (a new list, not the kept one). */
export type KeptRoom = { id: string; key: number };
export type KeptRooms = { rooms: readonly KeptRoom[]; recent: readonly string[]; nextKey: number };
export const NO_KEPT_ROOMS: KeptRooms = { rooms: [], recent: [], nextKey: 1 };

/**
 * `id` is the room shown now: the kept one when `resume`, else a new one in its place. The order of
 * `rooms` never changes for a room that stays (a moved node would lose its scroll).
 */
export function showRoom(kept: KeptRooms, id: string, resume: boolean): KeptRooms {
  const recent = [id, ...kept.recent.filter((r) => r !== id)].slice(0, KEPT_ROOMS_MAX);
  const found = kept.rooms.some((r) => r.id === id);
  const rooms = kept.rooms.filter((r) => recent.includes(r.id)).map((r) => (r.id === id && !resume ? { id, key: kept.nextKey } : r));
  return { rooms: found ? rooms : [...rooms, { id, key: kept.nextKey }], recent, nextKey: kept.nextKey + (found && resume ? 0 : 1) };
}

/** The rooms no longer kept (left in a state a new visit would not show, or now unread, or in a column). */
export function dropRooms(kept: KeptRooms, ids: readonly string[]): KeptRooms {
  if (!kept.rooms.some((r) => ids.includes(r.id))) return kept;
  return { ...kept, rooms: kept.rooms.filter((r) => !ids.includes(r.id)), recent: kept.recent.filter((id) => !ids.includes(id)) };
}

/**
 * What a room's log tells the chat as it goes: whether leaving it now would leave it resumable.
 * Kept outside React's state (the page reads it when the member leaves the room).
 */
export type RoomKeeping = { note(roomId: string, resumable: boolean): void };
export const RoomKeepingContext = createContext<RoomKeeping | null>(null);
