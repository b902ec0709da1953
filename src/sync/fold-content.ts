import type { PlanningItem } from '../contract/planning';
import type { BannersResponse } from '../contract/banners';
import type { ComptoirDatabase } from '../store/database';
import type { ContentDoc } from '../store/schemas';

export const planningKey = (id: number) => `planning:${id}`;

/**
 * A planning answer is the whole truth for its range: its items are upserted, and stored items of
 * that range that it no longer lists (a cancelled live) are removed. Items outside the range stay.
 */
export async function foldPlanningPage(
  db: ComptoirDatabase,
  range: { from: Date; to: Date },
  items: readonly PlanningItem[],
): Promise<void> {
  const docs: ContentDoc[] = items.map((item) => ({
    key: planningKey(item.id),
    type: 'planning',
    sortKey: Date.parse(item.attributes.date),
    data: item,
  }));
  const kept = new Set(docs.map((d) => d.key));
  const stale = await db.content
    .find({
      selector: { type: 'planning', sortKey: { $gte: range.from.getTime(), $lte: range.to.getTime() } },
    })
    .exec();
  const staleKeys = stale.map((d) => d.key).filter((key) => !kept.has(key));
  if (staleKeys.length > 0) await db.content.bulkRemove(staleKeys);
  if (docs.length > 0) await db.content.bulkUpsert(docs);
}

/** Both banners replace what was stored; an unset banner is removed. */
export async function foldBanners(db: ComptoirDatabase, banners: BannersResponse): Promise<void> {
  const upserts: ContentDoc[] = [];
  const removals: string[] = [];
  if (banners.adBanner) upserts.push({ key: 'banner:ad', type: 'adBanner', sortKey: 0, data: banners.adBanner });
  else removals.push('banner:ad');
  if (banners.upsellBanner)
    upserts.push({ key: 'banner:upsell', type: 'upsellBanner', sortKey: 0, data: banners.upsellBanner });
  else removals.push('banner:upsell');
  if (removals.length > 0) await db.content.bulkRemove(removals);
  if (upserts.length > 0) await db.content.bulkUpsert(upserts);
}
