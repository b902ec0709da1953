import type { RxJsonSchema } from 'rxdb';
import type { User } from '../contract/user';
import type { PlanningItem } from '../contract/planning';
import type { AdBanner, UpsellBanner } from '../contract/banners';

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
  | { key: 'banner:upsell'; type: 'upsellBanner'; sortKey: number; data: UpsellBanner };
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
