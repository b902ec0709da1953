import { and, asc, eq } from 'drizzle-orm';
import type { Database } from './open-database';
import { contentEntries } from './schema';

/*
 * The content host's documents (`content_entries`: type, id, data): formations, banners, the poll,
 * socials, landing pages. Each reader decodes `data` with its contract schema.
 */

/** Every document of a type, by id. */
export function contentEntriesOf(db: Database, type: string): Promise<{ id: number; data: unknown }[]> {
  return db
    .select({ id: contentEntries.id, data: contentEntries.data })
    .from(contentEntries)
    .where(eq(contentEntries.type, type))
    .orderBy(asc(contentEntries.id));
}

/** One document's data, or null when there is none. */
export async function contentEntryOf(db: Database, type: string, id: number): Promise<{ data: unknown } | null> {
  const [row] = await db
    .select({ data: contentEntries.data })
    .from(contentEntries)
    .where(and(eq(contentEntries.type, type), eq(contentEntries.id, id)))
    .limit(1);
  return row ?? null;
}
