import type { ChatMessage, StreamRef } from '../contract/chat';
import { REV_BASE, type MessageDoc, type MessageStateJson } from '../store/schemas';

/**
 * What the client knows of one message, as a join of facts: the immutable body, and groups of
 * mutable fields each stamped with the room change sequence they were read at. `merge` takes the
 * newest stamp of each group, so folding the same facts twice, or in any order, gives one state
 * (DESIGN.md "The event fold"; checked as a property in tests/unit/sync).
 */
export type MessageBody = Omit<ChatMessage, 'seq' | 'likesCount' | 'repliesCount' | 'repliesPictures' | 'liked' | 'pinned' | 'title' | 'editedAt'>;
type Stamped<T> = (T & { seq: number }) | null;

export type MessageState = {
  _id: string;
  room: string;
  body: MessageBody | null;
  likes: Stamped<{ count: number }>;
  replies: Stamped<{ count: number; pictures: string[] }>;
  pin: Stamped<{ pinned: boolean; title: string | null }>;
  /**
   * The text as last edited (issue 22), over the body's; null until an edit is known. (An edit
   * never goes back to 'not edited', so the newest stamp is the text.) Optional: states stored
   * before edits existed have none.
   */
  text?: Stamped<{ content: string; editedAt: string | null }>;
  /** The viewer's own like: only answers addressed to the viewer know it. */
  liked: Stamped<{ value: boolean }>;
  /** The sequence of the deletion, once deleted; a deletion wins over everything. */
  deletedSeq: number | null;
};

export const emptyState = (_id: string, room: string): MessageState => ({
  _id,
  room,
  body: null,
  likes: null,
  replies: null,
  pin: null,
  text: null,
  liked: null,
  deletedSeq: null,
});

/** The facts a full message carries. `forViewer` says whether its `liked` is about this member. */
export function stateOfMessage(message: ChatMessage, forViewer: boolean): MessageState {
  const { seq, likesCount, repliesCount, repliesPictures, liked, pinned, title, editedAt, ...body } = message;
  return {
    _id: message._id,
    room: message.room,
    body,
    likes: { count: likesCount, seq },
    replies: { count: repliesCount, pictures: repliesPictures, seq },
    pin: { pinned, title, seq },
    // Kept apart only once edited: a text never edited is the body's (no second copy in the store).
    text: editedAt === null ? null : { content: body.content, editedAt, seq },
    liked: forViewer ? { value: liked, seq } : null,
    deletedSeq: null,
  };
}

export function merge(a: MessageState, b: MessageState): MessageState {
  return {
    _id: a._id,
    room: a.room || b.room,
    body: a.body ?? b.body,
    likes: newest(a.likes, b.likes),
    replies: newest(a.replies, b.replies),
    pin: newest(a.pin, b.pin),
    text: newest(a.text ?? null, b.text ?? null),
    liked: newest(a.liked, b.liked),
    deletedSeq: a.deletedSeq === null ? b.deletedSeq : b.deletedSeq === null ? a.deletedSeq : Math.max(a.deletedSeq, b.deletedSeq),
  };
}

/** The message as the views read it, or null while it is unknown or deleted. */
export function visibleMessage(state: MessageState): ChatMessage | null {
  if (state.body === null || state.deletedSeq !== null) return null;
  return {
    ...state.body,
    content: state.text?.content ?? state.body.content,
    editedAt: state.text?.editedAt ?? null,
    seq: Math.max(state.likes?.seq ?? 0, state.replies?.seq ?? 0, state.pin?.seq ?? 0, state.text?.seq ?? 0),
    likesCount: state.likes?.count ?? 0,
    repliesCount: state.replies?.count ?? 0,
    repliesPictures: state.replies?.pictures ?? [],
    liked: state.liked?.value ?? false,
    pinned: state.pin?.pinned ?? false,
    title: state.pin?.title ?? null,
  };
}

export const streamOf = (body: Pick<MessageBody, 'room' | 'parentMessage' | 'alertId' | 'conversationId'>): string =>
  body.conversationId
    ? conversationStream(body.conversationId)
    : body.alertId
      ? alertStream(body.alertId)
      : body.parentMessage
        ? threadStream(body.parentMessage)
        : roomStream(body.room);
export const roomStream = (room: string): string => `room:${room}`;
export const threadStream = (parentId: string): string => `thread:${parentId}`;
/** The comments under an alert. */
export const alertStream = (alertId: string): string => `alert:${alertId}`;
/**
 * A private conversation's messages; `conversation:user_{id}` holds the drafts to a member the
 * viewer has no conversation with yet (the first message creates it).
 */
export const conversationStream = (conversationId: string): string => `conversation:${conversationId}`;

/** What a 'join room' / 'more messages' names: a room, a thread, an alert's comments or a conversation. */
export type HistoryRef = StreamRef | { conversationId: string };

