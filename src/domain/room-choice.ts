/** A room as the choice of the room to show needs it. */
export type RoomRef = { id: string; name: string };

/**
 * Which room the chat opens on (spec 2 §2): the `room` parameter when it names a room
 * (case-insensitively), then the room stored locally, then the first one.
 */
export function initialRoom(rooms: readonly RoomRef[], requestedName: string | null, lastRoomId: string | null): string | null {
  const requested = requestedName === null ? undefined : matchRoom(rooms, requestedName);
  if (requested) return requested.id;
  const last = rooms.find((room) => room.id === lastRoomId);
  return (last ?? rooms[0])?.id ?? null;
}

export function matchRoom(rooms: readonly RoomRef[], name: string): RoomRef | undefined {
  const wanted = name.trim().toLocaleLowerCase('fr');
  return rooms.find((room) => room.name.toLocaleLowerCase('fr') === wanted);
}
