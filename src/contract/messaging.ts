import { z } from 'zod/mini';
import { MESSAGE_MAX_LENGTH } from '../domain/chat-limits';
import { chatMessage } from './chat';
import { isoDate, subscriptionEntry } from './user';

/**
 * The private messaging and member contract (spec 2 §3, §7; spec 3 §2 blocked users): one-to-one
 * conversations, the socket payloads that carry private messages, the followings record, blocks
 * and the profile of `GET /users/{username}`. Private messages are chat messages
 * (src/contract/chat.ts `chatMessage`) whose `conversationId` is set and whose `room` is ''.
 *
 * The likes list (spec 2 §3 Likes response) is `likesResponse` in src/contract/chat.ts.
 */

const id = z.string().check(z.minLength(1), z.maxLength(100));

/** Member ids are 32-bit serials. */
const USER_ID_MAX = 2_147_483_647;

/** A member's id on the wire: the decimal string of the numeric id (`Sender._id`). */
export const userId = z.string().check(
  z.regex(/^[1-9]\d{0,9}$/),
  z.refine((value) => Number(value) <= USER_ID_MAX),
);

/** The answers and errors of this contract that the client tells apart. */
export const MESSAGING_ERRORS = {
  /** No messaging access (a subscription 3, 4 or 6 is needed): the client shows the access prompt. */
  notAllowed: 'NOT_ALLOWED',
  /** Spec 2 §5, §8: a profile that does not exist (unknown pseudo, closed account). */
  profileNotFound: "Ce profil n'existe pas",
  /** Ours: a block stands between the two members (either way), so no message goes through. */
  blocked: 'Vous ne pouvez pas envoyer de message à ce membre',
  /** Ours: an unknown conversation, or one the member does not take part in. */
  conversationNotFound: 'Conversation introuvable',
} as const;

// ---- entities ----

/** A participant of a conversation, a contact search result, a blocked member (spec 2 §3, spec 3 §3). */
export const conversationUser = z.object({
  _id: userId,
  username: z.string(),
  picture: z.nullable(z.string()),
});
export type ConversationUser = z.infer<typeof conversationUser>;

/** Spec 2 §3 Conversation, as the member reading it sees it. */
export const conversation = z.object({
  _id: id,
  /** Both participants, the reader included. */
  users: z.array(conversationUser),
  /** Messages of the others posted after the reader last read the conversation. */
  unreadMessages: z.int().check(z.nonnegative()),
  /** The content of the latest message the reader sees ('' for a message with attachments only, or none left). */
  lastMessage: z.string(),
  /** The latest message's date (the conversation's creation when none is left). */
  lastMessageDate: isoDate,
  /** The conversation's last change (a post or a deletion): the list is ordered by it, newest first. */
  lastUpdated: isoDate,
});
export type Conversation = z.infer<typeof conversation>;

/** A private message: a chat message of a conversation. */
export const privateMessage = z.extend(chatMessage, { conversationId: id });
export type PrivateMessage = z.infer<typeof privateMessage>;

/** Spec 2 §3 Followings record: the ids the member follows and the ids the member blocked. */
export const followingsRecord = z.object({
  followings: z.array(userId),
  blocked: z.array(userId),
});
export type FollowingsRecord = z.infer<typeof followingsRecord>;

/** Spec 2 §3 User, the `userData` of `GET /users/{username}`. */
export const profileUser = z.object({
  id: z.int(),
  _id: userId,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  picture: z.nullable(z.string()),
  description: z.string(),
  /** Badge label ('Coach', 'Support'). */
  mention: z.nullable(z.string()),
  abonnements: z.array(subscriptionEntry),
  /**
   * Ours: false when a block stands between the reader and this member (either way) or it is the
   * reader's own profile; the Message button is then disabled.
   */
  canMessage: z.boolean(),
});
export type ProfileUser = z.infer<typeof profileUser>;

// ---- REST (API host, under /rest) ----

