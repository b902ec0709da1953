import { addRxPlugin } from 'rxdb';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { openDatabase, type ComptoirDatabase } from '../../../src/store/database';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);
let counter = 0;

/**
 * The real database with the memory storage, in dev-mode and with schema validation, so tests
 * exercise the same collections, indexes and checks as the browser without IndexedDB's cost.
 */
export function openMemoryDatabase(): Promise<ComptoirDatabase> {
  counter += 1;
  return openDatabase({
    name: `test${process.pid}x${counter}`,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
  });
}

/**
 * The database of one test file: opened before its tests, emptied of content and kv before each,
 * removed after them. Read it as `store.db` inside the tests.
 */
export function memoryDatabasePerFile(): { readonly db: ComptoirDatabase } {
  const store = {} as { db: ComptoirDatabase };
  beforeAll(async () => {
    store.db = await openMemoryDatabase();
  });
  afterAll(() => store.db.remove());
  beforeEach(async () => {
    await store.db.content.find().remove();
    await store.db.kv.find().remove();
  });
  return store;
}
