import type { ComptoirDatabase } from '../store/database';
import type { ContentDoc, ContentType } from '../store/schemas';

/*
 * Writes every fold shares: one kv value changed atomically, one content type replaced by the
 * server's whole answer.
 */

/**
 * Changes one kv value atomically (RxDB's `incrementalModify` reruns `change` on the latest
 * revision when another write got there first); resolves with the value written.
 */
export async function modifyKv<T>(db: ComptoirDatabase, key: string, change: (prev: T | undefined) => T): Promise<T> {
  let found = await db.kv.findOne(key).exec();
  if (!found) {
    const value = change(undefined);
    try {
      await db.kv.insert({ key, value });
      return value;
    } catch {
      // Another writer made it first: change theirs.
      found = await db.kv.findOne(key).exec();
      if (!found) throw new Error(`kv ${key} vanished`);
    }
  }
  let written: T | undefined;
  await found.incrementalModify((doc) => {
    written = change(doc.value as T | undefined);
    return { ...doc, value: written };
  });
  return written as T;
}

/** The server's whole list of one type: what it no longer lists is removed, the rest upserted. */
export async function replaceContentType(db: ComptoirDatabase, type: ContentType, docs: readonly ContentDoc[]): Promise<void> {
  const kept = new Set(docs.map((d) => d.key));
  const stored = await db.content.find({ selector: { type } }).exec();
  const stale = stored.map((d) => d.key).filter((key) => !kept.has(key));
  if (stale.length > 0) await db.content.bulkRemove(stale);
  if (docs.length > 0) await db.content.bulkUpsert([...docs]);
}
