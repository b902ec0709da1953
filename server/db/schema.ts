import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TradeFields, TradeUpdate } from '../../src/contract/alerts';
import type { QuizAnswerInput, QuizCorrection } from '../../src/contract/formations';
import type { Billing, Picture } from '../../src/contract/user';
import type { PaymentOrder } from '../billing/payment-order';

/**
 * The reference server's tables. One schema for PGlite and PostgreSQL; migrations are generated
 * from this file by `npm run db:generate` into `server/db/migrations`.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Stored lower-cased: sign-in by e-mail ignores case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Bumped to revoke every token issued before (password change, deletion). */
    tokenVersion: integer('token_version').notNull().default(0),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    description: text('description').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    picture: jsonb('picture').$type<Picture | null>(),
    tradingview: text('tradingview').notNull().default(''),
    billing: jsonb('billing').$type<Billing | null>(),
    isNewVip: boolean('is_new_vip').notNull().default(false),
    displayAvis: boolean('display_avis').notNull().default(false),
    stripeConnectId: text('stripe_connect_id'),
    /** The member whose referral link or coupon brought this one (spec 3 §5); never themselves. */
    referredBy: integer('referred_by'),
    /** The member's customer at the card provider (Stripe), created with their first saved card. */
    stripeCustomerId: text('stripe_customer_id'),
    canWriteNews: boolean('can_write_news').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    /** Badge label shown beside the pseudo in chat (spec 2 §3 sender.mention). */
    mention: text('mention'),
    /** The e-mail address was proven (confirmation link, password reset or Google sign-in). */
    confirmed: boolean('confirmed').notNull().default(false),
    /** A referral or customer reference the member may give in the profile. */
    reference: text('reference').notNull().default(''),
    /** Set when the member deleted the account: it is anonymised and can never sign in again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
  ],
);

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Spec 1 §3: 3 VIP, 4 LIVE, 5 PRIME, 6 coach, 7, 8 chat ban, 9. */
    subscriptionId: smallint('subscription_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subscriptionId] })],
);

export const rooms = pgTable('rooms', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon'),
  position: integer('position').notNull(),
  /** The subscription that opens the room (3 VIP, 5 PRIME). */
  readSubscription: smallint('read_subscription').notNull(),
  /** Only staff may post (the general room 'ALL', spec 2 §6). */
  staffOnlyWrite: boolean('staff_only_write').notNull().default(false),
  /** The room's change sequence: the last `seq` given to one of its messages. */
  lastSeq: integer('last_seq').notNull().default(0),
  /** Slow mode (issue 22): one message per member per so many seconds; 0 when off. */
  slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
  /** The keyword filter (issue 22): `{ keyword, action }` rules, decoded with the contract's `keywordRule`. */
  keywordFilters: jsonb('keyword_filters').notNull().default([]),
});

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id').references(() => rooms.id),
    /** Set for thread replies: the message they answer. */
    parentId: text('parent_id'),
    /** Set on private messages (room_id is then null); `seq` is then the conversation's. */
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    alertId: text('alert_id'),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender's own id for the message; a repeat of the same pair is answered, never stored twice. */
    clientId: text('client_id'),
    content: text('content').notNull(),
    /**
     * The room's change sequence at this message's last change (post, delete, like, reply, pin):
     * "every message with seq > N" is what a client holding N missed, tombstones included.
     */
    seq: integer('seq').notNull().default(0),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    likesCount: integer('likes_count').notNull().default(0),
    repliesCount: integer('replies_count').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    pinTitle: text('pin_title'),
    pinnedAt: timestamp('pinned_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The text's last edit (issue 22), and who made it (the author, or a moderator). */
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('messages_author_client_key').on(t.authorId, t.clientId),
    index('messages_room_date_idx').on(t.roomId, t.createdAt, t.id),
    index('messages_room_seq_idx').on(t.roomId, t.seq),
    index('messages_parent_date_idx').on(t.parentId, t.createdAt, t.id),
    index('messages_conversation_date_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('messages_alert_date_idx').on(t.alertId, t.createdAt, t.id),
  ],
);

