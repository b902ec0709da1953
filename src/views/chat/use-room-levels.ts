import type { RoomLevel } from '../../domain/notification-level';
import { kv$ } from '../../store/chat-queries';
import { ROOM_LEVELS_KEY } from '../../sync/message-state';
import { useQuery } from '../common/use-query';

const NONE: Record<string, RoomLevel> = {};

/** The member's notification level per room as stored (rooms at 'Tout' absent; issue 22). */
export const useRoomLevels = (): Record<string, RoomLevel> => useQuery((db) => kv$<Record<string, RoomLevel>>(db, ROOM_LEVELS_KEY), [], null) ?? NONE;
