import type { RxJsonSchema } from 'rxdb';
import type { User } from '../contract/user';
import type { PlanningItem } from '../contract/planning';
import type { AdBanner, UpsellBanner } from '../contract/banners';
import type { Box } from '../contract/billing';
import type { Formation, FormationCategory } from '../contract/formations';
import type { Replay, TeamMember } from '../contract/replays';
import type { Article, ArticleCategory, Poll, PollAnswer, Tool } from '../contract/home-content';
import type { LandingPage, SiteLinks, SocialMedia } from '../contract/landing';

/** The browser database's name (one IndexedDB database per collection, named after it). */
export const DATABASE_NAME = 'comptoir';

/**
 * RxDB collections. The whole product must fit in 12 (FACTS.md: RxDB allows 13 per process), so
 * documents of one family share a collection keyed by their stream or type.
 */

/** The signed-in member, one document keyed 'me'. */
export type AccountDoc = { id: 'me'; user: User; updatedAt: number };
export const accountSchema: RxJsonSchema<AccountDoc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 8 },
    user: { type: 'object' },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'user', 'updatedAt'],
};

/**
 * Documents of the content host, keyed `type:id`. `sortKey` orders a type's documents (a date in
 * ms for the planning), so "this type in order" is served by the [type, sortKey] index.
 */
export type ContentDoc =
  | { key: string; type: 'planning'; sortKey: number; data: PlanningItem }
  | { key: 'banner:ad'; type: 'adBanner'; sortKey: number; data: AdBanner }
  | { key: 'banner:upsell'; type: 'upsellBanner'; sortKey: number; data: UpsellBanner }
  /** The subscription boxes in display order (`sortKey` is the box's index, `/purchase/{index}/…`). */
  | { key: string; type: 'box'; sortKey: number; data: Box }
  /** A formation as the member sees it (`formation:{id}`, `sortKey` its id): locked ones without chapters. */
  | { key: string; type: 'formation'; sortKey: number; data: Formation }
  /** A formation category (`formationCategory:{id}`, `sortKey` its `ordre`). */
  | { key: string; type: 'formationCategory'; sortKey: number; data: FormationCategory }
  /** A replay as the member sees it (`replay:{id}`, `sortKey` its date in ms): locked ones without video. */
  | { key: string; type: 'replay'; sortKey: number; data: Replay }
  /** A public team member (`teamMember:{id}`, `sortKey` its rank in the author filter). */
  | { key: string; type: 'teamMember'; sortKey: number; data: TeamMember }
  /** A replay category (`replayCategory:{name}`, `sortKey` its display rank). */
  | { key: string; type: 'replayCategory'; sortKey: number; data: { name: string } }
  /** The running poll (`poll:current`); absent when none runs. */
  | { key: 'poll:current'; type: 'poll'; sortKey: number; data: Poll }
  /** One of the member's poll answers (`pollAnswer:{question}`). */
  | { key: string; type: 'pollAnswer'; sortKey: number; data: PollAnswer }
  /** A landing article (`article:{id}`, `sortKey` its date in ms). */
  | { key: string; type: 'article'; sortKey: number; data: Article }
  /** A landing article category (`articleCategory:{id}`, `sortKey` its rank in the server's list). */
  | { key: string; type: 'articleCategory'; sortKey: number; data: ArticleCategory }
  /** A platform tool (`tool:{id}`, `sortKey` its `ordre`). */
  | { key: string; type: 'tool'; sortKey: number; data: Tool }
  /** A social network to follow (`social:{id}`, `sortKey` its rank in the server's list). */
  | { key: string; type: 'social'; sortKey: number; data: SocialMedia }
  /** A landing page and its sections (`landingPage:{slug}`; the life page is 'life'). */
  | { key: string; type: 'landingPage'; sortKey: number; data: LandingPage }
  /** The configured shop and review addresses (`siteLinks`). */
  | { key: 'siteLinks'; type: 'siteLinks'; sortKey: number; data: SiteLinks };