/**
 * Where each member has read each room up to (issue 21): the last message read, by its place in
 * the room's order (`read_at` its date, `read_id` its id; null: nothing read). Only moves forward,
 * except by an explicit 'marquer comme non lu'; `version` grows with each change, so devices
 * keep the newest state whatever order they hear of them in. The badges count from it.
 */
export const roomReads = pgTable(
  'room_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    readId: text('read_id').notNull().default(''),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomId] })],
);

/**
 * Each member's read state of each thread they opened or follow (issue 21): the last reply read
 * (`read_at`, `read_id`; null: none), forward only, `version` growing with each change, as
 * `room_reads`. `following`: true followed (explicitly, or by starting or answering the thread),
 * false explicitly unfollowed (an automatic follow leaves it so), null never decided.
 */
export const threadReads = pgTable(
  'thread_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: text('parent_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    roomId: text('room_id').notNull(),
    following: boolean('following'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    readId: text('read_id').notNull().default(''),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.parentId] }), index('thread_reads_parent_idx').on(t.parentId)],
);

/**
 * Who each message names ('@pseudo', issue 21), written with the post. Whether a mention is read
 * is not stored: it is read once the member's read state of its stream (the room's, or the
 * thread's for a reply) has passed it.
 */
/** Timed mutes (issue 22): a member who may not write in the chat until `until` (10 min, 1 h, 24 h). */
export const chatMutes = pgTable('chat_mutes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
  mutedBy: integer('muted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Every moderation action, with its author (issue 22): mutes, deletions and edits of others' messages, reports resolved, slow modes. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    messageId: text('message_id'),
    roomId: text('room_id'),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('moderation_log_date_idx').on(t.createdAt)],
);

/** A member's notification level in a room (issue 22): 'all' (the default, never stored), 'mentions', 'coaches', 'none'. */
export const roomNotificationLevels = pgTable(
  'room_notification_levels',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: text('room_id').notNull(),
    level: text('level').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomId] }), index('room_notification_levels_room_idx').on(t.roomId)],
);

/**
 * Posts a room's keyword filter held for review (issue 22): the post's input as the member sent it,
 * until a moderator decides ('approved': posted then with its client id; 'rejected'). A repeat of
 * the (author, clientId) pair is answered from here.
 */
export const heldMessages = pgTable(
  'held_messages',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    input: jsonb('input').notNull(),
    keyword: text('keyword').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
  },
  (t) => [uniqueIndex('held_messages_author_client_idx').on(t.authorId, t.clientId), index('held_messages_open_idx').on(t.decidedAt, t.createdAt)],
);

/**
 * 'Signaler' (issue 22): one report per member and message, with its reason; open until a
 * moderator classes it or deletes the message (the resolution and its author are kept).
 */
export const messageReports = pgTable(
  'message_reports',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: text('room_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'dismissed' (classé sans suite) or 'deleted' (the message removed). */
    resolution: text('resolution'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.reporterId] }), index('message_reports_open_idx').on(t.resolvedAt, t.createdAt)],
);

