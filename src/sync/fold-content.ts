import type { PlanningItem } from '../contract/planning';
import type { BannersResponse } from '../contract/banners';
import type { Article, Poll, PollAnswer, Tool } from '../contract/home-content';
import { articleKey, POLL_KEY, pollAnswerKey, toolKey } from '../store/home-queries';
import type { ComptoirDatabase } from '../store/database';
import type { ContentDoc } from '../store/schemas';

export const planningKey = (id: number) => `planning:${id}`;

const planningDoc = (item: PlanningItem): ContentDoc => ({
  key: planningKey(item.id),
  type: 'planning',
  sortKey: Date.parse(item.attributes.date),
  data: item,
});

/** Lives the server says are current (`liveChanged`): upserted, the rest of the planning kept. */
export async function foldPlanningItems(db: ComptoirDatabase, items: readonly PlanningItem[]): Promise<void> {
  if (items.length > 0) await db.content.bulkUpsert(items.map(planningDoc));
}

/**
 * A planning answer is the whole truth for its range: its items are upserted, and stored items of
 * that range that it no longer lists (a cancelled live) are removed. Items outside the range stay.
 */
export async function foldPlanningPage(
  db: ComptoirDatabase,
  range: { from: Date; to: Date },
  items: readonly PlanningItem[],
): Promise<void> {
  const docs = items.map(planningDoc);
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

/** The running poll replaces what was stored; none running removes it. */
export async function foldPoll(db: ComptoirDatabase, poll: Poll | null): Promise<void> {
  if (poll) await db.content.upsert({ key: POLL_KEY, type: 'poll', sortKey: 0, data: poll });
  else await db.content.bulkRemove([POLL_KEY]);
}

/** The member's answers: one per question, the server's (the first given) kept. */
export async function foldPollAnswers(db: ComptoirDatabase, answers: readonly PollAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  await db.content.bulkUpsert(answers.map((data): ContentDoc => ({ key: pollAnswerKey(data.question), type: 'pollAnswer', sortKey: 0, data })));
}

export async function foldArticles(db: ComptoirDatabase, articles: readonly Article[]): Promise<void> {
  // One document per article, the last answer's (pages may list the same article twice).
  const docs = new Map(articles.map((data): [string, ContentDoc] => [articleKey(data.id), { key: articleKey(data.id), type: 'article', sortKey: Date.parse(data.attributes.date), data }]));
  if (docs.size > 0) await db.content.bulkUpsert([...docs.values()]);
}

export async function foldTools(db: ComptoirDatabase, tools: readonly Tool[]): Promise<void> {
  if (tools.length === 0) return;
  await db.content.bulkUpsert(tools.map((data): ContentDoc => ({ key: toolKey(data.id), type: 'tool', sortKey: data.attributes.ordre, data })));
}
