import type { Tool } from '../contract/home-content';
import type { LandingPage, SiteLinks, SocialMedia } from '../contract/landing';
import type { ComptoirDatabase } from '../store/database';
import { toolKey } from '../store/home-queries';
import { landingPageKey, SITE_LINKS_KEY, socialKey } from '../store/landing-queries';
import type { ContentDoc } from '../store/schemas';
import { foldTools } from './fold-content';

/*
 * The landing sync's writes (spec 3 §2, §7). A list answer is the whole truth for its type: what
 * it no longer lists is removed, so a tool or a network taken down disappears from the screens.
 */

/** `GET /platform-tools`: every tool, in `ordre`; stored tools it does not list are removed. */
export async function foldToolList(db: ComptoirDatabase, tools: readonly Tool[]): Promise<void> {
  await removeUnlisted(db, 'tool', new Set(tools.map((t) => toolKey(t.id))));
  await foldTools(db, tools);
}

/** A tool the server no longer knows (404) leaves the store. */
export async function forgetTool(db: ComptoirDatabase, id: number): Promise<void> {
  await db.content.bulkRemove([toolKey(id)]);
}

/** GraphQL `socials`: the networks in the server's order. */
export async function foldSocials(db: ComptoirDatabase, socials: readonly SocialMedia[]): Promise<void> {
  // One document per network, the last listed's rank (an answer may name one twice).
  const docs = new Map(socials.map((data, rank): [string, ContentDoc] => [socialKey(data.id), { key: socialKey(data.id), type: 'social', sortKey: rank, data }]));
  await removeUnlisted(db, 'social', new Set(docs.keys()));
  if (docs.size > 0) await db.content.bulkUpsert([...docs.values()]);
}

/** GraphQL `landingPage(slug)`: the page replaces what was stored; null (unknown slug) removes it. */
export async function foldLandingPage(db: ComptoirDatabase, slug: string, page: LandingPage | null): Promise<void> {
  if (page) await db.content.upsert({ key: landingPageKey(slug), type: 'landingPage', sortKey: 0, data: page });
  else await db.content.bulkRemove([landingPageKey(slug)]);
}

export async function foldSiteLinks(db: ComptoirDatabase, links: SiteLinks): Promise<void> {
  await db.content.upsert({ key: SITE_LINKS_KEY, type: 'siteLinks', sortKey: 0, data: links });
}

async function removeUnlisted(db: ComptoirDatabase, type: 'tool' | 'social', kept: ReadonlySet<string>): Promise<void> {
  const stored = await db.content.find({ selector: { type } }).exec();
  const stale = stored.map((d) => d.key).filter((key) => !kept.has(key));
  if (stale.length > 0) await db.content.bulkRemove(stale);
}