export const mentions = pgTable(
  'mentions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    roomId: text('room_id').notNull(),
    parentId: text('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] }), index('mentions_user_date_idx').on(t.userId, t.createdAt)],
);

export const messageLikes = pgTable(
  'message_likes',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/**
 * Trade alerts ("notifications", spec 2 §3). `seq` is taken from the room's change sequence
 * (`rooms.last_seq`), shared with the room's messages; comments under an alert are rows of
 * `messages` with `alert_id` set and the alert's room.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The ordered ids of the alert's uploads. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    /** The trade as it stands, and its updates (issue 22; none in trades stored before them). */
    trade: jsonb('trade').$type<(TradeFields & { updates?: TradeUpdate[] }) | null>(),
    freeAlert: boolean('free_alert').notNull().default(false),
    /** Issue 22: rings, and stays on top of the feed until the member acknowledges it ('Bien reçu'). */
    urgent: boolean('urgent').notNull().default(false),
    acksCount: integer('acks_count').notNull().default(0),
    seq: integer('seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    likesCount: integer('likes_count').notNull().default(0),
    repliesCount: integer('replies_count').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('alerts_date_idx').on(t.createdAt, t.id),
    index('alerts_room_date_idx').on(t.roomId, t.createdAt, t.id),
    index('alerts_author_date_idx').on(t.authorId, t.createdAt, t.id),
  ],
);

/** 'Bien reçu' on an urgent alert (issue 22): one per member. */
export const alertAcks = pgTable(
  'alert_acks',
  {
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
);

export const alertLikes = pgTable(
  'alert_likes',
  {
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] })],
);

/**
 * The local mail provider's mailbox (server/mail/local-mailbox.ts): every e-mail the server sends
 * when no real provider is configured, kept for the development mailbox and the tests.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
  toEmail: text('to_email').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/** Members a member blocked: their posts are not delivered to the blocker (spec 2 §4). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/**
 * One-to-one private conversations (spec 2 §3 Conversation). `pairKey` ('{lower id}:{higher id}')
 * keeps one conversation per pair of members, so two first messages crossing each other meet in
 * the same one. `lastSeq` is the conversation's change sequence, as `rooms.last_seq` is a room's.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    pairKey: text('pair_key').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: createdAt(),
    /** The last post or deletion: the list is ordered by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conversations_pair_key').on(t.pairKey), index('conversations_updated_idx').on(t.updatedAt, t.id)],
);

/** The participants of a conversation; unread messages are the others' posted after `lastReadAt`. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId)],
);

/** Members a member follows (spec 2 §4 Follow, the followings record). */
export const userFollowings = pgTable(
  'user_followings',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: integer('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followedId] })],
);

/** Files sent with `POST /upload`, attached to a message by id. */
export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  attachmentType: text('attachment_type').$type<'audio' | 'image' | 'file' | 'video'>().notNull(),
  name: text('name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** Set once a message or an alert carries it (their ids share one space): an upload is attached at most once. */
  messageId: text('message_id'),
  createdAt: createdAt(),
});

/** A weekly live programme; the planning call expands it into dated lives. */
export const liveSlots = pgTable('live_slots', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  speaker: text('speaker').notNull(),
  /** ISO weekday, 1 = Monday (UTC, as `planningSlotInput` says). */
  weekday: smallint('weekday').notNull(),
  /** Minutes after midnight, UTC. */
  startMinute: smallint('start_minute').notNull(),
  durationMinutes: smallint('duration_minutes').notNull(),
  roomClickId: text('room_click_id'),
  directLink: text('direct_link'),
});

/** Documents of the content host (banners, and later courses, news, offers) keyed by type and id. */
export const contentEntries = pgTable(
  'content_entries',
  {
    type: text('type').notNull(),
    id: integer('id').notNull(),
    data: jsonb('data').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.id] })],
);

/**
 * Single-use codes sent by e-mail: password reset (1 hour) and address confirmation. Only the
 * SHA-256 of the code is kept, so a leaked table cannot be replayed.
 */
export const accountCodes = pgTable(
  'account_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset' | 'confirm'>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_codes_hash_key').on(t.codeHash), index('account_codes_user_idx').on(t.userId)],
);

/** A member's notification preferences (src/contract/account.ts `notificationSettings`), once saved. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Browsers' web-push subscriptions, one row per endpoint. */
export const pushEndpoints = pgTable(
  'push_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'WEB'>().notNull(),
    endpoint: text('endpoint').notNull(),
    subscription: jsonb('subscription').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_endpoints_endpoint_key').on(t.endpoint)],
);

