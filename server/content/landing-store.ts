import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { landingPage, socialMedia, type LandingPage, type SocialMedia } from '../../src/contract/landing';
import { contentEntriesOf, contentEntryOf } from '../db/content-entries';
import type { Database } from '../db/open-database';
import { contentEntries } from '../db/schema';

/** The content entries of issue 19: one row per social network, one per landing page. */
export const SOCIAL_TYPE = 'social';
export const LANDING_PAGE_TYPE = 'landingPage';

export const socialCoverPath = (id: number): string => `/content/api/socials/${id}/cover.svg`;

/**
 * The socials by id, each decoded by the contract (the entry's id is the social's); an entry the
 * contract refuses is left out and logged, never answered half-formed.
 */
export async function listSocials(db: Database, log: FastifyBaseLogger): Promise<SocialMedia[]> {
  const rows = await contentEntriesOf(db, SOCIAL_TYPE);
  return rows.flatMap((row) => {
    const social = socialMedia.safeParse({ ...asRecord(row.data), id: row.id });
    if (!social.success) {
      log.warn({ id: row.id }, 'social entry refused by its schema');
      return [];
    }
    return [{ ...social.data, picture: social.data.picture ?? socialCoverPath(social.data.id) }];
  });
}

export async function findSocial(db: Database, id: number): Promise<SocialMedia | null> {
  const row = await contentEntryOf(db, SOCIAL_TYPE, id);
  return row ? (socialMedia.safeParse({ ...asRecord(row.data), id }).data ?? null) : null;
}

/** The landing page of a slug, decoded by the contract; null when none (or none valid) has it. */
export async function findLandingPage(db: Database, slug: string, log: FastifyBaseLogger): Promise<LandingPage | null> {
  const [row] = await db
    .select({ id: contentEntries.id, data: contentEntries.data })
    .from(contentEntries)
    .where(and(eq(contentEntries.type, LANDING_PAGE_TYPE), sql`${contentEntries.data}->>'slug' = ${slug}`))
    .orderBy(asc(contentEntries.id))
    .limit(1);
  if (!row) return null;
  const page = landingPage.safeParse(row.data);
  if (!page.success) log.warn({ id: row.id }, 'landing page entry refused by its schema');
  return page.data ?? null;
}

const asRecord = (data: unknown): Record<string, unknown> => (typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data } : {});
