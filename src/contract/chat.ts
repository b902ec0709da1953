import { z } from 'zod';
import { isoDate } from './user';
import { MESSAGE_MAX_LENGTH } from '../domain/chat-limits';

/**
 * The chat's wire contract (spec 2 §3, §7): messages, the socket events in both directions and the
 * chat REST calls. The server builds its answers from these types; the client decodes every
 * payload with these schemas at the edge.
 */

const id = z.string().min(1).max(100);

export const attachmentType = z.enum(['audio', 'image', 'file', 'video']);
export type AttachmentType = z.infer<typeof attachmentType>;

export const attachment = z.object({
  _id: id,
  attachmentType,
  resourceUrl: z.string(),
  thumbnail: z.string().nullable(),
  /** Original file name, shown for documents. */
  name: z.string(),
  /** Pixel size of images and videos, so the list reserves their space before they load. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type Attachment = z.infer<typeof attachment>;

export const sender = z.object({
  id: z.number().int(),
  _id: z.string(),
  firstName: z.string(),
  username: z.string(),
  picture: z.string().nullable(),
  /** Badge label beside the pseudo ('Coach'). */
  mention: z.string().nullable(),
});
export type Sender = z.infer<typeof sender>;

/** A room message or a thread reply (spec 2 §3 Message). */
export const chatMessage = z.object({
  _id: id,
  /** The sender's own id for the message; the outbox reconciles its local echo by it. */
  clientId: z.string().nullable(),
  room: z.string(),
  /** Set on thread replies: the message they answer. */
  parentMessage: z.string().nullable(),
  /** Set on comments under an alert. */
  alertId: z.string().nullable().default(null),
  /** Set on private messages (src/contract/messaging.ts), whose `room` is ''. */
  conversationId: z.string().nullable().optional(),
  content: z.string(),
  date: isoDate,
  /**
   * The room's change sequence: it grows with every post, delete, like and reply count change in
   * the room, so "everything after seq N" is a complete catch-up.
   */
  seq: z.number().int().nonnegative(),
  sender,
  attachments: z.array(attachment),
  likesCount: z.number().int().nonnegative(),
  repliesCount: z.number().int().nonnegative(),
  repliesPictures: z.array(z.string()).max(3),
  /** Per viewer: always false in broadcasts; the like call's answer sets it. */
  liked: z.boolean(),
  pinned: z.boolean(),
  title: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * Which stream a 'join room' / 'leave room' / 'more messages' names: a room, a thread, or the
 * comments of an alert (joining an alert's comments is ours: the spec names no event for it).
 */
export const streamRef = z.union([
  z.object({ room: id }).strict(),
  z.object({ parentMessage: id }).strict(),
  z.object({ alertId: id }).strict(),
]);
export type StreamRef = z.infer<typeof streamRef>;

// ---- client → server (each answered through the socket.io acknowledgement) ----

export const postMessageInput = z
  .object({
    clientId: z.string().min(8).max(64),
    content: z.string().max(MESSAGE_MAX_LENGTH),
    room: id.optional(),
    parentMessage: id.optional(),
    /** A comment under an alert (spec 2 §7). */
    alertId: id.optional(),
    /** Ids from `POST /upload`. */
    attachments: z.array(id).max(10).default([]),
  })
  .refine((input) => input.content.trim() !== '' || input.attachments.length > 0, {
    message: 'Le message est vide',
  })
  .refine((input) => [input.room, input.parentMessage, input.alertId].filter((v) => v !== undefined).length === 1, {
    message: 'Une room, un message parent ou une notification est requis',
  });
export type PostMessageInput = z.input<typeof postMessageInput>;

/**
 * 'more messages': a page of history, newest first, before `cursor` (an opaque string from the
 * previous page; null for the latest page) — or, with `afterSeq`, every change after that sequence
 * (the catch-up after a reconnect, oldest first).
 */
export const moreMessagesInput = z.union([
  z.object({ room: id, cursor: z.string().max(200).nullable(), afterSeq: z.number().int().nonnegative().optional() }),
  z.object({ parentMessage: id, cursor: z.string().max(200).nullable() }),
  z.object({ alertId: id, cursor: z.string().max(200).nullable() }),
]);
export type MoreMessagesInput = z.infer<typeof moreMessagesInput>;

/** 'like message', 'unlike message' and 'delete message' name the message as `alertId` (spec 2 §7). */
export const messageRefInput = z.object({ alertId: id });

export const ackError = z.object({ error: z.string() });
export const postMessageAck = z.union([z.object({ message: chatMessage }), ackError]);
export const joinAck = z.union([z.object({ ok: z.literal(true), lastSeq: z.number().int().nonnegative(), usersCount: z.number().int().nonnegative() }), ackError]);
export const moreMessagesAck = z.union([
  z.object({
    messages: z.array(chatMessage),
    /** Ids removed after `afterSeq` (catch-up only). */
    deleted: z.array(z.string()),
    /** Next page's cursor; null when the history is exhausted. */
    cursor: z.string().nullable(),
    /** The room's sequence when the page was read. */
    lastSeq: z.number().int().nonnegative(),
  }),
  ackError,
]);
export const likeAck = z.union([z.object({ _id: id, likesCount: z.number().int().nonnegative(), liked: z.boolean(), seq: z.number().int() }), ackError]);
export const okAck = z.union([z.object({ ok: z.literal(true) }), ackError]);

// ---- server → client ----

export const chatLikeCountEvent = z.object({ _id: id, room: id, likesCount: z.number().int().nonnegative(), seq: z.number().int() });
export const chatThreadIncreaseEvent = z.object({
  _id: id,
  room: id,
  repliesCount: z.number().int().nonnegative(),
  repliesPictures: z.array(z.string()).max(3),
  seq: z.number().int(),
});
/** `room` is '' and `conversationId` set when the message was a private one (its seq is the conversation's). */
export const messageDeletedEvent = z.object({
  _id: id,
  room: z.string(),
  parentMessage: z.string().nullable(),
  conversationId: z.string().nullable().optional(),
  seq: z.number().int(),
});
export const chatUsersCountEvent = z.object({ room: id, count: z.number().int().nonnegative() });
export const increaseRoomMessageEvent = z.object({ room: id });
export const pinChangedEvent = z.object({ _id: id, room: id, pinned: z.boolean(), title: z.string().nullable(), seq: z.number().int() });

/** Names of the realtime events, exactly as spec 2 §7 writes them. */
export const CLIENT_EVENTS = {
  join: 'join room',
  leave: 'leave room',
  post: 'post message',
  more: 'more messages',
  like: 'like message',
  unlike: 'unlike message',
  delete: 'delete message',
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
} as const;

// ---- REST ----

export const togglePinnedInput = z.object({ messageId: id, title: z.string().max(200).optional() });
export const pinnedMessage = z.object({ message: chatMessage, title: z.string(), date: isoDate, user: sender });
export const pinnedMessagesQuery = z.object({ room: id, cursor: z.string().max(200).optional() });
export const pinnedMessagesResponse = z.object({ pinnedMessages: z.array(pinnedMessage), nextCursor: z.string().nullable() });

export const searchQuery = z.object({
  query: z.string().trim().min(3).max(200),
  room: id,
  onlyCoach: z.enum(['0', '1']).default('0'),
  cursor: z.string().max(200).optional(),
});
export const searchResponse = z.object({
  messages: z.array(chatMessage),
  cursor: z.string().nullable(),
  userCount: z.number().int().nonnegative(),
  pinsCount: z.number().int().nonnegative(),
});

export const mentionInput = z.object({ query: z.string().max(50) });
export const mentionResponse = z.object({
  users: z.array(z.object({ id: z.string(), username: z.string(), picture: z.string().nullable() })),
});

export const likesQuery = z.object({ message: id, cursor: z.string().max(200).optional() });
export const likesResponse = z.object({
  likes: z.array(z.object({ _id: z.string(), user: sender })),
  cursor: z.string().nullable(),
});

export const uploadResponse = z.object({ attachmentId: id, attachment });