export type ContentType = ContentDoc['type'];
export const contentSchema: RxJsonSchema<ContentDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 100 },
    type: { type: 'string', maxLength: 40 },
    sortKey: { type: 'number', minimum: -1e15, maximum: 1e15, multipleOf: 1 },
    data: { type: 'object' },
  },
  required: ['key', 'type', 'sortKey', 'data'],
  indexes: [['type', 'sortKey']],
};

/** Private conversations (spec 2 §3 Conversation); the top bar badge counts the unread ones. */
export type ConversationDoc = {
  _id: string;
  users: { _id: string; username: string; picture: string | null }[];
  unreadMessages: number;
  lastMessage: string;
  lastMessageDate: string;
  lastUpdated: number;
};
export const conversationSchema: RxJsonSchema<ConversationDoc> = {
  version: 0,
  primaryKey: '_id',
  type: 'object',
  properties: {
    _id: { type: 'string', maxLength: 100 },
    users: { type: 'array', items: { type: 'object' } },
    unreadMessages: { type: 'number', minimum: 0, maximum: 1e9, multipleOf: 1 },
    lastMessage: { type: 'string' },
    lastMessageDate: { type: 'string' },
    lastUpdated: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['_id', 'users', 'unreadMessages', 'lastMessage', 'lastMessageDate', 'lastUpdated'],
  indexes: ['unreadMessages', 'lastUpdated'],
};

/** Chat rooms with the member's rights (spec 2 §3 Room) and the room's unread badge. */
export type RoomDoc = {
  id: string;
  name: string;
  icon: string | null;
  position: number;
  canRead: boolean;
  canWrite: boolean;
  canSendAttachments: boolean;
  /** Messages posted while the room was not open ('increase room message'); reset on open. */
  unread: number;
};
export const roomSchema: RxJsonSchema<RoomDoc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    name: { type: 'string' },
    icon: { type: ['string', 'null'] },
    position: { type: 'number', minimum: 0, maximum: 1e6, multipleOf: 1 },
    canRead: { type: 'boolean' },
    canWrite: { type: 'boolean' },
    canSendAttachments: { type: 'boolean' },
    unread: { type: 'number', minimum: 0, maximum: 1e9, multipleOf: 1 },
  },
  required: ['id', 'name', 'icon', 'position', 'canRead', 'canWrite', 'canSendAttachments', 'unread'],
  indexes: ['position'],
};

/**
 * One collection for every chat message: room messages and thread replies, keyed by their stream
 * (`room:{id}`, `thread:{parentId}`). The fields beside `state` exist for the indexes: `rev` is
 * the inverted date (FACTS.md: "newest first" must be an ascending index scan), `stream` is empty
 * while a message is only partly known or once deleted, so windows never show it.
 */
export type MessageDoc = {
  _id: string;
  stream: string;
  rev: number;
  /** `room:{id}` for a room message with replies: the threads list's index. */
  threadKey: string;
  /** `room:{id}` while pinned: the pinned list's index. */
  pinKey: string;
  clientId: string;
  state: MessageStateJson;
};
/** The merged message state (src/sync/message-state.ts), stored as JSON. */
export type MessageStateJson = Record<string, unknown>;
export const REV_BASE = 1e14;
const revField = { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 } as const;
export const messageSchema: RxJsonSchema<MessageDoc> = {
  version: 0,
  primaryKey: '_id',
  type: 'object',
  properties: {
    _id: { type: 'string', maxLength: 100 },
    stream: { type: 'string', maxLength: 120 },
    rev: revField,
    threadKey: { type: 'string', maxLength: 120 },
    pinKey: { type: 'string', maxLength: 120 },
    clientId: { type: 'string', maxLength: 64 },
    state: { type: 'object' },
  },
  required: ['_id', 'stream', 'rev', 'threadKey', 'pinKey', 'clientId', 'state'],
  indexes: [['stream', 'rev'], ['threadKey', 'rev'], ['pinKey', 'rev'], 'clientId'],
};