/** Messages sent with the contact form; each is also mailed to the team. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * Secrets the server generates once and keeps with its data, so that every instance on the same
 * database shares them across restarts (the VAPID key pair of web push, when not configured).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  createdAt: createdAt(),
});

// ---- Subscriptions and checkout (spec 1 §3) ----

/** Countries of the billing form with their VAT rates in percent (`tva_entreprise` with a VAT number). */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameFr: text('name_fr').notNull(),
  tva: doublePrecision('tva').notNull(),
  tvaEntreprise: doublePrecision('tva_entreprise').notNull(),
});

/** What can be paid for; prices in cents before VAT. */
export const billingProducts = pgTable('billing_products', {
  id: integer('id').primaryKey(),
  libelleInterne: text('libelle_interne').notNull(),
  libellePublic: text('libelle_public').notNull(),
  /** Months a paid period gives; 0 is for life. */
  nbMois: smallint('nb_mois').notNull(),
  /** 1, or 3 for the quarterly instalment plan. */
  nbPaiements: smallint('nb_paiements').notNull(),
  prixCents: integer('prix_cents').notNull(),
  /** Renews automatically at full price until cancelled. */
  recurrent: boolean('recurrent').notNull(),
  /** The subscription ids a paid period grants (3 VIP, 4 LIVE, 5 PRIME, 9 other). */
  grants: jsonb('grants').$type<number[]>().notNull(),
  /** The product sold by the upgrade to VIP + Live (its price is per month). */
  upgrade: boolean('upgrade').notNull().default(false),
});

export const billingBoxes = pgTable('billing_boxes', {
  id: integer('id').primaryKey(),
  libelle: text('libelle').notNull(),
  position: integer('position').notNull(),
});

export const billingOffers = pgTable(
  'billing_offers',
  {
    id: integer('id').primaryKey(),
    boxId: integer('box_id')
      .notNull()
      .references(() => billingBoxes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    libelle: text('libelle').notNull(),
    name: text('name').notNull(),
    sslibelle: text('sslibelle').notNull().default(''),
    prixCents: integer('prix_cents').notNull(),
    avantages: text('avantages').notNull().default(''),
    desavantages: text('desavantages').notNull().default(''),
    mainProductId: integer('main_product_id')
      .notNull()
      .references(() => billingProducts.id),
    optionalProductId: integer('optional_product_id').references(() => billingProducts.id),
    includedProductIds: jsonb('included_product_ids').$type<number[]>().notNull().default([]),
  },
  (t) => [index('billing_offers_box_idx').on(t.boxId, t.position)],
);

/** Promo codes: `newPrices` as the coupon answer gives them (below 1 a multiplier, else a price before VAT). */
export const coupons = pgTable('coupons', {
  /** Upper-case; codes are matched without regard to case. */
  code: text('code').primaryKey(),
  newPrices: jsonb('new_prices').$type<Record<string, number>>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** Cards saved with the card provider (only its reference, brand, last digits and expiry). */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_cards_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A plan the member pays again and again: a recurring product (renews at full price until
 * cancelled) or the three-instalment plan. Its id is the summary's `stripeSubscriptionId`.
 */
export const billingPlans = pgTable(
  'billing_plans',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => billingProducts.id),
    kind: text('kind').$type<'recurring' | 'instalments'>().notNull(),
    status: text('status').$type<'active' | 'past_due' | 'canceled' | 'completed'>().notNull(),
    /** Each instalment's price before VAT (coupon included); recurring renewals take the product's price. */
    chargeHtCents: integer('charge_ht_cents').notNull(),
    chargesMade: integer('charges_made').notNull().default(0),
    /** 3 for instalments; null for a recurring plan. */
    chargesTotal: integer('charges_total'),
    intervalMonths: smallint('interval_months').notNull(),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true, mode: 'date' }),
    cardId: text('card_id'),
    /** Bought in a mobile store: cancelled on the phone, never renewed here. */
    mobile: boolean('mobile').notNull().default(false),
    createdAt: createdAt(),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('billing_plans_user_idx').on(t.userId), index('billing_plans_due_idx').on(t.status, t.nextChargeAt)],
);

