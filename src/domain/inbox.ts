import type { Inbox, InboxMention, ThreadRead } from '../contract/inbox';
import type { ReadPosition, RoomRead } from '../contract/read-state';
import { comparePlaces } from './read-position';

/**
 * The inbox 'Non lus' (issue 21) as the client keeps it: the server's last answer, moved by the
 * events heard since. Each change is a pure function of the stored inbox and one event, so the
 * fold applies the same way whatever the order of versions, and applying an event twice changes
 * nothing.
 */
export type InboxEvent =
  | { type: 'inbox.loaded'; inbox: Inbox }
  | { type: 'thread.read'; state: ThreadRead }
  | { type: 'room.read'; state: RoomRead }
  | { type: 'mention.received'; mention: InboxMention };

export const EMPTY_INBOX: Inbox = { rooms: [], threads: [], mentions: [] };

export function applyInboxEvent(inbox: Inbox, event: InboxEvent): Inbox {
  switch (event.type) {
    case 'inbox.loaded':
      return event.inbox;
    case 'thread.read': {
      const { state } = event;
      const known = inbox.threads.find((t) => t.parentMessage === state.parentMessage);
      if (known && known.version > state.version) return inbox;
      // Kept even once read or unfollowed: its version turns away an older state arriving late
      // (the entries list only followed threads with unread replies).
      const threads = [...inbox.threads.filter((t) => t.parentMessage !== state.parentMessage), state];
      const mentions = inbox.mentions.filter((m) => m.parentMessage !== state.parentMessage || !passed(state.readUpTo, m));
      return { ...inbox, threads, mentions };
    }
    case 'room.read': {
      const { state } = event;
      const rooms = inbox.rooms.flatMap((room) => (room.room !== state.room ? [room] : state.unread > 0 ? [{ ...room, unread: state.unread }] : []));
      const mentions = inbox.mentions.filter((m) => m.room !== state.room || m.parentMessage !== null || !passed(state.readUpTo, m));
      return { ...inbox, rooms, mentions };
    }
    case 'mention.received':
      if (inbox.mentions.some((m) => m._id === event.mention._id)) return inbox;
      return { ...inbox, mentions: [event.mention, ...inbox.mentions] };
  }
}

/** Whether a read position is at or after the mentioned message. */
const passed = (position: ReadPosition | null, mention: InboxMention): boolean =>
  position !== null && comparePlaces(position, { date: mention.date, _id: mention._id }) >= 0;

/** One line of the inbox: a room, a followed thread or a mention, and where it opens. */
export type InboxEntry = {
  key: string;
  kind: 'room' | 'thread' | 'mention';
  room: string;
  roomName: string;
  /** The entry's newest message; null: newer than the server's last answer (listed first). */
  date: string | null;
  /** Unread messages (rooms and threads). */
  unread: number;
  author: string | null;
  excerpt: string;
  /** The message it opens at ('message' in the link; a reply's parent); the thread it opens, if any. */
  message: string | null;
  thread: string | null;
};

/** The rooms as the inbox needs them: the live badge is the room's count (the open room's too). */
export type InboxRoomRef = { id: string; name: string; canRead: boolean; unread: number };

/**
 * Every entry, newest first across rooms: the readable rooms whose badge counts (their date from
 * the inbox), the followed threads with unread replies, the unread mentions.
 */
export function inboxEntries(inbox: Inbox, rooms: readonly InboxRoomRef[]): InboxEntry[] {
  const names = new Map(rooms.filter((room) => room.canRead).map((room) => [room.id, room.name]));
  const dated = new Map(inbox.rooms.map((room) => [room.room, room]));
  const entries: InboxEntry[] = [];
  for (const room of rooms) {
    if (!room.canRead || room.unread === 0) continue;
    const known = dated.get(room.id);
    entries.push({
      key: `room:${room.id}`,
      kind: 'room',
      room: room.id,
      roomName: room.name,
      date: known?.newest.date ?? null,
      unread: room.unread,
      author: null,
      excerpt: '',
      message: null,
      thread: null,
    });
  }
  for (const thread of inbox.threads) {
    const roomName = names.get(thread.room);
    if (roomName === undefined || !thread.following || thread.unread === 0) continue;
    entries.push({
      key: `thread:${thread.parentMessage}`,
      kind: 'thread',
      room: thread.room,
      roomName,
      date: thread.newest?.date ?? null,
      unread: thread.unread,
      author: null,
      excerpt: thread.excerpt,
      message: thread.parentMessage,
      thread: thread.parentMessage,
    });
  }
  for (const mention of inbox.mentions) {
    const roomName = names.get(mention.room);
    if (roomName === undefined) continue;
    entries.push({
      key: `mention:${mention._id}`,
      kind: 'mention',
      room: mention.room,
      roomName,
      date: mention.date,
      unread: 0,
      author: mention.author,
      excerpt: mention.excerpt,
      message: mention.parentMessage ?? mention._id,
      thread: mention.parentMessage,
    });
  }
  return entries.sort(newestFirst);
}

const newestFirst = (a: InboxEntry, b: InboxEntry): number => {
  if (a.date === b.date) return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  if (a.date === null) return -1;
  if (b.date === null) return 1;
  return a.date < b.date ? 1 : -1;
};

/** Where an entry opens: the room at its message (the deep link `/chat?room=…&message=…`). */
export function inboxHref(entry: Pick<InboxEntry, 'roomName' | 'message'>): string {
  const query = new URLSearchParams({ room: entry.roomName });
  if (entry.message !== null) query.set('message', entry.message);
  return `/chat?${query.toString()}`;
}
