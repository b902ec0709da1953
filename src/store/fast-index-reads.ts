import type { DexieSettings, DexieStorageInternals, PreparedQuery, RxDocumentData, RxStorage, RxStorageInstance, RxStorageInstanceCreationParams, RxStorageQueryResult } from 'rxdb';
import {
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
} from 'rxdb/plugins/storage-dexie';

type DexieStorage = RxStorage<DexieStorageInternals, DexieSettings>;

/**
 * RxDB's Dexie storage reads every query through an index cursor: one IndexedDB request, so one
 * main-thread task, per row. At boot, while the app's chunks are still running, the 50 rows of a
 * room's window took 250 ms that way (issue 4, `warm_open_ms.store_query`). A query whose
 * selector and sort are both satisfied by its index needs no row-by-row matching, so it is read
 * here with one `getAll(range, skip + limit)` on the same index, in the same kind of read
 * transaction: the hot path read straight from Dexie (FACTS.md). Every other query, and every
 * write, goes to the storage unchanged.
 */
export function withFastIndexReads(storage: DexieStorage): DexieStorage {
  return {
    ...storage,
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance<T>(params: RxStorageInstanceCreationParams<T, DexieSettings>) {
      const instance = await storage.createStorageInstance<T>(params);
      const cursorQuery = instance.query.bind(instance);
      instance.query = (prepared) =>
        prepared.queryPlan.selectorSatisfiedByIndex && prepared.queryPlan.sortSatisfiedByIndex ? readByIndex(instance, prepared) : cursorQuery(prepared);
      const reads: BackwardsReads<T> = { readBackwards: (prepared, count) => readByIndexBackwards(instance, prepared, count) };
      return Object.assign(instance, reads);
    },
  };
}

/**
 * A storage instance that reads an index range from its end (FACTS.md: a query sorted against its
 * index reads the whole range and sorts it in memory; this reads only `count` rows).
 */
export type BackwardsReads<T> = {
  /** The last `count` rows of a query's index range (its sort satisfied by the index), last first. */
  readBackwards(prepared: PreparedQuery<T>, count: number): Promise<RxDocumentData<T>[]>;
};

/** The query's range read from its end with a reverse cursor (IndexedDB's getAll only reads forwards). */
async function readByIndexBackwards<T>(instance: RxStorageInstance<T, DexieStorageInternals, DexieSettings>, prepared: PreparedQuery<T>, count: number): Promise<RxDocumentData<T>[]> {
  const state = await instance.internals;
  const { queryPlan } = prepared;
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, state.dexieDb._options.IDBKeyRange);
  } catch (error) {
    if (error instanceof Error && error.name === 'DataError') return [];
    throw error;
  }
  const indexName = `[${queryPlan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
  const rows = await state.dexieDb.transaction('r', state.dexieTable, (tx) => {
    const request = tx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName).openCursor(range, 'prev');
    const found: unknown[] = [];
    return new Promise<unknown[]>((resolve, reject) => {
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor || found.length >= count) return resolve(found);
        found.push(cursor.value);
        cursor.continue();
      };
      request.onerror = () => reject(request.error ?? new Error('lecture IndexedDB impossible'));
    });
  });
  return rows.map((row) => fromDexieToStorage(state.booleanIndexes, row) as RxDocumentData<T>);
}

/** The query's rows, in index order, read in one request. */
export async function readByIndex<T>(instance: RxStorageInstance<T, DexieStorageInternals, DexieSettings>, prepared: PreparedQuery<T>): Promise<RxStorageQueryResult<T>> {
  const state = await instance.internals;
  const { query, queryPlan } = prepared;
  const skip = query.skip ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, state.dexieDb._options.IDBKeyRange);
  } catch (error) {
    // As the storage itself: a range IndexedDB refuses (start after end) matches nothing.
    if (error instanceof Error && error.name === 'DataError') return { documents: [] };
    throw error;
  }
  const indexName = `[${queryPlan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
  const count = Number.isFinite(limit) ? skip + limit : undefined;
  const rows = await state.dexieDb.transaction('r', state.dexieTable, (tx) => {
    const request = tx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName).getAll(range, count);
    return new Promise<unknown[]>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('lecture IndexedDB impossible'));
    });
  });
  return { documents: rows.slice(skip).map((row) => fromDexieToStorage(state.booleanIndexes, row) as RxDocumentData<T>) };
}
