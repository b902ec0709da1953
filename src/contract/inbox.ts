import { z } from 'zod/mini';
import { readPosition } from './read-state';
import { isoDate } from './user';

/**
 * Followed threads and the inbox 'Non lus' (ours, issue 21). A thread (a message's replies) has
 * its own read state per member, like a room's (src/contract/read-state.ts): the last reply read,
 * by its place in the thread's order (date, then id), a version that grows with every change, and
 * the count of others' replies after it. A member follows a thread explicitly, and by default the
 * threads they started or answered in; an explicit 'Ne plus suivre le fil' stays.
 */
const id = z.string().check(z.minLength(1), z.maxLength(100));
const count = z.int().check(z.nonnegative());

export const threadRead = z.object({
  /** The thread's parent message. */
  parentMessage: id,
  room: id,
  following: z.boolean(),
  /** The last reply read; null: none read. */
  readUpTo: z.nullable(readPosition),
  /** Others' replies after it (followed or not), at most UNREAD_COUNT_MAX. */
  unread: count,
  version: count,
  /** The thread's newest reply (null: no reply yet): where the inbox sorts it. */
  newest: z.nullable(readPosition),
  /** The start of the parent message's text, for the inbox. */
  excerpt: z.string(),
});
export type ThreadRead = z.infer<typeof threadRead>;

/** A room with unread messages: its first unread and its newest message (where the inbox sorts it). */
export const inboxRoom = z.object({ room: id, unread: count, firstUnread: z.nullable(readPosition), newest: readPosition });
export type InboxRoom = z.infer<typeof inboxRoom>;

/** A message of another member that names the member ('@pseudo'), not read yet. */
export const inboxMention = z.object({
  _id: id,
  room: id,
  /** Set when the mention is a reply: its thread. */
  parentMessage: z.nullable(id),
  date: isoDate,
  author: z.string(),
  excerpt: z.string(),
});
export type InboxMention = z.infer<typeof inboxMention>;

/** `GET /rest/chat/inbox`: what is unread, in the rooms the member may read. */
export const inboxResponse = z.object({
  rooms: z.array(inboxRoom),
  /** Followed threads with unread replies. */
  threads: z.array(threadRead),
  mentions: z.array(inboxMention),
});
export type Inbox = z.infer<typeof inboxResponse>;

/** 'follow thread': 'Suivre le fil' (true) or 'Ne plus suivre le fil' (false). */
export const followThreadInput = z.strictObject({ parentMessage: id, follow: z.boolean() });
/** 'mark thread read': up to that reply (never back), or without one up to the thread's newest. */
export const markThreadReadInput = z.strictObject({ parentMessage: id, messageId: z.optional(id) });
export const threadReadAck = z.union([threadRead, z.object({ error: z.string() })]);

export const INBOX_CLIENT_EVENTS = {
  follow: 'follow thread',
  markThreadRead: 'mark thread read',
} as const;
export const INBOX_SERVER_EVENTS = {
  /** To every socket of the member: a thread's state changed (read, followed, a new reply). */
  threadRead: 'thread read',
  /** To every socket of the member: a new message names them. */
  mention: 'mention',
} as const;

/** The inbox lists at most this many mentions (the newest). */
export const INBOX_MENTIONS_MAX = 500;
/** A message's text in the inbox is cut here. */
export const EXCERPT_LENGTH = 140;
