import { z } from 'zod/mini';
import { isoDate } from './user';
import { readPosition } from './read-state';
import { MESSAGE_MAX_LENGTH } from '../domain/chat-limits';

/**
 * The chat's wire contract (spec 2 §3, §7): messages, the socket events in both directions and the
 * chat REST calls. The server builds its answers from these types; the client decodes every
 * payload with these schemas at the edge.
 */

const id = z.string().check(z.minLength(1), z.maxLength(100));

export const attachmentType = z.enum(['audio', 'image', 'file', 'video']);
export type AttachmentType = z.infer<typeof attachmentType>;

export const attachment = z.object({
  _id: id,
  attachmentType,
  resourceUrl: z.string(),
  thumbnail: z.nullable(z.string()),
  /** Original file name, shown for documents. */
  name: z.string(),
  /** Pixel size of images and videos, so the list reserves their space before they load. */
  width: z.nullable(z.int().check(z.positive())),
  height: z.nullable(z.int().check(z.positive())),
});
export type Attachment = z.infer<typeof attachment>;

export const sender = z.object({
  id: z.int(),
  _id: z.string(),
  firstName: z.string(),
  username: z.string(),
  picture: z.nullable(z.string()),
  /** Badge label beside the pseudo ('Coach'). */
  mention: z.nullable(z.string()),
});
export type Sender = z.infer<typeof sender>;

