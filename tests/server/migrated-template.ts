import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type OpenDatabase } from '../../server/db/open-database';

const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

/**
 * An in-memory embedded database with every migration applied, started from a dump of one migrated
 * once (applying the migrations took about 2 s per test server, the dump loads in under one). The
 * dump is kept in the temporary folder under a hash of the migrations, so a changed migration makes
 * a new one; test files running side by side may both make it, each writes it whole then renames.
 */
export async function migratedDatabase(): Promise<OpenDatabase> {
  const file = join(tmpdir(), `comptoir-migrated-${migrationsHash()}.tar`);
  if (existsSync(file)) {
    try {
      return await openDatabase({ dataDir: null, template: new Blob([readFileSync(file)]) });
    } catch {
      // An unreadable dump (a run stopped while writing cannot leave one, but a disk may): made again.
    }
  }
  const database = await openDatabase({ dataDir: null });
  if (database.dump) {
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await (await database.dump()).arrayBuffer()));
    renameSync(partial, file);
  }
  return database;
}

let hash: string | null = null;
function migrationsHash(): string {
  if (hash !== null) return hash;
  const digest = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      digest.update(entry.name);
      if (entry.isDirectory()) walk(path);
      else digest.update(readFileSync(path));
    }
  };
  walk(migrations);
  hash = digest.digest('hex').slice(0, 16);
  return hash;
}
