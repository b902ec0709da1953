import type { ChatMessage, IncreaseRoomMessage } from '../contract/chat';
import type { ChatRoom } from '../contract/chat-room';
import type { ComptoirDatabase } from '../store/database';
import type { RoomDoc } from '../store/schemas';
import { emptyState, fromDoc, merge, stateOfMessage, toDoc, type MessageState } from './message-state';

/** Domain events of the chat (DESIGN.md "The event fold"), each from a decoded payload. */
export type ChatEvent =
  | { type: 'MessageReceived'; message: ChatMessage; forViewer: boolean }
  /** A message's new text (issue 22), as the whole message read at its edit's seq. */
  | { type: 'MessageEdited'; message: ChatMessage }
  | { type: 'LikeCountChanged'; _id: string; room: string; likesCount: number; seq: number }
  | { type: 'LikedChanged'; _id: string; room: string; liked: boolean; likesCount: number; seq: number }
  | { type: 'ThreadIncreased'; _id: string; room: string; repliesCount: number; repliesPictures: string[]; seq: number }
  | { type: 'MessageDeleted'; _id: string; room: string; seq: number }
  | { type: 'PinChanged'; _id: string; room: string; pinned: boolean; title: string | null; seq: number };

/** The facts one event adds to its message's state. */
export function factOf(event: ChatEvent): MessageState {
  if (event.type === 'MessageReceived') return stateOfMessage(event.message, event.forViewer);
  if (event.type === 'MessageEdited') return stateOfMessage(event.message, false);
  const base = emptyState(event._id, event.room);
  switch (event.type) {
    case 'LikeCountChanged':
      return { ...base, likes: { count: event.likesCount, seq: event.seq } };
    case 'LikedChanged':
      return { ...base, likes: { count: event.likesCount, seq: event.seq }, liked: { value: event.liked, seq: event.seq } };
    case 'ThreadIncreased':
      return { ...base, replies: { count: event.repliesCount, pictures: event.repliesPictures, seq: event.seq } };
    case 'MessageDeleted':
      return { ...base, deletedSeq: event.seq };
    case 'PinChanged':
      return { ...base, pin: { pinned: event.pinned, title: event.title, seq: event.seq } };
  }
}

/**
 * The most documents one bulk write of the live pump's fold holds. A write's puts run in one
 * main-thread task (each document cloned for IndexedDB): a burst's batch of a few hundred held the
 * page for 70–135 ms at a time on a 2-core machine; in chunks, each task stays short and the page
 * paints between. Only live batches are cut: they arrive in order, as messages do, while a page
 * of history or a jump's window must reach the lists whole (a room's first page shown in two
 * parts opened short of its end).
 */
export const FOLD_WRITE_CHUNK = 32;

/**
 * Folds a batch of events into the store in one read and one bulk write (FACTS.md: cost is per
 * transaction), or bulk writes of `writeChunk` documents at most. Confirmed messages take their
 * pending outbox entry's place, once.
 */
export async function foldChatEvents(db: ComptoirDatabase, events: readonly ChatEvent[], writeChunk = Infinity): Promise<void> {
  if (events.length === 0) return;
  const facts = new Map<string, MessageState>();
  for (const event of events) {
    const fact = factOf(event);
    const known = facts.get(fact._id);
    facts.set(fact._id, known ? merge(known, fact) : fact);
  }
  const stored = await db.messages.findByIds([...facts.keys()]).exec();
  const docs = [...facts.values()].map((fact) => {
    const existing = stored.get(fact._id);
    return toDoc(existing ? merge(fromDoc(existing.toMutableJSON()), fact) : fact);
  });
  for (let from = 0; from < docs.length; from += writeChunk) await db.messages.bulkUpsert(docs.slice(from, from + writeChunk));
  const confirmed = docs.map((d) => d.clientId).filter((id) => id !== '');
  if (confirmed.length > 0) await db.outbox.bulkRemove(confirmed);
}

/** A rooms answer is the whole list: rights are replaced, badges kept, vanished rooms removed. */
export async function foldRooms(db: ComptoirDatabase, rooms: readonly ChatRoom[]): Promise<void> {
  const stored = await db.rooms.find().exec();
  const badges = new Map(stored.map((r) => [r.id, r.unread]));
  // A room new to the store takes its badge from a read state folded before it (src/sync/fold-read-state.ts).
  const unseen = rooms.filter((room) => !badges.has(room.id)).map((room) => `read:${room.id}`);
  if (unseen.length > 0)
    for (const doc of (await db.kv.findByIds(unseen).exec()).values()) {
      const state = doc.toJSON().value as { room: string; unread: number };
      badges.set(state.room, state.unread);
    }
  const docs: RoomDoc[] = rooms.map((room, position) => ({
    id: room.id,
    name: room.attributes.name,
    icon: room.attributes.icon,
    position,
    canRead: room.attributes.canRead,
    canWrite: room.attributes.canWrite,
    canSendAttachments: room.attributes.canSendAttachments,
    unread: badges.get(room.id) ?? 0,
  }));
  const kept = new Set(docs.map((d) => d.id));
  const gone = stored.map((r) => r.id).filter((id) => !kept.has(id));
  if (gone.length > 0) await db.rooms.bulkRemove(gone);
  await db.rooms.bulkUpsert(docs);
}

/**
 * How many messages of an 'increase room message' the badge has not counted yet, the store having
 * counted the room up to `counted` (its cursor, or the seq its read state was counted at): those
 * after it by their seqs when the event names them, else all or none by its newest.
 */
export function newInBadge(event: Pick<IncreaseRoomMessage, 'count' | 'seq' | 'seqs'>, counted: number): number {
  if (event.seqs) return event.seqs.filter((seq) => seq > counted).length;
  return event.seq === undefined || event.seq > counted ? event.count : 0;
}

/** 'increase room message' adds one to the badge of a room that is not on screen. */
export async function increaseRoomBadge(db: ComptoirDatabase, roomId: string, by = 1): Promise<void> {
  await db.rooms.findOne(roomId).incrementalModify((doc) => ({ ...doc, unread: doc.unread + by }));
}

export async function resetRoomBadge(db: ComptoirDatabase, roomId: string): Promise<void> {
  const room = await db.rooms.findOne(roomId).exec();
  if (room && room.unread !== 0) await room.incrementalPatch({ unread: 0 });
}

/** Stored keyed values; the room cursor only moves forward (STYLE.md habit 6). */
export async function readKv<T>(db: ComptoirDatabase, key: string): Promise<T | null> {
  const doc = await db.kv.findOne(key).exec();
  return doc ? (doc.toJSON().value as T) : null;
}
export async function writeKv(db: ComptoirDatabase, key: string, value: unknown): Promise<void> {
  await db.kv.upsert({ key, value });
}
/** The last seq of a channel (its key: `channelKey`) folded in order; null before its first page. */
export function readCursor(db: ComptoirDatabase, channel: string): Promise<number | null> {
  return readKv<number>(db, `cursor:${channel}`);
}
export async function advanceCursor(db: ComptoirDatabase, room: string, seq: number): Promise<number> {
  const key = `cursor:${room}`;
  const current = (await readCursor(db, room)) ?? 0;
  if (seq > current) await writeKv(db, key, seq);
  return Math.max(seq, current);
}