/**
 * Every attempt to be paid. Only the change of `status` to 'succeeded' (once, guarded in the
 * update) applies what `order` buys: subscriptions, the plan, the invoice.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'purchase' | 'upgrade' | 'renewal'>().notNull(),
    method: text('method').$type<'card' | 'paypal' | 'crypto'>().notNull(),
    provider: text('provider').notNull(),
    /** The provider's id (PaymentIntent, PayPal order, crypto charge), once known. */
    providerRef: text('provider_ref'),
    status: text('status').$type<'created' | 'requires_action' | 'approved' | 'succeeded' | 'failed'>().notNull(),
    htCents: integer('ht_cents').notNull(),
    ttcCents: integer('ttc_cents').notNull(),
    vatRate: doublePrecision('vat_rate').notNull(),
    order: jsonb('order').$type<PaymentOrder>().notNull(),
    planId: text('plan_id'),
    cardId: text('card_id'),
    /** The client's `Idempotency-Key`: a repeated purchase answers this payment instead of paying again. */
    clientKey: text('client_key'),
    clientSecret: text('client_secret'),
    error: text('error'),
    /** Charge attempts made for this payment (each with its own idempotency key). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** When `GET /settings/checknew` reported this confirmed payment. */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    uniqueIndex('payments_client_secret_key').on(t.clientSecret),
    uniqueIndex('payments_client_key').on(t.userId, t.clientKey),
    index('payments_user_idx').on(t.userId, t.createdAt),
  ],
);

/** One invoice per confirmed payment, numbered in sequence. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    ref: text('ref').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    lib: text('lib').notNull(),
    htCents: integer('ht_cents').notNull(),
    tvaCents: integer('tva_cents').notNull(),
    vatRate: doublePrecision('vat_rate').notNull(),
    /** The billing information at the time of the invoice. */
    billing: jsonb('billing').$type<Billing | null>(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoices_ref_key').on(t.ref), uniqueIndex('invoices_payment_key').on(t.paymentId), index('invoices_user_idx').on(t.userId, t.createdAt)],
);

/** Provider events (webhooks, local confirmations) already applied: each id is applied once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A member's progress in one formation (spec 3 §3), merged as the union of validated steps. The
 * formation lives in `content_entries` (type 'formation'), hence no foreign key to it.
 */
export const formationProgress = pgTable(
  'formation_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formationId: integer('formation_id').notNull(),
    /** Validated steps, 1-based, ascending. */
    allChaptersDone: jsonb('all_chapters_done').$type<number[]>().notNull(),
    completed: boolean('completed').notNull().default(false),
    /** The server's score out of 20; null until the quiz is submitted. */
    quizzResult: doublePrecision('quizz_result'),
    answers: jsonb('answers').$type<QuizAnswerInput[] | null>(),
    correctAnswers: jsonb('correct_answers').$type<QuizCorrection[] | null>(),
    /** Seconds reached in each chapter's video, by chapter id. */
    positions: jsonb('positions').$type<Record<string, number>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.formationId] })],
);

// ---- Content of issue 18: replays, the poll, landing articles, platform tools ----

/** The team who present lives and replays (GraphQL `teamMembers` lists the public ones by priority). */
export const teamMembers = pgTable('team_members', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** What they do in the team ('Analyste Forex'). */
  role: text('role').notNull(),
  picture: text('picture'),
  isPublic: boolean('is_public').notNull().default(true),
  /** Lower first in the replay filters' author list. */
  priority: integer('priority').notNull().default(0),
});

/** Replays of past lives (spec 3 §3 "Replay"); VIP only to watch. */
export const replays = pgTable(
  'replays',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    description: text('description').notNull().default(''),
    /** A file name of the server's media folder (`server/demo-media`). */
    videoFile: text('video_file').notNull(),
    picture: text('picture'),
    category: text('category').notNull(),
    authorId: integer('author_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    durationSeconds: doublePrecision('duration_seconds'),
  },
  (t) => [uniqueIndex('replays_slug_key').on(t.slug), index('replays_published_idx').on(t.publishedAt, t.id)],
);

