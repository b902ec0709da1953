import { okAck } from '../contract/chat';
import { ROOM_LEVEL_EVENT, roomLevelEvent, roomLevelsResponse } from '../contract/room-levels';
import type { RoomLevel } from '../domain/notification-level';
import { readKv, writeKv } from './fold-chat-event';
import type { SyncDeps } from './sync-deps';
import { ROOM_LEVELS_KEY } from './message-state';

export type RoomLevelsSync = ReturnType<typeof createRoomLevelsSync>;

/**
 * The member's notification level per room (issue 22): read once the first screen is shown and at
 * each reconnection, changed by the member here or on another device ('chat room notification
 * level'), kept in the store (`kv` `room-levels`, rooms at 'Tout' absent). A change heard while a
 * read is on its way is never undone by that read's older answer.
 */
export function createRoomLevelsSync(deps: SyncDeps) {
  const { db, socket, api, serial } = deps;
  const firstScreen = deps.firstScreen ?? Promise.resolve();
  // Levels heard since the last read was asked: they win over its answer.
  let heardSince: Record<string, RoomLevel> = {};
  const fold = (room: string, level: RoomLevel) => {
    heardSince = { ...heardSince, [room]: level };
    return serial(async () => writeKv(db, ROOM_LEVELS_KEY, withLevel((await readKv<Record<string, RoomLevel>>(db, ROOM_LEVELS_KEY)) ?? {}, room, level)));
  };

  async function refresh(): Promise<void> {
    await firstScreen;
    heardSince = {};
    const answer = await api.request(roomLevelsResponse, 'rest', '/chat/notification_levels');
    if (!answer.ok) return;
    const levels = Object.entries(heardSince).reduce((all, [room, level]) => withLevel(all, room, level), answer.data.levels);
    await serial(() => writeKv(db, ROOM_LEVELS_KEY, levels));
  }

  const subscriptions = [
    socket.on(ROOM_LEVEL_EVENT, roomLevelEvent, (event) => void fold(event.room, event.level)),
    socket.onConnect(() => void refresh()),
  ];

  return {
    refresh,

    /** The member's choice for a room: null once the server kept it (shown at once), else the refusal. */
    async set(room: string, level: RoomLevel): Promise<string | null> {
      const answer = await api.request(okAck, 'rest', `/chat/rooms/${encodeURIComponent(room)}/notification_level`, { method: 'PUT', body: { level } });
      if (!answer.ok) return answer.error;
      await fold(room, level);
      return null;
    },

    close(): void {
      for (const unsubscribe of subscriptions) unsubscribe();
    },
  };
}

/** The record with a room's level ('Tout' is the default: left out). */
function withLevel(levels: Record<string, RoomLevel>, room: string, level: RoomLevel): Record<string, RoomLevel> {
  const { [room]: _, ...others } = levels;
  return level === 'all' ? others : { ...others, [room]: level };
}
