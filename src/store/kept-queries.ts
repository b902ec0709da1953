import type { Observable } from 'rxjs';
import type { ComptoirDatabase } from './database';
import { peekable, type Peekable } from './peekable';

/** How many live queries a database keeps at hand (each torn down `keepMs` after its last reader). */
const CAPACITY = 32;
const keptByDatabase = new WeakMap<ComptoirDatabase, Map<string, Peekable<unknown>>>();

/**
 * The one shared, peekable live query of `key` on this database: every reader of the same query
 * shares its subscription, and a view that mounts while another reader (or the boot's read of
 * the first screen) holds it renders its rows at once. `key` must name the query and all its
 * parameters; the value type is the one `build` gives for that key. `keepMs`: how long the query
 * stays live after its last reader leaves.
 */
export function kept<T>(db: ComptoirDatabase, key: string, build: () => Observable<T>, keepMs = 1_000): Peekable<T> {
  let queries = keptByDatabase.get(db);
  if (!queries) keptByDatabase.set(db, (queries = new Map()));
  const known = queries.get(key);
  if (known) {
    // Most recently used last: the oldest entry is the one forgotten.
    queries.delete(key);
    queries.set(key, known);
    return known as Peekable<T>;
  }
  const made = peekable(build(), keepMs);
  queries.set(key, made);
  if (queries.size > CAPACITY) queries.delete(queries.keys().next().value!);
  return made;
}