/** The second a member stopped at in a replay: the last one written wins. */
export const replayPositions = pgTable(
  'replay_positions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replayId: integer('replay_id')
      .notNull()
      .references(() => replays.id, { onDelete: 'cascade' }),
    second: doublePrecision('second').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.replayId] })],
);

/** One answer per member and question (spec 3 §3 "Poll answer", §5): the first one stays. */
export const pollAnswers = pgTable(
  'poll_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: smallint('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.question] })],
);

/** Landing article categories (spec 3 §2: 9 'Morning Mood', 12 'DailyBrief'). */
export const articleCategories = pgTable('article_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** Landing articles (spec 3 §3 "News article"); public once their date has come. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    pictureUrl: text('picture_url'),
    content: text('content').notNull(),
    withHtml: boolean('with_html').notNull().default(false),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id),
    /** The article's audio (Morning Mood): a file name the audio route serves. */
    audioPath: text('audio_path'),
  },
  (t) => [uniqueIndex('articles_slug_key').on(t.slug), index('articles_published_idx').on(t.publishedAt, t.id)],
);

/** Platform tools (spec 3 §3 "Platform tool"); `files` are downloaded through the toolbox (issue 19). */
export const tools = pgTable('tools', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  picture: text('picture'),
  /** Before VAT, in euros; the client shows it times 1.2. */
  price: doublePrecision('price'),
  paymentLink: text('payment_link'),
  page: text('page'),
  ordre: integer('ordre').notNull().default(0),
  files: jsonb('files').$type<{ name: string; path: string }[]>().notNull().default([]),
});

// ---- The referral programme (issue 20, spec 3 §2 "Affiliation", §5) ----

/** A member's affiliation: the code of their link, and the coupon of the same code (20 % off). */
export const affiliations = pgTable('affiliations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/** Transfers to a referrer: a payout in cents (payout account connected) or free months added to the VIP. */
export const referralTransfers = pgTable(
  'referral_transfers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents'),
    freeMonths: integer('free_months'),
    stripeConnectId: text('stripe_connect_id'),
    /** One payout per member and month (`payout:{user}:{yyyy-mm}`), one grant per referral (`months:{referral}`). */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The provider's transfer id, once made. */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
  },
  (t) => [index('referral_transfers_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What a referee's first purchase earned their referrer, written in the transaction that settles
 * the payment: one per referee (first purchase only) and per payment.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refereeId: integer('referee_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull().unique(),
    /** What the referee paid, excluding VAT, after coupon. */
    htCents: integer('ht_cents').notNull(),
    vatRate: doublePrecision('vat_rate').notNull(),
    commissionCents: integer('commission_cents'),
    freeMonths: integer('free_months'),
    /** The transfer that paid it (null: waiting for the monthly payout). */
    transferId: integer('transfer_id').references(() => referralTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId, t.createdAt)],
);

export const schema = {
  users,
  userSubscriptions,
  rooms,
  messages,
  messageLikes,
  roomReads,
  alerts,
  alertLikes,
  mailOutbox,
  userBlocks,
  conversations,
  conversationMembers,
  userFollowings,
  uploads,
  liveSlots,
  contentEntries,
  accountCodes,
  notificationPreferences,
  pushEndpoints,
  contactMessages,
  serverSecrets,
  countries,
  billingProducts,
  billingBoxes,
  billingOffers,
  coupons,
  affiliations,
  referrals,
  referralTransfers,
  paymentCards,
  billingPlans,
  payments,
  invoices,
  paymentEvents,
  formationProgress,
  teamMembers,
  replays,
  replayPositions,
  pollAnswers,
  articleCategories,
  articles,
  tools,
};
