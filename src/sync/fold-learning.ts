import type { Formation, FormationCategory, FormationProgress } from '../contract/formations';
import type { ComptoirDatabase } from '../store/database';
import { CATALOGUE_SYNCED_KEY, categoryKey, formationKey } from '../store/learning-queries';
import type { ContentDoc, ProgressDoc } from '../store/schemas';
import { emptyProgressDoc, withServerProgress } from '../store/progress-outbox';

/**
 * Folds the learning answers into the store. A list answer is the whole truth for its type:
 * stored documents it no longer names are removed (a formation withdrawn, a category renamed).
 */
export async function foldFormations(db: ComptoirDatabase, formations: readonly Formation[], now: number): Promise<void> {
  const docs: ContentDoc[] = formations.map((data) => ({ key: formationKey(data.id), type: 'formation', sortKey: data.id, data }));
  await replaceType(db, 'formation', docs);
  await db.kv.upsert({ key: CATALOGUE_SYNCED_KEY, value: now });
}

export async function foldCategories(db: ComptoirDatabase, categories: readonly FormationCategory[]): Promise<void> {
  const docs: ContentDoc[] = categories.map((data) => ({ key: categoryKey(data.id), type: 'formationCategory', sortKey: data.attributes.ordre, data }));
  await replaceType(db, 'formationCategory', docs);
}

/** One formation's answer: stored, or removed when the server says it does not exist (null). */
export async function foldFormation(db: ComptoirDatabase, id: number, formation: Formation | null): Promise<void> {
  if (formation) await db.content.upsert({ key: formationKey(id), type: 'formation', sortKey: id, data: formation });
  else await db.content.bulkRemove([formationKey(id)]);
}

/** The server's progress (one formation or the list) folded into the documents, pending writes kept. */
export async function foldServerProgress(db: ComptoirDatabase, answers: readonly FormationProgress[]): Promise<void> {
  if (answers.length === 0) return;
  // One document at a time, each change applied to its latest revision: a step queued meanwhile stays.
  for (const answer of answers) await modifyProgress(db, answer.formationId, (doc) => withServerProgress(doc, answer));
}

/**
 * Changes one progress document atomically (RxDB's `incrementalModify` reruns `change` on the
 * latest revision when another write got there first); a formation without one starts empty.
 */
export async function modifyProgress(db: ComptoirDatabase, formationId: number, change: (doc: ProgressDoc) => ProgressDoc): Promise<void> {
  const id = String(formationId);
  let found = await db.formation_progress.findOne(id).exec();
  if (!found) {
    try {
      await db.formation_progress.insert(change(emptyProgressDoc(formationId)));
      return;
    } catch {
      // Another writer made it first: change theirs.
      found = await db.formation_progress.findOne(id).exec();
      if (!found) throw new Error(`progress ${id} vanished`);
    }
  }
  await found.incrementalModify((data) => ({ ...data, ...change(data) }));
}

async function replaceType(db: ComptoirDatabase, type: 'formation' | 'formationCategory', docs: ContentDoc[]): Promise<void> {
  const kept = new Set(docs.map((d) => d.key));
  const stored = await db.content.find({ selector: { type } }).exec();
  const stale = stored.map((d) => d.key).filter((key) => !kept.has(key));
  if (stale.length > 0) await db.content.bulkRemove(stale);
  if (docs.length > 0) await db.content.bulkUpsert(docs);
}
