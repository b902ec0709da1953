import type { ChatMessage } from '../contract/chat';
import type { Conversation } from '../contract/messaging';
import type { ComptoirDatabase } from '../store/database';
import type { ConversationDoc } from '../store/schemas';

/** The stored form of a conversation (spec 2 §3): its last change as a number, for the list's index. */
export function toConversationDoc(conversation: Conversation): ConversationDoc {
  return {
    _id: conversation._id,
    users: conversation.users,
    unreadMessages: conversation.unreadMessages,
    lastMessage: conversation.lastMessage,
    lastMessageDate: conversation.lastMessageDate,
    lastUpdated: Date.parse(conversation.lastUpdated),
  };
}

/**
 * A page of `GET /conversations`, newest first. The server's page is the truth for the span it
 * covers: a stored conversation inside that span that the page does not hold is gone. The first
 * page covers everything newer than its last entry; an empty first page means none at all.
 */
export async function foldConversationPage(db: ComptoirDatabase, conversations: readonly Conversation[], first: boolean, exhausted: boolean): Promise<void> {
  const docs = conversations.map(toConversationDoc);
  const oldest = docs.reduce((min, doc) => Math.min(min, doc.lastUpdated), Number.POSITIVE_INFINITY);
  const newest = docs.reduce((max, doc) => Math.max(max, doc.lastUpdated), Number.NEGATIVE_INFINITY);
  const kept = new Set(docs.map((doc) => doc._id));
  const stored = await db.conversations.find().exec();
  const gone = stored
    .filter((doc) => !kept.has(doc._id))
    .filter((doc) => (exhausted || doc.lastUpdated >= oldest) && (first || doc.lastUpdated <= newest))
    .map((doc) => doc._id);
  if (gone.length > 0) await db.conversations.bulkRemove(gone);
  if (docs.length > 0) await db.conversations.bulkUpsert(docs);
}

/** A private message moves its conversation up the list and becomes its last message. */
export async function foldPrivateMessage(db: ComptoirDatabase, conversationId: string, message: Pick<ChatMessage, 'content' | 'date'>): Promise<boolean> {
  const doc = await db.conversations.findOne(conversationId).exec();
  if (!doc) return false;
  const at = Date.parse(message.date);
  // An older message (a late echo) changes nothing: the newest one is the last message.
  if (Date.parse(doc.lastMessageDate) > at) return true;
  await doc.incrementalPatch({ lastMessage: message.content, lastMessageDate: message.date, lastUpdated: Math.max(doc.lastUpdated, at) });
  return true;
}

/** The unread count the server reported for a conversation (after a new message), or 0 once read. */
export async function setUnread(db: ComptoirDatabase, conversationId: string, unreadMessages: number): Promise<void> {
  const doc = await db.conversations.findOne(conversationId).exec();
  if (doc && doc.unreadMessages !== unreadMessages) await doc.incrementalPatch({ unreadMessages });
}
