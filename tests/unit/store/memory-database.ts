import { addRxPlugin } from 'rxdb';
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