/** A room message or a thread reply (spec 2 §3 Message). */
export const chatMessage = z.object({
  _id: id,
  /** The sender's own id for the message; the outbox reconciles its local echo by it. */
  clientId: z.nullable(z.string()),
  room: z.string(),
  /** Set on thread replies: the message they answer. */
  parentMessage: z.nullable(z.string()),
  /** Set on comments under an alert. */
  alertId: z._default(z.nullable(z.string()), null),
  /** Set on private messages (src/contract/messaging.ts), whose `room` is ''. */
  conversationId: z.optional(z.nullable(z.string())),
  content: z.string(),
  date: isoDate,
  /**
   * The room's change sequence: it grows with every post, delete, like and reply count change in
   * the room, so "everything after seq N" is a complete catch-up.
   */
  seq: z.int().check(z.nonnegative()),
  sender,
  attachments: z.array(attachment),
  likesCount: z.int().check(z.nonnegative()),
  repliesCount: z.int().check(z.nonnegative()),
  repliesPictures: z.array(z.string()).check(z.maxLength(3)),
  /** Per viewer: always false in broadcasts; the like call's answer sets it. */
  liked: z.boolean(),
  pinned: z.boolean(),
  title: z.nullable(z.string()),
  /** Ours (issue 22): when the text was last edited ('(modifié)'); null for a text never edited. */
  editedAt: z._default(z.nullable(isoDate), null),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * 'chat messages': a new message of a joined room or conversation. Ours (issue 25): posts to one
 * room written together (the server's group commit) come as one event, an array in seq order —
 * one frame per member for a burst instead of one per message.
 */
export const chatMessagesEvent = z.union([chatMessage, z.array(chatMessage).check(z.minLength(1), z.maxLength(1000))]);
/** What a message just posted carries besides its text and place: nothing attached, counted, liked, pinned or edited yet. */
export const freshMessageFields = () =>
  ({
    attachments: [],
    likesCount: 0,
    repliesCount: 0,
    repliesPictures: [],
    liked: false,
    pinned: false,
    title: null,
    editedAt: null,
  }) satisfies Partial<ChatMessage>;
export const messagesOf = (payload: ChatMessage | ChatMessage[]): ChatMessage[] => (Array.isArray(payload) ? payload : [payload]);

/**
 * Which stream a 'join room' / 'leave room' / 'more messages' names: a room, a thread, or the
 * comments of an alert (joining an alert's comments is ours: the spec names no event for it).
 */
export const streamRef = z.union([
  z.strictObject({ room: id }),
  z.strictObject({ parentMessage: id }),
  z.strictObject({ alertId: id }),
]);
export type StreamRef = z.infer<typeof streamRef>;

// ---- client → server (each answered through the socket.io acknowledgement) ----

export const postMessageInput = z
  .object({
    clientId: z.string().check(z.minLength(8), z.maxLength(64)),
    content: z.string().check(z.maxLength(MESSAGE_MAX_LENGTH)),
    room: z.optional(id),
    parentMessage: z.optional(id),
    /** A comment under an alert (spec 2 §7). */
    alertId: z.optional(id),
    /** Ids from `POST /upload`. */
    attachments: z._default(z.array(id).check(z.maxLength(10)), []),
  })
  .check(
    z.refine((input) => input.content.trim() !== '' || input.attachments.length > 0, {
      message: 'Le message est vide',
    }),
    z.refine((input) => [input.room, input.parentMessage, input.alertId].filter((v) => v !== undefined).length === 1, {
      message: 'Une room, un message parent ou une notification est requis',
    }),
  );
export type PostMessageInput = z.input<typeof postMessageInput>;

/**
 * 'more messages': a page of history, newest first, before `cursor` (an opaque string from the
 * previous page; null for the latest page) — or, with `afterSeq`, every change after that sequence
 * (the catch-up after a reconnect, oldest first) — or, with `aroundMessage` / `aroundDate`, the
 * window around one message: up to a page on each side of it, newest first; with `afterPosition`,
 * the window around the reader's first unread after a read position (a room opened at its first
 * unread, far back).
 */
export const moreMessagesInput = z.union([
  // Ours (issue 21, 'jump anywhere'): the window around a message, or around the first message of a
  // moment ('aller à la date'); first, so that their extra field is never stripped by a page's shape.
  z.strictObject({ room: id, aroundMessage: id }),
  z.strictObject({ room: id, aroundDate: isoDate }),
  z.strictObject({ room: id, afterPosition: readPosition }),
  z.object({ room: id, cursor: z.nullable(z.string().check(z.maxLength(200))), afterSeq: z.optional(z.int().check(z.nonnegative())) }),
  z.object({ parentMessage: id, cursor: z.nullable(z.string().check(z.maxLength(200))) }),
  z.object({ alertId: id, cursor: z.nullable(z.string().check(z.maxLength(200))) }),
]);
export type MoreMessagesInput = z.infer<typeof moreMessagesInput>;

/**
 * Ours (issue 22), 'edit message': a new text for a message of a room, a thread, an alert's
 * comments or a conversation; its attachments stay. The answer is the message as edited.
 */
export const editMessageInput = z.object({ messageId: id, content: z.string().check(z.maxLength(MESSAGE_MAX_LENGTH)) });
export type EditMessageInput = z.infer<typeof editMessageInput>;

/** 'like message', 'unlike message' and 'delete message' name the message as `alertId` (spec 2 §7). */
export const messageRefInput = z.object({ alertId: id });

/** A refusal; `retryAfterMs` when the member may try again after that long (flood control). */
export const ackError = z.object({ error: z.string(), retryAfterMs: z.optional(z.int().check(z.positive())) });
/**
 * Ours (issue 23): the `data` of a connection refused at the handshake for a while (the database out
 * of reach): the client connects again after that long, as socket.io itself never retries a refusal.
 */
export const handshakeRetry = z.object({ retryAfterMs: z.int().check(z.positive(), z.maximum(60_000)) });
export type HandshakeRetry = z.infer<typeof handshakeRetry>;
/** A post the room's keyword filter holds for a moderator (issue 22): `held`, not stored in the room yet. */
export const postMessageAck = z.union([z.object({ message: chatMessage }), z.object({ held: z.literal(true) }), ackError]);
/** To its author's sockets: a post the room's keyword filter held was refused by a moderator (issue 22). */
export const MESSAGE_REJECTED_EVENT = 'chat message rejected';
export const messageRejectedEvent = z.object({ clientId: z.string(), error: z.string() });
/** 'edit message' is answered as a post is: the message (as edited), or a refusal. */
export const editMessageAck = z.union([z.object({ message: chatMessage }), ackError]);
export const joinAck = z.union([z.object({ ok: z.literal(true), lastSeq: z.int().check(z.nonnegative()), usersCount: z.int().check(z.nonnegative()) }), ackError]);
export const moreMessagesAck = z.union([
  z.object({
    messages: z.array(chatMessage),
    /** Ids removed after `afterSeq` (catch-up only). */
    deleted: z.array(z.string()),
    /** Next page's cursor; null when the history is exhausted. */
    cursor: z.nullable(z.string()),
    /** The room's sequence when the page was read. */
    lastSeq: z.int().check(z.nonnegative()),
    /**
     * A window around a message (`aroundMessage` / `aroundDate` / `afterPosition`): the message it
     * opens at (a reply's parent for a reply; null in an empty room), and whether newer rows follow
     * the window's newest. `cursor` then pages older than the window.
     */
    target: z.optional(z.nullable(id)),
    newer: z.optional(z.boolean()),
  }),
  ackError,
]);
export const likeAck = z.union([z.object({ _id: id, likesCount: z.int().check(z.nonnegative()), liked: z.boolean(), seq: z.int() }), ackError]);
export const okAck = z.union([z.object({ ok: z.literal(true) }), ackError]);

// ---- server → client ----

export const chatLikeCountEvent = z.object({ _id: id, room: id, likesCount: z.int().check(z.nonnegative()), seq: z.int() });
export const chatThreadIncreaseEvent = z.object({
  _id: id,
  room: id,
  repliesCount: z.int().check(z.nonnegative()),
  repliesPictures: z.array(z.string()).check(z.maxLength(3)),
  seq: z.int(),
});
/** `room` is '' and `conversationId` set when the message was a private one (its seq is the conversation's). */
export const messageDeletedEvent = z.object({
  _id: id,
  room: z.string(),
  parentMessage: z.nullable(z.string()),
  conversationId: z.optional(z.nullable(z.string())),
  seq: z.int(),
});
export const chatUsersCountEvent = z.object({ room: id, count: z.int().check(z.nonnegative()) });
/**
 * 'increase room message' {room}: one more message in a room not open. Ours (issue 25): `count`,
 * the messages one event stands for — the server sends a busy room's badge at most once per short
 * interval, not once per message; absent, one — `seq`, the newest of them (a page whose cursor
 * in the room has passed it has them already), and `seqs`, each one's, while there are at most
 * BADGE_SEQS_MAX: a page whose store counted the room up to a seq inside the batch (a read state
 * fetched while the batch waited) adds only those after it.
 */
export const BADGE_SEQS_MAX = 1_000;
const seqValue = z.int().check(z.nonnegative());
export const increaseRoomMessageEvent = z.object({
  room: id,
  count: z._default(z.int().check(z.positive(), z.maximum(100_000)), 1),
  seq: z.optional(seqValue),
  seqs: z.optional(z.array(seqValue).check(z.minLength(1), z.maxLength(BADGE_SEQS_MAX))),
});
export type IncreaseRoomMessage = z.infer<typeof increaseRoomMessageEvent>;
export const pinChangedEvent = z.object({ _id: id, room: id, pinned: z.boolean(), title: z.nullable(z.string()), seq: z.int() });

/** Names of the realtime events, exactly as spec 2 §7 writes them. */
export const CLIENT_EVENTS = {
  join: 'join room',
  leave: 'leave room',
  post: 'post message',
  more: 'more messages',
  like: 'like message',
  unlike: 'unlike message',
  delete: 'delete message',
  /** Ours (issue 22). */
  edit: 'edit message',
} as const;
export const SERVER_EVENTS = {
  message: 'chat messages',
  discussion: 'chat discussion',
  usersCount: 'chat users count',
  likeCount: 'chat like count',
  threadIncrease: 'chat thread increase',
  deleted: 'message deleted',
  increaseRoomMessage: 'increase room message',
  reconnect: 'reconnect socket',
  /** Ours: a pin or unpin, so every open room updates its pinned list. */
  pinChanged: 'chat pin changed',
  /** Ours (issue 22): a message's new text, as the whole message (its seq is its stream's). */
  edited: 'message edited',
} as const;

// ---- REST ----

export const togglePinnedInput = z.object({ messageId: id, title: z.optional(z.string().check(z.maxLength(200))) });
export const pinnedMessage = z.object({ message: chatMessage, title: z.string(), date: isoDate, user: sender });
export const pinnedMessagesQuery = z.object({ room: id, cursor: z.optional(z.string().check(z.maxLength(200))) });
export const pinnedMessagesResponse = z.object({ pinnedMessages: z.array(pinnedMessage), nextCursor: z.nullable(z.string()) });

export const searchQuery = z.object({
  query: z.string().check(z.trim(), z.minLength(3), z.maxLength(200)),
  room: id,
  onlyCoach: z._default(z.enum(['0', '1']), '0'),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export const searchResponse = z.object({
  messages: z.array(chatMessage),
  cursor: z.nullable(z.string()),
  userCount: z.int().check(z.nonnegative()),
  pinsCount: z.int().check(z.nonnegative()),
});

export const mentionInput = z.object({ query: z.string().check(z.maxLength(50)) });
export const mentionResponse = z.object({
  users: z.array(z.object({ id: z.string(), username: z.string(), picture: z.nullable(z.string()) })),
});

export const likesQuery = z.object({ message: id, cursor: z.optional(z.string().check(z.maxLength(200))) });
export const likesResponse = z.object({
  likes: z.array(z.object({ _id: z.string(), user: sender })),
  cursor: z.nullable(z.string()),
});

export const uploadResponse = z.object({ attachmentId: id, attachment });
