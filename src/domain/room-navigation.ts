import { rankByFuzzy } from './fuzzy-match';

/** A room as keyboard navigation needs it: its place is its index in the room list. */
export type NavRoom = { id: string; name: string; unread: number };

/**
 * The room Alt+↓ (`step` 1) or Alt+↑ (`step` -1) opens, in the room list's order, wrapping round
 * the ends; with `unreadOnly` (Alt+Shift) the nearest room that way with unread messages. Null when
 * there is nowhere else to go. A current room missing from the list starts from outside it: ↓ gives
 * the first room, ↑ the last.
 */
export function adjacentRoomId(rooms: readonly NavRoom[], currentId: string | null, step: 1 | -1, unreadOnly = false): string | null {
  const count = rooms.length;
  const at = rooms.findIndex((room) => room.id === currentId);
  const start = at === -1 ? (step === 1 ? -1 : count) : at;
  for (let moved = 1; moved <= count; moved++) {
    const room = rooms[(((start + step * moved) % count) + count) % count]!;
    if (room.id === currentId) return null;
    if (!unreadOnly || room.unread > 0) return room.id;
  }
  return null;
}

/**
 * The switcher's list: with nothing typed, the rooms with unread messages first (each part in the
 * room list's order); once typed, the fuzzy matches best first.
 */
export function switcherRooms<T extends NavRoom>(rooms: readonly T[], query: string): T[] {
  if (query.trim() === '') return [...rooms.filter((room) => room.unread > 0), ...rooms.filter((room) => room.unread <= 0)];
  return rankByFuzzy(rooms, query, (room) => room.name);
}
