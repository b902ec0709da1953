import { addRxPlugin, type RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { withFastIndexReads } from './fast-index-reads';
import { openDatabase, type ComptoirDatabase } from './database';
import { DATABASE_NAME } from './schemas';

/**
 * The browser database on Dexie. Dev-mode and schema validation run in development only: they
 * cost time, and dev-mode adds an iframe to the RxDB site (FACTS.md).
 */
export async function openBrowserDatabase(): Promise<ComptoirDatabase> {
  let storage: RxStorage<unknown, unknown> = withFastIndexReads(getRxStorageDexie());
  if (import.meta.env.DEV) {
    const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
      import('rxdb/plugins/dev-mode'),
      import('rxdb/plugins/validate-ajv'),
    ]);
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    storage = wrappedValidateAjvStorage({ storage });
  }
  return openDatabase({ name: DATABASE_NAME, storage });
}