/** `GET /conversations?cursor=`: the member's conversations, last changed first. */
export const conversationsQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(200))) });
export const conversationsResponse = z.object({
  conversations: z.array(conversation),
  /** The next page's cursor; null at the end. */
  cursor: z.nullable(z.string()),
  /** Ours: how many of all the member's conversations have unread messages (the top bar badge). */
  unreadConversations: z.int().check(z.nonnegative()),
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

/** `GET /conversations/search?query=`: members to write to, by pseudo ('' finds no one). */
export const conversationSearchQuery = z.object({ query: z.string().check(z.trim(), z.maxLength(50)) });
export const conversationSearchResponse = z.object({ users: z.array(conversationUser) });

/** `POST /chat/followings/toggle`: the member's id, as the string `_id` or the number `id`. */
export const followToggleInput = z.object({
  userId: z.pipe(
    z.union([userId, z.int().check(z.positive(), z.maximum(USER_ID_MAX))]),
    z.transform((value: string | number) => Number(value)),
  ),
});
/** The followings record after the toggle, and whether the member is now followed. */
export const followToggleResponse = z.extend(followingsRecord, { following: z.boolean() });

/** `GET /chat/state`: the followings record. */
export const chatStateResponse = followingsRecord;

/** `POST /users/block/{username}` and `POST /users/unblock/{username}`. */
export const blockResponse = z.object({ success: z.literal(true) });

/** `GET /users/blocked` (spec 3 §2: _id, username, picture). */
export const blockedUsersResponse = z.object({ blocked: z.array(conversationUser) });

/** `GET /users/{username}`. */
export const profileResponse = z.object({ userData: profileUser });

// ---- socket: client → server (each answered through the acknowledgement) ----

/**
 * 'join room', 'leave room' and 'conversation read' naming a conversation. 'join room' answers
 * `joinAck` (src/contract/chat.ts: lastSeq is the conversation's change sequence, usersCount the
 * participants with it open), 'leave room' and 'conversation read' answer `okAck`.
 */
export const conversationRef = z.strictObject({ conversationId: id });

/**
 * 'post message' of a private message (spec 2 §7): to a conversation, or, for the first message,
 * to `usersId` (the one other member), which creates the conversation or finds the existing one.
 * Answered with `postMessageAck`; a repeat of a stored (sender, clientId) is answered with the
 * stored message and creates nothing.
 */
export const postPrivateMessageInput = z
  .strictObject({
    clientId: z.string().check(z.minLength(8), z.maxLength(64)),
    content: z.string().check(z.maxLength(MESSAGE_MAX_LENGTH)),
    conversationId: z.optional(id),
    usersId: z.optional(z.array(userId).check(z.length(1))),
    /** Ids from `POST /upload` (image, file or audio). */
    attachments: z._default(z.array(id).check(z.maxLength(10)), []),
  })
  .check(
    z.refine((input) => input.content.trim() !== '' || input.attachments.length > 0, {
      message: 'Le message est vide',
    }),
    z.refine((input) => (input.conversationId === undefined) !== (input.usersId === undefined), {
      message: 'Une conversation ou un destinataire est requis',
    }),
  );
export type PostPrivateMessageInput = z.input<typeof postPrivateMessageInput>;

/**
 * 'more messages' of a conversation: a page newest first before `cursor`, or with `afterSeq`
 * every change after that sequence (catch-up), exactly as for a room; answered with `moreMessagesAck`.
 */
export const moreConversationMessagesInput = z.object({
  conversationId: id,
  cursor: z.nullable(z.string().check(z.maxLength(200))),
  afterSeq: z.optional(z.int().check(z.nonnegative())),
});
export type MoreConversationMessagesInput = z.infer<typeof moreConversationMessagesInput>;

// ---- socket: server → client ----

/**
 * To every socket of the receiver (never to members the sender is blocked by or blocks): a new
 * private message and the receiver's unread count of that conversation after it.
 */
export const newPrivateMessageEvent = z.object({
  conversationId: id,
  message: privateMessage,
  unreadMessages: z.int().check(z.nonnegative()),
});
export type NewPrivateMessageEvent = z.infer<typeof newPrivateMessageEvent>;

/** Ours: to the reader's own sockets once a conversation is read (by 'conversation read' or by posting in it). */
export const conversationReadEvent = z.object({ conversationId: id });

/** Names of the messaging events, as spec 2 §7 writes them. */
export const MESSAGING_CLIENT_EVENTS = { read: 'conversation read' } as const;
export const MESSAGING_SERVER_EVENTS = {
  newPrivateMessage: 'new private message',
  read: 'conversation read',
} as const;
