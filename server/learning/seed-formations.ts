import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { contentEntries } from '../db/schema';
import { DEMO_FORMATION_CATEGORIES, DEMO_FORMATIONS } from './demo-formations';
import { FORMATION_CATEGORY_TYPE, FORMATION_TYPE } from './formation-documents';

/**
 * Writes the demo formation catalogue unless the content host already has formations; returns
 * whether it did. Run with the demo data, and at start-up for databases seeded before formations.
 */
export async function seedDemoFormations(db: Pick<Database, 'select' | 'insert'>): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(contentEntries).where(eq(contentEntries.type, FORMATION_TYPE));
  if ((existing?.n ?? 0) > 0) return false;
  await db
    .insert(contentEntries)
    .values([
      ...DEMO_FORMATION_CATEGORIES.map((category) => ({ type: FORMATION_CATEGORY_TYPE, id: category.id, data: category })),
      ...DEMO_FORMATIONS.map((formation) => ({ type: FORMATION_TYPE, id: formation.id, data: formation })),
    ])
    .onConflictDoNothing();
  return true;
}
