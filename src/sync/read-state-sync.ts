import { READ_CLIENT_EVENTS, READ_SERVER_EVENTS, roomRead, roomReadAck, roomReadsAck, roomReadsResponse, type ReadPosition, type RoomRead } from '../contract/read-state';
import { comparePlaces } from '../domain/read-position';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient } from './api-client';
import { foldRoomReads, readStateKey } from './fold-read-state';
import { foldInbox } from './fold-inbox';
import type { SocketTransport } from './socket-transport';

/** A log's reading place: its top row and the window it was in (the list's bounds). */
export type KeptPlace = { topId: string; limit: number; anchors: number[] };
export const placeKey = (room: string) => `place:${room}`;

/** At most one 'mark room read' a second per room while the member reads (the last one wins). */
export const MARK_READ_EVERY_MS = 1_000;

export type ReadStateSync = ReturnType<typeof createReadStateSync>;

/**
 * The member's read state per room (issue 21): fetched on every (re)connection, kept live by
 * 'room read' from the member's other devices, and moved as the member reads (a read made without
 * a connection is sent once it is back). Every state the server sends, answers included, is
 * folded into the store (src/sync/fold-read-state.ts).
 */
export function createReadStateSync(deps: {
  db: ComptoirDatabase;
  socket: SocketTransport;
  api: ApiClient;
  /** The chat's store queue: every write goes through it. */
  serial: <T>(work: () => Promise<T>) => Promise<T>;
  now?: () => number;
}) {
  const { db, socket, api, serial } = deps;
  const now = deps.now ?? (() => Date.now());
  // A room read past a mention reads it: the inbox moves with the badges (src/domain/inbox.ts).
  const fold = (states: readonly RoomRead[]) =>
    serial(async () => {
      await foldRoomReads(db, states);
      await foldInbox(db, states.map((state) => ({ type: 'room.read' as const, state })));
    });
  /** What this device last sent or heard per room: a read at or before it is not sent again. */
  const known = new Map<string, ReadPosition | null>();
  /** Rooms marked unread here: reading them does not mark them read until they are opened again. */
  const paused = new Set<string>();
  const throttled = new Map<string, { last: number; wanted: ReadPosition | null; timer: ReturnType<typeof setTimeout> | null }>();
  /**
   * Reads that could not leave (no connection): the furthest per room (null: up to the room's
   * newest), sent once the socket is back, after the states are fetched again.
   */
  const unsent = new Map<string, ReadPosition | null>();
  const keepUnsent = (room: string, message: ReadPosition | null) => {
    const waiting = unsent.get(room);
    if (!unsent.has(room) || message === null || (waiting !== null && waiting !== undefined && comparePlaces(message, waiting) > 0)) unsent.set(room, message);
  };

  const learn = (states: readonly RoomRead[]) => {
    for (const state of states) {
      const seen = known.get(state.room);
      if (seen === undefined || seen === null || state.readUpTo === null || comparePlaces(state.readUpTo, seen) >= 0) known.set(state.room, state.readUpTo);
    }
  };

  async function refresh(): Promise<void> {
    const answer = await api.request(roomReadsResponse, 'rest', '/chat/read-state');
    if (!answer.ok) return;
    learn(answer.data.rooms);
    await fold(answer.data.rooms);
  }

  async function send(room: string, message: ReadPosition | null): Promise<void> {
    const answer = await socket.request(READ_CLIENT_EVENTS.markRead, message === null ? { room } : { room, messageId: message._id }, roomReadAck);
    if (!answer.ok && answer.offline) keepUnsent(room, message);
    if (answer.ok && !('error' in answer.data)) {
      learn([answer.data]);
      await fold([answer.data]);
    }
  }

  const subscriptions = [
    socket.on(READ_SERVER_EVENTS.roomRead, roomRead, (state) => {
      // An explicit unread from another device moves this one back too.
      known.set(state.room, state.readUpTo);
      void fold([state]);
    }),
    socket.onConnect(() => {
      // The server's states first (what other devices read meanwhile), then what was read here offline.
      void refresh().then(() => {
        const waiting = [...unsent];
        unsent.clear();
        for (const [room, message] of waiting) if (!paused.has(room)) void send(room, message);
      });
    }),
  ];

  return {
    refresh,

    /**
     * The member has seen this message of the room (the newest row on screen): sent at once, then
     * at most every MARK_READ_EVERY_MS; nothing is sent for a message at or before what is known.
     */
    read(room: string, message: ReadPosition): void {
      if (paused.has(room)) return;
      const seen = known.get(room);
      if (seen !== undefined && seen !== null && comparePlaces(message, seen) <= 0) return;
      let entry = throttled.get(room);
      if (!entry) throttled.set(room, (entry = { last: -Infinity, wanted: null, timer: null }));
      if (entry.wanted === null || comparePlaces(message, entry.wanted) > 0) entry.wanted = message;
      if (entry.timer !== null) return;
      const wait = Math.max(0, entry.last + MARK_READ_EVERY_MS - now());
      const flush = () => {
        const current = throttled.get(room);
        if (!current) return;
        current.timer = null;
        current.last = now();
        const wanted = current.wanted;
        current.wanted = null;
        if (wanted !== null) {
          known.set(room, wanted);
          void send(room, wanted);
        }
      };
      if (wait === 0) flush();
      else entry.timer = setTimeout(flush, wait);
    },

    /** 'Échap' in the room, or its 'marquer comme lu': up to the room's newest message, at once. */
    async markRoomRead(room: string): Promise<void> {
      paused.delete(room);
      await send(room, null);
    },

    /** 'Marquer comme non lu' from a message: it becomes the first unread, on every device. */
    async markUnread(room: string, messageId: string): Promise<string | null> {
      paused.add(room);
      unsent.delete(room);
      const pending = throttled.get(room);
      if (pending?.timer) clearTimeout(pending.timer);
      throttled.delete(room);
      const answer = await socket.request(READ_CLIENT_EVENTS.markUnread, { messageId }, roomReadAck);
      if (!answer.ok) return answer.error;
      if ('error' in answer.data) return answer.data.error;
      known.set(room, answer.data.readUpTo);
      await fold([answer.data]);
      return null;
    },

    /** 'Tout marquer comme lu'. */
    async markAllRead(): Promise<string | null> {
      paused.clear();
      unsent.clear();
      const answer = await socket.request(READ_CLIENT_EVENTS.markAllRead, {}, roomReadsAck);
      if (!answer.ok) return answer.error;
      if ('error' in answer.data) return answer.data.error;
      learn(answer.data.rooms);
      await fold(answer.data.rooms);
      return null;
    },

    /**
     * Where the member left a room's log while reading its history (null: at the end), kept in the
     * store so the room opens there again, after a switch or a reload.
     */
    keepPlace(room: string, place: KeptPlace | null): Promise<void> {
      const key = placeKey(room);
      return serial(async () => {
        if (place === null) await db.kv.bulkRemove([key]);
        else await db.kv.upsert({ key, value: place });
      });
    },

    /** The room is opened again: reading it marks it read again. */
    resume(room: string): void {
      paused.delete(room);
    },

    close(): void {
      for (const unsubscribe of subscriptions) unsubscribe();
      for (const entry of throttled.values()) if (entry.timer) clearTimeout(entry.timer);
    },
  };
}
