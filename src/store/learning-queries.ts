import { combineLatest, map, type Observable } from 'rxjs';
import type { Formation, FormationCategory, FormationProgress } from '../contract/formations';
import { localProgress } from './progress-outbox';
import type { ComptoirDatabase } from './database';
import type { ProgressDoc } from './schemas';

export const formationKey = (id: number) => `formation:${id}`;
export const categoryKey = (id: number) => `formationCategory:${id}`;
/** kv: when the formations list was last folded (absent: never, so a missing formation may still come). */
export const CATALOGUE_SYNCED_KEY = 'learning:catalogueSyncedAt';

/** The formation categories in their `ordre`. */
export const formationCategories$ = (db: ComptoirDatabase): Observable<FormationCategory[]> =>
  db.content
    .find({ selector: { type: 'formationCategory' }, sort: [{ sortKey: 'asc' }] })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON().data as FormationCategory)));

/** Every formation the member sees (locked ones included), by id. */
export const formations$ = (db: ComptoirDatabase): Observable<Formation[]> =>
  db.content
    .find({ selector: { type: 'formation' }, sort: [{ sortKey: 'asc' }] })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON().data as Formation)));

export type FormationLookup = { status: 'loading' } | { status: 'missing' } | { status: 'found'; formation: Formation };

/** One formation: 'loading' until the catalogue has been fetched once, then found or missing. */
export const formation$ = (db: ComptoirDatabase, id: number): Observable<FormationLookup> =>
  combineLatest([db.content.findOne(formationKey(id)).$, db.kv.findOne(CATALOGUE_SYNCED_KEY).$]).pipe(
    map(([doc, synced]): FormationLookup => {
      if (doc) return { status: 'found', formation: doc.toJSON().data as Formation };
      return synced ? { status: 'missing' } : { status: 'loading' };
    }),
  );

/** A formation's progress as the member sees it (pending steps and positions included); null: none yet. */
export const formationProgress$ = (db: ComptoirDatabase, id: number): Observable<FormationProgress | null> =>
  db.formation_progress.findOne(String(id)).$.pipe(map((doc) => (doc ? localProgress(doc.toMutableJSON()) : null)));

/** Every formation's progress, keyed by formation id. */
export const allProgress$ = (db: ComptoirDatabase): Observable<ReadonlyMap<number, FormationProgress>> =>
  db.formation_progress.find().$.pipe(
    map((docs) => new Map(docs.map((d) => [Number(d.formationId), localProgress(d.toMutableJSON())] as const))),
  );

/** The documents with writes waiting, the oldest first (the order they are sent in). */
export const queuedProgress = (db: ComptoirDatabase): Promise<ProgressDoc[]> =>
  db.formation_progress
    .find({ selector: { queuedAt: { $gt: 0 } }, sort: [{ queuedAt: 'asc' }] })
    .exec()
    .then((docs) => docs.map((d) => d.toMutableJSON()));
