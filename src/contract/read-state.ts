import { z } from 'zod/mini';
import { isoDate } from './user';

/**
 * Read state per member and room (ours, issue 21): where the member has read a room up to, kept by
 * the server so that every device agrees, and the room's unread count from it (the room badges).
 *
 * The position is a message's place in the room's order (date, then id), not the room's change
 * sequence: a message's `seq` moves with every like, reply or pin (src/contract/chat.ts), so "seq
 * ≤ N" is not "posted before". Both sides order a room's messages by (date, _id), so the first
 * unread is the first message after the position, on the server's count and in the client's
 * window alike.
 */
const id = z.string().check(z.minLength(1), z.maxLength(100));

export const readPosition = z.object({ date: isoDate, _id: id });
export type ReadPosition = z.infer<typeof readPosition>;

export const roomRead = z.object({
  room: id,
  /** The last message read; null: nothing read (every message is new). */
  readUpTo: z.nullable(readPosition),
  /** Others' messages after it, at most UNREAD_COUNT_MAX. */
  unread: z.int().check(z.nonnegative()),
  /**
   * Grows with every change of the position (forward reads and explicit 'marquer comme non lu'):
   * of two states of a room, the higher version is the newer, whatever the order they arrive in.
   */
  version: z.int().check(z.nonnegative()),
  /** Set on the state a 'marquer comme non lu' made: an open log moves its line back to it. */
  markedUnread: z.optional(z.boolean()),
  /**
   * Ours: the room's change sequence when `unread` was counted. A badge increase ('increase room
   * message') at or before it is in the count already: one that came late (they are coalesced and
   * sent up to 250 ms after their messages) is dropped rather than added again.
   */
  seq: z.optional(z.int().check(z.nonnegative())),
});
export type RoomRead = z.infer<typeof roomRead>;

/** `GET /rest/chat/read-state`: every readable room's state. */
export const roomReadsResponse = z.object({ rooms: z.array(roomRead) });

/** 'mark room read': up to that message (never back), or without one up to the room's newest. */
export const markRoomReadInput = z.strictObject({ room: id, messageId: z.optional(id) });
/** 'mark room unread': that message becomes the first unread (the one move backwards). */
export const markRoomUnreadInput = z.strictObject({ messageId: id });
export const roomReadAck = z.union([roomRead, z.object({ error: z.string() })]);
export const roomReadsAck = z.union([roomReadsResponse, z.object({ error: z.string() })]);

export const READ_CLIENT_EVENTS = {
  markRead: 'mark room read',
  markUnread: 'mark room unread',
  markAllRead: 'mark all rooms read',
} as const;
export const READ_SERVER_EVENTS = {
  /** To every socket of the member: one room's state changed (on another device, or this one). */
  roomRead: 'room read',
} as const;

/** Counts stop here: a badge shows '99+' long before. */
export const UNREAD_COUNT_MAX = 1000;
