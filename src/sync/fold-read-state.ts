import type { RoomRead } from '../contract/read-state';
import type { ComptoirDatabase } from '../store/database';

export const readStateKey = (room: string) => `read:${room}`;

/**
 * Which of two states of a room's read state the store keeps: the higher version (every change
 * on the server raises it, explicit unread included), and for the same version the later
 * observation (its unread count is newer). Applying states twice or in another order of
 * versions gives the same result.
 */
export function newerRead(stored: RoomRead | null, incoming: RoomRead): RoomRead {
  if (stored === null || incoming.version >= stored.version) return incoming;
  return stored;
}

/**
 * Folds the server's read states into the store: each room's state under `read:{room}` and its
 * badge on the room (the room list reads the badge; the open room's badge is hidden by the view).
 * One read and two bulk writes for the batch.
 */
export async function foldRoomReads(db: ComptoirDatabase, states: readonly RoomRead[]): Promise<void> {
  if (states.length === 0) return;
  const byRoom = new Map<string, RoomRead>();
  for (const state of states) byRoom.set(state.room, newerRead(byRoom.get(state.room) ?? null, state));
  const keys = [...byRoom.keys()].map(readStateKey);
  const stored = await db.kv.findByIds(keys).exec();
  const kept: RoomRead[] = [];
  for (const state of byRoom.values()) {
    const known = (stored.get(readStateKey(state.room))?.toJSON().value as RoomRead | undefined) ?? null;
    const next = newerRead(known, state);
    if (next !== known) kept.push(next);
  }
  if (kept.length === 0) return;
  await db.kv.bulkUpsert(kept.map((state) => ({ key: readStateKey(state.room), value: state })));
  const rooms = await db.rooms.findByIds(kept.map((state) => state.room)).exec();
  const badges = kept.flatMap((state) => {
    const room = rooms.get(state.room);
    return room && room.unread !== state.unread ? [{ ...room.toMutableJSON(), unread: state.unread }] : [];
  });
  if (badges.length > 0) await db.rooms.bulkUpsert(badges);
}