/**
 * Messages the member sent that the server has not confirmed yet (DESIGN.md "Outbox"). Keyed by
 * the client id the server deduplicates by; removed when the server's echo is folded.
 */
export type OutboxDoc = {
  clientId: string;
  stream: string;
  room: string;
  parentMessage: string | null;
  content: string;
  attachments: { _id: string; attachmentType: 'audio' | 'image' | 'file' | 'video'; name: string }[];
  createdAt: number;
  status: 'pending' | 'failed';
  error: string | null;
};
export const outboxSchema: RxJsonSchema<OutboxDoc> = {
  version: 0,
  primaryKey: 'clientId',
  type: 'object',
  properties: {
    clientId: { type: 'string', maxLength: 64 },
    stream: { type: 'string', maxLength: 120 },
    room: { type: 'string' },
    parentMessage: { type: ['string', 'null'] },
    content: { type: 'string' },
    attachments: { type: 'array', items: { type: 'object' } },
    createdAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    status: { type: 'string', enum: ['pending', 'failed'] },
    error: { type: ['string', 'null'] },
  },
  required: ['clientId', 'stream', 'room', 'parentMessage', 'content', 'attachments', 'createdAt', 'status', 'error'],
  indexes: [['stream', 'createdAt']],
};

/**
 * Small keyed values: a room's change cursor (`cursor:{room}`), a stream's history boundary
 * (`history:{stream}`), the results of a search (`search:{room}`), the last room, read markers.
 */
export type KvDoc = { key: string; value: unknown };
export const kvSchema: RxJsonSchema<KvDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 200 },
    value: {},
  },
  required: ['key'],
};

/**
 * Trade alerts (spec 2 §3 Alert). `room` is empty once deleted; `rev` is the inverted date (the
 * feed reads newest first from the index). `state` is the merged alert state (src/sync/alert-state.ts).
 */
export type AlertDoc = { _id: string; room: string; rev: number; state: MessageStateJson };
export const alertSchema: RxJsonSchema<AlertDoc> = {
  version: 0,
  primaryKey: '_id',
  type: 'object',
  properties: {
    _id: { type: 'string', maxLength: 100 },
    room: { type: 'string', maxLength: 100 },
    rev: revField,
    state: { type: 'object' },
  },
  required: ['_id', 'room', 'rev', 'state'],
  indexes: [['room', 'rev'], 'rev'],
};

/**
 * The member's progress in one formation (spec 3 §3), keyed by the formation's id. `confirmed` is
 * the server's last answer; `pendingSteps` and `pendingPositions` are what this device validated
 * or watched and the server has not confirmed yet: the learning outbox (one collection holds both,
 * FACTS.md's collection budget). What a view shows is the union of the two (`localProgress`).
 * `queuedAt` orders the unsent writes (the oldest first); 0 when nothing waits.
 */
export type ProgressDoc = {
  formationId: string;
  confirmed: ProgressJson;
  pendingSteps: number[];
  pendingPositions: Record<string, number>;
  queuedAt: number;
  /** The server's `updatedAt` of `confirmed` (null: never stored there). */
  updatedAt: string | null;
};
/** A `ProgressState` (src/domain/formation-progress.ts), stored as JSON. */
export type ProgressJson = Record<string, unknown>;
export const progressSchema: RxJsonSchema<ProgressDoc> = {
  version: 0,
  primaryKey: 'formationId',
  type: 'object',
  properties: {
    formationId: { type: 'string', maxLength: 20 },
    confirmed: { type: 'object' },
    pendingSteps: { type: 'array', items: { type: 'number' } },
    pendingPositions: { type: 'object' },
    queuedAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    updatedAt: { type: ['string', 'null'] },
  },
  required: ['formationId', 'confirmed', 'pendingSteps', 'pendingPositions', 'queuedAt', 'updatedAt'],
  indexes: ['queuedAt'],
};
