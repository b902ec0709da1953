import { map, type Observable } from 'rxjs';
import type { ComptoirDatabase } from './database';
import type { ConversationDoc } from './schemas';

/**
 * The messaging panel's queries. The list is every conversation the store holds, read in the
 * `lastUpdated` index's order and reversed in memory: the whole list is shown (virtualised), so
 * a descending sort would read the same documents but sort them outside the index (FACTS.md).
 */
export const conversationsQuery = (db: ComptoirDatabase) => db.conversations.find({ sort: [{ lastUpdated: 'asc' }] });

export const conversations$ = (db: ComptoirDatabase): Observable<ConversationDoc[]> =>
  conversationsQuery(db).$.pipe(map((docs) => docs.map((d) => d.toJSON() as ConversationDoc).reverse()));

export const conversation$ = (db: ComptoirDatabase, id: string): Observable<ConversationDoc | null> =>
  db.conversations.findOne(id).$.pipe(map((d) => (d ? (d.toJSON() as ConversationDoc) : null)));

/** The conversation with this member, if the store holds one. */
export async function conversationWith(db: ComptoirDatabase, userId: string): Promise<string | null> {
  const docs = await conversationsQuery(db).exec();
  return docs.find((doc) => doc.users.some((user) => user._id === userId))?._id ?? null;
}