/** What the client holds of a stream's history: the contiguous block and how to page past it. */
export type HistoryState = { cursor: string | null; oldestRev: number | null; exhausted: boolean };
/**
 * The history held after a page of it (newest first): its cursor pages on, its oldest row bounds
 * the block. `latest` says the page is the stream's newest, which never moves an older bound down.
 */
export function nextHistory(previous: HistoryState | null, page: { messages: readonly { date: string }[]; cursor: string | null }, latest: boolean): HistoryState {
  const oldest = page.messages.reduce<number | null>((max, m) => Math.max(max ?? 0, revOf(m.date)), null);
  return {
    cursor: page.cursor,
    oldestRev: latest && previous ? Math.max(previous.oldestRev ?? 0, oldest ?? 0) : (oldest ?? previous?.oldestRev ?? null),
    exhausted: page.cursor === null,
  };
}
/**
 * Of two blocks of a stream's history that both reach its newest rows, the one reaching further
 * back (a whole history first; a block without rows reaches nowhere).
 */
export function furtherBack(a: HistoryState | null, b: HistoryState): HistoryState {
  if (a === null || b.exhausted) return b;
  if (a.exhausted) return a;
  // (A rev grows with age: the older bound is the higher.)
  return (a.oldestRev ?? -Infinity) >= (b.oldestRev ?? -Infinity) ? a : b;
}
/**
 * The oldest bound of a stream's list window: the contiguous block's end, none once the whole
 * history is held. The list and the boot's first screen must agree on it (it keys the kept window).
 */
export const windowBound = (history: HistoryState | null): number | null => (history && !history.exhausted ? history.oldestRev : null);
/** The kv record of a stream's HistoryState. */
export const historyKey = (stream: string) => `history:${stream}`;
/** The kv record of the member's follows and blocks (a block hides the member's messages in every list). */
export const FOLLOWINGS_KEY = 'followings';
/** The kv record of every room's slow mode (seconds, 0 when off; issue 22). */
export const SLOW_MODES_KEY = 'slow-modes';
/** The kv record of the moderators' report queue, most recently reported first (issue 22). */
export const REPORTS_KEY = 'reports';
/** The end of the member's timed mute (ISO), or null (issue 22). */
export const MUTE_KEY = 'muted-until';
/** The member's notification level per room, rooms at 'Tout' absent (issue 22). */
export const ROOM_LEVELS_KEY = 'room-levels';
/** The moderation log's newest entries, as last read by a moderator (issue 22). */
export const MODERATION_LOG_KEY = 'moderation-log';
/** The posts the rooms' keyword filters hold for a moderator (issue 22), oldest first. */
export const HELD_KEY = 'held-messages';

/** The stream a 'join room' / 'more messages' reference names. */
export function streamOfRef(ref: HistoryRef): string {
  if ('room' in ref) return roomStream(ref.room);
  if ('conversationId' in ref) return conversationStream(ref.conversationId);
  return 'parentMessage' in ref ? threadStream(ref.parentMessage) : alertStream(ref.alertId);
}
export const revOf = (isoDate: string): number => REV_BASE - Date.parse(isoDate);

/** The stored document: the state plus the fields its indexes need. */
export function toDoc(state: MessageState): MessageDoc {
  const visible = visibleMessage(state);
  const stream = visible ? streamOf(visible) : '';
  const topLevel = visible !== null && visible.parentMessage === null && visible.alertId === null && !visible.conversationId;
  return {
    _id: state._id,
    stream,
    rev: visible ? revOf(visible.date) : 0,
    threadKey: topLevel && visible.repliesCount > 0 ? roomStream(visible.room) : '',
    pinKey: topLevel && visible.pinned ? roomStream(visible.room) : '',
    clientId: state.body?.clientId ?? '',
    state: state as unknown as MessageStateJson,
  };
}

export const fromDoc = (doc: MessageDoc): MessageState => doc.state as unknown as MessageState;

/** Newest stamp wins; equal stamps come from one server state, the tie-break only keeps it total. */
export function newest<T extends { seq: number }>(a: T | null, b: T | null): T | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a.seq !== b.seq) return a.seq > b.seq ? a : b;
  return JSON.stringify(a) >= JSON.stringify(b) ? a : b;
}

/** The room, thread, alert or conversation a stream key names. */
export function parseStream(stream: string): HistoryRef | null {
  if (stream.startsWith('room:')) return { room: stream.slice(5) };
  if (stream.startsWith('conversation:')) return { conversationId: stream.slice('conversation:'.length) };
  if (stream.startsWith('thread:')) return { parentMessage: stream.slice(7) };
  if (stream.startsWith('alert:')) return { alertId: stream.slice(6) };
  return null;
}
